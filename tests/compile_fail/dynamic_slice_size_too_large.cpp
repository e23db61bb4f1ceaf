// Compile-fail: a dynamic_slice size larger than the dimension.
// expect-error-gcc: sxla: dynamic_slice: f32[5]: the slice size of dimension 0 is 6, outside [0, 5]
// expect-error-clang: sxla::diagnostic<sxla::hlo::dynamic_slice, sxla::hlo::f32[5]>::values<0, 6, 5>
// expect-error-clang: sxla: {}: {}: the slice size of dimension {} is {}, outside [0, {}]
#include <sxla/sxla.hpp>

sxla::tensor<"f32[5]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::dynamic_slice<5>(a, 1);
#else
auto e = sxla::dynamic_slice<6>(a, 1);
#endif
