// Compile-fail: equal ranks, a dimension that differs and is not 1 (seed 003: (7,2,5) and
// (7,2,6) are incompatible).
// expect-error: sxla: elementwise op: the operands' shapes are not compatible: a dimension size differs and neither size is 1
// expect-error-gcc: Op = sxla::mul_op
// expect-error-gcc: Lhs = sxla::hlo<'s', '3', '2', '[', '7', ',', '2', ',', '5', ']'>; Rhs = sxla::hlo<'s', '3', '2', '[', '7', ',', '2', ',', '6', ']'>
// expect-error-clang: check_broadcast<sxla::mul_op_t, sxla::hlo<'s', '3', '2', '[', '7', ',', '2', ',', '5', ']'>, sxla::hlo<'s', '3', '2', '[', '7', ',', '2', ',', '6', ']'>
#include <sxla/sxla.hpp>

sxla::tensor<"s32[7,2,5]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"s32[7,1,5]"> b;
#else
sxla::tensor<"s32[7,2,6]"> b;
#endif
auto e = a * b;
