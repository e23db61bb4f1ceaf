// Compile-fail: ragged_dot_general with a ragged non-contracting dimension beside a batch
// dimension, given group_sizes [g, b] where [b, g] (or [g]) is needed.
// expect-error-gcc: sxla: ragged_dot: f32[2,5,4], f32[3,2,4,6] and s32[3,2]: group_sizes must be [g] or s32[2,2] (the lhs batch dimensions, then the lhs non-contracting dimensions before the ragged one, then g)
// expect-error-clang: sxla::diagnostic<sxla::hlo::ragged_dot, sxla::hlo::f32[2][5][4], sxla::hlo::f32[3][2][4][6], sxla::hlo::s32[3][2], sxla::hlo::s32[2][2]>::values<>
// expect-error-clang: sxla: {}: {}, {} and {}: group_sizes must be [g] or {} (the lhs batch dimensions, then the lhs non-contracting dimensions before the ragged one, then g)
#include <sxla/sxla.hpp>

using ragged_dims = sxla::ragged_dot_dims<sxla::dot_dims<sxla::idx{2}, sxla::idx{2}, sxla::idx{0}, sxla::idx{1}>,
                                          sxla::idx{1}, sxla::idx{0}>;
sxla::tensor<"f32[2,5,4]"> a;
sxla::tensor<"f32[3,2,4,6]"> w;
#ifdef SXLA_CONTROL
sxla::tensor<"s32[2,3]"> sizes;
#else
sxla::tensor<"s32[3,2]"> sizes;
#endif
auto r = sxla::ragged_dot_general<ragged_dims>(a, w, sizes);
