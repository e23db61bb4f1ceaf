// conv_general_dilated's fused epilogues, constant evaluation and a caller's workspace,
// against the plain reference of tests/support/conv_reference.hpp (written from XLA's
// and StableHLO's definitions): relu(conv + bias) and a residual fused over the
// convolution (into row-major, column-major and tiled destinations), a
// convolution evaluated in constant evaluation, and a realistic NHWC layer (1x20x20x32 by
// 3x3x32x48, SAME) in a caller's x::workspace. Operands are random f32 in [-1, 1].
// Tolerance: |err| <= K u sum |a b|, K the terms of one output element, u = 2^-24, and
// for the fused forms one more rounding of the sum with the bias (conv_reference.hpp
// explains the bound); the fused forms must also equal the unfused convolution followed
// by the same elementwise ops, bit for bit. Groups and dimension orders:
// conv_groups_test.cpp; layouts and expression operands: conv_layouts_test.cpp,
// conv_layouts_nhwc_test.cpp, conv_layouts_expr_test.cpp.
//
// No SXLA_ALLOW_HEAP: every case here fits the stack budget (SXLA_STACK_TEMPORARY_BYTES);
// the NHWC layer runs in a caller's workspace (tests/alloc/no_heap_test.cpp counts its
// allocations, and those of a layer beyond the stack budget).
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <memory>

#include "support/conv_reference.hpp"

namespace x = sxla;
namespace ct = sxla_test::conv;
using ct::check_case;

namespace {

// y = relu(conv + bias) (bias along the output's feature dimension F) against the
// reference plus bias, within the bound plus one rounding; and equal to the unfused plain
// convolution + bias, relu.
template <std::size_t F, class Y, class Plain, class Bias, class W>
void check_bias_relu(const ct::result<W>& want, const Y& y, const Plain& plain, const Bias& bias) {
  constexpr std::size_t r = Y::rank;
  x::multi_index<r> sizes{};
  for (std::size_t d = 0; d < r; ++d) sizes[d] = Y::spec.dimensions[d];
  REQUIRE(want.dims == std::vector<x::index_t>(sizes.begin(), sizes.end()));
  const long double u = 1.0L / (1 << 24);
  x::multi_index<r> i{};
  std::size_t e = 0;
  int failures = 0, differ = 0;
  do {
    const long double b = bias(i[F]);
    const long double exact = std::max(want.sum[e] + b, 0.0L);
    const long double bound = static_cast<long double>(want.terms) * u * want.magnitude[e];
    const long double allowed = bound + u * (std::abs(want.sum[e] + b) + bound) + 1e-30L;
    if (!(std::abs(static_cast<long double>(y[i]) - exact) <= allowed) && failures++ < 5) {
      CAPTURE(e);
      CHECK(std::abs(static_cast<long double>(y[i]) - exact) <= allowed);
    }
    const float unfused = std::max(plain[i] + bias(i[F]), 0.0f);
    if (y[i] != unfused && differ++ < 5) {
      CAPTURE(e);
      CHECK(y[i] == unfused);
    }
    ++e;
  } while (ct::next_index(i, sizes));
  CHECK(failures == 0);
  CHECK(differ == 0);
}

}  // namespace

TEST_CASE("conv: elementwise work fused over a convolution") {
  // relu(conv + bias) in NHWC, the bias along dimension 3.
  constexpr auto nhwc = x::conv_config{.window_strides = x::idx{1, 2},
                                       .padding = x::padding::same,
                                       .dim_labels = "b01f_01io->b01f"};
  const auto lhs = ct::random_tensor<"f32[2,7,8,5]">(161);
  const auto rhs = ct::random_tensor<"f32[3,3,5,6]">(162);
  const auto bias = ct::random_tensor<"f32[6]">(163);
  const auto want = ct::reference(ct::params_of<nhwc>(), ct::flatten<long double>(*lhs),
                                  ct::flatten<long double>(*rhs));
  const x::tensor<"f32[2,7,4,6]"> plain = x::conv_general_dilated<nhwc>(*lhs, *rhs);
  ct::compare<float>(want, plain);
  const x::tensor<"f32[2,7,4,6]"> y =
      x::max(x::add(x::conv_general_dilated<nhwc>(*lhs, *rhs), *bias, x::broadcast_dimensions<3>), 0.0f);
  check_bias_relu<3>(want, y, plain, *bias);
  // Into a column-major destination, and into a tiled one.
  const x::tensor<"f32[2,7,4,6]{0,1,2,3}"> ycol =
      x::max(x::add(x::conv_general_dilated<nhwc>(*lhs, *rhs), *bias, x::broadcast_dimensions<3>), 0.0f);
  check_bias_relu<3>(want, ycol, plain, *bias);
  const x::tensor<"f32[2,7,4,6]{3,2,1,0:T(2,8)}"> ytiled =
      x::max(x::add(x::conv_general_dilated<nhwc>(*lhs, *rhs), *bias, x::broadcast_dimensions<3>), 0.0f);
  check_bias_relu<3>(want, ytiled, plain, *bias);
  // A residual: conv + the destination's previous value.
  x::tensor<"f32[2,7,4,6]"> acc = y;
  acc = x::add(x::conv_general_dilated<nhwc>(*lhs, *rhs), acc);
  {
    x::multi_index<4> i{};
    int differ = 0;
    do {
      differ += acc[i] != plain[i] + y[i];
    } while (ct::next_index(i, x::multi_index<4>{2, 7, 4, 6}));
    CHECK(differ == 0);
  }
  // The seed's order, the bias along dimension 1.
  const auto lhs2 = ct::random_tensor<"f32[2,3,7,6]">(164);
  const auto rhs2 = ct::random_tensor<"f32[6,3,3,2]">(165);
  const auto want2 = ct::reference(ct::params_of<x::conv_config{}>(), ct::flatten<long double>(*lhs2),
                                   ct::flatten<long double>(*rhs2));
  const x::tensor<"f32[2,6,5,5]"> plain2 = x::conv<x::idx{1, 1}, x::padding::valid>(*lhs2, *rhs2);
  ct::compare<float>(want2, plain2);
  const x::tensor<"f32[2,6,5,5]"> y2 =
      x::max(x::add(x::conv<x::idx{1, 1}, x::padding::valid>(*lhs2, *rhs2), *bias, x::broadcast_dimensions<1>), 0.0f);
  check_bias_relu<1>(want2, y2, plain2, *bias);
  // A 1x1 convolution over a dense NHWC image runs its rows as one run of pixels
  // (kernels/conv.hpp), so a tile spans rows (7 pixels a row): the fused work must still
  // see each pixel once (and once more into features-not-minor, through a temporary).
  constexpr auto pointwise = x::conv_config{.dim_labels = "b01f_01io->b01f"};
  const auto lhs3 = ct::random_tensor<"f32[2,5,7,20]">(166);
  const auto rhs3 = ct::random_tensor<"f32[1,1,20,6]">(167);
  const auto want3 = ct::reference(ct::params_of<pointwise>(), ct::flatten<long double>(*lhs3),
                                   ct::flatten<long double>(*rhs3));
  const x::tensor<"f32[2,5,7,6]"> plain3 = x::conv_general_dilated<pointwise>(*lhs3, *rhs3);
  ct::compare<float>(want3, plain3);
  const x::tensor<"f32[2,5,7,6]"> y3 =
      x::max(x::add(x::conv_general_dilated<pointwise>(*lhs3, *rhs3), *bias, x::broadcast_dimensions<3>), 0.0f);
  check_bias_relu<3>(want3, y3, plain3, *bias);
  const x::tensor<"f32[2,5,7,6]{2,3,1,0}"> y3x =
      x::max(x::add(x::conv_general_dilated<pointwise>(*lhs3, *rhs3), *bias, x::broadcast_dimensions<3>), 0.0f);
  check_bias_relu<3>(want3, y3x, plain3, *bias);
}

TEST_CASE("conv: constant evaluation") {
  // [b=1, f=2, x=3] by [o=2, i=1, w=2], two feature groups, padding (1, 0): group 0 sums
  // neighbours of feature 0 (1, 2, 3); group 1 takes x(o - 1) - x(o) of feature 1 (4, 5, 6).
  constexpr x::tensor<"f32[1,2,3]"> l = {{{1, 2, 3}, {4, 5, 6}}};
  constexpr x::tensor<"f32[2,1,2]"> r = {{{1, 1}}, {{1, -1}}};
  constexpr x::conv_config cfg{.padding = x::padding::low_high(x::idx{1}, x::idx{0}), .feature_group_count = 2};
  constexpr auto c = x::eval(x::conv_general_dilated<cfg>(l, r));
  static_assert(c(0, 0, 0) == 1 && c(0, 0, 1) == 3 && c(0, 0, 2) == 5);
  static_assert(c(0, 1, 0) == -4 && c(0, 1, 1) == -1 && c(0, 1, 2) == -1);
  CHECK(c == x::tensor<"f32[1,2,3]">{{{1, 3, 5}, {-4, -1, -1}}});
  // The same at run time.
  const x::tensor<"f32[1,2,3]"> run = x::conv_general_dilated<cfg>(l, r);
  CHECK(run == c);
  // NHWC with lhs dilation 2: the input [[1, 2], [3, 4]] spread to [[1, 0, 2], [0, 0, 0],
  // [3, 0, 4]], a 2x2 kernel [[1, 2], [3, 4]]: 1 * 1, 2 * 2, 3 * 3, 4 * 4.
  constexpr x::tensor<"f32[1,2,2,1]"> l2 = {{{{1}, {2}}, {{3}, {4}}}};
  constexpr x::tensor<"f32[2,2,1,1]"> r2 = {{{{1}}, {{2}}}, {{{3}}, {{4}}}};
  constexpr x::conv_config cfg2{.lhs_dilation = x::idx{2, 2}, .dim_labels = "b01f_01io->b01f"};
  constexpr auto c2 = x::eval(x::conv_general_dilated<cfg2>(l2, r2));
  static_assert(c2(0, 0, 0, 0) == 1 && c2(0, 0, 1, 0) == 4 && c2(0, 1, 0, 0) == 9 && c2(0, 1, 1, 0) == 16);
  const x::tensor<"f32[1,2,2,1]"> run2 = x::conv_general_dilated<cfg2>(l2, r2);
  CHECK(run2 == c2);
}

namespace {
// The realistic layer's operands and result, in static storage.
x::tensor<"f32[1,20,20,32]"> layer_in;
x::tensor<"f32[3,3,32,48]"> layer_w;
x::tensor<"f32[48]"> layer_bias;
x::tensor<"f32[1,20,20,48]"> layer_out, layer_fused;
constexpr x::conv_config layer_cfg{.padding = x::padding::same, .dim_labels = "b01f_01io->b01f"};
}  // namespace

TEST_CASE("conv: an NHWC layer (1x20x20x32 by 3x3x32x48, SAME) in a caller's workspace") {
  ct::fill_random(layer_in, 171);
  ct::fill_random(layer_w, 172);
  ct::fill_random(layer_bias, 173);
  using conv_t = decltype(x::conv_general_dilated<layer_cfg>(layer_in, layer_w));
  static x::workspace<x::workspace_bytes<conv_t, decltype(layer_out)>> ws;
  layer_out.using_workspace(ws) = x::conv_general_dilated<layer_cfg>(layer_in, layer_w);
  const auto want = ct::reference(ct::params_of<layer_cfg>(), ct::flatten<long double>(layer_in),
                                  ct::flatten<long double>(layer_w));
  ct::compare<float>(want, layer_out);
  // With its bias and relu fused.
  using fused_t = decltype(x::max(
      x::add(x::conv_general_dilated<layer_cfg>(layer_in, layer_w), layer_bias, x::broadcast_dimensions<3>), 0.0f));
  static x::workspace_for<fused_t, decltype(layer_fused)> ws2;
  layer_fused.using_workspace(ws2) = x::max(
      x::add(x::conv_general_dilated<layer_cfg>(layer_in, layer_w), layer_bias, x::broadcast_dimensions<3>), 0.0f);
  check_bias_relu<3>(want, layer_fused, layer_out, layer_bias);
}
