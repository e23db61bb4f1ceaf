// The collectives' examples in ../shared/seeds/002, numbers verbatim, on the in-process
// communicator (one thread per replica):
//  - AllGather: two replicas with [1.0, 2.5] and [3.0, 5.25], all_gather_dim 0 ->
//    [1.0, 2.5, 3.0, 5.25] on both;
//  - AllReduce with a sum: the same operands -> [4.0, 7.75] on both;
//  - ReduceScatter with a sum, scatter_dim 0: [1.0, 2.25] and [3.0, 5.25] -> [4.0] on the
//    first replica and [7.5] on the second;
//  - AllToAll: f32[4,16] on 4 cores, split_dimension 1, concat_dimension 0, split_count
//    4 -> f32[16,4] on each. The seed's prose has the two dimensions swapped ("divided
//    into 4 parts along dimension 0 ... of shape f32[4,4] ... concatenated along
//    dimension 1"), which would not give f32[16,4]; this follows XLA's rule and the
//    seed's call and result shape: split along 1 into f32[4,4] blocks, block i to core i,
//    concatenated along 0 in core order;
//  - CollectivePermute: a replica that is no pair's target gets zeros of the operand's shape;
//  - ReplicaId: a u32 scalar in [0, N), different on each replica;
//  - the replica_groups examples {0, 2}, {1, 3} (AllGather, AllReduce) and
//    {1, 2, 3}, {4, 5, 0} (AllToAll: blocks concatenated in the order 1, 2, 3 and 4, 5, 0).
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <type_traits>

namespace x = sxla;

TEST_CASE("seed 002: AllGather, AllReduce and ReduceScatter on two replicas") {
  x::thread_communicator world(2);
  world.run([](x::thread_replica comm) {
    const int me = comm.replica_id();
    const x::tensor<"f32[2]"> a = me == 0 ? x::tensor<"f32[2]">{1.0f, 2.5f} : x::tensor<"f32[2]">{3.0f, 5.25f};
    auto g = x::all_gather<0, 2>(a, comm);
    static_assert(std::is_same_v<decltype(g.value), x::tensor<"f32[4]">>);
    REQUIRE(g.ok());
    CHECK(g.value == x::tensor<"f32[4]">{1.0f, 2.5f, 3.0f, 5.25f});
    auto s = x::all_reduce(a, x::add_op, comm);
    REQUIRE(s.ok());
    CHECK(s.value == x::tensor<"f32[2]">{4.0f, 7.75f});
    const x::tensor<"f32[2]"> b = me == 0 ? x::tensor<"f32[2]">{1.0f, 2.25f} : x::tensor<"f32[2]">{3.0f, 5.25f};
    auto rs = x::reduce_scatter<0, 2>(b, x::add_op, comm);
    static_assert(std::is_same_v<decltype(rs.value), x::tensor<"f32[1]">>);
    REQUIRE(rs.ok());
    CHECK(rs.value(0) == (me == 0 ? 4.0f : 7.5f));
  });
}

TEST_CASE("seed 002: AllToAll f32[4,16], split 1, concat 0, split count 4") {
  x::thread_communicator world(4);
  world.run([](x::thread_replica comm) {
    const int me = comm.replica_id();
    // Core c's element (i, j) is 1000 c + 100 i + j.
    const auto value = [](int c, int i, int j) { return static_cast<float>(1000 * c + 100 * i + j); };
    x::tensor<"f32[4,16]"> a;
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 16; ++j) a(i, j) = value(me, i, j);
    auto r = x::all_to_all<1, 0, 4>(a, comm);
    static_assert(std::is_same_v<decltype(r.value), x::tensor<"f32[16,4]">>);
    REQUIRE(r.ok());
    // Rows 4c..4c+3 are core c's block `me`: its columns 4 me .. 4 me + 3.
    int bad = 0;
    for (int c = 0; c < 4; ++c)
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) bad += r.value(4 * c + i, j) != value(c, i, 4 * me + j);
    CHECK(bad == 0);
  });
}

TEST_CASE("seed 002: replica groups {0, 2}, {1, 3} and {1, 2, 3}, {4, 5, 0}") {
  x::thread_communicator four(4);
  four.run([](x::thread_replica comm) {
    const int me = comm.replica_id();
    const x::tensor<"s32[1]"> a = {me};
    const x::replica_groups groups{{0, 2}, {1, 3}};
    auto g = x::all_gather<0, 2>(a, comm, groups);
    REQUIRE(g.ok());
    CHECK(g.value == (me % 2 == 0 ? x::tensor<"s32[2]">{0, 2} : x::tensor<"s32[2]">{1, 3}));
    auto s = x::all_reduce(a, x::add_op, comm, groups);
    CHECK(s.value(0) == (me % 2 == 0 ? 2 : 4));
  });
  x::thread_communicator six(6);
  six.run([](x::thread_replica comm) {
    const int me = comm.replica_id();
    const x::tensor<"s32[3]"> a = {10 * me, 10 * me + 1, 10 * me + 2};
    auto r = x::all_to_all<0, 0, 3>(a, comm, x::replica_groups{{1, 2, 3}, {4, 5, 0}});
    REQUIRE(r.ok());
    // This replica's group (in its order) and its position there.
    const int groups[2][3] = {{1, 2, 3}, {4, 5, 0}};
    const int g = me >= 1 && me <= 3 ? 0 : 1;
    const int pos = me == groups[g][0] ? 0 : me == groups[g][1] ? 1 : 2;
    // Element k comes from the group's k-th member, its block (element) `pos`.
    for (int k = 0; k < 3; ++k) CHECK(r.value(k) == 10 * groups[g][k] + pos);
  });
}

TEST_CASE("seed 002: CollectivePermute gives zeros to a replica that is no target; ReplicaId") {
  x::thread_communicator world(3);
  world.run([](x::thread_replica comm) {
    const int me = comm.replica_id();
    const x::tensor<"f32[2]"> a = {static_cast<float>(me) + 1, 2.5f};
    auto p = x::collective_permute(a, comm, x::source_target_pairs{{0, 1}, {1, 2}});
    REQUIRE(p.ok());
    if (me == 0) CHECK(p.value == x::tensor<"f32[2]">{0.0f, 0.0f});  // nobody's target
    if (me == 1) CHECK(p.value == x::tensor<"f32[2]">{1.0f, 2.5f});
    if (me == 2) CHECK(p.value == x::tensor<"f32[2]">{2.0f, 2.5f});
    const x::tensor<"u32[]"> id = x::replica_id(comm);
    CHECK(id() == static_cast<std::uint32_t>(me));
  });
}
