// sxla/mpi.hpp: the whole library and x::mpi_communicator, the one public header that
// needs <mpi.h> (compile and link with MPI: mpicxx, or meson's dependency('mpi')).
#ifndef SXLA_MPI_HPP
#define SXLA_MPI_HPP

#include "sxla/sxla.hpp"

#include "sxla/dist/mpi_communicator.hpp"

#endif  // SXLA_MPI_HPP
