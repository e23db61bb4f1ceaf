// The MPI tests' main (tests/mpi/*_test.cpp, run by meson test as `mpirun -np 4`):
// MPI_Init, doctest on every rank, MPI_Finalize. A failure on any rank fails the run.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

// MPI's C interface only (its C++ bindings do not build with -Wextra -Werror), as
// sxla/mpi.hpp includes it; not sxla itself: this file only starts and stops MPI.
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>

#include <cstdio>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int size = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int result = 1;
  if (size != 4) {
    std::fprintf(stderr, "mpi_collectives: run with mpirun -np 4 (got %d ranks)\n", size);
  } else {
    doctest::Context context(argc, argv);
    result = context.run();
  }
  // Every rank's verdict: the run fails when any rank failed.
  int worst = 0;
  MPI_Allreduce(&result, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return worst;
}
