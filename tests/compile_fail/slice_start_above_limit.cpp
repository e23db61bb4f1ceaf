// Compile-fail: a slice start above its limit.
// expect-error-gcc: sxla: slice: f32[4,3]: the start of dimension 0 is above its limit (3 and 2)
// expect-error-clang: sxla::diagnostic<sxla::hlo::slice, sxla::hlo::f32[4][3]>::values<0, 3, 2>
// expect-error-clang: sxla: {}: {}: the start of dimension {} is above its limit ({} and {})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/slice.hpp>

sxla::tensor<"f32[4,3]"> b;
#ifdef SXLA_CONTROL
auto e = sxla::slice<sxla::idx{2, 0}, sxla::idx{3, 3}>(b);
#else
auto e = sxla::slice<sxla::idx{3, 0}, sxla::idx{2, 3}>(b);
#endif
