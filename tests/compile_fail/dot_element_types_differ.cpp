// Compile-fail: a dot of operands of different element types.
// expect-error-gcc: sxla: dot: f32[2,3] and f64[3,4]: lhs and rhs must have one element type (convert one with x::convert)
// expect-error-clang: sxla::diagnostic<sxla::hlo::dot, sxla::hlo::f32[2][3], sxla::hlo::f64[3][4]>::values<>
// expect-error-clang: sxla: {}: {} and {}: lhs and rhs must have one element type (convert one with x::convert)
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/dot_general.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[3,4]"> b;
#else
sxla::tensor<"f64[3,4]"> b;
#endif
auto e = sxla::dot(a, b);
