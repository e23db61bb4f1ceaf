// Compile-fail: dim_labels with a character that is no rhs label ('x' at position 7).
// expect-error-gcc: sxla: conv_general_dilated: f32[2,5,5,3] and f32[3,3,3,4]: dim_labels: character 7 is no label of its part (lhs and output: b, f, digits below 2; rhs: o, i, digits)
// expect-error-clang: sxla::diagnostic<sxla::hlo::conv_general_dilated, sxla::hlo::f32[2][5][5][3], sxla::hlo::f32[3][3][3][4]>::values<7, 2>
// expect-error-clang: sxla: {}: {} and {}: dim_labels: character {} is no label of its part (lhs and output: b, f, digits below {}; rhs: o, i, digits)
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,5,5,3]"> a;
sxla::tensor<"f32[3,3,3,4]"> w;
#ifdef SXLA_CONTROL
constexpr sxla::conv_config cfg{.dim_labels = "b01f_01io->b01f"};
#else
constexpr sxla::conv_config cfg{.dim_labels = "b01f_01xo->b01f"};
#endif
auto e = sxla::conv_general_dilated<cfg>(a, w);
