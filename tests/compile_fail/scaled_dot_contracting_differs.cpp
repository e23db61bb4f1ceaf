// Compile-fail: scaled_dot with contracting dimensions of different sizes (dot_general's check).
// expect-error-gcc: sxla: scaled_dot: f32[2,4] and f32[3,2]: contracting dimension 1 of lhs (size 4) and 0 of rhs (size 3) differ in size
// expect-error-clang: sxla::diagnostic<sxla::hlo::scaled_dot, sxla::hlo::f32[2][4], sxla::hlo::f32[3][2]>::values<1, 4, 0, 3>
// expect-error-clang: sxla: {}: {} and {}: contracting dimension {} of lhs (size {}) and {} of rhs (size {}) differ in size
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,1]"> sa;
sxla::tensor<"f32[1,2]"> sb;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[2,3]"> a;
#else
sxla::tensor<"f32[2,4]"> a;
#endif
sxla::tensor<"f32[3,2]"> b;
auto r = sxla::scaled_dot<float>(a, b, sa, sb);
