// Compile-fail: window dimensions without one entry per operand dimension.
// expect-error: a window argument (dimensions, strides, dilations, padding) needs one entry per operand dimension
#include <sxla/sxla.hpp>

sxla::tensor<"f32[4,6]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::reduce_window<sxla::idx{2, 3}, sxla::idx{2, 3}>(a, 0.0f, sxla::add_op);
#else
auto e = sxla::reduce_window<sxla::idx{2}, sxla::idx{2, 3}>(a, 0.0f, sxla::add_op);
#endif
