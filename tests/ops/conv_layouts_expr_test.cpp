// conv_general_dilated with expressions as operands, against the plain reference of
// tests/support/conv_reference.hpp: x::mul(lhs, 2.0f), both operands scaled,
// x::convert<float> of a bf16 tensor and a transposed view as operands. Operands and
// destinations in other layouts: conv_layouts_test.cpp and conv_layouts_nhwc_test.cpp
// (split for compile time). Operands are random f32 in [-1, 1]. Tolerance: |err| <= K u
// sum |a b|, K the terms of one output element, u = 2^-24 (conv_reference.hpp explains the
// bound).
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <memory>

#include "support/conv_reference.hpp"

namespace x = sxla;
namespace ct = sxla_test::conv;

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
