// Compile-fail: equal ranks, a dimension that differs and is not 1 (seed 003: (7,2,5) and
// (7,2,6) are incompatible).
// expect-error-gcc: sxla: mul: s32[7,2,5] and s32[7,2,6]: dimension 2 differs (5 and 6); sizes must be equal, or one of them 1
// expect-error-clang: sxla::diagnostic<sxla::hlo::mul, sxla::hlo::s32[7][2][5], sxla::hlo::s32[7][2][6]>::values<2, 5, 6>
// expect-error-clang: sxla: {}: {} and {}: dimension {} differs ({} and {}); sizes must be equal, or one of them 1
#include <sxla/sxla.hpp>

sxla::tensor<"s32[7,2,5]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"s32[7,1,5]"> b;
#else
sxla::tensor<"s32[7,2,6]"> b;
#endif
auto e = a * b;
