// Tests for sxla/ops/arithmetic.hpp on s64: add, sub, mul (wrapping), div and rem (XLA's
// values for x / 0, x % 0, INT_MIN / -1, INT_MIN % -1), max and min, against the plain
// references of arithmetic_reference.hpp on random operands with the extreme values mixed
// in, in every layout (s32 and u32: arithmetic_integer_test.cpp, u64:
// arithmetic_u64_test.cpp, split for compile time; 8- and 16-bit integers:
// arithmetic_narrow_test.cpp).
#include "ops/arithmetic_reference.hpp"

#include <cstdint>

namespace x = sxla;
using namespace sxla_test;
using namespace sxla_test::arithmetic;

TEST_CASE_TEMPLATE("ops/arithmetic: integers wrap; division and remainder never trap", T, std::int64_t) {
  check_integer_ops<T>();
}
