// Compile-fail: a slice stride of 0.
// expect-error-gcc: sxla: slice: f32[5]: the stride of dimension 0 is below 1 (0)
// expect-error-clang: sxla::diagnostic<sxla::hlo::slice, sxla::hlo::f32[5]>::values<0, 0>
// expect-error-clang: sxla: {}: {}: the stride of dimension {} is below 1 ({})
#include <sxla/sxla.hpp>

sxla::tensor<"f32[5]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::slice<sxla::idx{0}, sxla::idx{5}, sxla::idx{2}>(a);
#else
auto e = sxla::slice<sxla::idx{0}, sxla::idx{5}, sxla::idx{0}>(a);
#endif
