// Compile-fail: the lhs has 3 features, the rhs 4 input features (feature_group_count 1).
// expect-error-gcc: sxla: conv: f32[1,3,5,5] and f32[2,4,3,3]: the lhs features (3) must be the rhs input features (4) times feature_group_count (1)
// expect-error-clang: sxla::diagnostic<sxla::hlo::conv, sxla::hlo::f32[1][3][5][5], sxla::hlo::f32[2][4][3][3]>::values<3, 4, 1>
// expect-error-clang: sxla: {}: {} and {}: the lhs features ({}) must be the rhs input features ({}) times feature_group_count ({})
#include <sxla/sxla.hpp>

sxla::tensor<"f32[1,3,5,5]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[2,3,3,3]"> w;
#else
sxla::tensor<"f32[2,4,3,3]"> w;
#endif
auto e = sxla::conv<sxla::idx{1, 1}, sxla::padding::same>(a, w);
