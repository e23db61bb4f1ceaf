// Compile-fail: after_all of a tensor (it joins tokens).
// expect-error-gcc: sxla: after_all: f32[2] is not a token (operand 1)
// expect-error-clang: sxla::diagnostic<sxla::hlo::after_all, sxla::hlo::f32[2]>::values<1>
// expect-error-clang: sxla: {}: {} is not a token (operand {})
#include <sxla/sxla.hpp>

sxla::token t;
#ifdef SXLA_CONTROL
auto u = sxla::after_all(t, t);
#else
auto u = sxla::after_all(t, sxla::tensor<"f32[2]">{});
#endif
