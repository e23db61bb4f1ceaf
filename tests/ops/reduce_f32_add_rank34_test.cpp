// Tests for sxla/ops/reduce.hpp: f32 add over every set of dimensions of row- and
// column-major f32[4,5,37] and of rank 4 (row-major, column-major and tiled), against a
// double reference and the documented order (tests/ops/reduce_check.hpp); ranks 1 and 2,
// f32[3,64,2] and padded and tiled f32[4,5,37]: reduce_f32_add_test.cpp (split for compile
// time). The other computations and element types:
// reduce_{f32,f64,s32,u8,bitwise}_test.cpp; destinations, user computations, fused
// operands, init, variadic and constexpr: reduce_forms{,_user}_test.cpp.
#include "ops/reduce_check.hpp"

#include <cstdint>

namespace x = sxla;
using x::index_t;
using namespace sxla_test::reduce_check;

TEST_CASE("ops/reduce: f32 add over every dimension set, the rest of rank 3, and rank 4") {
  const auto add = x::add_op;
  const auto k = op_kind::add;
  // Rank 3.
  check_shape<float, lay::row, I{0}, I{1}, I{2}, I{0, 1}, I{0, 2}, I{1, 2}, I{0, 1, 2}, I{}>(dims<4, 5, 37>{}, 0.5f,
                                                                                          add, k, 115);
  check_shape<float, lay::col, I{0}, I{1}, I{2}, I{0, 2}>(dims<4, 5, 37>{}, 0.5f, add, k, 116);
  // Rank 4.
  check_shape<float, lay::row, I{0}, I{1}, I{2}, I{3}, I{0, 1}, I{0, 3}, I{1, 2}, I{1, 3}, I{2, 3}, I{0, 1, 2, 3}, I{}>(
      dims<2, 3, 4, 5>{}, 0.5f, add, k, 121);
  check_shape<float, lay::col, I{1}, I{0, 2}>(dims<2, 3, 4, 5>{}, 0.5f, add, k, 122);
  check_shape<float, lay::tiled, I{3}, I{0, 1, 2}>(dims<2, 3, 4, 5>{}, 0.5f, add, k, 123);
}
