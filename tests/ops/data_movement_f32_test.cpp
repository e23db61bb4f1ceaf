// The data-movement views on f32 (tests/ops/data_movement_check.hpp's check_views): rev,
// slice, dynamic_slice, pad, concatenate, dynamic_update_slice, reshape, collapse and
// transpose into every destination layout (row-major, column-major, padded, tiled) with
// operands in the other layouts, against scalar references written from the seed's
// definitions. Other element types: data_movement_types_test.cpp; chains and the rest:
// data_movement_test.cpp.
#include "ops/data_movement_check.hpp"

#include <cstdint>

namespace x = sxla;
using namespace sxla_test::data_movement;

TEST_CASE("ops/data movement: f32 into every layout") {
  check_views<float, 0>();
  check_views<float, 1>();
  check_views<float, 2>();
  check_views<float, 3>();
}
