// Compile-fail: operands of different element types (XLA converts nothing implicitly).
// expect-error: sxla: elementwise op: the operands' element types differ
// expect-error-gcc: Lhs = sxla::hlo<'f', '3', '2', '[', '3', ']'>; Rhs = sxla::hlo<'s', '3', '2', '[', '3', ']'>
#include <sxla/sxla.hpp>

sxla::tensor<"f32[3]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[3]"> b;
#else
sxla::tensor<"s32[3]"> b;
#endif
auto e = sxla::max(a, b);
