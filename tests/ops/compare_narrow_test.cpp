// Tests for sxla/ops/compare.hpp on pred, 8- and 16-bit integers: eq, ne, ge, gt, le, lt,
// pred results, against the C++ comparisons on random operands in every layout; every type
// takes eq and lt, the representative ones every direction (floats: compare_test.cpp;
// 32- and 64-bit integers: compare_integer_test.cpp).
#include "ops/compare_check.hpp"

#include <cstdint>

namespace x = sxla;
using namespace sxla_test;
using namespace sxla_test::compare;

TEST_CASE_TEMPLATE("ops/compare: every direction", T, std::uint8_t, bool) {
  check_every_direction<T>();
}

TEST_CASE_TEMPLATE("ops/compare: eq and lt on the other element types", T, std::int8_t, std::int16_t, std::uint16_t) {
  check_eq_lt<T>();
}
