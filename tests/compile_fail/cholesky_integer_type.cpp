// Compile-fail: cholesky of an integer matrix (the element type must be f32, f64, c64
// or c128).
// expect-error-gcc: sxla: cholesky: s32[4,4]: the element type must be f32, f64, c64 or c128
// expect-error-clang: sxla::diagnostic<sxla::hlo::cholesky, sxla::hlo::s32[4][4]>::values<>
// expect-error-clang: sxla: {}: {}: the element type must be f32, f64, c64 or c128
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"f64[4,4]"> a;
#else
sxla::tensor<"s32[4,4]"> a;
#endif
auto e = sxla::cholesky<sxla::upper>(a);
