// Compile-fail: a reduce_window stride of 0.
// expect-error-gcc: sxla: reduce_window: f32[4,6]: in dimension 1, the window (3), stride (0), base dilation (1) and window dilation (1) must be at least 1
// expect-error-clang: sxla::diagnostic<sxla::hlo::reduce_window, sxla::hlo::f32[4][6]>::values<1, 3, 0, 1, 1>
// expect-error-clang: sxla: {}: {}: in dimension {}, the window ({}), stride ({}), base dilation ({}) and window dilation ({}) must be at least 1
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/reduce_window.hpp>

sxla::tensor<"f32[4,6]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::reduce_window<sxla::idx{2, 3}, sxla::idx{1, 3}>(a, 0.0f, sxla::add_op);
#else
auto e = sxla::reduce_window<sxla::idx{2, 3}, sxla::idx{1, 0}>(a, 0.0f, sxla::add_op);
#endif
