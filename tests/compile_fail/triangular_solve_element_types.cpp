// Compile-fail: triangular_solve of an f32 a and an f64 b (one element type, f16, bf16, f32,
// f64, c64 or c128).
// expect-error-gcc: sxla: triangular_solve: f32[3,3] and f64[3,2]: a and b must have one element type, f16, bf16, f32, f64, c64 or c128
// expect-error-clang: sxla::diagnostic<sxla::hlo::triangular_solve, sxla::hlo::f32[3][3], sxla::hlo::f64[3][2]>::values<>
// expect-error-clang: sxla: {}: {} and {}: a and b must have one element type, f16, bf16, f32, f64, c64 or c128
#include <sxla/sxla.hpp>

sxla::tensor<"f32[3,3]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[3,2]"> b;
#else
sxla::tensor<"f64[3,2]"> b;
#endif
auto e = sxla::triangular_solve<sxla::triangular_solve_options{}>(a, b);
