// Tests for sxla/ops/convert.hpp: convert on random operands (edge values mixed in) from
// f64 to the types listed, against plain references (long double rounding, saturating
// float to integer; tests/ops/convert_check.hpp) in row-major, column-major, tiled and
// padded destinations and through at() (the scalar path). From f32:
// convert_random_float_test.cpp (split for compile time).
#include "ops/convert_check.hpp"

#include <complex>
#include <cstdint>

namespace x = sxla;
using namespace sxla_test;
using namespace sxla_test::convert_check;

TEST_CASE("ops/convert: random operands from f64 against the reference, every layout") {
  check_convert_all<double, std::int8_t, std::int32_t, std::int64_t, std::uint16_t, std::uint32_t, std::uint64_t, bool,
                    x::f16, x::bf16, float, std::complex<double>>(200);
}
