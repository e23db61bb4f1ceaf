// x::cholesky and x::triangular_solve at sizes 100 and 300 (the blocked algorithms on the
// GEMM engine from 128 rows; with the caller's workspace), every element type, both
// triangles and sides. In the full configurations only: the long double checks take
// seconds without optimisation (the sanitizer configurations test the blocked kernels at
// 130 rows in triangular_kernels_test.cpp).
#include "linalg/cholesky_check.hpp"
#include "linalg/triangular_solve_check.hpp"

namespace x = sxla;
namespace sc = solve_check;
using cholesky_check::check_op;
using x::transpose_kind;

TEST_CASE("cholesky: sizes 100 and 300") {
  check_op<float, x::lower, 100>(501);
  check_op<double, x::upper, 100, 2>(502);
  check_op<std::complex<float>, x::upper, 100>(503);
  check_op<std::complex<double>, x::lower, 100>(504);
  check_op<float, x::upper, 300>(505);
  check_op<double, x::lower, 300>(506);
  check_op<std::complex<float>, x::lower, 300>(507);
}

TEST_CASE("triangular_solve: sizes 100 and 300") {
  sc::check<float, sc::options<true, true, false, transpose_kind::no_transpose>, 100, 100>(3008);
  sc::check<double, sc::options<false, true, false, transpose_kind::adjoint>, 100, 30>(3009);
  sc::check<float, sc::options<true, false, true, transpose_kind::transpose>, 300, 20>(3010);
  sc::check<double, sc::options<false, false, false, transpose_kind::no_transpose>, 300, 9>(3011);
  sc::check<std::complex<double>, sc::options<false, false, false, transpose_kind::transpose>, 100, 7>(6002);
  sc::check<std::complex<float>, sc::options<true, false, true, transpose_kind::no_transpose>, 300, 3>(6003);
}
