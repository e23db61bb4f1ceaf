// x::triangular_solve (XLA's TriangularSolve) on f32: every option combination
// (left_side, lower, unit_diagonal, transpose_a) on a batch, worked systems, a zero pivot,
// lazy operands, fused work, layouts, element-by-element reading. Other types, sizes and
// batches: triangular_solve_types_test.cpp (100 and 300 rows: linalg_large_test.cpp). The
// seed gives no worked numbers for TriangularSolve; the small cases below are worked by
// hand.
#include <cmath>

#include "linalg/triangular_solve_check.hpp"

namespace x = sxla;
namespace sc = solve_check;
using x::transpose_kind;

TEST_CASE("triangular_solve: every option combination, f32") { sc::every_option<float>(1000); }

TEST_CASE("triangular_solve: worked systems, a zero pivot") {
  // Left, lower: [[2, 0], [1, 4]] x = [[2, 4], [5, 10]] -> x = [[1, 2], [1, 2]]; the upper
  // garbage (99) is not read.
  x::tensor<"f32[2,2]"> a{{2, 99}, {1, 4}};
  x::tensor<"f32[2,2]"> b{{2, 4}, {5, 10}};
  x::tensor<"f32[2,2]"> s = x::triangular_solve<x::triangular_solve_options{}>(a, b);
  CHECK(s(0, 0) == 1.0f);
  CHECK(s(0, 1) == 2.0f);
  CHECK(s(1, 0) == 1.0f);
  CHECK(s(1, 1) == 2.0f);
  // Right, lower, transposed: x a^T = b, a^T = [[2, 1], [0, 4]]: x = [[1, 1]] for
  // b = [[2, 5]] (x0 2 = 2, x0 1 + x1 4 = 5).
  x::tensor<"f32[1,2]"> r{{2, 5}};
  x::tensor<"f32[1,2]"> xr = x::triangular_solve<x::triangular_solve_options{
      .left_side = false, .lower = true, .transpose_a = transpose_kind::transpose}>(a, r);
  CHECK(xr(0, 0) == 1.0f);
  CHECK(xr(0, 1) == 1.0f);
  // unit_diagonal: the diagonal (2 and 4) is not read: [[1, 0], [1, 1]] x = [[2, 4], [5, 10]].
  x::tensor<"f32[2,2]"> u = x::triangular_solve<x::triangular_solve_options{.unit_diagonal = true}>(a, b);
  CHECK(u(0, 0) == 2.0f);
  CHECK(u(1, 0) == 3.0f);
  CHECK(u(1, 1) == 6.0f);
  // A zero pivot: 0 x0 = 1 gives Inf, then 1 x0 + 1 x1 = 1 gives -Inf; 0 x0 = 0 gives NaN.
  x::tensor<"f64[2,2]"> z{{0, 0}, {1, 1}};
  x::tensor<"f64[2,2]"> zb{{1, 0}, {1, 1}};
  x::tensor<"f64[2,2]"> zx = x::triangular_solve<x::triangular_solve_options{}>(z, zb);
  CHECK(std::isinf(zx(0, 0)));
  CHECK(zx(0, 0) > 0);
  CHECK(std::isinf(zx(1, 0)));
  CHECK(zx(1, 0) < 0);
  CHECK(std::isnan(zx(0, 1)));
  CHECK(std::isnan(zx(1, 1)));
}

TEST_CASE("triangular_solve: lazy operands, fused work, layouts, element-by-element reading, in place") {
  x::tensor<"f32[2,2]"> a{{2, 99}, {1, 4}};
  x::tensor<"f32[2,2]"> b{{1, 2}, {2.5f, 5}};
  // b as a lazy doubling, a as a lazy identity, the result negated in the same pass.
  x::tensor<"f32[2,2]"> s =
      x::neg(x::triangular_solve<x::triangular_solve_options{}>(x::add(a, 0.0f), x::mul(b, 2.0f)));
  CHECK(s(0, 0) == -1.0f);
  CHECK(s(1, 1) == -2.0f);
  // Column-major a, b and result.
  x::tensor<"f32[2,2]{0,1}"> ac{{2, 99}, {1, 4}};
  x::tensor<"f32[2,2]{0,1}"> bc{{2, 4}, {5, 10}};
  x::tensor<"f32[2,2]{0,1}"> sc = x::triangular_solve<x::triangular_solve_options{}>(ac, bc);
  CHECK(sc(1, 0) == 1.0f);
  CHECK(sc(1, 1) == 2.0f);
  // Under a transpose: x^T, each element solved on its own.
  x::tensor<"f32[2,2]"> bb{{2, 4}, {5, 12}};
  x::tensor<"f32[2,2]"> st = x::transpose<1, 0>(x::triangular_solve<x::triangular_solve_options{}>(a, bb));
  CHECK(st(0, 0) == 1.0f);
  CHECK(st(0, 1) == 1.0f);
  CHECK(st(1, 0) == 2.0f);
  CHECK(st(1, 1) == 2.5f);
  // The same for the right side with an adjoint (real: a transpose) and an upper a.
  x::tensor<"f32[2,2]"> up{{2, 1}, {-7, 4}};  // upper [[2, 1], [0, 4]], -7 not read
  constexpr x::triangular_solve_options right{
      .left_side = false, .lower = false, .transpose_a = transpose_kind::adjoint};
  x::tensor<"f32[1,2]"> rb{{2, 9}};  // x up^T = b: up^T = [[2, 0], [1, 4]]: x0 2 + x1 = 2, 4 x1 = 9
  x::tensor<"f32[1,2]"> direct = x::triangular_solve<right>(up, rb);
  x::tensor<"f32[2,1]"> viaat = x::transpose<1, 0>(x::triangular_solve<right>(up, rb));
  CHECK(direct(0, 1) == 2.25f);
  CHECK(direct(0, 0) == -0.125f);
  CHECK(viaat(0, 0) == direct(0, 0));
  CHECK(viaat(1, 0) == direct(0, 1));
  // In place: b = solve(a, b).
  bb = x::triangular_solve<x::triangular_solve_options{}>(a, bb);
  CHECK(bb(1, 1) == 2.5f);
}
