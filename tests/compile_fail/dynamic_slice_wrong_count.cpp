// Compile-fail: a dynamic_slice without one start index per dimension.
// expect-error-gcc: sxla: dynamic_slice: f32[4,3]: give one size and one start index per dimension (2 and 1 for rank 2)
// expect-error-clang: sxla::diagnostic<sxla::hlo::dynamic_slice, sxla::hlo::f32[4][3]>::values<2, 1, 2>
// expect-error-clang: sxla: {}: {}: give one size and one start index per dimension ({} and {} for rank {})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/slice.hpp>

sxla::tensor<"f32[4,3]"> b;
#ifdef SXLA_CONTROL
auto e = sxla::dynamic_slice<2, 2>(b, 1, 1);
#else
auto e = sxla::dynamic_slice<2, 2>(b, 1);
#endif
