// Tests for sxla/ops/convert.hpp: reduce_precision on random operands (edge values mixed
// in) of f32 and f64 for eight (mantissa, exponent) pairs, against a plain long double
// reference (tests/ops/convert_check.hpp) in row-major, column-major, tiled and padded
// destinations and through at() (the scalar path). f16 and bf16:
// convert_precision_test.cpp.
#include "ops/convert_check.hpp"

using namespace sxla_test::convert_check;

TEST_CASE_TEMPLATE("ops/reduce_precision: random operands against the reference, every layout", T, float, double) {
  check_reduce_precision_random<T>();
}
