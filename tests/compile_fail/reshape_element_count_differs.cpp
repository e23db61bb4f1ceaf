// Compile-fail: a reshape to a different element count.
// expect-error-gcc: sxla: reshape: f32[4,2,3] to f32[8,4]: the element counts differ (24 and 32)
// expect-error-clang: sxla::diagnostic<sxla::hlo::reshape, sxla::hlo::f32[4][2][3], sxla::hlo::f32[8][4]>::values<24, 32>
// expect-error-clang: sxla: {}: {} to {}: the element counts differ ({} and {})
#include <sxla/sxla.hpp>

sxla::tensor<"f32[4,2,3]"> v;
#ifdef SXLA_CONTROL
auto e = sxla::reshape<"f32[8,3]">(v);
#else
auto e = sxla::reshape<"f32[8,4]">(v);
#endif
