// Compile-fail: negative padding that removes more than the input (3 rows, -2 and -2):
// jax.lax rejects it too. (A window wider than the padded input is an empty result.)
// expect-error-gcc: sxla: conv_general_dilated: f32[1,1,3,3] and f32[1,1,1,1]: in spatial dimension 0, the padding removes more than the input: the padded input has -1 elements
// expect-error-clang: sxla::diagnostic<sxla::hlo::conv_general_dilated, sxla::hlo::f32[1][1][3][3], sxla::hlo::f32[1][1][1][1]>::values<0, -1>
// expect-error-clang: sxla: {}: {} and {}: in spatial dimension {}, the padding removes more than the input: the padded input has {} elements
#include <sxla/sxla.hpp>

sxla::tensor<"f32[1,1,3,3]"> a;
sxla::tensor<"f32[1,1,1,1]"> w;
#ifdef SXLA_CONTROL
constexpr sxla::conv_config cfg{.padding = sxla::padding::low_high(sxla::idx{-2, 0}, sxla::idx{-1, 0})};
#else
constexpr sxla::conv_config cfg{.padding = sxla::padding::low_high(sxla::idx{-2, 0}, sxla::idx{-2, 0})};
#endif
auto e = sxla::conv_general_dilated<cfg>(a, w);
