// conv_general_dilated's dilations against the plain reference of
// tests/support/conv_reference.hpp (written from XLA's and StableHLO's definitions): lhs
// dilation alone, with strides and with padding (a transposed convolution), rhs dilation
// (atrous), and every window option at once. Operands are random f32 in [-1, 1] in the
// seed's order "bf01_oi01->bf01"; each destination's shape is the expected result shape,
// written out. Tolerance: |err| <= K u sum |a b|, K the terms of one output element,
// u = 2^-24 (conv_reference.hpp explains the bound). Strides and padding: conv_test.cpp.
#define SXLA_ALLOW_HEAP 1
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include "support/conv_reference.hpp"

namespace x = sxla;
using sxla_test::conv::check_case;

TEST_CASE("conv: lhs dilation, alone, with strides, and with padding (a transposed convolution)") {
  // Dilated input 11 x 13; y 11 - 3 + 1 = 9; x 13 - 2 + 1 = 12.
  check_case<"f32[2,3,6,5]", "f32[4,3,3,2]", x::conv_config{.lhs_dilation = x::idx{2, 3}}, "f32[2,4,9,12]">(31);
  // With strides: dilated 11 x 9; y (11 - 3) / 2 + 1 = 5; x (9 - 2) / 3 + 1 = 3.
  check_case<"f32[2,3,6,5]", "f32[4,3,3,2]",
             x::conv_config{.window_strides = x::idx{2, 3}, .lhs_dilation = x::idx{2, 2}}, "f32[2,4,5,3]">(32);
  // Stride equal to the dilation: every window starts on an input element.
  check_case<"f32[1,2,7,4]", "f32[3,2,3,3]",
             x::conv_config{.window_strides = x::idx{2, 2}, .lhs_dilation = x::idx{2, 2}}, "f32[1,3,6,3]">(33);
  // The gradient of a strided convolution: lhs dilation 2 and padding window - 1 on both
  // sides: 11 + 4 - 3 + 1 = 13; 9 + 2 - 2 + 1 = 10.
  check_case<"f32[2,3,6,5]", "f32[4,3,3,2]",
             x::conv_config{.padding = x::padding::low_high(x::idx{2, 1}, x::idx{2, 1}), .lhs_dilation = x::idx{2, 2}},
             "f32[2,4,13,10]">(34);
  // Negative padding on a dilated input: crops holes and elements alike.
  check_case<"f32[1,2,5,5]", "f32[2,2,2,2]",
             x::conv_config{.padding = x::padding::low_high(x::idx{-1, -2}, x::idx{-3, 0}), .lhs_dilation = x::idx{3, 2}},
             "f32[1,2,8,6]">(35);
}

TEST_CASE("conv: rhs dilation (atrous)") {
  // Dilated window 5 x 4: y 9 - 5 + 1 = 5; x 8 - 4 + 1 = 5.
  check_case<"f32[2,3,9,8]", "f32[4,3,3,2]", x::conv_config{.rhs_dilation = x::idx{2, 3}}, "f32[2,4,5,5]">(41);
  // With strides and padding: y (9 + 2 - 7) / 2 + 1 = 3; x (8 + 1 - 3) / 1 + 1 = 7.
  check_case<"f32[1,2,9,8]", "f32[3,2,4,2]",
             x::conv_config{.window_strides = x::idx{2, 1},
                            .padding = x::padding::low_high(x::idx{1, 0}, x::idx{1, 1}),
                            .rhs_dilation = x::idx{2, 2}},
             "f32[1,3,3,7]">(42);
  // A window dilated to the whole input.
  check_case<"f32[1,1,7,7]", "f32[2,1,3,4]", x::conv_config{.rhs_dilation = x::idx{3, 2}}, "f32[1,2,1,1]">(43);
}

TEST_CASE("conv: every option at once") {
  // The configuration in the seed's order: strides (2, 1), padding y (1, 0) x (-1,
  // 2), lhs dilation (1, 2), rhs dilation (2, 1). y: 5 + 1 = 6, window 5: 1 output. x:
  // dilated 13, padded 14, window 2: 13 outputs.
  constexpr x::conv_config cfg{.window_strides = x::idx{2, 1},
                               .padding = x::padding::low_high(x::idx{1, -1}, x::idx{0, 2}),
                               .lhs_dilation = x::idx{1, 2},
                               .rhs_dilation = x::idx{2, 1},
                               .feature_group_count = 1,
                               .batch_group_count = 1};
  check_case<"f32[2,4,5,7]", "f32[6,4,3,2]", cfg, "f32[2,6,1,13]">(51);
  // With two feature groups.
  constexpr x::conv_config grouped{.window_strides = x::idx{2, 1},
                                   .padding = x::padding::low_high(x::idx{1, -1}, x::idx{0, 2}),
                                   .lhs_dilation = x::idx{1, 2},
                                   .rhs_dilation = x::idx{2, 1},
                                   .feature_group_count = 2};
  check_case<"f32[2,4,8,7]", "f32[6,2,3,2]", grouped, "f32[2,6,3,13]">(52);
}
