// Compile-fail: window dimensions without one entry per operand dimension.
// expect-error-gcc: sxla: reduce_window: f32[4,6]: a window argument (dimensions, strides, dilations, padding) needs one entry per dimension (rank 2; window dimensions 1, strides 2, base dilations 2, window dilations 2)
// expect-error-clang: sxla::diagnostic<sxla::hlo::reduce_window, sxla::hlo::f32[4][6]>::values<2, 1, 2, 2, 2>
// expect-error-clang: sxla: {}: {}: a window argument (dimensions, strides, dilations, padding) needs one entry per dimension (rank {}; window dimensions {}, strides {}, base dilations {}, window dilations {})
#include <sxla/sxla.hpp>

sxla::tensor<"f32[4,6]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::reduce_window<sxla::idx{2, 3}, sxla::idx{2, 3}>(a, 0.0f, sxla::add_op);
#else
auto e = sxla::reduce_window<sxla::idx{2}, sxla::idx{2, 3}>(a, 0.0f, sxla::add_op);
#endif
