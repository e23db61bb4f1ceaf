// Tests for sxla/ops/broadcast.hpp, iota.hpp and transpose.hpp: the lazy index-mapping
// nodes, read in every layout against references computed from the definitions
// (Broadcast: new major dimensions; BroadcastInDim: dims[i] and size-1 expansion; Iota:
// the coordinate, converted for floats; Transpose: result dimension i is operand
// dimension perm[i]), and combined with each other and with arithmetic in one pass.
#include "support/elementwise_check.hpp"

#include <cstdint>
#include <memory>
#include <random>

namespace x = sxla;
using namespace sxla_test;

TEST_CASE("ops/broadcast: broadcast and broadcast_in_dim in several layouts") {
  std::mt19937_64 rng(3);
  x::tensor<"s32[37]"> v;
  fill_random(v, rng);
  const array<std::int32_t, layout_kind::tiled> rows_of_v = x::broadcast<rows>(v);
  check_all(rows_of_v, [&](const auto& i) { return v(i[1]); }, "broadcast<5>(v)");
  x::tensor<"s32[5,1]{0,1}"> col;
  fill_random(col, rng);
  const array<std::int32_t, layout_kind::padded> expanded = x::broadcast_in_dim<"s32[5,37]", 0, 1>(col);
  check_all(expanded, [&](const auto& i) { return col(i[0], 0); }, "broadcast_in_dim of a size-1 dimension");
  const x::tensor<"s32[2,5,37]{0,2,1}"> cube = x::broadcast_in_dim<"s32[2,5,37]", 2>(v);
  for (int k = 0; k < 2; ++k)
    for (int i = 0; i < 5; ++i)
      for (int j = 0; j < 37; ++j) CHECK_EQ(cube(k, i, j), v(j));
}

TEST_CASE("ops/iota: the coordinate along the dimension, in every layout and type") {
  const array<std::int32_t, layout_kind::col_major> r0 = x::iota<spec_of<std::int32_t, layout_kind::row_major>(), 0>();
  check_all(r0, [](const auto& i) { return static_cast<std::int32_t>(i[0]); }, "iota s32 dim 0");
  const array<float, layout_kind::tiled> r1 = x::iota<spec_of<float, layout_kind::row_major>(), 1>();
  check_all(r1, [](const auto& i) { return static_cast<float>(i[1]); }, "iota f32 dim 1");
  const array<x::bf16, layout_kind::padded> r2 = x::iota<spec_of<x::bf16, layout_kind::row_major>(), 1>();
  check_all(r2, [](const auto& i) { return x::bf16(static_cast<float>(i[1])); }, "iota bf16 dim 1");
  // Large coordinates convert as integers do: 2^24 + 1 rounds to 2^24 in f32.
  using big_t = x::tensor<"f32[16777219]">;  // 64 MiB: on the heap
  const auto big = std::make_unique<big_t>(x::iota<"f32[16777219]", 0>());
  CHECK_EQ((*big)(16777217), 16777216.0f);
  CHECK_EQ((*big)(16777218), 16777218.0f);
}

TEST_CASE("ops/transpose: result dimension i is operand dimension perm[i]; views compose") {
  std::mt19937_64 rng(4);
  x::tensor<"f32[2,3,37]{1,2,0}"> a;
  fill_random(a, rng);
  const x::tensor<"f32[37,2,3]"> t = x::transpose<2, 0, 1>(a);
  for (int i = 0; i < 37; ++i)
    for (int j = 0; j < 2; ++j)
      for (int k = 0; k < 3; ++k) CHECK(same_value(t(i, j, k), a(j, k, i)));
  // transpose of a broadcast of an iota, plus a transposed operand, in one pass
  x::tensor<"s32[37,5]"> m;
  fill_random(m, rng);
  const array<std::int32_t, layout_kind::tiled> r =
      x::transpose<1, 0>(m) + x::transpose<1, 0>(x::broadcast_in_dim<"s32[37,5]", 1>(x::iota<"s32[5]", 0>()));
  check_all(r, [&](const auto& i) { return static_cast<std::int32_t>(m(i[1], i[0]) + i[0]); }, "fused views");
}
