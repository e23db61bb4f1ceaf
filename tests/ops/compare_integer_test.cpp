// Tests for sxla/ops/compare.hpp on 32- and 64-bit integers: eq, ne, ge, gt, le, lt, pred
// results, against the C++ comparisons on random operands in every layout; every type
// takes eq and lt, the representative ones every direction (floats: compare_test.cpp; pred
// and narrow integers: compare_narrow_test.cpp).
#include "support/elementwise_check.hpp"

#include <cstdint>

namespace x = sxla;
using namespace sxla_test;

TEST_CASE_TEMPLATE("ops/compare: every direction", T, std::int32_t, std::uint32_t, std::int64_t) {
  check_binary<T, 0>(x::eq, [](T a, T b) { return a == b; }, "eq");
  check_binary<T, 1>(x::ne, [](T a, T b) { return a != b; }, "ne");
  check_binary<T, 2>(x::lt, [](T a, T b) { return a < b; }, "lt");
  check_binary<T, 3>(x::le, [](T a, T b) { return a <= b; }, "le");
  check_binary<T, 0>(x::gt, [](T a, T b) { return a > b; }, "gt");
  check_binary<T, 1>(x::ge, [](T a, T b) { return a >= b; }, "ge");
}

TEST_CASE_TEMPLATE("ops/compare: eq and lt on the other element types", T, std::uint64_t) {
  check_binary<T, 2>(x::eq, [](T a, T b) { return a == b; }, "eq");
  check_binary<T, 3>(x::lt, [](T a, T b) { return a < b; }, "lt");
}
