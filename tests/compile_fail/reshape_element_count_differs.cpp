// Compile-fail: a reshape to a different element count.
// expect-error: sxla::reshape: the result shape's element count is not the operand's
// expect-error-gcc: Operand = sxla::hlo<'f', '3', '2', '[', '4', ',', '2', ',', '3', ']'>; Out = sxla::hlo<'f', '3', '2', '[', '8', ',', '4', ']'>
#include <sxla/sxla.hpp>

sxla::tensor<"f32[4,2,3]"> v;
#ifdef SXLA_CONTROL
auto e = sxla::reshape<"f32[8,3]">(v);
#else
auto e = sxla::reshape<"f32[8,4]">(v);
#endif
