// Compile-fail: triangular_solve with left_side and a b whose rows are not a's size
// (a f32[4,4], b f32[3,4]: op(a) x = b needs b [4, N]; [3, 4] fits the right side).
// expect-error-gcc: sxla: triangular_solve: f32[4,4] and f32[3,4]: with left_side, the second-to-last dimension of b must be the size of a (op(a) x = b)
// expect-error-clang: sxla::diagnostic<sxla::hlo::triangular_solve, sxla::hlo::f32[4][4], sxla::hlo::f32[3][4]>::values<>
// expect-error-clang: sxla: {}: {} and {}: with left_side, the second-to-last dimension of b must be the size of a (op(a) x = b)
#include <sxla/sxla.hpp>

sxla::tensor<"f32[4,4]"> a;
sxla::tensor<"f32[3,4]"> b;
#ifdef SXLA_CONTROL
auto e = sxla::triangular_solve<sxla::triangular_solve_options{.left_side = false}>(a, b);
#else
auto e = sxla::triangular_solve<sxla::triangular_solve_options{.left_side = true}>(a, b);
#endif
