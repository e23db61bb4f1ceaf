// Compile-fail: a slice limit beyond the operand's dimension.
// expect-error: sxla::slice: a limit index is beyond the operand's dimension size
// expect-error-gcc: Op = sxla::slice_op; Shape = sxla::hlo<'f', '3', '2', '[', '4', ',', '3', ']'>
#include <sxla/sxla.hpp>

sxla::tensor<"f32[4,3]"> b;
#ifdef SXLA_CONTROL
auto e = sxla::slice<sxla::idx{2, 1}, sxla::idx{4, 3}>(b);
#else
auto e = sxla::slice<sxla::idx{2, 1}, sxla::idx{4, 4}>(b);
#endif
