// Allocation counting for tests/alloc: the executable replaces every global operator
// new and wraps malloc, calloc, realloc, aligned_alloc and posix_memalign at link time
// (-Wl,--wrap=..., tests/meson.build; counting.cpp), so that any allocation made by code
// compiled into it is counted. allocations_during(f) runs f and returns how many
// allocations it made.
#ifndef SXLA_TESTS_ALLOC_COUNTING_HPP
#define SXLA_TESTS_ALLOC_COUNTING_HPP

#include <cstddef>

namespace sxla_test {

// Allocations (operator new of any form, or a wrapped C allocation function) so far.
std::size_t allocation_count() noexcept;

template <class F>
std::size_t allocations_during(F&& f) {
  const std::size_t before = allocation_count();
  f();
  return allocation_count() - before;
}

}  // namespace sxla_test

#endif  // SXLA_TESTS_ALLOC_COUNTING_HPP
