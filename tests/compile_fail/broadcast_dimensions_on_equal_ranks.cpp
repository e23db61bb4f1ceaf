// Compile-fail: broadcast_dimensions other than the identity between operands of equal rank.
// expect-error-gcc: sxla: mul: f32[2,3] and f32[2,3]: operands of equal rank take no broadcast_dimensions, or the identity (here 2 entries, entry 0 is 1)
// expect-error-clang: sxla::diagnostic<sxla::hlo::mul, sxla::hlo::f32[2][3], sxla::hlo::f32[2][3]>::values<2, 0, 1>
// expect-error-clang: sxla: {}: {} and {}: operands of equal rank take no broadcast_dimensions, or the identity (here {} entries, entry {} is {})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/arithmetic.hpp>

sxla::tensor<"f32[2,3]"> a, b;
#ifdef SXLA_CONTROL
auto e = sxla::mul(a, b, sxla::broadcast_dimensions<0, 1>);
#else
auto e = sxla::mul(a, b, sxla::broadcast_dimensions<1, 0>);
#endif
