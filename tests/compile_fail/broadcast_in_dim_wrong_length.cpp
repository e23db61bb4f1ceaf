// Compile-fail: broadcast_in_dim with no result dimension for an operand dimension.
// expect-error-gcc: sxla: broadcast_in_dim: f32[2,3] to f32[2,4,3]: give one result dimension per operand dimension (1 for rank 2)
// expect-error-clang: sxla::diagnostic<sxla::hlo::broadcast_in_dim, sxla::hlo::f32[2][3], sxla::hlo::f32[2][4][3]>::values<1, 2>
// expect-error-clang: sxla: {}: {} to {}: give one result dimension per operand dimension ({} for rank {})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/broadcast.hpp>

sxla::tensor<"f32[2,3]"> m;
#ifdef SXLA_CONTROL
auto e = sxla::broadcast_in_dim<"f32[2,4,3]", 0, 2>(m);
#else
auto e = sxla::broadcast_in_dim<"f32[2,4,3]", 0>(m);
#endif
