// Tests for sxla/ops/reduce.hpp: f32 mul, max and min over the battery of shapes, paths and
// operand layouts of tests/ops/reduce_check.hpp (f32 add:
// reduce_f32_add_test.cpp and reduce_f32_add_rank34_test.cpp).
#include "ops/reduce_check.hpp"

#include <cstdint>

namespace x = sxla;
using x::index_t;
using namespace sxla_test::reduce_check;

TEST_CASE("ops/reduce: f32 mul, max, min") {
  battery<float>(x::mul_op, op_kind::mul, 1.5f, 300);
  battery<float>(x::max_op, op_kind::max, 0.9f, 310);
  battery<float>(x::min_op, op_kind::min, -0.9f, 320);
}
