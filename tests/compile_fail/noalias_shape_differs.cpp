// Compile-fail: x::noalias(t) = e with e of other dimensions: one error, nothing evaluated.
// expect-error-gcc: sxla: assign: f32[6] from f32[2,3]: the shapes differ
// expect-error-clang: sxla::diagnostic<sxla::hlo::assign, sxla::hlo::f32[6], sxla::hlo::f32[2][3]>::values<>
// expect-error-clang: sxla: {}: {} from {}: the shapes differ
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[2,3]{0,1}"> t;
#else
sxla::tensor<"f32[6]"> t;
#endif
void f() { sxla::noalias(t) = a + 1.0f; }
