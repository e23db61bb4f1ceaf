// Compile-fail: optimization_barrier of a pointer (a pointer is no XLA value).
// expect-error-gcc: sxla: optimization_barrier: float [2] is not an XLA value (operand 0)
// expect-error-clang: sxla::diagnostic<sxla::hlo::optimization_barrier, float[2]>::values<0>
// expect-error-clang: sxla: {}: {} is not an XLA value (operand {})
#include <sxla/sxla.hpp>

float f[2];
#ifdef SXLA_CONTROL
auto r = sxla::optimization_barrier(sxla::view<"f32[2]">(f));
#else
auto r = sxla::optimization_barrier(f);
#endif
