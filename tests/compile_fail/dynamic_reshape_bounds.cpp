// Compile-fail: dynamic_reshape to bounds that hold more elements than the operand's shape.
// expect-error-gcc: sxla: dynamic_reshape: f32[6] to f32[4,2]: the bounds hold 8 elements, the operand shape 6
// expect-error-clang: sxla::diagnostic<sxla::hlo::dynamic_reshape, sxla::hlo::f32[6], sxla::hlo::f32[4][2]>::values<8, 6>
// expect-error-clang: sxla: {}: {} to {}: the bounds hold {} elements, the operand shape {}
#include <sxla/sxla.hpp>

sxla::tensor<"f32[6]"> v;
#ifdef SXLA_CONTROL
auto r = sxla::dynamic_reshape<"f32[3,2]">(v, 3, 2);
#else
auto r = sxla::dynamic_reshape<"f32[4,2]">(v, 3, 2);
#endif
