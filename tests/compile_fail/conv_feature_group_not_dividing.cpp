// Compile-fail: feature_group_count 4 does not divide the lhs features (6).
// expect-error-gcc: sxla: conv_general_dilated: f32[1,6,3,3] and f32[6,2,1,1]: feature_group_count 4 must divide the lhs features (6) and the output features (6)
// expect-error-clang: sxla::diagnostic<sxla::hlo::conv_general_dilated, sxla::hlo::f32[1][6][3][3], sxla::hlo::f32[6][2][1][1]>::values<4, 6, 6>
// expect-error-clang: sxla: {}: {} and {}: feature_group_count {} must divide the lhs features ({}) and the output features ({})
#include <sxla/sxla.hpp>

sxla::tensor<"f32[1,6,3,3]"> a;
sxla::tensor<"f32[6,2,1,1]"> w;
#ifdef SXLA_CONTROL
constexpr sxla::conv_config cfg{.feature_group_count = 3};
#else
constexpr sxla::conv_config cfg{.feature_group_count = 4};
#endif
auto e = sxla::conv_general_dilated<cfg>(a, w);
