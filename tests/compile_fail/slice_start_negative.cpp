// Compile-fail: a negative slice start.
// expect-error-gcc: sxla: slice: f32[4,3]: the start of dimension 1 is negative (-1)
// expect-error-clang: sxla::diagnostic<sxla::hlo::slice, sxla::hlo::f32[4][3]>::values<1, -1>
// expect-error-clang: sxla: {}: {}: the start of dimension {} is negative ({})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/slice.hpp>

sxla::tensor<"f32[4,3]"> b;
#ifdef SXLA_CONTROL
auto e = sxla::slice<sxla::idx{0, 1}, sxla::idx{2, 3}>(b);
#else
auto e = sxla::slice<sxla::idx{0, -1}, sxla::idx{2, 3}>(b);
#endif
