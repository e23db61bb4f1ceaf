// sxla/core/parallel.hpp: how sxla runs work on threads it is given, never on its own.
// A pool is any callable pool(n, f) that calls f(0), ..., f(n - 1), each exactly once,
// in any order, possibly at the same time, and returns when all have returned (a thin
// wrapper over the caller's thread pool, or openmp_pool below). Only the operations that
// accept one (x::dot(...).parallel(pool, tasks)) use it.
#ifndef SXLA_CORE_PARALLEL_HPP
#define SXLA_CORE_PARALLEL_HPP

#include <concepts>
#include <cstdint>

#include "sxla/core/index.hpp"  // index_t

namespace sxla {

namespace detail {
struct pool_probe_task {
  void operator()(index_t) const noexcept {}
};
}  // namespace detail

template <class P>
concept thread_pool = requires(P& pool, index_t n) { pool(n, detail::pool_probe_task{}); };

#if defined(_OPENMP)
// The tasks as an OpenMP parallel loop (a build with -fopenmp).
struct openmp_pool {
  template <class F>
  void operator()(index_t n, F&& f) const {
#pragma omp parallel for schedule(static)
    for (index_t i = 0; i < n; ++i) f(i);
  }
};
#endif

}  // namespace sxla

#endif  // SXLA_CORE_PARALLEL_HPP
