// AllReduce on MPI, 4 ranks, pred and the integer types: tests/dist/collective_cases.hpp's
// checks, as the in-process communicator passes them. Run by tests/mpi/main.cpp under mpirun.
#include "dist/collective_cases.hpp"

#include <sxla/mpi.hpp>

namespace x = sxla;
using namespace collective_cases;

TEST_CASE("mpi: all_reduce, pred and the integer types, every computation") {
  x::mpi_communicator comm;
  REQUIRE(comm.valid());
  all_reduce_integer_types(comm);
}
