// Tests for sxla/ops/reduce.hpp: and, or and xor on s32 over the battery of shapes, paths
// and operand layouts of tests/ops/reduce_check.hpp (pred: reduce_pred_test.cpp).
#include "ops/reduce_check.hpp"

#include <cstdint>

namespace x = sxla;
using x::index_t;
using namespace sxla_test::reduce_check;

TEST_CASE("ops/reduce: and, or, xor on s32") {
  battery<std::int32_t>(x::and_op, op_kind::and_, 0x7fffffff, 500);
  battery<std::int32_t>(x::or_op, op_kind::or_, 0x10, 510);
  battery<std::int32_t>(x::xor_op, op_kind::xor_, 0x5a5a5a5a, 520);
}
