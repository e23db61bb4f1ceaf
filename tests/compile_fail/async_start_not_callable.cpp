// Compile-fail: async_start of a computation that cannot take the operands given.
// expect-error-gcc: sxla: async_start: the computation
// expect-error-gcc: cannot be called with the operands
// expect-error-clang: sxla: {}: the computation {} cannot be called with the operands {}
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2]"> a;
inline auto twice = [](const sxla::tensor<"f32[2]">& t) { return sxla::eval(t * 2.0f); };
#ifdef SXLA_CONTROL
auto h = sxla::async_start(twice, a);
#else
auto h = sxla::async_start(twice, a, a);
#endif
