// Compile-fail: erf of complex numbers (XLA's Erf takes real floats only).
// expect-error-gcc: sxla: erf: c64[3]: the op does not take this element type
// expect-error-clang: sxla::diagnostic<sxla::math_kind::erf, sxla::hlo::c64[3]>::values<>
// expect-error-clang: sxla: {}: {}: the op does not take this element type
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"f32[3]"> a;
#else
sxla::tensor<"c64[3]"> a;
#endif
auto e = sxla::erf(a);
