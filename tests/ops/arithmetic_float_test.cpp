// Tests for sxla/ops/arithmetic.hpp on f32 and f64: add, sub, mul, div, max and min
// against the plain references of arithmetic_reference.hpp on random operands with the
// extreme values mixed in, in every layout (a translation unit of its own for compile
// time; rem, pred, complex numbers and the edge cases by name: arithmetic_test.cpp).
#include "ops/arithmetic_reference.hpp"

using namespace sxla_test::arithmetic;

TEST_CASE_TEMPLATE("ops/arithmetic: add, sub, mul, div, max, min of floats", T, float, double) {
  check_float_ops<T>();
}
