// conv_general_dilated on 0, 1, 2 and 3 spatial dimensions and odd sizes (1, 3, 17),
// against the plain reference of tests/support/conv_reference.hpp (random geometries:
// conv_random_test.cpp).
// Operands are random f32 in [-1, 1] in the seed's order; each destination's shape is the
// expected result shape. Tolerance: |err| <= K u sum |a b|, K the terms of one output
// element, u = 2^-24 (conv_reference.hpp explains the bound).
#define SXLA_ALLOW_HEAP 1
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include "support/conv_reference.hpp"

namespace x = sxla;
using sxla_test::conv::check_case;

TEST_CASE("conv: 0, 1 and 3 spatial dimensions") {
  // No spatial dimension: a matrix product [N, C] x [O, C]^T ("bf_oi->bf").
  check_case<"f32[5,6]", "f32[4,6]", x::conv_config{}, "f32[5,4]">(61);
  check_case<"f32[5,6]", "f32[4,3]", x::conv_config{.feature_group_count = 2}, "f32[5,4]">(62);
  check_case<"f32[6,3]", "f32[4,3]", x::conv_config{.batch_group_count = 2}, "f32[3,4]">(63);
  check_case<"f32[3,5]", "f32[3,4]", x::conv_config{.dim_labels = "fb_io->bf"}, "f32[5,4]">(64);
  // One: (17 + 2 + 1 - 7) / 3 + 1 = 5 with the window 4 dilated to 7.
  check_case<"f32[2,3,17]", "f32[5,3,4]",
             x::conv_config{.window_strides = x::idx{3},
                            .padding = x::padding::low_high(x::idx{2}, x::idx{1}),
                            .rhs_dilation = x::idx{2}},
             "f32[2,5,5]">(65);
  check_case<"f32[3,4,17]", "f32[2,4,3]", x::conv_config{.padding = x::padding::same}, "f32[3,2,17]">(66);
  check_case<"f32[1,2,6]", "f32[3,2,2]", x::conv_config{.lhs_dilation = x::idx{3}}, "f32[1,3,15]">(67);
  // Three ("bf012_oi012->bf012" by default).
  check_case<"f32[1,2,5,4,3]", "f32[3,2,2,3,2]",
             x::conv_config{.window_strides = x::idx{1, 1, 2}, .padding = x::padding::same}, "f32[1,3,5,4,2]">(68);
  check_case<"f32[2,2,4,3,5]", "f32[2,2,2,2,3]",
             x::conv_config{.window_strides = x::idx{2, 1, 1},
                            .padding = x::padding::low_high(x::idx{1, 0, -1}, x::idx{0, 1, 2}),
                            .lhs_dilation = x::idx{1, 2, 1},
                            .rhs_dilation = x::idx{1, 1, 2}},
             "f32[2,2,2,5,2]">(69);
}

TEST_CASE("conv: odd sizes (1, 3, 17)") {
  check_case<"f32[1,1,1,1]", "f32[1,1,1,1]", x::conv_config{}, "f32[1,1,1,1]">(71);
  check_case<"f32[1,1,1,1]", "f32[1,1,1,1]", x::conv_config{.padding = x::padding::same}, "f32[1,1,1,1]">(72);
  check_case<"f32[3,17,3,17]", "f32[17,17,1,3]", x::conv_config{}, "f32[3,17,3,15]">(73);
  check_case<"f32[17,3,17,1]", "f32[3,3,3,1]", x::conv_config{.window_strides = x::idx{2, 1}}, "f32[17,3,8,1]">(74);
  check_case<"f32[1,17,3,3]", "f32[1,17,3,3]", x::conv_config{}, "f32[1,1,1,1]">(75);  // one long sum
  check_case<"f32[3,1,17,17]", "f32[3,1,17,1]", x::conv_config{.padding = x::padding::same}, "f32[3,3,17,17]">(76);
}
