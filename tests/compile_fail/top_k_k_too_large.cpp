// Compile-fail: top_k with k above the size of the last dimension.
// expect-error-gcc: sxla: top_k: f32[2,5]: k = 6 must be in [0, 5], the size of the last dimension
// expect-error-clang: sxla::diagnostic<sxla::hlo::top_k, sxla::hlo::f32[2][5]>::values<6, 5>
// expect-error-clang: sxla: {}: {}: k = {} must be in [0, {}], the size of the last dimension
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,5]"> a;
#ifdef SXLA_CONTROL
auto r = sxla::top_k<5>(a);
#else
auto r = sxla::top_k<6>(a);
#endif
