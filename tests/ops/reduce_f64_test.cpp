// Tests for sxla/ops/reduce.hpp: f64 add, mul, max and min over the battery of shapes, paths
// and operand layouts of tests/ops/reduce_check.hpp.
#include "ops/reduce_check.hpp"

#include <cstdint>

namespace x = sxla;
using x::index_t;
using namespace sxla_test::reduce_check;

TEST_CASE("ops/reduce: f64 add, mul, max, min") {
  battery<double>(x::add_op, op_kind::add, 0.25, 330);
  battery<double>(x::mul_op, op_kind::mul, 0.75, 340);
  battery<double>(x::max_op, op_kind::max, 0.9, 350);
  battery<double>(x::min_op, op_kind::min, -0.9, 360);
}
