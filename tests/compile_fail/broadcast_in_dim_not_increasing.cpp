// Compile-fail: broadcast_in_dim with dimensions out of order.
// expect-error-gcc: sxla: broadcast_in_dim: f32[2,3] to f32[3,2]: the dimensions must be strictly increasing (entry 1 is 0, after 1)
// expect-error-clang: sxla::diagnostic<sxla::hlo::broadcast_in_dim, sxla::hlo::f32[2][3], sxla::hlo::f32[3][2]>::values<1, 0, 1>
// expect-error-clang: sxla: {}: {} to {}: the dimensions must be strictly increasing (entry {} is {}, after {})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/broadcast.hpp>

sxla::tensor<"f32[2,3]"> m;
#ifdef SXLA_CONTROL
auto e = sxla::broadcast_in_dim<"f32[2,3]", 0, 1>(m);
#else
auto e = sxla::broadcast_in_dim<"f32[3,2]", 1, 0>(m);
#endif
