// Compile-fail: ragged_dot_general ragged in a contracting dimension, given an rhs group
// dimension (the groups are the result's first dimension; rhs has none).
// expect-error-gcc: sxla: ragged_dot: f32[6,4] and f32[4,5]: the lhs ragged dimension 1 is a contracting one: rhs_group_dimensions must be empty (here it has 1)
// expect-error-clang: sxla::diagnostic<sxla::hlo::ragged_dot, sxla::hlo::f32[6][4], sxla::hlo::f32[4][5]>::values<1, 1>
// expect-error-clang: sxla: {}: {} and {}: the lhs ragged dimension {} is a contracting one: rhs_group_dimensions must be empty (here it has {})
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
using ragged_dims = sxla::ragged_dot_dims<sxla::dot_dims<sxla::idx{1}, sxla::idx{0}>, sxla::idx{1}>;
#else
using ragged_dims = sxla::ragged_dot_dims<sxla::dot_dims<sxla::idx{1}, sxla::idx{0}>, sxla::idx{1}, sxla::idx{1}>;
#endif
sxla::tensor<"f32[6,4]"> a;
sxla::tensor<"f32[4,5]"> w;
sxla::tensor<"s32[3]"> sizes;
auto r = sxla::ragged_dot_general<ragged_dims>(a, w, sizes);
