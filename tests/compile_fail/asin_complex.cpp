// Compile-fail: asin of complex numbers (sxla's inverse trigonometric functions take real
// floats).
// expect-error-gcc: sxla: asin: c64[2]: the op does not take this element type
// expect-error-clang: sxla::diagnostic<sxla::math_kind::asin, sxla::hlo::c64[2]>::values<>
// expect-error-clang: sxla: {}: {}: the op does not take this element type
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"f64[2]"> a;
#else
sxla::tensor<"c64[2]"> a;
#endif
auto e = sxla::asin(a);
