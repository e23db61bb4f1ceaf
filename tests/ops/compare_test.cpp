// Tests for sxla/ops/compare.hpp on floats: eq, ne, ge, gt, le, lt (IEEE: ordered, ne
// unordered), pred results, against the C++ comparisons on random operands in every
// layout; every element type takes eq and lt, the representative ones every direction
// (integers: compare_integer_test.cpp; pred and narrow integers: compare_narrow_test.cpp;
// total order and complex numbers: compare_total_order_test.cpp).
#include "ops/compare_check.hpp"

#include <cstdint>

namespace x = sxla;
using namespace sxla_test;
using namespace sxla_test::compare;

TEST_CASE_TEMPLATE("ops/compare: every direction", T, float, double, x::bf16) {
  check_every_direction<T>();
}

TEST_CASE_TEMPLATE("ops/compare: eq and lt on the other element types", T, x::f16) {
  check_eq_lt<T>();
}
