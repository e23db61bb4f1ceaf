// Compile-fail: broadcast_dimensions mapping a vector of 4 onto a dimension of size 3.
// expect-error: sxla: elementwise op: the operands' shapes are not compatible: a dimension size differs and neither size is 1
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> m;
sxla::tensor<"f32[4]"> v;
#ifdef SXLA_CONTROL
auto e = sxla::add(v, sxla::tensor<"f32[4,3]">{}, sxla::broadcast_dimensions<0>);
#else
auto e = sxla::add(m, v, sxla::broadcast_dimensions<1>);
#endif
