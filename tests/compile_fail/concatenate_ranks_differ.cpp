// Compile-fail: concatenating arrays of different ranks.
// expect-error: sxla::concatenate: the operands' ranks differ
// expect-error-gcc: Shapes = {sxla::hlo<'f', '3', '2', '[', '2', ',', '3', ']'>, sxla::hlo<'f', '3', '2', '[', '3', ']'>}
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> a; sxla::tensor<"f32[3]"> v; sxla::tensor<"f32[1,3]"> w;
#ifdef SXLA_CONTROL
auto e = sxla::concatenate<0>(a, w);
#else
auto e = sxla::concatenate<0>(a, v);
#endif
