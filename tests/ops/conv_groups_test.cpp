// conv_general_dilated's groups and dimension numbers against the plain reference of
// tests/support/conv_reference.hpp (written from XLA's and StableHLO's definitions):
// feature_group_count (grouped, depthwise G = C, depthwise with multiplier 2),
// batch_group_count, and dimension-number orders beyond the seed's ("b01f_01io->b01f",
// "f01b_i01o->01bf", and "1b0f_0o1i->f10b" with the spatial digits permuted). Operands
// are random f32 in [-1, 1]. Tolerance: |err| <= K u sum |a b|, K the terms of one output
// element, u = 2^-24 (conv_reference.hpp explains the bound).
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstddef>

#include "support/conv_reference.hpp"

namespace x = sxla;
using sxla_test::conv::check_case;

namespace {

// Strides (2, 1), padding y (1, 0) x (0, 1), rhs dilation (1, 2), in the order of labels.
template <std::size_t N>
constexpr x::conv_config order_case(const char (&labels)[N], x::index_t groups = 1, x::index_t batch_groups = 1) {
  x::conv_config c{.window_strides = x::idx{2, 1},
                   .padding = x::padding::low_high(x::idx{1, 0}, x::idx{0, 1}),
                   .rhs_dilation = x::idx{1, 2}};
  c.dim_labels = labels;
  c.feature_group_count = groups;
  c.batch_group_count = batch_groups;
  return c;
}

}  // namespace

TEST_CASE("conv: feature_group_count: grouped and depthwise") {
  // Two groups of three input features.
  check_case<"f32[2,6,7,7]", "f32[4,3,3,3]", x::conv_config{.feature_group_count = 2}, "f32[2,4,5,5]">(101);
  // Depthwise: G = C, one output feature per input feature.
  check_case<"f32[2,5,8,8]", "f32[5,1,3,3]", x::conv_config{.feature_group_count = 5}, "f32[2,5,6,6]">(102);
  // Depthwise with multiplier 2: output features 2c and 2c + 1 read input feature c.
  check_case<"f32[2,5,8,8]", "f32[10,1,3,3]", x::conv_config{.feature_group_count = 5}, "f32[2,10,6,6]">(103);
  // The same in NHWC ("b01f_01io->b01f", the weights [kh, kw, 1, C * 2]), SAME, strides 2.
  check_case<"f32[2,9,9,4]", "f32[3,3,1,8]",
             x::conv_config{.window_strides = x::idx{2, 2},
                            .padding = x::padding::same,
                            .dim_labels = "b01f_01io->b01f",
                            .feature_group_count = 4},
             "f32[2,5,5,8]">(104);
  // Depthwise NHWC with 16 channels (a full vector of f32 features), multiplier 1, rhs dilation.
  check_case<"f32[1,7,6,16]", "f32[3,2,1,16]",
             x::conv_config{.padding = x::padding::same, .rhs_dilation = x::idx{2, 2},
                            .dim_labels = "b01f_01io->b01f", .feature_group_count = 16},
             "f32[1,7,6,16]">(105);
  // Groups with every window option.
  check_case<"f32[1,9,6,5]", "f32[6,3,2,3]",
             x::conv_config{.window_strides = x::idx{1, 2},
                            .padding = x::padding::low_high(x::idx{0, -1}, x::idx{2, 1}),
                            .lhs_dilation = x::idx{2, 1},
                            .rhs_dilation = x::idx{1, 2},
                            .feature_group_count = 3},
             "f32[1,6,12,1]">(106);
}

TEST_CASE("conv: batch_group_count") {
  // Two batch groups: output batch 2, output features 0-2 read batches 0-1, 3-5 read 2-3.
  check_case<"f32[4,3,6,6]", "f32[6,3,3,3]", x::conv_config{.batch_group_count = 2}, "f32[2,6,4,4]">(111);
  // As many groups as batches (a weight gradient's form).
  check_case<"f32[4,3,5,5]", "f32[4,3,2,2]", x::conv_config{.batch_group_count = 4}, "f32[1,4,4,4]">(112);
  // With strides, SAME padding and rhs dilation.
  check_case<"f32[6,2,9,8]", "f32[6,2,3,3]",
             x::conv_config{.window_strides = x::idx{2, 2}, .padding = x::padding::same,
                            .rhs_dilation = x::idx{1, 2}, .batch_group_count = 3},
             "f32[2,6,5,4]">(113);
  // In NHWC.
  check_case<"f32[4,5,5,3]", "f32[3,3,3,6]",
             x::conv_config{.dim_labels = "b01f_01io->b01f", .batch_group_count = 2}, "f32[2,3,3,6]">(114);
}

TEST_CASE("conv: dimension numbers in other orders") {
  // Strides (2, 1), padding y (1, 0) and x (0, 1), rhs dilation 2 in x (the window 2 spans
  // 3): y (7 + 1 - 3) / 2 + 1 = 3, x 6 + 1 - 3 + 1 = 5.
  check_case<"f32[2,7,6,3]", "f32[3,2,3,4]", order_case("b01f_01io->b01f"), "f32[2,3,5,4]">(121);
  check_case<"f32[3,7,6,2]", "f32[3,3,2,4]", order_case("f01b_i01o->01bf"), "f32[3,5,2,4]">(122);
  // Spatial digits permuted: lhs [x, b, y, f], rhs [ky, o, kx, i], output [f, x, y, b].
  check_case<"f32[6,2,7,3]", "f32[3,4,2,3]", order_case("1b0f_0o1i->f10b"), "f32[4,5,3,2]">(123);
  // Groups in those orders.
  check_case<"f32[6,7,6,2]", "f32[2,3,2,6]", order_case("f01b_i01o->01bf", 3), "f32[3,5,2,6]">(124);
  check_case<"f32[6,4,7,3]", "f32[3,4,2,3]", order_case("1b0f_0o1i->f10b", 1, 2), "f32[4,5,3,2]">(125);
  // One and three spatial dimensions with features last.
  check_case<"f32[2,11,3]", "f32[3,3,5]",
             x::conv_config{.window_strides = x::idx{2}, .padding = x::padding::same, .dim_labels = "b0f_0io->b0f"},
             "f32[2,6,5]">(126);
  check_case<"f32[1,4,5,3,2]", "f32[2,2,2,2,3]",
             x::conv_config{.padding = x::padding::same, .dim_labels = "b012f_012io->b012f"}, "f32[1,4,5,3,3]">(127);
  // Output features first, batch last.
  check_case<"f32[2,3,6,6]", "f32[4,3,3,3]", x::conv_config{.dim_labels = "bf01_oi01->f01b"}, "f32[4,4,4,2]">(128);
}
