// Compile-fail: reduce_precision of integers.
// expect-error-gcc: sxla: reduce_precision: s32[3]: the operand must be floating point (f16, bf16, f32, f64)
// expect-error-clang: sxla::diagnostic<sxla::hlo::reduce_precision, sxla::hlo::s32[3]>::values<>
// expect-error-clang: sxla: {}: {}: the operand must be floating point (f16, bf16, f32, f64)
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/convert.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"f32[3]"> a;
#else
sxla::tensor<"s32[3]"> a;
#endif
auto e = sxla::reduce_precision<10, 5>(a);
