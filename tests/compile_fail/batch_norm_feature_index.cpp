// Compile-fail: a batch norm feature index that is not a dimension of the operand.
// expect-error: sxla::batch_norm: feature_index is not a dimension of the operand
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> a;
sxla::tensor<"f32[3]"> scale, offset;
#ifdef SXLA_CONTROL
auto e = sxla::batch_norm_training<1>(a, scale, offset, 1e-3);
#else
auto e = sxla::batch_norm_training<2>(a, scale, offset, 1e-3);
#endif
