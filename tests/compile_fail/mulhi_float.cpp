// Compile-fail: mulhi of floats (XLA's Mulhi takes integers).
// expect-error-gcc: sxla: mulhi: f32[3]: the op does not take this element type
// expect-error-clang: sxla::diagnostic<sxla::hlo::mulhi, sxla::hlo::f32[3]>::values<>
// expect-error-clang: sxla: {}: {}: the op does not take this element type
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"u32[3]"> a, b;
#else
sxla::tensor<"f32[3]"> a, b;
#endif
auto e = sxla::mulhi(a, b);
