// Tests for sxla/ops/bitwise.hpp, logical half: and_, or_, xor_, not_ (logical on pred,
// bitwise on the 8- and 16-bit integer types), popcnt and clz, against the plain references
// of bitwise_reference.hpp on random operands in every layout (shifts: shift_test.cpp; 32-
// and 64-bit integers: bitwise_wide_test.cpp).
#include "ops/bitwise_reference.hpp"

#include <bit>
#include <cstdint>
#include <type_traits>

namespace x = sxla;
using namespace sxla_test;
using namespace sxla_test::bitwise;

TEST_CASE_TEMPLATE("ops/bitwise: and, or, xor and not, bitwise on integers", T, std::int8_t, std::uint8_t,
                   std::int16_t, std::uint16_t) {
  check_integer_bitwise<T>();
}

TEST_CASE("ops/bitwise: and, or, xor and not are logical on pred") {
  check_binary<bool, 0>(x::and_, ref_and<bool>, "and");
  check_binary<bool, 1>(x::or_, ref_or<bool>, "or");
  check_binary<bool, 2>(x::xor_, ref_xor<bool>, "xor");
  check_unary<bool, 3>(x::not_, ref_not<bool>, "not");
}

TEST_CASE("ops/bitwise: clz of 0 is the bit width; popcnt counts set bits") {
  CHECK(x::eval(x::clz(x::tensor<"s32[4]">{0, 1, -1, 0x00400000})) == x::tensor<"s32[4]">{32, 31, 0, 9});
  CHECK(x::eval(x::clz(x::tensor<"u8[3]">{0, 1, 128})) == x::tensor<"u8[3]">{8, 7, 0});
  CHECK(x::eval(x::popcnt(x::tensor<"s16[3]">{-1, 0, 0x0f0f})) == x::tensor<"s16[3]">{16, 0, 8});
}
