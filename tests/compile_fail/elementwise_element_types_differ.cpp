// Compile-fail: operands of different element types (XLA converts nothing implicitly).
// expect-error-gcc: sxla: max: f32[3] and s32[3]: the element types differ (XLA converts nothing implicitly; use x::convert)
// expect-error-clang: sxla::diagnostic<sxla::hlo::max, sxla::hlo::f32[3], sxla::hlo::s32[3]>::values<>
// expect-error-clang: sxla: {}: {} and {}: the element types differ (XLA converts nothing implicitly; use x::convert)
#include <sxla/sxla.hpp>

sxla::tensor<"f32[3]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[3]"> b;
#else
sxla::tensor<"s32[3]"> b;
#endif
auto e = sxla::max(a, b);
