// Tests for sxla/ops/bitwise.hpp on the 32- and 64-bit integer types: and_, or_, xor_,
// not_, popcnt, clz and the three shifts against the plain references of
// bitwise_reference.hpp on random operands in every layout (the 8- and 16-bit types and
// pred: bitwise_test.cpp and shift_test.cpp).
#include "ops/bitwise_reference.hpp"

#include <bit>
#include <cstdint>
#include <type_traits>

namespace x = sxla;
using namespace sxla_test;
using namespace sxla_test::bitwise;

TEST_CASE_TEMPLATE("ops/bitwise: and, or, xor and not, bitwise on integers", T, std::int32_t, std::uint32_t,
                   std::int64_t, std::uint64_t) {
  check_binary<T, 0>(x::and_, ref_and<T>, "and");
  check_binary<T, 1>(x::or_, ref_or<T>, "or");
  check_binary<T, 2>(x::xor_, ref_xor<T>, "xor");
  check_unary<T, 3>(x::not_, ref_not<T>, "not");
  check_unary<T, 0>(x::popcnt, [](T a) { return static_cast<T>(std::popcount(static_cast<U<T>>(a))); }, "popcnt");
  check_unary<T, 1>(x::clz, [](T a) { return static_cast<T>(std::countl_zero(static_cast<U<T>>(a))); }, "clz");
}

TEST_CASE_TEMPLATE("ops/bitwise: shifts by any amount, in range or not", T, std::int32_t, std::uint32_t, std::int64_t,
                   std::uint64_t) {
  check_binary<T, 0>(x::shift_left, ref_shl<T>, "shift_left");
  check_binary<T, 1>(x::shift_right_logical, ref_shr_logical<T>, "shift_right_logical");
  check_binary<T, 2>(x::shift_right_arithmetic, ref_shr_arithmetic<T>, "shift_right_arithmetic");
}
