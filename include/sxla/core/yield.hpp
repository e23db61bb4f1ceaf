// sxla/core/yield.hpp: yield_thread(), the rest of the caller's time slice given to
// another thread (std::this_thread::yield: sched_yield where POSIX has it), for the
// waits of threads sxla was given (feeds, the in-process communicator), without
// <thread>, whose stop tokens, semaphores and clocks every user would parse. Elsewhere
// (bare metal, no scheduler) a pause instruction.
#ifndef SXLA_CORE_YIELD_HPP
#define SXLA_CORE_YIELD_HPP

#if defined(__has_include)
#if __has_include(<sched.h>) && (defined(__unix__) || defined(__APPLE__))
#include <sched.h>
#define SXLA_DETAIL_HAS_SCHED_YIELD 1
#endif
#endif

namespace sxla::detail {

inline void yield_thread() noexcept {
#if defined(SXLA_DETAIL_HAS_SCHED_YIELD)
  sched_yield();
#elif defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__) || (defined(__ARM_ARCH) && __ARM_ARCH >= 7)
  __asm__ __volatile__("yield");
#endif
}

}  // namespace sxla::detail

#endif  // SXLA_CORE_YIELD_HPP
