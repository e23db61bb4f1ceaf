// Compile-fail: scaled_dot of s8 operands (scaled_dot takes floating-point types).
// expect-error-gcc: sxla: scaled_dot: s8[2,32], s8[32,4], f8e8m0fnu[2,1] and f8e8m0fnu[1,4]: lhs, rhs and their scales must have floating-point element types
// expect-error-clang: sxla::diagnostic<sxla::hlo::scaled_dot, sxla::hlo::s8[2][32], sxla::hlo::s8[32][4], sxla::hlo::f8e8m0fnu[2][1], sxla::hlo::f8e8m0fnu[1][4]>::values<>
// expect-error-clang: sxla: {}: {}, {}, {} and {}: lhs, rhs and their scales must have floating-point element types
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"f8e4m3fn[2,32]"> a;
sxla::tensor<"f8e4m3fn[32,4]"> b;
#else
sxla::tensor<"s8[2,32]"> a;
sxla::tensor<"s8[32,4]"> b;
#endif
sxla::tensor<"f8e8m0fnu[2,1]"> sa;
sxla::tensor<"f8e8m0fnu[1,4]"> sb;
auto r = sxla::scaled_dot(a, b, sa, sb);
