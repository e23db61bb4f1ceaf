// dot with a few rows of result (2 to 32: kernels/gemv.hpp's gemm_few_rows, on the
// operands without packing) at odd sizes, past one block of the summation order, A row-
// and column-major, f32, f64 and c64; against the two references of
// tests/ops/dot_matvec_check.hpp (the documented order bit for bit, and long double).
#include "ops/dot_matvec_check.hpp"

using namespace matvec_check;

TEST_CASE("dot: a few rows of result, every size") {
  check_rows<float, 2, 255, 33, false>(71);
  check_rows<float, 3, 33, 700, false>(72);
  check_rows<float, 8, 17, 255, true>(73);
  check_rows<float, 17, 100, 3, false>(74);
  check_rows<float, 32, 33, 40, true>(75);
  check_rows<float, 9, 40, 700, false>(76);
}

TEST_CASE("dot: a few rows of result, f64 and c64") {
  check_rows<double, 3, 255, 33, false>(81);
  check_rows<double, 17, 33, 340, true>(82);
  check_rows<x::c64, 5, 33, 40, false>(83);
}
