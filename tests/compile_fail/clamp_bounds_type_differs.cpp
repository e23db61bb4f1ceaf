// Compile-fail: clamp whose bounds have another element type than the operand.
// expect-error-gcc: sxla: clamp: f64[], f32[3] and f64[]: min, operand and max must have one element type (use x::convert)
// expect-error-clang: sxla::diagnostic<sxla::hlo::clamp, sxla::hlo::f64, sxla::hlo::f32[3], sxla::hlo::f64>::values<>
// expect-error-clang: sxla: {}: {}, {} and {}: min, operand and max must have one element type (use x::convert)
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/select.hpp>

sxla::tensor<"f32[3]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[]"> lo, hi;
#else
sxla::tensor<"f64[]"> lo, hi;
#endif
auto e = sxla::clamp(lo, a, hi);
