// Compile-fail: ragged_dot_general ragged in a non-contracting dimension of lhs, with no
// rhs group dimension.
// expect-error-gcc: sxla: ragged_dot: f32[6,4] and f32[3,4,5]: the lhs ragged dimension 0 is a non-contracting one: rhs_group_dimensions must name one rhs dimension (here it has 0)
// expect-error-clang: sxla::diagnostic<sxla::hlo::ragged_dot, sxla::hlo::f32[6][4], sxla::hlo::f32[3][4][5]>::values<0, 0>
// expect-error-clang: sxla: {}: {} and {}: the lhs ragged dimension {} is a non-contracting one: rhs_group_dimensions must name one rhs dimension (here it has {})
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
using ragged_dims = sxla::ragged_dot_dims<sxla::dot_dims<sxla::idx{1}, sxla::idx{1}>, sxla::idx{0}, sxla::idx{0}>;
#else
using ragged_dims = sxla::ragged_dot_dims<sxla::dot_dims<sxla::idx{1}, sxla::idx{1}>, sxla::idx{0}>;
#endif
sxla::tensor<"f32[6,4]"> a;
sxla::tensor<"f32[3,4,5]"> w;
sxla::tensor<"s32[3]"> sizes;
auto r = sxla::ragged_dot_general<ragged_dims>(a, w, sizes);
