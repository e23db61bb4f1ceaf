// Compile-fail: concatenating arrays of different ranks.
// expect-error-gcc: sxla: concatenate: f32[2,3] and f32[3]: the ranks differ (2 and 1)
// expect-error-clang: sxla::diagnostic<sxla::hlo::concatenate, sxla::hlo::f32[2][3], sxla::hlo::f32[3]>::values<2, 1>
// expect-error-clang: sxla: {}: {} and {}: the ranks differ ({} and {})
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> a; sxla::tensor<"f32[3]"> v; sxla::tensor<"f32[1,3]"> w;
#ifdef SXLA_CONTROL
auto e = sxla::concatenate<0>(a, w);
#else
auto e = sxla::concatenate<0>(a, v);
#endif
