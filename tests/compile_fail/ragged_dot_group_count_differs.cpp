// Compile-fail: ragged_dot_general whose rhs group dimension (size 3) and group_sizes's
// last dimension (4 groups) differ.
// expect-error-gcc: sxla: ragged_dot: f32[2,5,4], f32[3,2,4,6] and s32[2,4]: the rhs group dimension 0 (size 3) and g (the last dimension of group_sizes, 4) differ
// expect-error-clang: sxla::diagnostic<sxla::hlo::ragged_dot, sxla::hlo::f32[2][5][4], sxla::hlo::f32[3][2][4][6], sxla::hlo::s32[2][4]>::values<0, 3, 4>
// expect-error-clang: sxla: {}: {}, {} and {}: the rhs group dimension {} (size {}) and g (the last dimension of group_sizes, {}) differ
#include <sxla/sxla.hpp>

using ragged_dims = sxla::ragged_dot_dims<sxla::dot_dims<sxla::idx{2}, sxla::idx{2}, sxla::idx{0}, sxla::idx{1}>,
                                          sxla::idx{1}, sxla::idx{0}>;
sxla::tensor<"f32[2,5,4]"> a;
sxla::tensor<"f32[3,2,4,6]"> w;
#ifdef SXLA_CONTROL
sxla::tensor<"s32[2,3]"> sizes;
#else
sxla::tensor<"s32[2,4]"> sizes;
#endif
auto r = sxla::ragged_dot_general<ragged_dims>(a, w, sizes);
