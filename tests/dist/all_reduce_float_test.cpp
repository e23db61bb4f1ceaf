// x::all_reduce on the in-process communicator with 2, 3 and 4 replicas: f16, bf16, f32, f64,
// c64 and c128 with every built-in computation they have; user computations with and
// without state (combined in group order); operands in other layouts, lazy ones, numbers
// and tuples; replicas that disagree on a size.
// The checks are tests/dist/collective_cases.hpp's, shared with the MPI test.
#include "dist/collective_cases.hpp"

namespace x = sxla;
using namespace collective_cases;

TEST_CASE("all_reduce: the float and complex types, every computation, 2, 3 and 4 replicas") {
  for (int n : {2, 3, 4}) {
    x::thread_communicator world(n);
    world.run([](x::thread_replica comm) { all_reduce_float_types(comm); });
  }
}

TEST_CASE("all_reduce: user computations apply in group order") {
  for (int n : {2, 3, 4}) {
    x::thread_communicator world(n);
    world.run([](x::thread_replica comm) { all_reduce_user_computations(comm); });
  }
}

TEST_CASE("all_reduce: layouts, lazy operands, numbers, tuples; cross_replica_sum") {
  for (int n : {1, 2, 3, 4}) {
    x::thread_communicator world(n);
    world.run([](x::thread_replica comm) { all_reduce_operand_forms(comm); });
  }
}

TEST_CASE("thread_communicator: replicas disagreeing on the size get size_mismatch and zeros") {
  x::thread_communicator world(2);
  x::collective_status st[2];
  float first[2];
  world.run([&](x::thread_replica comm) {
    const int me = comm.replica_id();
    const x::tensor<"f32[4]"> a = {1, 2, 3, 4};
    // Replica 1 reduces 4 elements, replica 0 five (a program that is not SPMD).
    if (me == 0) {
      auto r = x::all_reduce(x::tensor<"f32[5]">{1, 2, 3, 4, 5}, x::add_op, comm);
      st[me] = r.status;
      first[me] = r.value(0);
    } else {
      auto r = x::all_reduce(a, x::add_op, comm);
      st[me] = r.status;
      first[me] = r.value(0);
    }
  });
  CHECK(st[0] == x::collective_status::size_mismatch);
  CHECK(st[1] == x::collective_status::size_mismatch);
  CHECK(first[0] == 0.0f);
  CHECK(first[1] == 0.0f);
}

TEST_CASE("thread_communicator: a count outside 1..SXLA_MAX_REPLICAS, a replica outside the count") {
  x::thread_communicator world(0);
  CHECK(world.replica_count() == 1);
  auto r = x::all_reduce(x::tensor<"f32[2]">{1, 2}, x::add_op, world.replica(0));
  CHECK(r.status == x::collective_status::bad_replica_groups);
  CHECK(r.value(1) == 0.0f);
  // A handle for a replica the communicator does not have: statuses, nobody waits.
  x::thread_communicator two(2);
  const x::thread_replica stray = two.replica(7);
  const x::tensor<"f32[2]"> a = {1, 2};
  CHECK(x::all_reduce(a, x::add_op, stray).status == x::collective_status::bad_replica_groups);
  auto p = x::collective_permute(a, stray, x::source_target_pairs{{0, 1}});
  CHECK(p.status == x::collective_status::bad_replica_groups);
  CHECK(p.value(0) == 0.0f);
  CHECK(x::send(a, x::token{}, stray, 0, 0).status == x::collective_status::bad_peer);
  CHECK(x::recv<"f32[2]">(x::token{}, stray, 1, 0).status == x::collective_status::bad_peer);
}
