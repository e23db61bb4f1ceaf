// Compile-fail: ragged_dot of an lhs with k = 3 and an rhs with k = 4.
// expect-error-gcc: sxla: ragged_dot: f32[6,3], f32[2,4,5] and s32[2]: k (lhs dimension 1, rhs dimension 1) and g (rhs dimension 0, the size of group_sizes) must agree
// expect-error-clang: sxla::diagnostic<sxla::hlo::ragged_dot, sxla::hlo::f32[6][3], sxla::hlo::f32[2][4][5], sxla::hlo::s32[2]>::values<>
// expect-error-clang: sxla: {}: {}, {} and {}: k (lhs dimension 1, rhs dimension 1) and g (rhs dimension 0, the size of group_sizes) must agree
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,4,5]"> w;
sxla::tensor<"s32[2]"> sizes;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[6,4]"> a;
#else
sxla::tensor<"f32[6,3]"> a;
#endif
auto r = sxla::ragged_dot(a, w, sizes);
