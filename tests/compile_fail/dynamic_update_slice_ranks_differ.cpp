// Compile-fail: an update of another rank than the operand.
// expect-error-gcc: sxla: dynamic_update_slice: f32[4,3] and update f32[3]: the ranks differ (2 and 1)
// expect-error-clang: sxla::diagnostic<sxla::hlo::dynamic_update_slice, sxla::hlo::f32[4][3], sxla::hlo::f32[3]>::values<2, 1>
// expect-error-clang: sxla: {}: {} and update {}: the ranks differ ({} and {})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/dynamic_update_slice.hpp>

sxla::tensor<"f32[4,3]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[1,3]"> u;
#else
sxla::tensor<"f32[3]"> u;
#endif
auto e = sxla::dynamic_update_slice(a, u, 1, 0);
