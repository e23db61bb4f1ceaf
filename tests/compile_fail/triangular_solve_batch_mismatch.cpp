// Compile-fail: triangular_solve whose batch dimensions differ (a [2, 4, 4], b [3, 4, 5]).
// expect-error-gcc: sxla: triangular_solve: f64[2,4,4] and f64[3,4,5]: a and b must have the same batch dimensions
// expect-error-clang: sxla::diagnostic<sxla::hlo::triangular_solve, sxla::hlo::f64[2][4][4], sxla::hlo::f64[3][4][5]>::values<>
// expect-error-clang: sxla: {}: {} and {}: a and b must have the same batch dimensions
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"f64[3,4,4]"> a;
#else
sxla::tensor<"f64[2,4,4]"> a;
#endif
sxla::tensor<"f64[3,4,5]"> b;
auto e = sxla::triangular_solve<sxla::triangular_solve_options{}>(a, b);
