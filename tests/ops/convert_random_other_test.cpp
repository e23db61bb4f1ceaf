// Tests for sxla/ops/convert.hpp: convert on random operands (edge values mixed in) from
// f16, bf16, pred, c64 and c128 to the types listed, against plain references (long double
// rounding, saturating float to integer; tests/ops/convert_check.hpp) in row-major,
// column-major, tiled and padded destinations and through at() (the scalar path).
#include "ops/convert_check.hpp"

#include <complex>
#include <cstdint>

namespace x = sxla;
using namespace sxla_test;
using namespace sxla_test::convert_check;

TEST_CASE("ops/convert: random operands from f16, bf16, pred and complex numbers against the reference, every layout") {
  check_convert_all<x::f16, std::int32_t, std::uint8_t, float, x::bf16, double, bool>(300);
  check_convert_all<x::bf16, x::f16, std::int64_t, float>(400);
  check_convert_all<bool, float, std::int8_t, std::uint16_t, double, std::complex<float>, bool>(1000);
  check_convert_all<std::complex<float>, float, std::int32_t, std::complex<double>, bool>(1100);
  check_convert_all<std::complex<double>, std::complex<float>, double, std::uint8_t>(1200);
}
