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

#include <type_traits>

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

TEST_CASE("conv: a window wider than the padded input gives an empty result, as XLA's") {
  // jax.lax.conv_general_dilated gives (2, 3, 0, 6) for these shapes, and (1, 1, 0, 3)
  // for padding (-2, -1) that leaves a padded size of 0.
  x::tensor<"f32[2,3,9,10]"> a;
  x::tensor<"f32[3,3,10,5]"> w;
  const auto e = x::conv_general_dilated<x::conv_config{}>(a, w);
  static_assert(std::is_same_v<decltype(x::eval(e)), x::tensor<"f32[2,3,0,6]">>);
  const x::tensor<"f32[2,3,0,6]"> r = e;
  const x::tensor<"f32[2,3,0,6]"> fused = x::max(e + 1.0f, 0.0f);
  static_assert(decltype(r)::spec.element_count() == 0 && decltype(fused)::spec.element_count() == 0);
  x::tensor<"f32[1,1,3,3]"> b;
  x::tensor<"f32[1,1,1,1]"> k;
  constexpr x::conv_config cropped{.padding = x::padding::low_high(x::idx{-2, 0}, x::idx{-1, 0})};
  const x::tensor<"f32[1,1,0,3]"> z = x::conv_general_dilated<cropped>(b, k);
  static_assert(decltype(z)::spec.element_count() == 0);
  // The same geometry with a stride: (3 - 4) < 0, so no output row, 3 columns.
  x::tensor<"f32[1,2,3,5]"> c;
  x::tensor<"f32[4,2,4,1]"> v;
  const x::tensor<"f32[1,4,0,3]"> s = x::conv_general_dilated<x::conv_config{.window_strides = x::idx{2, 2}}>(c, v);
  static_assert(decltype(s)::spec.element_count() == 0);
  // Beside them, an ordinary convolution still computes (1 x 1 window: a copy here).
  x::tensor<"f32[1,1,2,2]"> p{{{{1, 2}, {3, 4}}}};
  x::tensor<"f32[1,1,1,1]"> one{{{{1}}}};
  const x::tensor<"f32[1,1,2,2]"> q = x::conv_general_dilated<x::conv_config{}>(p, one);
  CHECK(q(0, 0, 1, 0) == 3.0f);
}
