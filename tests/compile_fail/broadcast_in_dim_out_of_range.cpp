// Compile-fail: broadcast_in_dim naming a dimension the result does not have.
// expect-error-gcc: sxla: broadcast_in_dim: f32[3] to f32[2,3]: dimension 2 is not a dimension of the result (rank 2)
// expect-error-clang: sxla::diagnostic<sxla::hlo::broadcast_in_dim, sxla::hlo::f32[3], sxla::hlo::f32[2][3]>::values<2, 2>
// expect-error-clang: sxla: {}: {} to {}: dimension {} is not a dimension of the result (rank {})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/broadcast.hpp>

sxla::tensor<"f32[3]"> v;
#ifdef SXLA_CONTROL
auto e = sxla::broadcast_in_dim<"f32[2,3]", 1>(v);
#else
auto e = sxla::broadcast_in_dim<"f32[2,3]", 2>(v);
#endif
