// Tests for sxla/ops/arithmetic.hpp on the 32- and 64-bit integer types: add, sub, mul
// (wrapping), div and rem (XLA's values for x / 0, x % 0, INT_MIN / -1, INT_MIN % -1), max
// and min, against the plain references of arithmetic_reference.hpp on random operands with
// the extreme values mixed in, in every layout (8- and 16-bit integers:
// arithmetic_narrow_test.cpp).
#include "ops/arithmetic_reference.hpp"

#include <cstdint>

namespace x = sxla;
using namespace sxla_test;
using namespace sxla_test::arithmetic;

TEST_CASE_TEMPLATE("ops/arithmetic: integers wrap; division and remainder never trap", T, std::int32_t,
                   std::uint32_t, std::int64_t, std::uint64_t) {
  check_binary<T, 0>(x::add, ref_add<T>, "add");
  check_binary<T, 1>(x::sub, ref_sub<T>, "sub");
  check_binary<T, 2>(x::mul, ref_mul<T>, "mul");
  check_binary<T, 3>(x::div, ref_div<T>, "div");
  check_binary<T, 0>(x::rem, ref_rem<T>, "rem");
  check_binary<T, 1>(x::max, ref_extreme<T, true>, "max");
  check_binary<T, 2>(x::min, ref_extreme<T, false>, "min");
}
