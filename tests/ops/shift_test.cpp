// Tests for sxla/ops/bitwise.hpp, shifts: shift_left, shift_right_logical and
// shift_right_arithmetic on the 8- and 16-bit integer types against the references of
// bitwise_reference.hpp, from XLA's CPU backend: the amount is taken as unsigned, and an
// amount of at least the bit width (a negative one too) gives 0, or for the arithmetic
// shift the sign fill; the logical shift treats the bits as unsigned, the arithmetic one
// as signed, whatever the element type (32- and 64-bit types: bitwise_wide_test.cpp).
#include "ops/bitwise_reference.hpp"

#include <cstdint>
#include <type_traits>

namespace x = sxla;
using namespace sxla_test;
using namespace sxla_test::bitwise;

TEST_CASE_TEMPLATE("ops/bitwise: shifts by any amount, in range or not", T, std::int8_t, std::uint8_t, std::int16_t,
                   std::uint16_t) {
  check_shifts<T>();
}

TEST_CASE("ops/bitwise: shifts out of range, by name") {
  const x::tensor<"s32[5]"> v = {-8, -8, 8, 1, -1};
  const x::tensor<"s32[5]"> n = {1, 32, 40, -1, 31};
  CHECK(x::eval(x::shift_left(v, n)) == x::tensor<"s32[5]">{-16, 0, 0, 0, static_cast<std::int32_t>(0x80000000u)});
  CHECK(x::eval(x::shift_right_logical(v, n)) == x::tensor<"s32[5]">{0x7ffffffc, 0, 0, 0, 1});
  CHECK(x::eval(x::shift_right_arithmetic(v, n)) == x::tensor<"s32[5]">{-4, -1, 0, 0, -1});
  // An unsigned type shifted arithmetically fills with its top bit.
  CHECK(x::eval(x::shift_right_arithmetic(x::tensor<"u8[2]">{0x80, 0x40}, x::tensor<"u8[2]">{3, 9})) ==
        x::tensor<"u8[2]">{0xf0, 0});
}
