// Tests for sxla/ops/reduce.hpp: u8 add, mul, max and min (wrapping) over the battery of
// shapes, paths and operand layouts of tests/ops/reduce_check.hpp.
#include "ops/reduce_check.hpp"

#include <cstdint>

namespace x = sxla;
using x::index_t;
using namespace sxla_test::reduce_check;

TEST_CASE("ops/reduce: u8 add, mul, max, min") {
  battery<std::uint8_t>(x::add_op, op_kind::add, 200, 410);
  battery<std::uint8_t>(x::mul_op, op_kind::mul, 3, 420);
  battery<std::uint8_t>(x::max_op, op_kind::max, 200, 430);
  battery<std::uint8_t>(x::min_op, op_kind::min, 50, 440);
}
