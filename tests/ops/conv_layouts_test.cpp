// conv_general_dilated with operands in other layouts, against the plain reference of
// tests/support/conv_reference.hpp: column-major, permuted, padded and tiled operands in
// the seed's order (NCHW). NHWC operands in other layouts and destinations in other
// layouts: conv_layouts_nhwc_test.cpp; expressions as operands: conv_layouts_expr_test.cpp
// (split for compile time). Operands are random f32 in [-1, 1]. Tolerance: |err| <= K u
// sum |a b|, K the terms of one output element, u = 2^-24 (conv_reference.hpp explains the
// bound).
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

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
}
