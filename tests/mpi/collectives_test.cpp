// The other collectives and send/recv on MPI, 4 ranks: tests/dist/collective_cases.hpp's
// checks, plus what only MPI has: a caller's own MPI_Comm, cached sub-communicators per
// (groups, channel) beyond the cache's size, a message of the wrong size left unread.
// Run by tests/mpi/main.cpp under mpirun.
#include "dist/collective_cases.hpp"

#include <sxla/mpi.hpp>

namespace x = sxla;
using namespace collective_cases;

TEST_CASE("mpi: all_gather, reduce_scatter, all_to_all, permute, broadcast, the asynchronous pairs, collective_reduce, ragged_all_to_all") {
  x::mpi_communicator comm;
  gather_scatter_all_to_all(comm);
  reduce_scatter_tuple(comm);
  permute_and_broadcast(comm);
  async_pairs(comm);
  collective_reduce_cases(comm);
  ragged_all_to_all_cases(comm);
}

TEST_CASE("mpi: send and recv, errors") {
  x::mpi_communicator comm;
  send_recv_chain(comm);
  errors(comm);
  // A message of another size stays unread and is reported; then it is read.
  const int me = comm.replica_id();
  if (me == 0) {
    CHECK(x::send(x::tensor<"f32[3]">{1, 2, 3}, x::token{}, comm, 1, 5).ok());
  } else if (me == 1) {
    auto wrong = x::recv<"f32[4]">(x::token{}, comm, 0, 5);
    CHECK(wrong.status == x::collective_status::size_mismatch);
    auto right = x::recv<"f32[3]">(x::token{}, comm, 0, 5);
    CHECK(right.ok());
    CHECK(right.value(2) == 3.0f);
  }
}

TEST_CASE("mpi: a caller's communicator; replica ids are ranks in it") {
  int world_rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  MPI_Comm halves;  // ranks 0,1 and 2,3, each half in reverse rank order
  MPI_Comm_split(MPI_COMM_WORLD, world_rank / 2, -world_rank, &halves);
  {
    x::mpi_communicator comm(halves);
    CHECK(comm.replica_count() == 2);
    CHECK(comm.replica_id() == 1 - world_rank % 2);
    auto g = x::all_gather<0, 2>(x::tensor<"s32[1]">{world_rank}, comm);
    REQUIRE(g.ok());
    const int first = world_rank / 2 * 2 + 1;  // replica 0 of the half
    CHECK(g.value(0) == first);
    CHECK(g.value(1) == first - 1);
    // Channels and groupings beyond the cache's 8 entries: each still right.
    for (int ch = 0; ch < 12; ++ch) {
      auto s = x::all_reduce(x::tensor<"s32[]">(ch + world_rank), x::add_op, comm, x::channel_id{ch},
                             x::replica_groups{{1}, {0}});
      CHECK(s.value() == ch + world_rank);
    }
  }
  MPI_Comm_free(&halves);
}
