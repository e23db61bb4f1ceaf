// Compile-fail: an update of another element type than the operand.
// expect-error-gcc: sxla: dynamic_update_slice: f32[4] and update f64[2]: the element types differ (use x::convert)
// expect-error-clang: sxla::diagnostic<sxla::hlo::dynamic_update_slice, sxla::hlo::f32[4], sxla::hlo::f64[2]>::values<>
// expect-error-clang: sxla: {}: {} and update {}: the element types differ (use x::convert)
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/dynamic_update_slice.hpp>

sxla::tensor<"f32[4]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[2]"> u;
#else
sxla::tensor<"f64[2]"> u;
#endif
auto e = sxla::dynamic_update_slice(a, u, 1);
