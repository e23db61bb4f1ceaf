// Tests for sxla/ops/compare.hpp on floats: eq, ne, ge, gt, le, lt (IEEE: ordered, ne
// unordered), pred results, against the C++ comparisons on random operands in every
// layout; every element type takes eq and lt, the representative ones every direction
// (integers: compare_integer_test.cpp; pred and narrow integers: compare_narrow_test.cpp;
// total order and complex numbers: compare_total_order_test.cpp).
#include "support/elementwise_check.hpp"

#include <cstdint>

namespace x = sxla;
using namespace sxla_test;

TEST_CASE_TEMPLATE("ops/compare: every direction", T, float, double, x::bf16) {
  check_binary<T, 0>(x::eq, [](T a, T b) { return a == b; }, "eq");
  check_binary<T, 1>(x::ne, [](T a, T b) { return a != b; }, "ne");
  check_binary<T, 2>(x::lt, [](T a, T b) { return a < b; }, "lt");
  check_binary<T, 3>(x::le, [](T a, T b) { return a <= b; }, "le");
  check_binary<T, 0>(x::gt, [](T a, T b) { return a > b; }, "gt");
  check_binary<T, 1>(x::ge, [](T a, T b) { return a >= b; }, "ge");
}

TEST_CASE_TEMPLATE("ops/compare: eq and lt on the other element types", T, x::f16) {
  check_binary<T, 2>(x::eq, [](T a, T b) { return a == b; }, "eq");
  check_binary<T, 3>(x::lt, [](T a, T b) { return a < b; }, "lt");
}
