// Tests for sxla/ops/reduce.hpp: and, or and xor on pred over the battery of shapes, paths
// and operand layouts of tests/ops/reduce_check.hpp (s32: reduce_bitwise_test.cpp).
#include "ops/reduce_check.hpp"

namespace x = sxla;
using x::index_t;
using namespace sxla_test::reduce_check;

TEST_CASE("ops/reduce: and, or, xor on pred") {
  battery<bool>(x::and_op, op_kind::and_, true, 530);
  battery<bool>(x::or_op, op_kind::or_, false, 540);
  battery<bool>(x::xor_op, op_kind::xor_, true, 550);
}
