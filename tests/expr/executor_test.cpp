// Tests for sxla/expr/executor.hpp: the loops that write an expression into storage. One
// expression, max(a * b + c, 0) with c broadcast along the rows, is written into every
// kind of destination the executor distinguishes (row- and column-major, padded with
// padding values that must survive, multi-level tiled, tiled with a '*' dimension,
// padded size-1 minor dimensions, rank 0 and 1, empty, pred results, a destination
// large enough for streaming stores) and through every strategy (merged runs, periodic
// short rows, transposed squares), and compared with values computed by plain loops
// over logical indices.
#include "support/elementwise_check.hpp"

#include <cstdint>
#include <memory>
#include <random>
#include <vector>

namespace x = sxla;
using namespace sxla_test;

namespace {

// The expression's value at (i, j), by hand.
float reference(float a, float b, float c) {
  const float v = std::fma(a, b, c);  // sxla fuses a * b + c, as XLA's CPU backend does
  return v > 0.0f ? v : 0.0f;
}

template <x::shape_spec Dst, x::shape_spec A, x::shape_spec B, x::shape_spec C>
void check_layouts(const char* what) {
  std::mt19937_64 rng(21);
  x::tensor<A> a;
  x::tensor<B> b;
  x::tensor<C> c;
  x::for_each_index<typename x::tensor<A>::shape_type>([&](const auto& i) {
    a[i] = static_cast<float>(static_cast<int>(rng() % 200) - 100) / 8;
    b[i] = static_cast<float>(static_cast<int>(rng() % 200) - 100) / 16;
  });
  x::for_each_index<typename x::tensor<C>::shape_type>([&](const auto& i) {
    c[i] = static_cast<float>(static_cast<int>(rng() % 100) - 50);
  });
  const x::tensor<Dst> out = x::max(x::add(a * b, c, x::broadcast_dimensions<1>), 0.0f);
  check_all(out, [&](const auto& i) { return reference(a[i], b[i], c(i[1])); }, what);
}

}  // namespace

TEST_CASE("expr/executor: untiled destinations, merged and not, every operand layout") {
  check_layouts<"f32[9,37]", "f32[9,37]", "f32[9,37]", "f32[37]">("row-major");
  check_layouts<"f32[9,37]{0,1}", "f32[9,37]", "f32[9,37]{0,1}", "f32[37]">("column-major, one operand transposed");
  check_layouts<"f32[9,37]{0,1}", "f32[9,37]", "f32[9,37]", "f32[37]">("column-major, operands transposed");
  check_layouts<"f32[33,70]{0,1}", "f32[33,70]", "f32[33,70]", "f32[70]">("transposed squares with partial edges");
  check_layouts<"f32[9,37]{1,0:pad(12,40)}", "f32[9,37]{0,1:pad(9,38)}", "f32[9,37]", "f32[37]">("padded");
}

TEST_CASE("expr/executor: short rows merge with the rows around them (periodic runs)") {
  check_layouts<"f32[4,4]", "f32[4,4]", "f32[4,4]", "f32[4]">("4x4");
  check_layouts<"f32[6,4]", "f32[6,4]", "f32[6,4]", "f32[4]">("6x4: a full vector and a tail");
  check_layouts<"f32[5,8]", "f32[5,8]", "f32[5,8]{0,1}", "f32[8]">("5x8, an operand in another layout");
  check_layouts<"f32[3,16]", "f32[3,16]", "f32[3,16]", "f32[16]">("rows of exactly one vector");
  check_layouts<"f32[7,2]", "f32[7,2]", "f32[7,2]", "f32[2]">("rows of two");
}

TEST_CASE("expr/executor: tiled destinations, one and two tile levels, '*' dimensions") {
  check_layouts<"f32[9,37]{1,0:T(2,8)}", "f32[9,37]", "f32[9,37]", "f32[37]">("T(2,8)");
  check_layouts<"f32[9,37]{0,1:T(4,4)}", "f32[9,37]", "f32[9,37]", "f32[37]">("column-major T(4,4)");
  check_layouts<"f32[9,37]{1,0:T(4,8)(2,1)}", "f32[9,37]", "f32[9,37]{1,0:T(2,4)}", "f32[37]">("T(4,8)(2,1)");
  check_layouts<"f32[9,37]{1,0:T(8,6)(4,4)}", "f32[9,37]", "f32[9,37]", "f32[37]">("T(8,6)(4,4): a tile not dividing");
  check_layouts<"f32[9,37]{1,0:T(*,3)}", "f32[9,37]", "f32[9,37]", "f32[37]">("T(*,3): rows merged before tiling");
}

TEST_CASE("expr/executor: padding slots keep their value") {
  x::tensor<"s32[2,3]{0,1:pad(3,5,one)}"> t;
  const x::tensor<"s32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  t = a * 10;
  CHECK(t == x::tensor<"s32[2,3]">{{10, 20, 30}, {40, 50, 60}});
  std::vector<std::int32_t> storage(t.storage().begin(), t.storage().end());
  CHECK_EQ(storage, std::vector<std::int32_t>{10, 40, 1, 20, 50, 1, 30, 60, 1, 1, 1, 1, 1, 1, 1});
  // A view over user memory: the slots outside the logical elements are not written.
  std::int32_t buf[15];
  for (auto& v : buf) v = -7;
  auto view = x::view<"s32[2,3]{0,1:pad(3,5)}">(buf);
  view = a + 1;
  CHECK_EQ(std::vector<std::int32_t>(buf, buf + 15),
           std::vector<std::int32_t>{2, 5, -7, 3, 6, -7, 4, 7, -7, -7, -7, -7, -7, -7, -7});
}

TEST_CASE("expr/executor: rank 0, rank 1, empty, size-1 dimensions, pred results") {
  const x::tensor<"f32[]"> s = {3.0f};
  CHECK_EQ(x::eval(s * s + 1.0f)(), 10.0f);
  const x::tensor<"s16[40]"> v = x::iota<"s16[40]", 0>();
  const auto w = x::eval(v * v - 5);
  for (int i = 0; i < 40; ++i) CHECK_EQ(w(i), static_cast<std::int16_t>(i * i - 5));
  const x::tensor<"f32[0,5]"> empty = x::tensor<"f32[0,5]">{} + 1.0f;
  CHECK_EQ(empty.storage().size(), 0u);
  // A size-1 minor dimension padded to 3: the inner loop runs along dimension 0 with a
  // stride of 3.
  const x::tensor<"s32[5,1]{1,0:pad(5,3)}"> col = x::iota<"s32[5,1]", 0>() * 2;
  for (int i = 0; i < 5; ++i) CHECK_EQ(col(i, 0), 2 * i);
  CHECK_EQ(col.storage()[3], 2);
  const x::tensor<"pred[3,37]{0,1}"> p = x::iota<"s32[3,37]", 1>() > x::iota<"s32[3,37]", 0>() * 10;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 37; ++j) CHECK_EQ(p(i, j), j > i * 10);
}

TEST_CASE("expr/executor: destinations large enough for streaming stores") {
  using big_t = x::tensor<"f32[1031,2053]">;  // > SXLA_STREAM_STORE_BYTES, odd sizes
  static_assert(big_t::storage_count * 4 >= SXLA_STREAM_STORE_BYTES);
  const auto out = std::make_unique<big_t>(x::uninitialized);
  *out = x::iota<"f32[1031,2053]", 0>() * 4096.0f + x::iota<"f32[1031,2053]", 1>();
  int bad = 0;
  for (int i = 0; i < 1031; i += 7)
    for (int j = 0; j < 2053; ++j) bad += (*out)(i, j) != static_cast<float>(i * 4096 + j);
  CHECK_EQ(bad, 0);
}
