// AllGather, ReduceScatter, AllToAll, CollectivePermute, CollectiveBroadcast, ReplicaId,
// PartitionId, the asynchronous pairs (AllReduceStart/Done ...), CollectiveReduce,
// RaggedAllToAll, Send/Recv and the error statuses on the in-process communicator with 2, 3 and 4
// replicas, every split and concatenation dimension of a rank-3 operand, and replica
// groups in and out of id order. The checks are tests/dist/collective_cases.hpp's,
// shared with the MPI test.
#include "dist/collective_cases.hpp"

namespace x = sxla;
using namespace collective_cases;

TEST_CASE("all_gather, reduce_scatter, all_to_all: every dimension, replica groups") {
  for (int n : {2, 3, 4}) {
    x::thread_communicator world(n);
    world.run([](x::thread_replica comm) {
      gather_scatter_all_to_all(comm);
      reduce_scatter_tuple(comm);
    });
  }
}

TEST_CASE("collective_permute, collective_broadcast, replica_id, partition_id") {
  for (int n : {2, 3, 4}) {
    x::thread_communicator world(n);
    world.run([](x::thread_replica comm) { permute_and_broadcast(comm); });
  }
}

TEST_CASE("the asynchronous pairs: all_reduce, all_gather and collective_permute start and done") {
  for (int n : {2, 3, 4}) {
    x::thread_communicator world(n);
    world.run([](x::thread_replica comm) { async_pairs(comm); });
  }
}

TEST_CASE("collective_reduce and ragged_all_to_all") {
  for (int n : {2, 3, 4}) {
    x::thread_communicator world(n);
    world.run([](x::thread_replica comm) {
      collective_reduce_cases(comm);
      ragged_all_to_all_cases(comm);
    });
  }
}

TEST_CASE("send and recv along a chain, two channels") {
  for (int n : {2, 3, 4}) {
    x::thread_communicator world(n);
    world.run([](x::thread_replica comm) { send_recv_chain(comm); });
  }
}

TEST_CASE("a recv of another size than the send: size_mismatch on both sides") {
  x::thread_communicator world(2);
  x::collective_status st[2];
  world.run([&](x::thread_replica comm) {
    if (comm.replica_id() == 0) {
      st[0] = x::send(x::tensor<"f32[3]">{1, 2, 3}, x::token{}, comm, 1, 0).status;
    } else {
      auto r = x::recv<"f32[4]">(x::token{}, comm, 0, 0);
      st[1] = r.status;
      CHECK(r.value(0) == 0.0f);
    }
  });
  CHECK(st[0] == x::collective_status::size_mismatch);
  CHECK(st[1] == x::collective_status::size_mismatch);
}

TEST_CASE("errors: statuses, zero values, no replica waits") {
  for (int n : {2, 3, 4}) {
    x::thread_communicator world(n);
    world.run([](x::thread_replica comm) { errors(comm); });
  }
}
