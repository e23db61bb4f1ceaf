// Compile-fail: scaled_dot of an lhs with k = 64 and an lhs_scale of 3 blocks along k.
// expect-error-gcc: sxla: scaled_dot: f8e4m3fn[4,64], f8e4m3fn[64,8], f8e8m0fnu[4,3] and f8e8m0fnu[2,8]: lhs_scale dimension 1 (size 3) does not divide lhs dimension 1 (size 64)
// expect-error-clang: sxla::diagnostic<sxla::hlo::scaled_dot, sxla::hlo::f8e4m3fn[4][64], sxla::hlo::f8e4m3fn[64][8], sxla::hlo::f8e8m0fnu[4][3], sxla::hlo::f8e8m0fnu[2][8]>::values<1, 3, 1, 64>
// expect-error-clang: sxla: {}: {}, {}, {} and {}: lhs_scale dimension {} (size {}) does not divide lhs dimension {} (size {})
#include <sxla/sxla.hpp>

sxla::tensor<"f8e4m3fn[4,64]"> a;
sxla::tensor<"f8e4m3fn[64,8]"> b;
sxla::tensor<"f8e8m0fnu[2,8]"> sb;
#ifdef SXLA_CONTROL
sxla::tensor<"f8e8m0fnu[4,2]"> sa;
#else
sxla::tensor<"f8e8m0fnu[4,3]"> sa;
#endif
auto r = sxla::scaled_dot(a, b, sa, sb);
