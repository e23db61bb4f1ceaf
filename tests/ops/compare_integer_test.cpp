// Tests for sxla/ops/compare.hpp on 32- and 64-bit integers: eq, ne, ge, gt, le, lt, pred
// results, against the C++ comparisons on random operands in every layout; every type
// takes eq and lt, the representative ones every direction (floats: compare_test.cpp; pred
// and narrow integers: compare_narrow_test.cpp).
#include "ops/compare_check.hpp"

#include <cstdint>

namespace x = sxla;
using namespace sxla_test;
using namespace sxla_test::compare;

TEST_CASE_TEMPLATE("ops/compare: every direction", T, std::int32_t, std::uint32_t, std::int64_t) {
  check_every_direction<T>();
}

TEST_CASE_TEMPLATE("ops/compare: eq and lt on the other element types", T, std::uint64_t) {
  check_eq_lt<T>();
}
