// Tests for sxla/ops/arithmetic.hpp on the 32-bit integer types: add, sub, mul (wrapping),
// div and rem (XLA's values for x / 0, x % 0, INT_MIN / -1, INT_MIN % -1), max and min,
// against the plain references of arithmetic_reference.hpp on random operands with the
// extreme values mixed in, in every layout (s64: arithmetic_s64_test.cpp, u64:
// arithmetic_u64_test.cpp, split for compile time; 8- and 16-bit integers:
// arithmetic_narrow_test.cpp).
#include "ops/arithmetic_reference.hpp"

#include <cstdint>

namespace x = sxla;
using namespace sxla_test;
using namespace sxla_test::arithmetic;

TEST_CASE_TEMPLATE("ops/arithmetic: integers wrap; division and remainder never trap", T, std::int32_t, std::uint32_t) {
  check_integer_ops<T>();
}
