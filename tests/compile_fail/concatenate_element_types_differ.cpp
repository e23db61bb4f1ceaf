// Compile-fail: concatenating arrays of different element types.
// expect-error-gcc: sxla: concatenate: f32[2,3] and s32[1,3]: the element types differ (use x::convert)
// expect-error-clang: sxla::diagnostic<sxla::hlo::concatenate, sxla::hlo::f32[2][3], sxla::hlo::s32[1][3]>::values<>
// expect-error-clang: sxla: {}: {} and {}: the element types differ (use x::convert)
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/concatenate.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[1,3]"> b;
#else
sxla::tensor<"s32[1,3]"> b;
#endif
auto e = sxla::concatenate<0>(a, b);
