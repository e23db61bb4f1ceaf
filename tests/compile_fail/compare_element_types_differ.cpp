// Compile-fail: a comparison of arrays of different element types; the op is lt_total_order.
// expect-error-gcc: sxla: lt_total_order: f32[2] and f64[2]: the element types differ (XLA converts nothing implicitly; use x::convert)
// expect-error-clang: sxla::diagnostic<sxla::hlo::lt_total_order, sxla::hlo::f32[2], sxla::hlo::f64[2]>::values<>
// expect-error-clang: sxla: {}: {} and {}: the element types differ (XLA converts nothing implicitly; use x::convert)
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/compare.hpp>

sxla::tensor<"f32[2]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[2]"> b;
#else
sxla::tensor<"f64[2]"> b;
#endif
auto e = sxla::lt_total_order(a, b);
