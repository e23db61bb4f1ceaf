// Compile-fail: a batch norm gradient whose grad_output has another shape than the operand.
// expect-error-gcc: sxla: batch_norm_grad: f32[2,3] and grad_output f32[3,2]: grad_output must have the shape of the operand
// expect-error-clang: sxla::diagnostic<sxla::hlo::batch_norm_grad, sxla::hlo::f32[2][3], sxla::hlo::f32[3][2]>::values<>
// expect-error-clang: sxla: {}: {} and grad_output {}: grad_output must have the shape of the operand
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/batch_norm.hpp>

sxla::tensor<"f32[2,3]"> a;
sxla::tensor<"f32[3]"> scale, mean, variance;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[2,3]"> dy;
#else
sxla::tensor<"f32[3,2]"> dy;
#endif
auto e = sxla::batch_norm_grad<1>(a, scale, mean, variance, dy, 1e-3);
