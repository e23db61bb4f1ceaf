// Compile-fail: Dot takes vectors and matrices only.
// expect-error-gcc: sxla: dot: f32[4,4,2] and f32[2,3]: dot takes operands of rank 1 or 2 (vector or matrix), here 3 and 2; use x::dot_general for others
// expect-error-clang: sxla::diagnostic<sxla::hlo::dot, sxla::hlo::f32[4][4][2], sxla::hlo::f32[2][3]>::values<3, 2>
// expect-error-clang: sxla: {}: {} and {}: dot takes operands of rank 1 or 2 (vector or matrix), here {} and {}; use x::dot_general for others
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> b;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[4,2]"> a;
#else
sxla::tensor<"f32[4,4,2]"> a;
#endif
auto e = sxla::dot(a, b);
