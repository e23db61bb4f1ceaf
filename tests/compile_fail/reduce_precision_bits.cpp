// Compile-fail: reduce_precision with no exponent bits.
// expect-error-gcc: sxla: reduce_precision: f32[3]: the exponent bits must be at least 1 and the mantissa bits at least 0 (here 0 and 10)
// expect-error-clang: sxla::diagnostic<sxla::hlo::reduce_precision, sxla::hlo::f32[3]>::values<0, 10>
// expect-error-clang: sxla: {}: {}: the exponent bits must be at least 1 and the mantissa bits at least 0 (here {} and {})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/convert.hpp>

sxla::tensor<"f32[3]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::reduce_precision<10, 5>(a);
#else
auto e = sxla::reduce_precision<10, 0>(a);
#endif
