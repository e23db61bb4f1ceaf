// Compile-fail: broadcast_dimensions that are not strictly increasing.
// expect-error-gcc: sxla: add: f32[2,3,4] and f32[3,4]: broadcast_dimensions must be strictly increasing (entry 1 is 1, after 2)
// expect-error-clang: sxla::diagnostic<sxla::hlo::add, sxla::hlo::f32[2][3][4], sxla::hlo::f32[3][4]>::values<1, 1, 2>
// expect-error-clang: sxla: {}: {} and {}: broadcast_dimensions must be strictly increasing (entry {} is {}, after {})
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3,4]"> c;
sxla::tensor<"f32[3,4]"> m;
#ifdef SXLA_CONTROL
auto e = sxla::add(c, m, sxla::broadcast_dimensions<1, 2>);
#else
auto e = sxla::add(c, m, sxla::broadcast_dimensions<2, 1>);
#endif
