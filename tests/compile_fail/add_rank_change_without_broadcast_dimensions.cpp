// Compile-fail: a rank change without broadcast_dimensions; the op and both shapes show.
// expect-error: sxla: elementwise op: the operands' ranks differ; a rank change needs x::broadcast_dimensions
// expect-error-gcc: Op = sxla::add_op
// expect-error-gcc: Lhs = sxla::hlo<'f', '3', '2', '[', '2', ',', '3', ']'>; Rhs = sxla::hlo<'f', '3', '2', '[', '3', ']'>
// expect-error-clang: check_broadcast<sxla::add_op_t, sxla::hlo<'f', '3', '2', '[', '2', ',', '3', ']'>, sxla::hlo<'f', '3', '2', '[', '3', ']'>
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> m;
sxla::tensor<"f32[3]"> v;
#ifdef SXLA_CONTROL
auto e = sxla::add(m, v, sxla::broadcast_dimensions<1>);
#else
auto e = sxla::add(m, v);
#endif
