// x::triangular_solve for c64 and c128: every option combination (the adjoint
// conjugates: op(a) = a^H), batches, size 33 (100 and 300: linalg_large_test.cpp), and a
// worked adjoint system.
#include "linalg/triangular_solve_check.hpp"

namespace x = sxla;
namespace sc = solve_check;
using x::transpose_kind;

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
