// Compile-fail: an op that does not take the element type (a shift of floats).
// expect-error-gcc: sxla: shift_left: f32[3]: the op does not take this element type
// expect-error-clang: sxla::diagnostic<sxla::hlo::shift_left, sxla::hlo::f32[3]>::values<>
// expect-error-clang: sxla: {}: {}: the op does not take this element type
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"u32[3]"> a;
#else
sxla::tensor<"f32[3]"> a;
#endif
auto e = sxla::shift_left(a, a);
