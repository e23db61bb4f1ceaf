// Compile-fail: broadcast_in_dim of a dimension whose size is neither the result's nor 1.
// expect-error-gcc: sxla: broadcast_in_dim: f32[3] to f32[2,3]: operand dimension 0 (size 3) goes to result dimension 0 (size 2); the sizes must be equal, or the operand size 1
// expect-error-clang: sxla::diagnostic<sxla::hlo::broadcast_in_dim, sxla::hlo::f32[3], sxla::hlo::f32[2][3]>::values<0, 3, 0, 2>
// expect-error-clang: sxla: {}: {} to {}: operand dimension {} (size {}) goes to result dimension {} (size {}); the sizes must be equal, or the operand size 1
#include <sxla/sxla.hpp>

sxla::tensor<"f32[3]"> v;
#ifdef SXLA_CONTROL
auto e = sxla::broadcast_in_dim<"f32[2,3]", 1>(v);
#else
auto e = sxla::broadcast_in_dim<"f32[2,3]", 0>(v);
#endif
