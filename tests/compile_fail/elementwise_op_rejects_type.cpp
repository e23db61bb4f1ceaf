// Compile-fail: an op that does not take the element type (a shift of floats).
// expect-error: sxla: elementwise op: the op does not take operands of this element type
// expect-error-gcc: Op = sxla::shift_left_op
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"u32[3]"> a;
#else
sxla::tensor<"f32[3]"> a;
#endif
auto e = sxla::shift_left(a, a);
