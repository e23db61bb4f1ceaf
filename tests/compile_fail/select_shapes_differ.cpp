// Compile-fail: select operands of different dimensions (only rank-0 ones broadcast).
// expect-error: sxla: elementwise op: the operands must have the same dimensions
#include <sxla/sxla.hpp>

sxla::tensor<"pred[4]"> p;
sxla::tensor<"s32[4]"> v1;
#ifdef SXLA_CONTROL
sxla::tensor<"s32[]"> v2;
#else
sxla::tensor<"s32[5]"> v2;
#endif
auto e = sxla::select(p, v1, v2);
