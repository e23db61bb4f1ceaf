// AllReduce on MPI, 4 ranks: tests/dist/collective_cases.hpp's checks on the float and
// complex types, user computations (folded in group order at the group's first member),
// operand forms; as the in-process communicator passes them. Run by tests/mpi/main.cpp under mpirun.
#include "dist/collective_cases.hpp"

#include <sxla/mpi.hpp>

namespace x = sxla;
using namespace collective_cases;

TEST_CASE("mpi: all_reduce, the float and complex types, user computations, operand forms") {
  x::mpi_communicator comm;
  REQUIRE(comm.valid());
  all_reduce_float_types(comm);
  all_reduce_user_computations(comm);
  all_reduce_operand_forms(comm);
}
