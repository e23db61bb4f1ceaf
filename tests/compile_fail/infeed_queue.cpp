// Compile-fail: infeed from something that is no feed queue.
// expect-error-gcc: sxla: infeed: int is not a feed queue: it needs try_write(const std::byte*, std::size_t) and try_read(std::byte*, std::size_t) returning x::feed_status
// expect-error-clang: sxla::diagnostic<sxla::hlo::infeed, int>::values<>
// expect-error-clang: sxla: {}: {} is not a feed queue: it needs try_write(const std::byte*, std::size_t) and try_read(std::byte*, std::size_t) returning x::feed_status
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
sxla::ring_queue<64> q;
#else
int q;
#endif
auto r = sxla::infeed<"f32[2]">(q, sxla::token{});
