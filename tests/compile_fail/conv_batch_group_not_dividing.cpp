// Compile-fail: batch_group_count 3 does not divide the lhs batch (4).
// expect-error-gcc: sxla: conv_general_dilated: f32[4,3,3,3] and f32[6,3,1,1]: batch_group_count 3 must divide the lhs batch (4) and the output features (6)
// expect-error-clang: sxla::diagnostic<sxla::hlo::conv_general_dilated, sxla::hlo::f32[4][3][3][3], sxla::hlo::f32[6][3][1][1]>::values<3, 4, 6>
// expect-error-clang: sxla: {}: {} and {}: batch_group_count {} must divide the lhs batch ({}) and the output features ({})
#include <sxla/sxla.hpp>

sxla::tensor<"f32[4,3,3,3]"> a;
sxla::tensor<"f32[6,3,1,1]"> w;
#ifdef SXLA_CONTROL
constexpr sxla::conv_config cfg{.batch_group_count = 2};
#else
constexpr sxla::conv_config cfg{.batch_group_count = 3};
#endif
auto e = sxla::conv_general_dilated<cfg>(a, w);
