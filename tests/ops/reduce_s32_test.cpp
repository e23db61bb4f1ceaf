// Tests for sxla/ops/reduce.hpp: s32 add, mul, max and min (wrapping) over the battery of
// shapes, paths and operand layouts of tests/ops/reduce_check.hpp.
#include "ops/reduce_check.hpp"

#include <cstdint>

namespace x = sxla;
using x::index_t;
using namespace sxla_test::reduce_check;

TEST_CASE("ops/reduce: s32 add, mul, max, min") {
  battery<std::int32_t>(x::add_op, op_kind::add, 12345, 370);
  battery<std::int32_t>(x::mul_op, op_kind::mul, 3, 380);
  battery<std::int32_t>(x::max_op, op_kind::max, 0, 390);
  battery<std::int32_t>(x::min_op, op_kind::min, 0, 400);
}
