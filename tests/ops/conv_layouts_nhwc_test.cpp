// conv_general_dilated with operands and destinations in other layouts, against the plain
// reference of tests/support/conv_reference.hpp: column-major, permuted and tiled operands
// in NHWC, where the engine reads features contiguous, so that other layouts go through a
// temporary; column-major, permuted, padded and tiled destinations (NHWC: features not
// contiguous in the destination go through the temporary). Operands in the seed's order:
// conv_layouts_test.cpp; expressions as operands: conv_layouts_expr_test.cpp (split for
// compile time). Operands are random f32 in [-1, 1]. Tolerance: |err| <= K u sum |a b|, K
// the terms of one output element, u = 2^-24 (conv_reference.hpp explains the bound).
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include "support/conv_reference.hpp"

namespace x = sxla;
namespace ct = sxla_test::conv;
using ct::check_case;

TEST_CASE("conv: NHWC operands in other layouts") {
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
