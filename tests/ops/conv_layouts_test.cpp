// conv_general_dilated with operands and destinations in other layouts, and with
// expressions as operands, against the plain reference of tests/support/conv_reference.hpp:
// column-major, permuted, padded and tiled operands (in the seed's order, and in NHWC
// where the engine reads features contiguous, so that other layouts go through a
// temporary); column-major, permuted, padded and tiled destinations (NHWC: features not
// contiguous in the destination go through the temporary); x::mul(lhs, 2.0f), both
// operands scaled, x::convert<float> of a bf16 tensor and a transposed view as operands.
// Operands are random f32 in [-1, 1]. Tolerance: |err| <= K u sum |a b|, K the terms of
// one output element, u = 2^-24 (conv_reference.hpp explains the bound).
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <memory>

#include "support/conv_reference.hpp"

namespace x = sxla;
namespace ct = sxla_test::conv;
using ct::check_case;

TEST_CASE("conv: operands in column-major, padded and tiled layouts") {
  constexpr auto cfg = x::conv_config{.window_strides = x::idx{1, 2},
                                      .padding = x::padding::low_high(x::idx{1, 1}, x::idx{0, 1})};
  // y 7 + 1 - 3 + 1 = 6; x (6 + 2 - 2) / 2 + 1 = 4.
  check_case<"f32[2,3,7,6]{0,1,2,3}", "f32[4,3,3,2]", cfg, "f32[2,4,6,4]">(131);
  check_case<"f32[2,3,7,6]", "f32[4,3,3,2]{0,1,2,3}", cfg, "f32[2,4,6,4]">(132);
  check_case<"f32[2,3,7,6]{0,1,2,3}", "f32[4,3,3,2]{0,1,2,3}", cfg, "f32[2,4,6,4]{0,1,2,3}">(133);
  check_case<"f32[2,3,7,6]{1,3,0,2}", "f32[4,3,3,2]{2,0,3,1}", cfg, "f32[2,4,6,4]{2,0,1,3}">(134);
  check_case<"f32[2,3,7,6]{3,2,1,0:pad(3,4,9,8)}", "f32[4,3,3,2]", cfg, "f32[2,4,6,4]">(135);
  // Tiled operands.
  check_case<"f32[2,3,7,8]{3,2,1,0:T(4,8)}", "f32[4,3,3,3]", x::conv_config{}, "f32[2,4,5,6]">(136);
  check_case<"f32[2,3,7,9]", "f32[4,3,3,8]{3,2,1,0:T(2,4)}", x::conv_config{}, "f32[2,4,5,2]">(137);
  // NHWC, where the engine reads features contiguous: column-major and tiled lhs (a
  // temporary), a column-major rhs.
  constexpr auto nhwc = x::conv_config{.padding = x::padding::same, .dim_labels = "b01f_01io->b01f"};
  check_case<"f32[2,6,5,8]{0,1,2,3}", "f32[3,3,8,5]", nhwc, "f32[2,6,5,5]">(138);
  check_case<"f32[2,6,5,8]{3,2,1,0:T(4,8)}", "f32[3,3,8,5]{0,1,2,3}", nhwc, "f32[2,6,5,5]">(139);
  check_case<"f32[2,6,5,8]{2,3,1,0}", "f32[3,3,8,5]", nhwc, "f32[2,6,5,5]">(140);
}

TEST_CASE("conv: destinations in column-major and tiled layouts") {
  constexpr auto nhwc = x::conv_config{.padding = x::padding::same, .dim_labels = "b01f_01io->b01f"};
  // Features not contiguous in the destination: through the temporary.
  check_case<"f32[2,6,5,8]", "f32[3,3,8,5]", nhwc, "f32[2,6,5,5]{0,1,2,3}">(141);
  check_case<"f32[2,6,5,8]", "f32[3,3,8,5]", nhwc, "f32[2,6,5,5]{3,2,1,0:T(4,8)}">(142);
  // Features contiguous but other dimensions permuted: written directly.
  check_case<"f32[2,6,5,8]", "f32[3,3,8,5]", nhwc, "f32[2,6,5,5]{3,0,1,2}">(143);
  // A padded destination.
  check_case<"f32[2,6,5,8]", "f32[3,3,8,5]", nhwc, "f32[2,6,5,5]{3,2,1,0:pad(2,7,5,8)}">(144);
  // The seed's order into column-major.
  check_case<"f32[2,3,7,6]", "f32[4,3,3,2]", x::conv_config{}, "f32[2,4,5,5]{0,1,2,3}">(145);
}

TEST_CASE("conv: expressions as operands") {
  constexpr auto cfg = x::conv_config{.window_strides = x::idx{2, 1}, .padding = x::padding::same};
  const auto lhs = ct::random_tensor<"f32[2,3,7,6]">(151);
  const auto rhs = ct::random_tensor<"f32[4,3,3,2]">(152);
  const ct::params p = ct::params_of<cfg>();
  // lhs * 2 (exact): the reference reads a copy doubled element by element.
  {
    auto twice = std::make_unique<x::tensor<"f32[2,3,7,6]">>();
    for (x::index_t i = 0; i < 2 * 3 * 7 * 6; ++i) twice->data()[i] = 2.0f * lhs->data()[i];
    const x::tensor<"f32[2,4,4,6]"> got = x::conv_general_dilated<cfg>(x::mul(*lhs, 2.0f), *rhs);
    ct::check<float>(p, *twice, *rhs, got);
    // Both operands expressions: (2 lhs) conv (rhs / 2) = lhs conv rhs, all exact scalings.
    const x::tensor<"f32[2,4,4,6]"> both = x::conv_general_dilated<cfg>(x::mul(*lhs, 2.0f), x::mul(*rhs, 0.5f));
    ct::check<float>(p, *lhs, *rhs, both);
  }
  // A bf16 tensor converted to f32: the reference reads the bf16 values (exact in f32).
  {
    x::tensor<"bf16[2,3,7,6]"> l16;
    ct::fill_random(l16, 153);
    const x::tensor<"f32[2,4,4,6]"> got = x::conv_general_dilated<cfg>(x::convert<float>(l16), *rhs);
    ct::check<float>(p, l16, *rhs, got);
  }
  // A transposed view: NCHW data read as NHWC.
  {
    auto nhwc = std::make_unique<x::tensor<"f32[2,7,6,3]">>();
    for (x::index_t b = 0; b < 2; ++b)
      for (x::index_t f = 0; f < 3; ++f)
        for (x::index_t y = 0; y < 7; ++y)
          for (x::index_t z = 0; z < 6; ++z) (*nhwc)(b, y, z, f) = (*lhs)(b, f, y, z);
    constexpr auto labels = x::conv_config{.window_strides = x::idx{2, 1},
                                           .padding = x::padding::same,
                                           .dim_labels = "b01f_oi01->b01f"};
    const x::tensor<"f32[2,4,6,4]"> got = x::conv_general_dilated<labels>(x::transpose<0, 2, 3, 1>(*lhs), *rhs);
    ct::check<float>(ct::params_of<labels>(), *nhwc, *rhs, got);
  }
}
