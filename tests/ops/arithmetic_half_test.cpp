// Tests for sxla/ops/arithmetic.hpp on f16 and bf16 (computed in f32 and rounded once,
// as XLA's CPU backend does): add, sub, mul, div, max and min, and rem on f16, against the
// plain references of arithmetic_reference.hpp on random operands in every layout (f32,
// f64, pred and complex: arithmetic_test.cpp).
#include "ops/arithmetic_reference.hpp"

namespace x = sxla;
using namespace sxla_test;
using namespace sxla_test::arithmetic;

TEST_CASE_TEMPLATE("ops/arithmetic: add, sub, mul, div, max, min of floats", T, x::f16, x::bf16) {
  check_float_ops<T>();
}

TEST_CASE_TEMPLATE("ops/arithmetic: rem of floats has the dividend's sign", T, x::f16) {
  check_binary<T, 0>(x::rem, ref_rem<T>, "rem");
}
