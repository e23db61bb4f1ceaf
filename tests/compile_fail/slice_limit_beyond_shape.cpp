// Compile-fail: a slice limit beyond the operand's dimension.
// expect-error-gcc: sxla: slice: f32[4,3]: the limit of dimension 1 is 4, beyond its size 3
// expect-error-clang: sxla::diagnostic<sxla::hlo::slice, sxla::hlo::f32[4][3]>::values<1, 4, 3>
// expect-error-clang: sxla: {}: {}: the limit of dimension {} is {}, beyond its size {}
#include <sxla/sxla.hpp>

sxla::tensor<"f32[4,3]"> b;
#ifdef SXLA_CONTROL
auto e = sxla::slice<sxla::idx{2, 1}, sxla::idx{4, 3}>(b);
#else
auto e = sxla::slice<sxla::idx{2, 1}, sxla::idx{4, 4}>(b);
#endif
