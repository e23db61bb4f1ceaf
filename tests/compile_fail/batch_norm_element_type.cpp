// Compile-fail: batch norm of integers.
// expect-error-gcc: sxla: batch_norm_inference: s32[2,3]: the element type must be f32 or f64
// expect-error-clang: sxla::diagnostic<sxla::hlo::batch_norm_inference, sxla::hlo::s32[2][3]>::values<>
// expect-error-clang: sxla: {}: {}: the element type must be f32 or f64
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/batch_norm.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"f32[2,3]"> a;
sxla::tensor<"f32[3]"> scale, offset, mean, variance;
#else
sxla::tensor<"s32[2,3]"> a;
sxla::tensor<"s32[3]"> scale, offset, mean, variance;
#endif
auto e = sxla::batch_norm_inference<1>(a, scale, offset, mean, variance, 1e-3);
