// Compile-fail: dynamic_update_slice without one start index per dimension.
// expect-error-gcc: sxla: dynamic_update_slice: f32[4,3] and update f32[2,3]: give one start index per dimension (1 for rank 2)
// expect-error-clang: sxla::diagnostic<sxla::hlo::dynamic_update_slice, sxla::hlo::f32[4][3], sxla::hlo::f32[2][3]>::values<1, 2>
// expect-error-clang: sxla: {}: {} and update {}: give one start index per dimension ({} for rank {})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/dynamic_update_slice.hpp>

sxla::tensor<"f32[4,3]"> a;
sxla::tensor<"f32[2,3]"> u;
#ifdef SXLA_CONTROL
auto e = sxla::dynamic_update_slice(a, u, 1, 0);
#else
auto e = sxla::dynamic_update_slice(a, u, 1);
#endif
