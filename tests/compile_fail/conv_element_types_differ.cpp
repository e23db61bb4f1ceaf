// Compile-fail: a convolution of operands of different element types.
// expect-error-gcc: sxla: conv_general_dilated: f32[1,2,4,4] and f64[3,2,3,3]: lhs and rhs must have one element type (convert one with x::convert)
// expect-error-clang: sxla::diagnostic<sxla::hlo::conv_general_dilated, sxla::hlo::f32[1][2][4][4], sxla::hlo::f64[3][2][3][3]>::values<>
// expect-error-clang: sxla: {}: {} and {}: lhs and rhs must have one element type (convert one with x::convert)
#include <sxla/sxla.hpp>

sxla::tensor<"f32[1,2,4,4]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[3,2,3,3]"> w;
#else
sxla::tensor<"f64[3,2,3,3]"> w;
#endif
auto e = sxla::conv_general_dilated(a, w);
