// Compile-fail: a broadcast dimension the higher-rank operand does not have.
// expect-error-gcc: sxla: sub: f32[2,3] and f32[3]: broadcast_dimensions names dimension 2, which the higher-rank operand (rank 2) does not have
// expect-error-clang: sxla::diagnostic<sxla::hlo::sub, sxla::hlo::f32[2][3], sxla::hlo::f32[3]>::values<2, 2>
// expect-error-clang: sxla: {}: {} and {}: broadcast_dimensions names dimension {}, which the higher-rank operand (rank {}) does not have
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> m;
sxla::tensor<"f32[3]"> v;
#ifdef SXLA_CONTROL
auto e = sxla::sub(m, v, sxla::broadcast_dimensions<1>);
#else
auto e = sxla::sub(m, v, sxla::broadcast_dimensions<2>);
#endif
