// Compile-fail: dynamic_reshape to another element type.
// expect-error-gcc: sxla: dynamic_reshape: f32[6] to s32[3,2]: the element type differs
// expect-error-clang: sxla::diagnostic<sxla::hlo::dynamic_reshape, sxla::hlo::f32[6], sxla::hlo::s32[3][2]>::values<>
// expect-error-clang: sxla: {}: {} to {}: the element type differs
#include <sxla/sxla.hpp>

sxla::tensor<"f32[6]"> v;
#ifdef SXLA_CONTROL
auto r = sxla::dynamic_reshape<"f32[3,2]">(v, 3, 2);
#else
auto r = sxla::dynamic_reshape<"s32[3,2]">(v, 3, 2);
#endif
