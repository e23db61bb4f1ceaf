// Compile-fail: dynamic_reshape to a rank-2 bound with one size.
// expect-error-gcc: sxla: dynamic_reshape: f32[6] to f32[3,2]: one size per result dimension is needed (2), given 1
// expect-error-clang: sxla::diagnostic<sxla::hlo::dynamic_reshape, sxla::hlo::f32[6], sxla::hlo::f32[3][2]>::values<2, 1>
// expect-error-clang: sxla: {}: {} to {}: one size per result dimension is needed ({}), given {}
#include <sxla/sxla.hpp>

sxla::tensor<"f32[6]"> v;
#ifdef SXLA_CONTROL
auto r = sxla::dynamic_reshape<"f32[3,2]">(v, 3, 2);
#else
auto r = sxla::dynamic_reshape<"f32[3,2]">(v, 3);
#endif
