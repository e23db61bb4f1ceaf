// Compile-fail: a batch norm scale of the wrong size for the feature dimension.
// expect-error-gcc: sxla: batch_norm_inference: f32[2,3] and f32[2]: scale, offset, mean and variance must be f32[3] (the element type, and the size of feature dimension 1)
// expect-error-clang: sxla::diagnostic<sxla::hlo::batch_norm_inference, sxla::hlo::f32[2][3], sxla::hlo::f32[2], sxla::hlo::f32[3]>::values<1>
// expect-error-clang: sxla: {}: {} and {}: scale, offset, mean and variance must be {} (the element type, and the size of feature dimension {})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/batch_norm.hpp>

sxla::tensor<"f32[2,3]"> a;
sxla::tensor<"f32[3]"> offset, mean, variance;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[3]"> scale;
#else
sxla::tensor<"f32[2]"> scale;
#endif
auto e = sxla::batch_norm_inference<1>(a, scale, offset, mean, variance, 1e-3);
