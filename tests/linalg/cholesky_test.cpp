// x::cholesky (XLA's Cholesky) at the op level: every element type, lower and upper,
// sizes 1 to 33 (f32 and c64 at each; 100 and 300: linalg_large_test.cpp), batches of rank 3 and 4, the
// ignored triangle filled with garbage and the result's other triangle zero, a
// non-positive-definite matrix giving NaN from its failing pivot on, lazy operands,
// fused elementwise work, a column-major destination, and the node read element by
// element under a transpose. Each factor is multiplied back in long double
// (cholesky_check.hpp). The seed gives no worked numbers for Cholesky; the small cases
// and the NaN case are worked by hand below.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <memory>

#include "linalg/cholesky_check.hpp"

namespace x = sxla;
using x::index_t;

namespace {

using cholesky_check::check_op;

template <class T>
void sizes_and_batches(std::uint64_t seed) {
  check_op<T, x::lower, 1>(seed + 1);
  check_op<T, x::upper, 1>(seed + 2);
  check_op<T, x::lower, 2, 3>(seed + 3);
  check_op<T, x::upper, 3, 2>(seed + 4);
  check_op<T, x::lower, 4, 2, 3>(seed + 5);
  check_op<T, x::upper, 4, 3, 2>(seed + 6);
  check_op<T, x::lower, 7>(seed + 7);
  check_op<T, x::upper, 7, 2>(seed + 8);
  check_op<T, x::lower, 16, 2>(seed + 9);
  check_op<T, x::upper, 16>(seed + 10);
  check_op<T, x::lower, 33>(seed + 11);
  check_op<T, x::upper, 33, 2>(seed + 12);
}

}  // namespace

// The same kernels on the wider types, at fewer sizes.
template <class T>
void some_sizes(std::uint64_t seed) {
  check_op<T, x::lower, 1>(seed + 1);
  check_op<T, x::upper, 4, 2, 3>(seed + 2);
  check_op<T, x::lower, 16, 2>(seed + 3);
  check_op<T, x::upper, 33>(seed + 4);
}

TEST_CASE("cholesky: f32 at sizes 1 to 33 and batches, f64 at some") {
  sizes_and_batches<float>(100);
  some_sizes<double>(200);
}

TEST_CASE("cholesky: c64 at sizes 1 to 33 and batches, c128 at some (Hermitian: a = l l^H, u^H u)") {
  sizes_and_batches<std::complex<float>>(300);
  some_sizes<std::complex<double>>(400);
}

TEST_CASE("cholesky: a matrix that is not positive definite gives NaN from its failing pivot on") {
  // [[4, 2, 0], [2, 1, 0], [0, 0, 9]]: l00 = 2, l10 = 1, then the pivot 1 - 1 = 0 is not
  // positive: l11 is NaN, and l21 and l22, computed from it, too. The other matrix of the
  // batch is positive definite and unaffected: [[4, 2], [2, 5]] -> [[2, 0], [1, 2]]. The
  // upper garbage (99) is not read.
  x::tensor<"f64[2,3,3]"> a{{{4, 99, 99}, {2, 1, 99}, {0, 0, 9}}, {{4, 99, 99}, {2, 5, 99}, {0, 0, 1}}};
  x::tensor<"f64[2,3,3]"> l = x::cholesky<x::lower>(a);
  CHECK(l(0, 0, 0) == 2.0);
  CHECK(l(0, 1, 0) == 1.0);
  CHECK(std::isnan(l(0, 1, 1)));
  CHECK(l(0, 2, 0) == 0.0);
  CHECK(std::isnan(l(0, 2, 1)));
  CHECK(std::isnan(l(0, 2, 2)));
  CHECK(l(0, 0, 1) == 0.0);
  CHECK(l(1, 0, 0) == 2.0);
  CHECK(l(1, 1, 0) == 1.0);
  CHECK(l(1, 1, 1) == 2.0);
  CHECK(l(1, 2, 2) == 1.0);
  // A negative diagonal: sqrt(-1) is NaN, upper: [[1, 5], [., -1]] -> u01 = 5, u11 = NaN.
  x::tensor<"f32[2,2]"> b{{1, 5}, {-7, -1}};
  x::tensor<"f32[2,2]"> u = x::cholesky<x::upper>(b);
  CHECK(u(0, 0) == 1.0f);
  CHECK(u(0, 1) == 5.0f);
  CHECK(u(1, 0) == 0.0f);
  CHECK(std::isnan(u(1, 1)));
}

namespace {

bool is_nan_value(float v) { return std::isnan(v); }
bool is_nan_value(double v) { return std::isnan(v); }
bool is_nan_value(std::complex<float> v) { return std::isnan(v.real()) || std::isnan(v.imag()); }

// Batch of three N x N identities, the middle one with a zero at (P, P): its pivot P is
// exactly 0, not positive, so (as LAPACK's potrf stops there) that matrix's factor is NaN
// at (P, P) and from there on in the rows and columns after it, and the identity before
// it; the other two matrices factor to the identity. N >= 128 takes the blocked kernel.
template <class T, x::triangle Tri, index_t N, index_t P>
void zero_pivot() {
  using A = cholesky_check::tensor_of<T, 3, N, N>;
  const auto a = std::make_unique<A>();
  const auto f = std::make_unique<A>();
  for (index_t b = 0; b < 3; ++b)
    for (index_t i = 0; i < N; ++i)
      for (index_t j = 0; j < N; ++j) (*a)(b, i, j) = T(i == j && !(b == 1 && i == P) ? 1 : 0);
  using E = decltype(x::cholesky<Tri>(*a));
  static x::workspace<x::workspace_bytes<E, A>> ws;
  x::noalias(*f).using_workspace(ws) = x::cholesky<Tri>(*a);
  constexpr bool upper = Tri == x::triangle::upper;
  int wrong = 0;
  for (index_t b = 0; b < 3; ++b)
    for (index_t i = 0; i < N; ++i)
      for (index_t j = 0; j < N; ++j) {
        const T v = (*f)(b, i, j);
        const index_t r = upper ? j : i, c = upper ? i : j;  // (row, column) of the lower factor
        const bool in_triangle = c <= r;
        const bool nan = b == 1 && in_triangle && c >= P;
        if (nan ? !is_nan_value(v) : v != T(r == c ? 1 : 0)) ++wrong;
      }
  INFO("n ", N, " zero pivot at ", P, upper ? " upper " : " lower ", sizeof(T), "-byte elements");
  CHECK(wrong == 0);
}

}  // namespace

TEST_CASE("cholesky: an exactly zero pivot gives NaN, at every size and on every path") {
  // The cases first: [[0]] and [[1, 1], [1, 1]] (l11's pivot 1 - 1 = 0).
  const x::tensor<"f32[1,1]"> z{{0}};
  const x::tensor<"f32[1,1]"> lz = x::cholesky<x::lower>(z);
  CHECK(std::isnan(lz(0, 0)));
  const x::tensor<"f64[2,2]"> ones{{1, 1}, {1, 1}};
  const x::tensor<"f64[2,2]"> lo = x::cholesky<x::lower>(ones);
  const x::tensor<"f64[2,2]"> up = x::cholesky<x::upper>(ones);
  CHECK(lo(0, 0) == 1.0);
  CHECK(lo(1, 0) == 1.0);
  CHECK(std::isnan(lo(1, 1)));
  CHECK(up(0, 1) == 1.0);
  CHECK(std::isnan(up(1, 1)));
  zero_pivot<float, x::lower, 1, 0>();
  zero_pivot<float, x::upper, 5, 2>();
  zero_pivot<float, x::lower, 17, 16>();
  zero_pivot<double, x::upper, 17, 0>();
  zero_pivot<std::complex<float>, x::lower, 6, 3>();
  zero_pivot<std::complex<float>, x::upper, 6, 5>();
  zero_pivot<float, x::lower, 130, 129>();  // the blocked kernel: in its second block
  zero_pivot<float, x::upper, 130, 7>();
}

TEST_CASE("cholesky: worked 2x2 and 3x3 factors") {
  // [[4, 2], [2, 10]] = [[2, 0], [1, 3]] [[2, 1], [0, 3]].
  x::tensor<"f32[2,2]"> a{{4, 2}, {2, 10}};
  x::tensor<"f32[2,2]"> l = x::cholesky<x::lower>(a);
  CHECK(l(0, 0) == 2.0f);
  CHECK(l(0, 1) == 0.0f);
  CHECK(l(1, 0) == 1.0f);
  CHECK(l(1, 1) == 3.0f);
  // Hermitian: [[4, 2 - 2i], [2 + 2i, 3]]: u00 = 2, u01 = conj(a10) / 2... u = [[2, 1 - i], [0, 1]]
  // since u^H u = [[4, 2 (1 - i)], [2 (1 + i), |1 - i|^2 + 1]] = [[4, 2 - 2i], [2 + 2i, 3]].
  using c = std::complex<double>;
  x::tensor<"c128[2,2]"> h{{c(4, 0), c(2, -2)}, {c(2, 2), c(3, 0)}};
  x::tensor<"c128[2,2]"> u = x::cholesky<x::upper>(h);
  CHECK(u(0, 0) == c(2, 0));
  CHECK(u(0, 1) == c(1, -1));
  CHECK(u(1, 0) == c(0, 0));
  CHECK(u(1, 1) == c(1, 0));
  x::tensor<"c128[2,2]"> lh = x::cholesky<x::lower>(h);  // l = u^H
  CHECK(lh(1, 0) == c(1, 1));
  CHECK(lh(1, 1) == c(1, 0));
}

TEST_CASE("cholesky: lazy operands, fused work, layouts, element-by-element reading") {
  // a = [[4, 2], [2, 10]] as a lazy sum, the factor times 2 fused on top.
  x::tensor<"f32[2,2]"> h{{2, 1}, {1, 5}};
  x::tensor<"f32[2,2]"> twice = x::mul(x::cholesky<x::lower>(x::add(h, h)), 2.0f);
  CHECK(twice(0, 0) == 4.0f);
  CHECK(twice(1, 0) == 2.0f);
  CHECK(twice(1, 1) == 6.0f);
  CHECK(twice(0, 1) == 0.0f);
  // A column-major destination and operand.
  x::tensor<"f32[2,2]{0,1}"> cm{{4, 2}, {2, 10}};
  x::tensor<"f32[2,2]{0,1}"> lcm = x::cholesky<x::lower>(cm);
  CHECK(lcm(1, 0) == 1.0f);
  CHECK(lcm(1, 1) == 3.0f);
  CHECK(lcm(0, 1) == 0.0f);
  // Under a transpose the node is read element by element: l^T, upper.
  x::tensor<"f32[2,2]"> a{{4, 2}, {2, 10}};
  x::tensor<"f32[2,2]"> lt = x::transpose<1, 0>(x::cholesky<x::lower>(a));
  CHECK(lt(0, 0) == 2.0f);
  CHECK(lt(0, 1) == 1.0f);
  CHECK(lt(1, 0) == 0.0f);
  CHECK(lt(1, 1) == 3.0f);
  // In place: a = cholesky(a).
  a = x::cholesky<x::lower>(a);
  CHECK(a(1, 0) == 1.0f);
  CHECK(a(1, 1) == 3.0f);
  CHECK(a(0, 1) == 0.0f);
}
