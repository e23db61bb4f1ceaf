// The helpers of tests/seeds/seed_002_conv_test.cpp and seed_002_conv_padded_test.cpp:
// the seed's 2-D convolution pseudocode (../shared/seeds/002, "Conv. (convolución)",
// "ConvConGeneralPadding (convolución)") as a plain loop, small-integer fills, and the
// checks of x::conv and x::conv_general_dilated against it.
#ifndef SXLA_TESTS_SEEDS_SEED_002_CONV_CHECK_HPP
#define SXLA_TESTS_SEEDS_SEED_002_CONV_CHECK_HPP

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <array>
#include <random>

namespace x = sxla;

namespace {

// The seed's pseudocode, for 2 spatial dimensions:
//   for (b, oz, oy, ox) {
//     value = 0;
//     for (iz, ky, kx) {
//       iy = oy*stride_y + ky - pad_low_y;  ix = ox*stride_x + kx - pad_low_x;
//       if ((iy, ix) inside the base area considered without padding)
//         value += input(b, iz, iy, ix) * kernel(oz, iz, ky, kx);
//     }
//     output(b, oz, oy, ox) = value;
//   }
// The output's sizes come from the padded base area: (padded - window) / stride + 1.
template <class In, class K, class Out>
void seed_conv(const In& input, const K& kernel, x::index_t stride_y, x::index_t stride_x, x::index_t pad_low_y,
               x::index_t pad_low_x, Out& output) {
  constexpr auto in = In::spec.dimensions;
  constexpr auto k = K::spec.dimensions;
  constexpr auto o = Out::spec.dimensions;
  for (x::index_t b = 0; b < o[0]; ++b)
    for (x::index_t oz = 0; oz < o[1]; ++oz)
      for (x::index_t oy = 0; oy < o[2]; ++oy)
        for (x::index_t ox = 0; ox < o[3]; ++ox) {
          float value = 0;
          for (x::index_t iz = 0; iz < k[1]; ++iz)
            for (x::index_t ky = 0; ky < k[2]; ++ky)
              for (x::index_t kx = 0; kx < k[3]; ++kx) {
                const x::index_t iy = oy * stride_y + ky - pad_low_y;
                const x::index_t ix = ox * stride_x + kx - pad_low_x;
                if (iy >= 0 && iy < in[2] && ix >= 0 && ix < in[3]) {
                  value += input(b, iz, iy, ix) * kernel(oz, iz, ky, kx);
                }
              }
          output(b, oz, oy, ox) = value;
        }
}

// Small integers in [-4, 4]: every product and sum here is exact in f32.
template <class T>
void fill_small(T& t, unsigned seed) {
  std::mt19937 g(seed);
  std::uniform_int_distribution<int> u(-4, 4);
  for (x::index_t i = 0; i < T::storage_count; ++i) t.data()[i] = static_cast<float>(u(g));
}

// SAME's low padding (XLA): out = ceil(n / s), total = max((out - 1) s + w - n, 0), low = total / 2.
constexpr x::index_t same_low(x::index_t n, x::index_t w, x::index_t s) {
  const x::index_t out = (n + s - 1) / s;
  const x::index_t total = (out - 1) * s + w - n;
  return total > 0 ? total / 2 : 0;
}

// x::conv with strides (SY, SX), VALID and SAME, against the seed's loop, for input
// [B, Z, H, W] and kernel [OZ, Z, KH, KW].
template <x::index_t B, x::index_t Z, x::index_t H, x::index_t W, x::index_t OZ, x::index_t KH, x::index_t KW,
          x::index_t SY, x::index_t SX>
void check_conv(unsigned seed) {
  x::tensor<x::shape_spec(x::primitive_type::f32, {B, Z, H, W})> input;
  x::tensor<x::shape_spec(x::primitive_type::f32, {OZ, Z, KH, KW})> kernel;
  fill_small(input, seed);
  fill_small(kernel, seed + 1);
  {  // VALID: no padding
    constexpr x::index_t oh = (H - KH) / SY + 1, ow = (W - KW) / SX + 1;
    x::tensor<x::shape_spec(x::primitive_type::f32, {B, OZ, oh, ow})> want;
    seed_conv(input, kernel, SY, SX, 0, 0, want);
    const x::tensor<x::shape_spec(x::primitive_type::f32, {B, OZ, oh, ow})> got =
        x::conv<x::idx{SY, SX}, x::padding::valid>(input, kernel);
    CHECK(got == want);
    // The same through conv_general_dilated (its defaults: the seed's order, no padding).
    constexpr x::conv_config cfg{.window_strides = x::idx{SY, SX}};
    const x::tensor<x::shape_spec(x::primitive_type::f32, {B, OZ, oh, ow})> general =
        x::conv_general_dilated<cfg>(input, kernel);
    CHECK(general == want);
  }
  {  // SAME: ceil(n / stride) outputs, the padding split low-first
    constexpr x::index_t oh = (H + SY - 1) / SY, ow = (W + SX - 1) / SX;
    x::tensor<x::shape_spec(x::primitive_type::f32, {B, OZ, oh, ow})> want;
    seed_conv(input, kernel, SY, SX, same_low(H, KH, SY), same_low(W, KW, SX), want);
    const x::tensor<x::shape_spec(x::primitive_type::f32, {B, OZ, oh, ow})> got =
        x::conv<x::idx{SY, SX}, x::padding::same>(input, kernel);
    CHECK(got == want);
  }
}

// conv_general_dilated with explicit low/high padding (the seed's pad_low_y/x; the high
// side only changes how many windows fit) and strides, against the seed's loop.
template <x::index_t H, x::index_t W, x::index_t KH, x::index_t KW, x::index_t SY, x::index_t SX, x::index_t LY,
          x::index_t LX, x::index_t HY, x::index_t HX>
void check_padded(unsigned seed) {
  x::tensor<x::shape_spec(x::primitive_type::f32, {2, 3, H, W})> input;
  x::tensor<x::shape_spec(x::primitive_type::f32, {4, 3, KH, KW})> kernel;
  fill_small(input, seed);
  fill_small(kernel, seed + 1);
  constexpr x::index_t oh = (H + LY + HY - KH) / SY + 1, ow = (W + LX + HX - KW) / SX + 1;
  x::tensor<x::shape_spec(x::primitive_type::f32, {2, 4, oh, ow})> want;
  seed_conv(input, kernel, SY, SX, LY, LX, want);
  constexpr x::conv_config cfg{.window_strides = x::idx{SY, SX},
                               .padding = x::padding::low_high(x::idx{LY, LX}, x::idx{HY, HX})};
  const x::tensor<x::shape_spec(x::primitive_type::f32, {2, 4, oh, ow})> got = x::conv_general_dilated<cfg>(input, kernel);
  CHECK(got == want);
}

}  // namespace

#endif  // SXLA_TESTS_SEEDS_SEED_002_CONV_CHECK_HPP
