// Compile-fail: broadcast_in_dim to a result shape of another element type.
// expect-error-gcc: sxla: broadcast_in_dim: f32[3] to s32[2,3]: the result shape has another element type
// expect-error-clang: sxla::diagnostic<sxla::hlo::broadcast_in_dim, sxla::hlo::f32[3], sxla::hlo::s32[2][3]>::values<>
// expect-error-clang: sxla: {}: {} to {}: the result shape has another element type
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/broadcast.hpp>

sxla::tensor<"f32[3]"> v;
#ifdef SXLA_CONTROL
auto e = sxla::broadcast_in_dim<"f32[2,3]", 1>(v);
#else
auto e = sxla::broadcast_in_dim<"s32[2,3]", 1>(v);
#endif
