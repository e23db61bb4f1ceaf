// Compile-fail: triangular_solve with a non-square a (f32[4,5]).
// expect-error-gcc: sxla: triangular_solve: f32[4,5] and f32[4,2]: the matrices of a must be square
// expect-error-clang: sxla::diagnostic<sxla::hlo::triangular_solve, sxla::hlo::f32[4][5], sxla::hlo::f32[4][2]>::values<>
// expect-error-clang: sxla: {}: {} and {}: the matrices of a must be square
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"f32[4,4]"> a;
#else
sxla::tensor<"f32[4,5]"> a;
#endif
sxla::tensor<"f32[4,2]"> b;
auto e = sxla::triangular_solve<sxla::triangular_solve_options{}>(a, b);
