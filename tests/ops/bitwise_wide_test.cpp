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
  check_integer_bitwise<T>();
}

TEST_CASE_TEMPLATE("ops/bitwise: shifts by any amount, in range or not", T, std::int32_t, std::uint32_t, std::int64_t,
                   std::uint64_t) {
  check_shifts<T>();
}
