// x::all_reduce on the in-process communicator with 2, 3 and 4 replicas: pred and the integer types
// with every built-in computation they have, in every replica grouping.
// The checks are tests/dist/collective_cases.hpp's, shared with the MPI test.
#include "dist/collective_cases.hpp"

namespace x = sxla;
using namespace collective_cases;

TEST_CASE("all_reduce: the integer types and pred, every computation, 2, 3 and 4 replicas") {
  for (int n : {2, 3, 4}) {
    x::thread_communicator world(n);
    world.run([](x::thread_replica comm) { all_reduce_integer_types(comm); });
  }
}
