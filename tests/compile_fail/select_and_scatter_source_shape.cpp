// Compile-fail: a select_and_scatter source that is not one element per window.
// expect-error: sxla::select_and_scatter: the source must have the element type of the operand and the dimensions of reduce_window's result
#include <sxla/sxla.hpp>

sxla::tensor<"f32[4,6]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[2,2]"> s;
#else
sxla::tensor<"f32[2,3]"> s;
#endif
auto e = sxla::select_and_scatter<sxla::idx{2, 3}, sxla::idx{2, 3}>(a, [](float p, float q) { return p >= q; }, s, 0.0f,
                                                                    sxla::add_op);
