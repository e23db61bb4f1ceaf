// Compile-fail: select operands of different dimensions (only rank-0 ones broadcast).
// expect-error-gcc: sxla: select: pred[4] and s32[5]: the operands must have the same dimensions (only a rank-0 operand broadcasts)
// expect-error-clang: sxla::diagnostic<sxla::hlo::select, sxla::hlo::pred[4], sxla::hlo::s32[5]>::values<>
// expect-error-clang: sxla: {}: {} and {}: the operands must have the same dimensions (only a rank-0 operand broadcasts)
#include <sxla/sxla.hpp>

sxla::tensor<"pred[4]"> p;
sxla::tensor<"s32[4]"> v1;
#ifdef SXLA_CONTROL
sxla::tensor<"s32[]"> v2;
#else
sxla::tensor<"s32[5]"> v2;
#endif
auto e = sxla::select(p, v1, v2);
