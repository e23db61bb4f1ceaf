// x::triangular_solve beyond triangular_solve_test.cpp: c64 and c128 with every option
// combination (the adjoint conjugates: op(a) = a^H), f64 on each side and triangle, sizes
// 1 to 33 and batches of rank 4, and a worked adjoint system (f16 and bf16:
// triangular_solve_half_test.cpp).
#include "linalg/triangular_solve_check.hpp"

namespace x = sxla;
namespace sc = solve_check;
using x::transpose_kind;

TEST_CASE("triangular_solve: each side and triangle, f64") {
  sc::every_option<double, transpose_kind::adjoint>(2000);  // the same kernels as f32, on the wider type
}

TEST_CASE("triangular_solve: sizes 1 to 33 and batches of rank 4") {
  sc::check<float, sc::options<true, true, false, transpose_kind::no_transpose>, 1, 1>(3001);
  sc::check<double, sc::options<false, false, true, transpose_kind::transpose>, 2, 3, 2, 3>(3002);
  sc::check<float, sc::options<true, false, false, transpose_kind::adjoint>, 3, 5, 3>(3003);
  sc::check<double, sc::options<false, true, false, transpose_kind::no_transpose>, 7, 2, 2>(3004);
  sc::check<float, sc::options<true, true, true, transpose_kind::transpose>, 16, 16, 3>(3005);
  sc::check<double, sc::options<true, false, false, transpose_kind::no_transpose>, 33, 7>(3006);
  sc::check<float, sc::options<false, false, false, transpose_kind::transpose>, 33, 40>(3007);
}

TEST_CASE("triangular_solve: every option combination, c64 and c128") {
  sc::every_option<std::complex<float>>(4000);
  sc::every_option<std::complex<double>>(5000);
}

TEST_CASE("triangular_solve: complex size 33") {
  sc::check<std::complex<float>, sc::options<true, true, false, transpose_kind::adjoint>, 33, 5, 2>(6001);
}

TEST_CASE("triangular_solve: a worked adjoint") {
  // a = [[1, 0], [i, 1]] lower; a^H = [[1, -i], [0, 1]]: a^H x = b for b = [1 - i, 1]:
  // x1 = 1, x0 - i x1 = 1 - i -> x0 = 1. With transpose instead: a^T = [[1, i], [0, 1]]:
  // x0 + i = 1 - i -> x0 = 1 - 2i.
  using c = std::complex<double>;
  x::tensor<"c128[2,2]"> a{{c(1, 0), c(5, 5)}, {c(0, 1), c(1, 0)}};
  x::tensor<"c128[2,1]"> b{{c(1, -1)}, {c(1, 0)}};
  x::tensor<"c128[2,1]"> h = x::triangular_solve<x::triangular_solve_options{.transpose_a = transpose_kind::adjoint}>(a, b);
  CHECK(h(0, 0) == c(1, 0));
  CHECK(h(1, 0) == c(1, 0));
  x::tensor<"c128[2,1]"> t =
      x::triangular_solve<x::triangular_solve_options{.transpose_a = transpose_kind::transpose}>(a, b);
  CHECK(t(0, 0) == c(1, -2));
  CHECK(t(1, 0) == c(1, 0));
}
