// Compile-fail: cholesky of matrices that are not square (f32[2,3,4]: 3 x 4).
// expect-error-gcc: sxla: cholesky: f32[2,3,4]: the matrices must be square (the last two dimensions equal)
// expect-error-clang: sxla::diagnostic<sxla::hlo::cholesky, sxla::hlo::f32[2][3][4]>::values<>
// expect-error-clang: sxla: {}: {}: the matrices must be square (the last two dimensions equal)
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"f32[2,4,4]"> a;
#else
sxla::tensor<"f32[2,3,4]"> a;
#endif
auto e = sxla::cholesky<sxla::lower>(a);
