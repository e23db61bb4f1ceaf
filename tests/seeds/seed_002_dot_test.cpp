// The worked examples of ../shared/seeds/002 for Dot ("Punto") and DotGeneral, with the
// seed's numbers: the rank rules of Dot (vector.vector -> scalar, matrix.vector ->
// vector, matrix.matrix -> matrix), DotGeneral contracting dims {1} x {1}
// -> {{6, 12}, {15, 30}}, and the batch example (batch {0}, contracting {2} x {1}, the
// identity on the right) -> the left operand; the result orders batch, lhs free, rhs
// free dimensions.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <type_traits>

namespace x = sxla;

TEST_CASE("seeds/002: DotGeneral with contracting dimensions {1} x {1}") {
  const x::tensor<"f32[2,3]"> lhs = {{1.0f, 2.0f, 3.0f}, {4.0f, 5.0f, 6.0f}};
  const x::tensor<"f32[2,3]"> rhs = {{1.0f, 1.0f, 1.0f}, {2.0f, 2.0f, 2.0f}};
  const x::tensor<"f32[2,2]"> expected = {{6.0f, 12.0f}, {15.0f, 30.0f}};
  const x::tensor<"f32[2,2]"> r = x::dot_general<x::dot_dims<x::idx{1}, x::idx{1}>>(lhs, rhs);
  CHECK(r == expected);
  // The same in constant evaluation, element by element in the engine's order.
  constexpr x::tensor<"f32[2,3]"> cl = {{1.0f, 2.0f, 3.0f}, {4.0f, 5.0f, 6.0f}};
  constexpr x::tensor<"f32[2,3]"> cr = {{1.0f, 1.0f, 1.0f}, {2.0f, 2.0f, 2.0f}};
  constexpr auto c = x::eval(x::dot_general<x::dot_dims<x::idx{1}, x::idx{1}>>(cl, cr));
  static_assert(c(0, 0) == 6.0f && c(0, 1) == 12.0f && c(1, 0) == 15.0f && c(1, 1) == 30.0f);
}

TEST_CASE("seeds/002: DotGeneral with batch dimensions {0} and contracting {2} x {1}") {
  const x::tensor<"f32[2,2,2]"> lhs = {{{1.0f, 2.0f}, {3.0f, 4.0f}}, {{5.0f, 6.0f}, {7.0f, 8.0f}}};
  const x::tensor<"f32[2,2,2]"> rhs = {{{1.0f, 0.0f}, {0.0f, 1.0f}}, {{1.0f, 0.0f}, {0.0f, 1.0f}}};
  using dims = x::dot_dims<x::idx{2}, x::idx{1}, x::idx{0}, x::idx{0}>;
  const x::tensor<"f32[2,2,2]"> r = x::dot_general<dims>(lhs, rhs);
  CHECK(r == lhs);
  // Into a column-major destination, and fused into an elementwise op.
  const x::tensor<"f32[2,2,2]{0,1,2}"> col = x::dot_general<dims>(lhs, rhs);
  CHECK(col == lhs);
  const x::tensor<"f32[2,2,2]"> twice = x::add(x::dot_general<dims>(lhs, rhs), lhs);
  const x::tensor<"f32[2,2,2]"> expected = {{{2.0f, 4.0f}, {6.0f, 8.0f}}, {{10.0f, 12.0f}, {14.0f, 16.0f}}};
  CHECK(twice == expected);
}

TEST_CASE("seeds/002: the result orders batch, then lhs free, then rhs free dimensions") {
  // [b0, m, k] dot [b0, k, n] -> [b0, m, n]; [b0, b1, m, k] dot [b0, b1, k, n] -> [b0, b1, m, n].
  using r3 = decltype(x::dot_general<x::dot_dims<x::idx{2}, x::idx{1}, x::idx{0}, x::idx{0}>>(
      x::tensor<"f32[5,2,3]">{}, x::tensor<"f32[5,3,4]">{}));
  static_assert(r3::spec.dimensions == x::idx{5, 2, 4});
  using r4 = decltype(x::dot_general<x::dot_dims<x::idx{3}, x::idx{2}, x::idx{0, 1}, x::idx{0, 1}>>(
      x::tensor<"f32[5,6,2,3]">{}, x::tensor<"f32[5,6,3,4]">{}));
  static_assert(r4::spec.dimensions == x::idx{5, 6, 2, 4});
  // Batch dimensions anywhere, in the order given: lhs [k, b, m], rhs [n, b, k].
  using r5 = decltype(x::dot_general<x::dot_dims<x::idx{0}, x::idx{2}, x::idx{1}, x::idx{1}>>(
      x::tensor<"f32[3,7,2]">{}, x::tensor<"f32[4,7,3]">{}));
  static_assert(r5::spec.dimensions == x::idx{7, 2, 4});
}

TEST_CASE("seeds/002: Dot's rank rules") {
  const x::tensor<"f32[3]"> v = {1.0f, 2.0f, 3.0f};
  const x::tensor<"f32[2,3]"> m = {{1.0f, 0.0f, 2.0f}, {0.0f, 1.0f, 1.0f}};
  const x::tensor<"f32[3,2]"> n = {{1.0f, 2.0f}, {3.0f, 4.0f}, {5.0f, 6.0f}};
  // vector [n] dot vector [n] -> scalar
  const auto s = x::eval(x::dot(v, v));
  static_assert(decltype(s)::rank == 0);
  CHECK(s() == 14.0f);
  // matrix [m x k] dot vector [k] -> vector [m]
  const x::tensor<"f32[2]"> mv = x::dot(m, v);
  CHECK(mv == x::tensor<"f32[2]">{7.0f, 5.0f});
  // matrix [m x k] dot matrix [k x n] -> matrix [m x n]
  const x::tensor<"f32[2,2]"> mm = x::dot(m, n);
  CHECK(mm == x::tensor<"f32[2,2]">{{11.0f, 14.0f}, {8.0f, 10.0f}});
  // vector [k] dot matrix [k x n] -> vector [n] (lhs rank 1 contracts its only dimension)
  const x::tensor<"f32[2]"> vm = x::dot(v, n);
  CHECK(vm == x::tensor<"f32[2]">{22.0f, 28.0f});
}
