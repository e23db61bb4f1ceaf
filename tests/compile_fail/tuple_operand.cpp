// Compile-fail: tuple of a pointer (a pointer is no XLA value).
// expect-error-gcc: sxla: tuple: int* is not an XLA value (operand 1): give a tensor, a view, an expression, a number, a token or a tuple
// expect-error-clang: sxla::diagnostic<sxla::hlo::tuple, int *>::values<1>
// expect-error-clang: sxla: {}: {} is not an XLA value (operand {}): give a tensor, a view, an expression, a number, a token or a tuple
#include <sxla/sxla.hpp>

int n = 3;
#ifdef SXLA_CONTROL
auto t = sxla::tuple(sxla::tensor<"f32[2]">{}, n);
#else
auto t = sxla::tuple(sxla::tensor<"f32[2]">{}, &n);
#endif
