// Compile-fail: a batch norm feature index that is not a dimension of the operand.
// expect-error-gcc: sxla: batch_norm_training: f32[2,3]: feature_index 2 is not a dimension of the operand (rank 2)
// expect-error-clang: sxla::diagnostic<sxla::hlo::batch_norm_training, sxla::hlo::f32[2][3]>::values<2, 2>
// expect-error-clang: sxla: {}: {}: feature_index {} is not a dimension of the operand (rank {})
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> a;
sxla::tensor<"f32[3]"> scale, offset;
#ifdef SXLA_CONTROL
auto e = sxla::batch_norm_training<1>(a, scale, offset, 1e-3);
#else
auto e = sxla::batch_norm_training<2>(a, scale, offset, 1e-3);
#endif
