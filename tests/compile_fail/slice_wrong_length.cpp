// Compile-fail: slice limits without one entry per dimension.
// expect-error-gcc: sxla: slice: f32[4,3]: start, limit and strides need one entry per dimension (2, 1 and 2 for rank 2)
// expect-error-clang: sxla::diagnostic<sxla::hlo::slice, sxla::hlo::f32[4][3]>::values<2, 1, 2, 2>
// expect-error-clang: sxla: {}: {}: start, limit and strides need one entry per dimension ({}, {} and {} for rank {})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/slice.hpp>

sxla::tensor<"f32[4,3]"> b;
#ifdef SXLA_CONTROL
auto e = sxla::slice<sxla::idx{0, 0}, sxla::idx{2, 3}>(b);
#else
auto e = sxla::slice<sxla::idx{0, 0}, sxla::idx{2}>(b);
#endif
