// The promise "no heap unless asked", in the default build (SXLA_ALLOW_HEAP not defined):
// one evaluation of every op family, counted by the replaced operator new and wrapped C
// allocation functions of this executable (counting.cpp), makes no allocation at all.
// Scratch memory comes from the stack up to SXLA_STACK_TEMPORARY_BYTES and, above, only
// from a caller's x::workspace (an evaluation that would need more does not compile:
// tests/compile_fail/scratch_needs_workspace.cpp). The arena's high-water mark is checked
// against the compile-time count x::workspace_bytes, so the count is never short. Here:
// elementwise ops, the narrow types, data movement, reductions and windows, an assignment
// that reads its destination, the program ops and the collectives; dot, convolution,
// gather, scatter and sort: no_heap_engines_test.cpp (split for compile time).
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <thread>
#include <tuple>
#include <vector>

#include "alloc/counting.hpp"

namespace x = sxla;
using sxla_test::allocations_during;

namespace {
// Large operands live in static storage (a test's stack is not the place for 4 MiB).
x::tensor<"f32[1024,1024]"> square;

template <class T>
void fill(T& t, float scale) {
  for (x::index_t i = 0; i < T::storage_count; ++i) t.data()[i] = static_cast<float>(i % 97) * scale - 1.0f;
}
}  // namespace

TEST_CASE("alloc: elementwise, broadcast, iota, select, map, convert: no allocation") {
  const x::tensor<"f32[8,16]"> p = x::iota<"f32[8,16]", 1>() * 0.5f;
  const x::tensor<"f32[16]"> v = x::iota<"f32[16]", 0>();
  x::tensor<"f32[8,16]"> out;
  x::tensor<"s32[8,16]"> ints;
  CHECK_EQ(allocations_during([&] { out = x::max(x::add(p, v, x::broadcast_dimensions<1>) * p, 0.0f); }), 0);
  CHECK_EQ(allocations_during([&] { out = x::select(p > 2.0f, x::exp(p), x::tanh(p)); }), 0);
  CHECK_EQ(allocations_during([&] { out = x::map([](float a, float b) { return a * b; }, p, out); }), 0);
  CHECK_EQ(allocations_during([&] { ints = x::convert<std::int32_t>(p) + x::iota<"s32[8,16]", 0>(); }), 0);
  CHECK_EQ(allocations_during([&] { ints = x::bitcast_convert<std::int32_t>(p); }), 0);
  CHECK_EQ(allocations_during([&] { out = x::broadcast_in_dim<"f32[8,16]", 1>(v); }), 0);
  CHECK(out(3, 5) == 5.0f);
}

TEST_CASE("alloc: the narrow element types and packed arrays: no allocation") {
  const x::tensor<"f32[8,16]"> p = x::iota<"f32[8,16]", 1>() * 0.5f;
  x::tensor<"f8e4m3fn[8,16]"> f8;
  x::packed_tensor<"s4[8,16]"> packed;
  std::uint8_t bytes[64] = {};
  auto view = x::packed_view<"u4[8,16]">(bytes);
  x::tensor<"f32[8,8]"> sums;
  CHECK_EQ(allocations_during([&] { f8 = x::convert<x::f8e4m3fn>(p) * x::f8e4m3fn(1.5f); }), 0);
  CHECK_EQ(allocations_during([&] { packed = x::convert<x::s4>(p) + x::s4(3); }), 0);
  CHECK_EQ(allocations_during([&] { packed = x::rev<1>(packed); }), 0);  // through a packed temporary
  CHECK_EQ(allocations_during([&] { view = x::convert<x::u4>(packed); }), 0);
  CHECK_EQ(allocations_during([&] { sums = x::dot<float>(f8, x::transpose<1, 0>(f8)); }), 0);
  CHECK(sums(0, 0) > 0.0f);
  CHECK_EQ(int(packed(0, 15)), 3);
}

TEST_CASE("alloc: data movement views and in-place updates: no allocation") {
  const x::tensor<"f32[8,16]"> p = x::iota<"f32[8,16]", 1>() + x::iota<"f32[8,16]", 0>() * 100.0f;
  x::tensor<"f32[16,8]"> t;
  x::tensor<"f32[4,6]"> s;
  x::tensor<"f32[10,18]"> padded;
  x::tensor<"f32[16,16]"> joined;
  x::tensor<"f32[128]"> flat;
  x::tensor<"f32[8,16]"> updated = p;
  const x::tensor<"f32[2,3]"> patch = {{-1, -2, -3}, {-4, -5, -6}};
  CHECK_EQ(allocations_during([&] { t = x::transpose<1, 0>(x::rev<0>(p)); }), 0);
  CHECK_EQ(allocations_during([&] { s = x::slice<x::idx{1, 2}, x::idx{5, 14}, x::idx{1, 2}>(p); }), 0);
  CHECK_EQ(allocations_during([&] { s = x::dynamic_slice<4, 6>(p, 3, 100); }), 0);
  CHECK_EQ(allocations_during([&] { padded = x::pad<x::idx{1, 1}, x::idx{1, 1}>(p, 0.0f); }), 0);
  CHECK_EQ(allocations_during([&] { joined = x::concatenate<0>(p, p); }), 0);
  CHECK_EQ(allocations_during([&] { flat = x::reshape<"f32[128]">(p); }), 0);
  CHECK_EQ(allocations_during([&] { updated = x::dynamic_update_slice(p, patch, 1, 1); }), 0);
  CHECK_EQ(allocations_during([&] { x::dynamic_update_slice_in_place(updated, patch, 6, 13); }), 0);
  // An update that reads the array it updates goes through a temporary (on the stack).
  CHECK_EQ(allocations_during([&] { x::dynamic_update_slice_in_place(updated, x::slice<x::idx{0, 0}, x::idx{2, 3}>(updated), 3, 3); }), 0);
  CHECK(updated(3, 3) == updated(0, 0));
  CHECK(s(0, 0) == 310.0f);  // starts (3, 100) clamped to (3, 10)
}

TEST_CASE("alloc: reductions, windows, batch norm: no allocation") {
  const x::tensor<"f32[8,16]"> p = x::iota<"f32[8,16]", 1>() - x::iota<"f32[8,16]", 0>();
  x::tensor<"f32[8]"> rows;
  x::tensor<"f32[16]"> cols;
  x::tensor<"f32[4,8]"> pooled;
  CHECK_EQ(allocations_during([&] { rows = x::reduce<1>(p * p, 0.0f, x::add_op); }), 0);
  CHECK_EQ(allocations_during([&] { cols = x::reduce<0>(p, 0.0f, x::max_op); }), 0);
  int arg0 = -1;
  CHECK_EQ(allocations_during([&] {
             const auto [mx, arg] = x::reduce<1>(p, x::iota<"s32[8,16]", 1>(), -1e30f, 0,
                                                 [](float m, int am, float v, int i) {
                                                   return v > m ? std::tuple{v, i} : std::tuple{m, am};
                                                 });
             arg0 = arg(0);
           }),
           0);
  CHECK(arg0 == 15);
  CHECK_EQ(allocations_during([&] { pooled = x::reduce_window<x::idx{2, 2}, x::idx{2, 2}>(p, -1e30f, x::max_op); }), 0);
  x::tensor<"f32[8,16]"> scattered;
  CHECK_EQ(allocations_during([&] {
             scattered = x::select_and_scatter<x::idx{2, 2}, x::idx{2, 2}>(
                 p, [](float a, float b) { return a >= b; }, pooled, 0.0f, x::add_op);
           }),
           0);
  CHECK(scattered(0, 1) == pooled(0, 0));  // the window's maximum, p(0, 1) = 1
  const x::tensor<"f32[16]"> scale = x::iota<"f32[16]", 0>() * 0.0f + 1.0f;
  const x::tensor<"f32[16]"> offset;
  float mean0 = 0;
  CHECK_EQ(allocations_during([&] {
             const auto [y, mean, var] = x::batch_norm_training<1>(p, scale, offset, 1e-3);
             mean0 = mean(0);
           }),
           0);
  CHECK(mean0 == doctest::Approx(-3.5f));
  CHECK_EQ(allocations_during([&] { rows = x::reduce<1>(x::set_dimension_size<1>(p, 4), 0.0f, x::add_op); }), 0);
  CHECK(rows(0) == 6.0f);
}

TEST_CASE("alloc: an assignment that reads its destination in another order") {
  // On the stack when small.
  x::tensor<"s32[8,8]"> small = x::iota<"s32[8,8]", 0>() * 8 + x::iota<"s32[8,8]", 1>();
  CHECK_EQ(allocations_during([&] { small = x::transpose<1, 0>(small); }), 0);
  CHECK(small(1, 0) == 1);
  // T = transpose(T) of 4 MiB: the temporary in the caller's workspace.
  for (x::index_t i = 0; i < 1024; ++i) square(i, 3) = static_cast<float>(i);
  using t = decltype(x::transpose<1, 0>(square));
  static_assert(x::workspace_bytes<t, decltype(square)> == 4u << 20);
  static_assert(x::workspace_bytes<t, decltype(x::noalias(square))> == 0);
  static x::workspace_for<t, decltype(square)> ws;
  CHECK_EQ(allocations_during([&] { square.using_workspace(ws) = x::transpose<1, 0>(square); }), 0);
  CHECK(square(3, 1000) == 1000.0f);
  // An expression that cannot read it needs none: another type, or noalias.
  static x::tensor<"f32[1024,1024]{0,1}"> other;
  CHECK_EQ(allocations_during([&] { other = x::transpose<1, 0>(square); }), 0);
}

extern "C" void alloc_test_negate(void* out, void** in) {
  const float* a = static_cast<const float*>(in[0]);
  float* o = static_cast<float*>(out);
  for (int i = 0; i < 8 * 16; ++i) o[i] = -a[i];
}

TEST_CASE("alloc: the program ops (tuple, call, conditional, while_, custom_call, barrier, feeds): no allocation") {
  x::tensor<"f32[8,16]"> p = x::iota<"f32[8,16]", 1>();
  x::tensor<"f32[8,16]{0,1}"> col;
  std::int32_t count = 0;
  float last = 0;
  CHECK_EQ(allocations_during([&] {
             auto t = x::tuple(p * 2.0f, col, 3, x::token{});
             last = x::get_tuple_element<0>(t)(1, 2);
           }),
           0);
  CHECK(last == 4.0f);
  CHECK_EQ(allocations_during([&] { last = x::call([](const auto& a) { return a + 1.0f; }, p)(0, 5); }), 0);
  CHECK(last == 6.0f);
  CHECK_EQ(allocations_during([&] {
             last = x::conditional(2, std::tuple{[](const auto& a) { return a * 3.0f; }, [](const auto& a) { return -a; }},
                                   std::tuple{p, col})(0, 0);
           }),
           0);
  // 1000 iterations over a tuple state of 512 bytes and a counter, with a conditional
  // in the body: nothing allocated per iteration (or at all).
  CHECK_EQ(allocations_during([&] {
             auto r = x::while_([](const auto& s) { return std::get<0>(s) < 1000; },
                                [](const auto& s) {
                                  auto v = x::conditional(std::get<0>(s)() % 2 == 0, std::get<1>(s),
                                                          [](const auto& a) { return a + 1.0f; }, std::get<1>(s),
                                                          [](const auto& a) { return a; });
                                  return std::tuple{std::get<0>(s) + 1, v};
                                },
                                x::tuple(0, p));
             count = std::get<0>(r)();
             last = std::get<1>(r)(0, 3);
           }),
           0);
  CHECK(count == 1000);
  CHECK(last == 503.0f);
  CHECK_EQ(allocations_during([&] { col = x::custom_call<"f32[8,16]">(&alloc_test_negate, col + p); }), 0);
  CHECK(col(1, 1) == -1.0f);
  CHECK_EQ(allocations_during([&] { last = x::optimization_barrier(p * p)(0, 3); }), 0);
  CHECK(last == 9.0f);
  static x::ring_queue<4096> q;
  CHECK_EQ(allocations_during([&] {
             x::token t = x::outfeed(p, x::token{}, q);
             t = x::outfeed(x::tuple(p * 2.0f, 7), t, q);
             auto a = x::infeed<"f32[8,16]">(q, t);
             auto b = x::infeed<"(f32[8,16], s32[])">(q, a.token);
             last = std::get<0>(b.value)(0, 4) + a.value(0, 1);
             count = std::get<1>(b.value)();
           }),
           0);
  CHECK(last == 9.0f);
  CHECK(count == 7);
}

TEST_CASE("alloc: collectives and send/recv on the in-process communicator: no allocation") {
  // Counted on replica 0 between two collectives that every replica takes part in, so
  // that the threads' start (which allocates) is before and their exit after.
  x::thread_communicator world(3);
  std::size_t during = 1;
  float seen = 0;
  world.run([&](x::thread_replica comm) {
    const int me = comm.replica_id();
    x::tensor<"f32[6,16]"> p;
    fill(p, 1.0f);
    static_cast<void>(x::all_reduce(p, x::add_op, comm));
    const std::size_t before = sxla_test::allocation_count();
    auto r = x::all_reduce(x::tuple(p * 2.0f, me), x::max_op, comm, x::replica_groups{{2, 0, 1}});
    auto g = x::all_gather<1, 3>(p, comm);
    auto s = x::reduce_scatter<0, 3>(p, [](float a, float b) { return a - b; }, comm);
    auto t = x::all_to_all<0, 1, 3>(x::tensor<"f32[6,16]{0,1}">(p), comm);
    auto q = x::collective_permute(p, comm, x::source_target_pairs{{0, 1}, {1, 2}, {2, 0}});
    auto b = x::collective_broadcast(p, comm);
    auto c = x::collective_reduce(p, x::add_op, comm, x::collective_root{1});
    const x::tensor<"s32[3]"> offsets = {0, 2, 4}, sizes = {2, 2, 2};
    auto ra = x::ragged_all_to_all(p, p, offsets, sizes, offsets, sizes, comm);
    x::token tok{};
    if (me == 0) tok = x::send(p, tok, comm, 1, 4);
    if (me == 1) tok = x::recv<"f32[6,16]">(tok, comm, 0, 4).token;
    static_cast<void>(x::all_reduce(p, x::add_op, comm));
    if (me == 0) {
      during = sxla_test::allocation_count() - before;
      seen = std::get<0>(r.value)(0, 0) + g.value(0, 0) + s.value(0, 0) + t.value(0, 0) + q.value(0, 0) + b.value(0, 0) +
             c.value(0, 0) + ra.value(5, 15);
    }
  });
  CHECK(during == 0);
  CHECK(seen != 0.0f);
}
