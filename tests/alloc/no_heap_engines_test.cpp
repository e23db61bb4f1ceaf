// The promise "no heap unless asked" (tests/alloc/no_heap_test.cpp) for the ops with
// engines of their own, continued from no_heap_test.cpp (split for compile time): dot on
// the small path, within the stack budget, in a caller's workspace (with the aliasing
// check, a transposed operand, a fused epilogue, an MLP layer, x::eval) and split over a
// pool; convolutions in a loop, on the stack and in a caller's workspace; gather and
// scatter, fused and in place; sort on the stack, in a caller's workspace and with a user
// comparator. Counted by counting.cpp; the arena's high-water mark is checked against the
// compile-time count x::workspace_bytes.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <tuple>

#include "alloc/counting.hpp"

namespace x = sxla;
using sxla_test::allocations_during;

namespace {
// Large operands live in static storage (a test's stack is not the place for them).
x::tensor<"f32[256,256]"> a256, b256, c256;
x::tensor<"f32[1,784]"> input;
x::tensor<"f32[784,256]"> weights;
x::tensor<"f32[1,256]"> layer;
x::tensor<"f32[256]"> bias;
// A convolution layer: NHWC input, HWIO weights, per-feature bias.
x::tensor<"f32[1,20,20,32]"> conv_in;
x::tensor<"f32[3,3,32,48]"> conv_w;
x::tensor<"f32[48]"> conv_bias;
x::tensor<"f32[1,20,20,48]"> conv_out;
x::tensor<"f32[1,48,20,20]"> conv_out_nchw;
constexpr x::conv_config conv_cfg{.padding = x::padding::same, .dim_labels = "b01f_01io->b01f"};
constexpr x::conv_config conv_cfg_nchw{.padding = x::padding::same, .dim_labels = "b01f_01io->bf01"};

// A pool that runs the parts one after the other (the split and its workspace shares are
// what is tested here, not threads: tests/ops/dot_test.cpp runs them on threads).
struct serial_pool {
  template <class F>
  void operator()(x::index_t n, F&& f) const {
    for (x::index_t i = 0; i < n; ++i) f(i);
  }
};

template <class T>
void fill(T& t, float scale) {
  for (x::index_t i = 0; i < T::storage_count; ++i) t.data()[i] = static_cast<float>(i % 97) * scale - 1.0f;
}

// e evaluated into dst through an arena over ws, as t.using_workspace(ws) = e does; the
// high-water mark must not exceed what x::workspace_bytes promised.
template <class Dst, class E, class W>
std::size_t high_water(Dst& dst, const E& e, W& ws) {
  x::detail::arena arena(ws.data(), W::size);
  x::detail::assign_with(dst, e, arena);
  return arena.high_water();
}
}  // namespace

TEST_CASE("alloc: dot on the small path and within the stack budget: no allocation") {
  const x::tensor<"f32[4,4]"> s = x::iota<"f32[4,4]", 0>();
  x::tensor<"f32[4,4]"> out;
  CHECK_EQ(allocations_during([&] { out = x::dot(s, s); }), 0);
  const x::tensor<"f32[40,40]"> m = x::iota<"f32[40,40]", 1>() * 0.01f;
  x::tensor<"f32[40,40]"> mm;
  static_assert(x::workspace_bytes<decltype(x::dot(m, m)), decltype(mm)> <= SXLA_STACK_TEMPORARY_BYTES);
  CHECK_EQ(allocations_during([&] { mm = x::dot(m, x::transpose<1, 0>(m)); }), 0);
  CHECK_EQ(allocations_during([&] { mm = x::max(x::dot(m, m) + 1.0f, 0.0f); }), 0);
}

TEST_CASE("alloc: dot beyond the stack budget runs in the caller's workspace") {
  fill(a256, 0.01f);
  fill(b256, 0.02f);
  using product = decltype(x::dot(a256, b256));
  // Beyond the stack budget; on AVX-512, the 532,480 bytes the issue measured on the heap.
  static_assert(x::workspace_bytes<product, decltype(x::noalias(c256))> > SXLA_STACK_TEMPORARY_BYTES);
  static_assert(x::simd::lanes<float> != 16 || x::workspace_bytes<product, decltype(x::noalias(c256))> == 532480);
  static x::workspace_for<product, decltype(x::noalias(c256))> ws;
  CHECK_EQ(allocations_during([&] { x::noalias(c256).using_workspace(ws) = x::dot(a256, b256); }), 0);
  // With the aliasing check (c256 has the operands' type, so it might be one of them).
  static x::workspace_for<product, decltype(c256)> ws2;
  CHECK_EQ(allocations_during([&] { c256.using_workspace(ws2) = x::dot(a256, b256); }), 0);
  CHECK(high_water(c256, x::dot(a256, b256), ws2) <= sizeof(ws2));
  // A transposed operand (a temporary in the engine's order) and a fused epilogue.
  static x::workspace_for<decltype(x::max(x::dot(a256, x::transpose<1, 0>(b256)) + 1.0f, 0.0f)), decltype(c256)> ws3;
  CHECK_EQ(allocations_during([&] { c256.using_workspace(ws3) = x::max(x::dot(a256, x::transpose<1, 0>(b256)) + 1.0f, 0.0f); }), 0);
  CHECK(high_water(c256, x::max(x::dot(a256, x::transpose<1, 0>(b256)) + 1.0f, 0.0f), ws3) <= sizeof(ws3));
  // The MLP layer of the issue (1x784 by 784x256), with a bias and relu: the
  // matrix-vector kernel (kernels/gemv.hpp) takes no scratch memory, so the layer needs
  // no workspace; one given is not used.
  fill(input, 0.003f);
  fill(weights, 0.001f);
  using dense = decltype(x::max(x::add(x::dot(input, weights), bias, x::broadcast_dimensions<1>), 0.0f));
  static_assert(x::workspace_bytes<dense, decltype(x::noalias(layer))> == 0);
  CHECK_EQ(allocations_during([&] {
             x::noalias(layer) = x::max(x::add(x::dot(input, weights), bias, x::broadcast_dimensions<1>), 0.0f);
           }),
           0);
  static x::workspace_for<dense, decltype(x::noalias(layer))> ws4;
  CHECK_EQ(allocations_during([&] {
             x::noalias(layer).using_workspace(ws4) =
                 x::max(x::add(x::dot(input, weights), bias, x::broadcast_dimensions<1>), 0.0f);
           }),
           0);
  // Two products in one expression (an LSTM step's gates): the first into a temporary
  // of the result's size, the second fused, on the stack or in a caller's workspace.
  using gates = decltype(x::add(x::dot(input, weights) + x::dot(input, weights), bias, x::broadcast_dimensions<1>));
  static_assert(x::workspace_bytes<gates, decltype(x::noalias(layer))> >= 256 * sizeof(float));
  static_assert(x::workspace_bytes<gates, decltype(x::noalias(layer))> <= SXLA_STACK_TEMPORARY_BYTES);
  CHECK_EQ(allocations_during([&] {
             x::noalias(layer) = x::add(x::dot(input, weights) + x::dot(input, weights), bias, x::broadcast_dimensions<1>);
           }),
           0);
  static x::workspace_for<gates, decltype(layer)> ws6;
  CHECK_EQ(allocations_during([&] {
             layer.using_workspace(ws6) = x::add(x::dot(input, weights) + x::dot(input, weights), bias,
                                                 x::broadcast_dimensions<1>);
           }),
           0);
  CHECK(high_water(layer, x::add(x::dot(input, weights) + x::dot(input, weights), bias, x::broadcast_dimensions<1>),
                   ws6) <= sizeof(ws6));
  // x::eval with a workspace, into static storage (guaranteed copy elision).
  static x::workspace_for<product> ws5;
  x::noalias(c256).using_workspace(ws) = x::dot(a256, b256);
  float r12 = 0;
  CHECK_EQ(allocations_during([&] {
             static const auto r = x::eval(x::dot(a256, b256), ws5);
             r12 = r(1, 2);
           }),
           0);
  CHECK(r12 == c256(1, 2));
}

TEST_CASE("alloc: dot split over a pool, each part in its own share of the workspace") {
  fill(a256, 0.01f);
  fill(b256, 0.02f);
  serial_pool pool;
  using split = decltype(x::dot(a256, b256).parallel<4>(pool));
  static x::workspace_for<split, decltype(x::noalias(c256))> ws;
  static_assert(sizeof(ws) > x::workspace_bytes<decltype(x::dot(a256, b256)), decltype(x::noalias(c256))>);
  static x::tensor<"f32[256,256]"> serial;
  static x::workspace_for<decltype(x::dot(a256, b256)), decltype(x::noalias(c256))> ws1;
  x::noalias(serial).using_workspace(ws1) = x::dot(a256, b256);
  CHECK_EQ(allocations_during([&] { x::noalias(c256).using_workspace(ws) = x::dot(a256, b256).parallel<4>(pool); }), 0);
  CHECK(c256 == serial);
}

TEST_CASE("alloc: convolutions in a loop, within the stack budget and in the caller's workspace") {
  fill(conv_in, 0.01f);
  fill(conv_w, 0.002f);
  fill(conv_bias, 0.1f);
  // A small one on the stack.
  const x::tensor<"f32[2,3,7,6]"> s = x::iota<"f32[2,3,7,6]", 3>() * 0.25f;
  const x::tensor<"f32[4,3,3,2]"> k = x::iota<"f32[4,3,3,2]", 0>() - 1.0f;
  x::tensor<"f32[2,4,5,5]"> small;
  CHECK_EQ(allocations_during([&] {
             for (int i = 0; i < 3; ++i) small = x::max(x::conv<x::idx{1, 1}, x::padding::valid>(s, k), 0.0f);
           }),
           0);
  // The NHWC layer with its bias and relu, in a workspace, over and over.
  using layer = decltype(x::max(
      x::add(x::conv_general_dilated<conv_cfg>(conv_in, conv_w), conv_bias, x::broadcast_dimensions<3>), 0.0f));
  static x::workspace_for<layer, decltype(conv_out)> ws;
  CHECK_EQ(allocations_during([&] {
             for (int i = 0; i < 4; ++i) {
               conv_out.using_workspace(ws) = x::max(
                   x::add(x::conv_general_dilated<conv_cfg>(conv_in, conv_w), conv_bias, x::broadcast_dimensions<3>),
                   0.0f);
             }
           }),
           0);
  CHECK(high_water(conv_out,
                   x::max(x::add(x::conv_general_dilated<conv_cfg>(conv_in, conv_w), conv_bias,
                                 x::broadcast_dimensions<3>),
                          0.0f),
                   ws) <= sizeof(ws));
  // Beyond the stack budget: an expression operand (evaluated into a temporary) and an
  // NCHW result from NHWC operands (through a temporary).
  using big = decltype(x::conv_general_dilated<conv_cfg_nchw>(conv_in * 2.0f, conv_w));
  static_assert(x::workspace_bytes<big, decltype(conv_out_nchw)> > SXLA_STACK_TEMPORARY_BYTES);
  static x::workspace_for<big, decltype(conv_out_nchw)> ws2;
  CHECK_EQ(allocations_during([&] {
             for (int i = 0; i < 4; ++i) {
               conv_out_nchw.using_workspace(ws2) = x::conv_general_dilated<conv_cfg_nchw>(conv_in * 2.0f, conv_w);
             }
           }),
           0);
  CHECK(high_water(conv_out_nchw, x::conv_general_dilated<conv_cfg_nchw>(conv_in * 2.0f, conv_w), ws2) <= sizeof(ws2));
  // conv(2 in) = 2 conv(in), bit for bit (scaling by 2 is exact; one order of summation).
  CHECK(conv_out_nchw(0, 5, 3, 4) == 2.0f * x::eval(x::conv_general_dilated<conv_cfg>(conv_in, conv_w), ws)(0, 3, 4, 5));
}

TEST_CASE("alloc: gather and scatter, fused and in place: no allocation") {
  static x::tensor<"f32[300,256]"> table;
  static x::tensor<"f32[256,256]"> rows;
  static x::tensor<"s32[256]"> ids;
  fill(table, 0.5f);
  for (int i = 0; i < 256; ++i) ids(i) = (i * 37) % 340 - 20;  // some clamped, some skipped
  constexpr x::gather_dims take{.offset_dims = x::idx{1}, .collapsed_slice_dims = x::idx{0},
                                .start_index_map = x::idx{0}, .index_vector_dim = 1};
  constexpr x::scatter_dims put{.update_window_dims = x::idx{1}, .inserted_window_dims = x::idx{0},
                                .scatter_dims_to_operand_dims = x::idx{0}, .index_vector_dim = 1};
  CHECK_EQ(allocations_during([&] { rows = x::max(x::gather<take, x::idx{1, 256}>(table, ids), 0.0f); }), 0);
  CHECK_EQ(allocations_during([&] { table = x::scatter<put>(table, ids, rows, x::add_op); }), 0);
  CHECK_EQ(allocations_during([&] { table = x::scatter<put>(x::mul(table, 2.0f), ids, rows, x::max_op); }), 0);
  CHECK(x::workspace_bytes<decltype(x::scatter<put>(table, ids, rows, x::add_op)), decltype(table)> == 0);
}

TEST_CASE("alloc: sort, on the stack, in a caller's workspace and with a user comparator: no allocation") {
  static x::tensor<"f32[64,64]"> rows_in;
  static x::tensor<"f32[64,64]"> rows_out;
  static x::tensor<"f32[65536]"> keys;
  static x::tensor<"s32[65536]"> values;
  static x::tensor<"f32[65536]"> keys_out;
  static x::tensor<"s32[65536]"> values_out;
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < 64; ++j) rows_in(i, j) = static_cast<float>((i * 31 + j * 17) % 64);
  for (int i = 0; i < 65536; ++i) {
    keys(i) = static_cast<float>((i * 7919) % 65536);
    values(i) = i;
  }
  // Many short rows: the network's block on the stack.
  CHECK_EQ(allocations_during([&] { rows_out = x::sort(rows_in); }), 0);
  CHECK(rows_out(5, 0) <= rows_out(5, 1));
  // A long sort of keys and values: radix arrays in the caller's workspace.
  static x::workspace<x::sort_workspace_bytes<-1, decltype(keys)&, decltype(values)&>> ws;
  CHECK_EQ(allocations_during([&] { x::sort_into(ws, std::tie(keys_out, values_out), keys, values); }), 0);
  CHECK(keys_out(0) == 0.0f);
  CHECK(keys_out(65535) == 65535.0f);
  CHECK(keys(values_out(100)) == 100.0f);
  // A user comparator (its records in the workspace), through the node.
  struct descending {
    bool operator()(float a, float b) const { return a > b; }
  };
  static x::workspace<x::workspace_bytes<decltype(x::sort(keys, descending{})), decltype(keys_out)>> ws1;
  CHECK_EQ(allocations_during([&] { keys_out.using_workspace(ws1) = x::sort(keys, descending{}); }), 0);
  CHECK(keys_out(0) == 65535.0f);
}
