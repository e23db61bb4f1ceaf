// Tests for sxla/ops/convert.hpp: convert on random operands (edge values mixed in) from
// integers (s8, u16, s32, u32, s64, u64) to the types listed, against plain references
// (long double rounding, saturating float to integer; tests/ops/convert_check.hpp) in
// row-major, column-major, tiled and padded destinations and through at() (the scalar
// path).
#include "ops/convert_check.hpp"

#include <complex>
#include <cstdint>

namespace x = sxla;
using namespace sxla_test;
using namespace sxla_test::convert_check;

TEST_CASE("ops/convert: random operands from integers against the reference, every layout") {
  check_convert_all<std::int32_t, float, std::uint32_t, std::int8_t, double, bool, x::f16, std::uint64_t>(500);
  check_convert_all<std::uint32_t, float, std::int32_t, double, x::bf16>(600);
  check_convert_all<std::int64_t, double, float, x::f16, std::int32_t, std::uint64_t>(700);
  check_convert_all<std::uint64_t, double, float, std::int64_t>(800);
  check_convert_all<std::int8_t, std::uint8_t, float, std::int64_t>(900);
  check_convert_all<std::uint16_t, x::f16, std::int16_t>(950);
}
