// Compile-fail: a unary op that does not take the element type (exp of integers).
// expect-error-gcc: sxla: exp: s32[3]: the op does not take this element type
// expect-error-clang: sxla::diagnostic<sxla::math_kind::exp, sxla::hlo::s32[3]>::values<>
// expect-error-clang: sxla: {}: {}: the op does not take this element type
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/math.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"f32[3]"> a;
#else
sxla::tensor<"s32[3]"> a;
#endif
auto e = sxla::exp(a);
