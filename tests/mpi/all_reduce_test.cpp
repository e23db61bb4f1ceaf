// AllReduce on MPI, 4 ranks: tests/dist/collective_cases.hpp's checks (every element
// type and computation, user computations folded in group order, operand forms), as the
// in-process communicator passes them. Run by tests/mpi/main.cpp under mpirun.
#include "dist/collective_cases.hpp"

#include <sxla/mpi.hpp>

namespace x = sxla;
using namespace collective_cases;

TEST_CASE("mpi: all_reduce, every element type and computation") {
  x::mpi_communicator comm;
  REQUIRE(comm.valid());
  all_reduce_every_type(comm);
  all_reduce_user_computations(comm);
  all_reduce_operand_forms(comm);
}
