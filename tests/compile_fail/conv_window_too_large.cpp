// Compile-fail: a convolution window (4 rows) larger than the padded input (3 rows).
// expect-error-gcc: sxla: conv_general_dilated: f32[1,1,3,3] and f32[1,1,4,2]: in spatial dimension 0, the window spans 4 but the padded input has 3 elements
// expect-error-clang: sxla::diagnostic<sxla::hlo::conv_general_dilated, sxla::hlo::f32[1][1][3][3], sxla::hlo::f32[1][1][4][2]>::values<0, 4, 3>
// expect-error-clang: sxla: {}: {} and {}: in spatial dimension {}, the window spans {} but the padded input has {} elements
#include <sxla/sxla.hpp>

sxla::tensor<"f32[1,1,3,3]"> a;
sxla::tensor<"f32[1,1,4,2]"> w;
#ifdef SXLA_CONTROL
constexpr sxla::conv_config cfg{.padding = sxla::padding::low_high(sxla::idx{1, 0}, sxla::idx{0, 0})};
#else
constexpr sxla::conv_config cfg{};
#endif
auto e = sxla::conv_general_dilated<cfg>(a, w);
