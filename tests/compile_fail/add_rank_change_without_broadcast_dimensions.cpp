// Compile-fail: a rank change without broadcast_dimensions; the op and both shapes show.
// expect-error-gcc: sxla: add: f32[2,3] and f32[3]: the ranks differ (2 and 1); a rank change needs x::broadcast_dimensions (only a scalar broadcasts without them)
// expect-error-clang: sxla::diagnostic<sxla::hlo::add, sxla::hlo::f32[2][3], sxla::hlo::f32[3]>::values<2, 1>
// expect-error-clang: sxla: {}: {} and {}: the ranks differ ({} and {}); a rank change needs x::broadcast_dimensions (only a scalar broadcasts without them)
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> m;
sxla::tensor<"f32[3]"> v;
#ifdef SXLA_CONTROL
auto e = sxla::add(m, v, sxla::broadcast_dimensions<1>);
#else
auto e = sxla::add(m, v);
#endif
