// Compile-fail: a select_and_scatter source that is not one element per window.
// expect-error-gcc: sxla: select_and_scatter: f32[4,6] and source f32[2,3]: the source must be f32[2,2], one element of the operand type per window
// expect-error-clang: sxla::diagnostic<sxla::hlo::select_and_scatter, sxla::hlo::f32[4][6], sxla::hlo::f32[2][3], sxla::hlo::f32[2][2]>::values<>
// expect-error-clang: sxla: {}: {} and source {}: the source must be {}, one element of the operand type per window
#include <sxla/sxla.hpp>

sxla::tensor<"f32[4,6]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[2,2]"> s;
#else
sxla::tensor<"f32[2,3]"> s;
#endif
auto e = sxla::select_and_scatter<sxla::idx{2, 3}, sxla::idx{2, 3}>(a, [](float p, float q) { return p >= q; }, s, 0.0f,
                                                                    sxla::add_op);
