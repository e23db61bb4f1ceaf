// conv_general_dilated's window options against the plain reference of
// tests/support/conv_reference.hpp (written from XLA's and StableHLO's definitions),
// each alone and combined: window strides; low/high padding, negative too;
// padding::same and padding::valid (and x::conv's). Dilations, and every option at once:
// conv_dilation_test.cpp. Operands are random f32 in [-1, 1]
// in the seed's order "bf01_oi01->bf01"; each destination's shape is the expected result
// shape, written out. Tolerance: |err| <= K u sum |a b|, K the terms of one output
// element, u = 2^-24 (conv_reference.hpp explains the bound). Spatial ranks, odd sizes
// and random geometries: conv_shapes_test.cpp; groups, dimension orders, layouts,
// expressions and fusion: conv_options_test.cpp, conv_layouts_test.cpp,
// conv_layouts_nhwc_test.cpp, conv_layouts_expr_test.cpp; element types:
// conv_types_test.cpp.
#define SXLA_ALLOW_HEAP 1
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include "support/conv_reference.hpp"

namespace x = sxla;
using sxla_test::conv::check_case;

TEST_CASE("conv: window strides") {
  // y: (9 - 3) / 2 + 1 = 4; x: (8 - 2) / 3 + 1 = 3.
  check_case<"f32[2,3,9,8]", "f32[4,3,3,2]", x::conv_config{.window_strides = x::idx{2, 3}}, "f32[2,4,4,3]">(1);
  // Strides larger than the window: some inputs are never read.
  check_case<"f32[1,2,11,7]", "f32[3,2,2,1]", x::conv_config{.window_strides = x::idx{4, 3}}, "f32[1,3,3,3]">(2);
  // No strides given: 1.
  check_case<"f32[2,3,6,5]", "f32[4,3,3,2]", x::conv_config{}, "f32[2,4,4,4]">(3);
}

TEST_CASE("conv: low and high padding, negative too") {
  // y: 6 + 1 + 2 - 3 + 1 = 7; x: 5 + 2 + 0 - 3 + 1 = 5.
  check_case<"f32[2,3,6,5]", "f32[4,3,3,3]",
             x::conv_config{.padding = x::padding::low_high(x::idx{1, 2}, x::idx{2, 0})}, "f32[2,4,7,5]">(11);
  // Negative low in y, negative high in x: y 6 - 1 + 1 - 3 + 1 = 4; x 5 + 2 - 2 - 3 + 1 = 3.
  check_case<"f32[2,3,6,5]", "f32[4,3,3,3]",
             x::conv_config{.padding = x::padding::low_high(x::idx{-1, 2}, x::idx{1, -2})}, "f32[2,4,4,3]">(12);
  // Cropped on both sides down to one window per dimension.
  check_case<"f32[2,3,6,5]", "f32[4,3,3,3]",
             x::conv_config{.padding = x::padding::low_high(x::idx{-2, -1}, x::idx{-1, -1})}, "f32[2,4,1,1]">(13);
  // Padding wider than the window: outputs that read only padding are 0.
  check_case<"f32[1,2,3,2]", "f32[2,2,2,2]",
             x::conv_config{.padding = x::padding::low_high(x::idx{3, 0}, x::idx{0, 4})}, "f32[1,2,5,5]">(14);
  // Cropped and padded so that the one row of windows reads only padding: all zeros.
  check_case<"f32[1,2,1,4]", "f32[3,2,1,2]",
             x::conv_config{.padding = x::padding::low_high(x::idx{-1, 0}, x::idx{1, 0})}, "f32[1,3,1,3]">(16);
  // Padding with strides: y (7 + 2 + 1 - 3) / 2 + 1 = 4; x (6 - 1 + 3 - 2) / 3 + 1 = 3.
  check_case<"f32[2,3,7,6]", "f32[2,3,3,2]",
             x::conv_config{.window_strides = x::idx{2, 3}, .padding = x::padding::low_high(x::idx{2, -1}, x::idx{1, 3})},
             "f32[2,2,4,3]">(15);
}

TEST_CASE("conv: padding::same and padding::valid") {
  check_case<"f32[2,3,6,5]", "f32[4,3,3,2]", x::conv_config{.padding = x::padding::same}, "f32[2,4,6,5]">(21);
  check_case<"f32[2,3,6,5]", "f32[4,3,3,2]", x::conv_config{.padding = x::padding::valid}, "f32[2,4,4,4]">(22);
  // SAME with strides: ceil(6 / 2) = 3, ceil(5 / 3) = 2 (total padding y 1, x 0).
  check_case<"f32[2,3,6,5]", "f32[4,3,3,2]",
             x::conv_config{.window_strides = x::idx{2, 3}, .padding = x::padding::same}, "f32[2,4,3,2]">(23);
  // SAME with a window larger than the input (total padding 4 and 5).
  check_case<"f32[1,2,2,3]", "f32[2,2,5,5]", x::conv_config{.padding = x::padding::same}, "f32[1,2,2,3]">(24);
  // SAME with rhs dilation: the dilated window (5 and 4) decides the padding.
  check_case<"f32[2,3,9,8]", "f32[4,3,3,2]",
             x::conv_config{.padding = x::padding::same, .rhs_dilation = x::idx{2, 3}}, "f32[2,4,9,8]">(25);
  // SAME with lhs dilation: the dilated input (9 and 9) decides the size.
  check_case<"f32[2,3,5,3]", "f32[4,3,3,2]",
             x::conv_config{.window_strides = x::idx{2, 1}, .padding = x::padding::same, .lhs_dilation = x::idx{2, 4}},
             "f32[2,4,5,9]">(26);
  // x::conv: the same through the seed's Conv.
  {
    const auto lhs = sxla_test::conv::random_tensor<"f32[2,3,7,6]">(27);
    const auto rhs = sxla_test::conv::random_tensor<"f32[4,3,4,3]">(28);
    const x::tensor<"f32[2,4,4,2]"> same = x::conv<x::idx{2, 3}, x::padding::same>(*lhs, *rhs);
    const x::tensor<"f32[2,4,2,2]"> valid = x::conv<x::idx{2, 3}, x::padding::valid>(*lhs, *rhs);
    sxla_test::conv::params p;
    p.stride = {2, 3};
    sxla_test::conv::check<float>(p, *lhs, *rhs, valid);
    p.same = true;
    sxla_test::conv::check<float>(p, *lhs, *rhs, same);
  }
}
