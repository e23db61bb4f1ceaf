// The data-movement views on s32, f64 and u8 (tests/ops/data_movement_check.hpp's
// check_views), each into one destination layout with operands in the others, against
// scalar references written from the seed's definitions (pred and bf16:
// data_movement_test.cpp; f32 in every layout: data_movement_f32_test.cpp).
#include "ops/data_movement_check.hpp"

#include <cstdint>

namespace x = sxla;
using namespace sxla_test::data_movement;

TEST_CASE("ops/data movement: s32, f64, u8") {
  check_views<std::int32_t, 1>();
  check_views<double, 2>();
  check_views<std::uint8_t, 3>();
}
