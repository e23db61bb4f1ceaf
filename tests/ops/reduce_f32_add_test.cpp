// Tests for sxla/ops/reduce.hpp: f32 add over every set of dimensions of ranks 1 and 2
// (rank 1 around a vector's and W = 64's lengths), of f32[3,64,2] and of padded and tiled
// f32[4,5,37], operands in the four layouts, against a double reference and the documented
// order (tests/ops/reduce_check.hpp); row- and column-major f32[4,5,37] and rank 4:
// reduce_f32_add_rank34_test.cpp (split for compile time). The other computations and
// element types: reduce_{f32,f64,s32,u8,bitwise}_test.cpp; destinations, user
// computations, fused operands, init, variadic and constexpr:
// reduce_forms{,_user}_test.cpp.
#include "ops/reduce_check.hpp"

#include <cstdint>

namespace x = sxla;
using x::index_t;
using namespace sxla_test::reduce_check;

TEST_CASE("ops/reduce: f32 add over every dimension set, ranks 1 and 2, and some of rank 3") {
  const auto add = x::add_op;
  const auto k = op_kind::add;
  // Rank 1: around a vector (16 lanes of f32 at most) and W = 64.
  check_shape<float, lay::row, I{0}, I{}>(dims<1>{}, 0.5f, add, k, 100);
  check_shape<float, lay::row, I{0}>(dims<15>{}, 0.5f, add, k, 101);
  check_shape<float, lay::row, I{0}>(dims<16>{}, 0.5f, add, k, 102);
  check_shape<float, lay::row, I{0}, I{}>(dims<17>{}, 0.5f, add, k, 103);
  check_shape<float, lay::row, I{0}>(dims<63>{}, 0.5f, add, k, 104);
  check_shape<float, lay::row, I{0}>(dims<64>{}, 0.5f, add, k, 105);
  check_shape<float, lay::row, I{0}>(dims<65>{}, 0.5f, add, k, 106);
  check_shape<float, lay::row, I{0}>(dims<200>{}, 0.5f, add, k, 107);
  check_shape<float, lay::pad, I{0}>(dims<65>{}, 0.5f, add, k, 108);
  check_shape<float, lay::tiled, I{0}>(dims<200>{}, 0.5f, add, k, 109);
  // Rank 2.
  check_shape<float, lay::row, I{0}, I{1}, I{0, 1}>(dims<64, 129>{}, 0.5f, add, k, 110);
  check_shape<float, lay::col, I{0}, I{1}, I{0, 1}>(dims<64, 129>{}, 0.5f, add, k, 111);
  check_shape<float, lay::pad, I{1}>(dims<64, 129>{}, 0.5f, add, k, 112);
  check_shape<float, lay::tiled, I{0, 1}>(dims<64, 129>{}, 0.5f, add, k, 113);
  check_shape<float, lay::row, I{0}, I{1}, I{0, 1}, I{}>(dims<1, 1>{}, 0.5f, add, k, 114);
  // Rank 3.
  check_shape<float, lay::pad, I{1}, I{0, 2}>(dims<4, 5, 37>{}, 0.5f, add, k, 117);
  check_shape<float, lay::tiled, I{2}, I{0, 1}>(dims<4, 5, 37>{}, 0.5f, add, k, 118);
  check_shape<float, lay::row, I{0}, I{1}, I{2}, I{0, 1}, I{0, 2}, I{1, 2}, I{0, 1, 2}>(dims<3, 64, 2>{}, 0.5f, add,
                                                                                         k, 119);
  check_shape<float, lay::tiled, I{1}, I{0, 2}>(dims<3, 64, 2>{}, 0.5f, add, k, 120);
}
