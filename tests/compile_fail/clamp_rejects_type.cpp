// Compile-fail: clamp of complex numbers (they have no order).
// expect-error-gcc: sxla: clamp: c64[3]: the operand must be a real number (not pred, not complex)
// expect-error-clang: sxla::diagnostic<sxla::hlo::clamp, sxla::hlo::c64[3]>::values<>
// expect-error-clang: sxla: {}: {}: the operand must be a real number (not pred, not complex)
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/select.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"f32[3]"> a, lo, hi;
#else
sxla::tensor<"c64[3]"> a, lo, hi;
#endif
auto e = sxla::clamp(lo, a, hi);
