// Compile-fail: ragged_dot_general whose contracting dimensions differ in size: dot_general's
// check and message, naming ragged_dot.
// expect-error-gcc: sxla: ragged_dot: f32[6,4] and f32[3,5,7]: contracting dimension 1 of lhs (size 4) and 1 of rhs (size 5) differ in size
// expect-error-clang: sxla::diagnostic<sxla::hlo::ragged_dot, sxla::hlo::f32[6][4], sxla::hlo::f32[3][5][7]>::values<1, 4, 1, 5>
// expect-error-clang: sxla: {}: {} and {}: contracting dimension {} of lhs (size {}) and {} of rhs (size {}) differ in size
#include <sxla/sxla.hpp>

using ragged_dims = sxla::ragged_dot_dims<sxla::dot_dims<sxla::idx{1}, sxla::idx{1}>, sxla::idx{0}, sxla::idx{0}>;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[6,5]"> a;
#else
sxla::tensor<"f32[6,4]"> a;
#endif
sxla::tensor<"f32[3,5,7]"> w;
sxla::tensor<"s32[3]"> sizes;
auto r = sxla::ragged_dot_general<ragged_dims>(a, w, sizes);
