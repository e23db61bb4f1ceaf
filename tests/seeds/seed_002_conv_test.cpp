// The Conv and ConvWithGeneralPadding sections of ../shared/seeds/002 ("Conv.
// (convolución)", "ConvConGeneralPadding (convolución)"): the seed's 2-D pseudocode with
// padding and strides, written here as a plain loop (dimensions b, z, y, x; kernel oz,
// iz, ky, kx), against x::conv (SAME and VALID, the seed's dimension order) and
// x::conv_general_dilated (explicit low/high padding and strides). Values are small
// integers, so every sum is exact in f32 and the results are compared for equality; two
// examples have their numbers worked by hand and written literally. SAME keeps the
// input's spatial sizes when the strides are 1, as the seed says.
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

TEST_CASE("seeds/002: Conv VALID and SAME on a 3x3 base, worked by hand") {
  // input(0, 0) = 1..9; the kernel adds the element and its lower-right neighbour.
  const x::tensor<"f32[1,1,3,3]"> input = {{{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}}};
  const x::tensor<"f32[1,1,2,2]"> kernel = {{{{1, 0}, {0, 1}}}};
  // VALID: the 2x2 positions where the window fits.
  const x::tensor<"f32[1,1,2,2]"> valid = x::conv<x::idx{1, 1}, x::padding::valid>(input, kernel);
  CHECK(valid == x::tensor<"f32[1,1,2,2]">{{{{6, 8}, {12, 14}}}});
  // SAME, strides 1: total padding (3 - 1) + 2 - 3 = 1 per dimension, low 0, high 1; the
  // output keeps the input's 3x3.
  const x::tensor<"f32[1,1,3,3]"> same = x::conv<x::idx{1, 1}, x::padding::same>(input, kernel);
  CHECK(same == x::tensor<"f32[1,1,3,3]">{{{{6, 8, 3}, {12, 14, 6}, {7, 8, 9}}}});
  // SAME, strides 2: ceil(3 / 2) = 2 outputs, total (2 - 1) 2 + 2 - 3 = 1, low 0, high 1.
  const x::tensor<"f32[1,1,2,2]"> same2 = x::conv<x::idx{2, 2}, x::padding::same>(input, kernel);
  CHECK(same2 == x::tensor<"f32[1,1,2,2]">{{{{6, 3}, {7, 9}}}});
  // The seed's loop agrees on all three.
  x::tensor<"f32[1,1,2,2]"> r_valid;
  x::tensor<"f32[1,1,3,3]"> r_same;
  x::tensor<"f32[1,1,2,2]"> r_same2;
  seed_conv(input, kernel, 1, 1, 0, 0, r_valid);
  seed_conv(input, kernel, 1, 1, 0, 0, r_same);
  seed_conv(input, kernel, 2, 2, 0, 0, r_same2);
  CHECK(r_valid == valid);
  CHECK(r_same == same);
  CHECK(r_same2 == same2);
  // In constant evaluation.
  constexpr x::tensor<"f32[1,1,3,3]"> ci = {{{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}}};
  constexpr x::tensor<"f32[1,1,2,2]"> ck = {{{{1, 0}, {0, 1}}}};
  constexpr auto cs = x::eval(x::conv<x::idx{1, 1}, x::padding::same>(ci, ck));
  static_assert(cs(0, 0, 0, 0) == 6 && cs(0, 0, 1, 1) == 14 && cs(0, 0, 0, 2) == 3 && cs(0, 0, 2, 2) == 9);
}

TEST_CASE("seeds/002: ConvWithGeneralPadding with two features, padding and strides, worked by hand") {
  // input [b=1, z=2, y=2, x=3]; kernel [oz=2, iz=2, ky=1, kx=2].
  const x::tensor<"f32[1,2,2,3]"> input = {{{{1, 2, 3}, {4, 5, 6}}, {{1, 1, 1}, {2, 2, 2}}}};
  // oz 0: z0(y, x) + z0(y, x + 1); oz 1: z0(y, x) + 10 z1(y, x + 1).
  const x::tensor<"f32[2,2,1,2]"> kernel = {{{{1, 1}}, {{0, 0}}}, {{{1, 0}}, {{0, 10}}}};
  // No padding, strides 1: [1, 2, 2, 2].
  const x::tensor<"f32[1,2,2,2]"> plain = x::conv<x::idx{1, 1}, x::padding::valid>(input, kernel);
  CHECK(plain == x::tensor<"f32[1,2,2,2]">{{{{3, 5}, {9, 11}}, {{11, 12}, {24, 25}}}});
  // Padding y (1, 0), x (0, 1), strides (2, 1): padded base 3 x 4, outputs (3 - 1) / 2 + 1 = 2
  // rows, (4 - 2) / 1 + 1 = 3 columns; row 0 reads the padding row only, row 1 input row 1;
  // column 2 reads x = 2 and the padding column.
  constexpr x::conv_config cfg{.window_strides = x::idx{2, 1},
                               .padding = x::padding::low_high(x::idx{1, 0}, x::idx{0, 1})};
  const x::tensor<"f32[1,2,2,3]"> padded = x::conv_general_dilated<cfg>(input, kernel);
  CHECK(padded == x::tensor<"f32[1,2,2,3]">{{{{0, 0, 0}, {9, 11, 6}}, {{0, 0, 0}, {24, 25, 6}}}});
  x::tensor<"f32[1,2,2,3]"> r;
  seed_conv(input, kernel, 2, 1, 1, 0, r);
  CHECK(r == padded);
}

TEST_CASE("seeds/002: Conv SAME and VALID against the seed's loop") {
  check_conv<1, 1, 5, 5, 1, 3, 3, 1, 1>(1);
  check_conv<2, 3, 7, 6, 4, 3, 2, 1, 1>(3);   // an even kernel width: SAME's odd element goes high
  check_conv<2, 3, 7, 6, 4, 3, 2, 2, 3>(5);
  check_conv<3, 2, 9, 4, 5, 4, 1, 3, 1>(7);
  check_conv<1, 4, 1, 8, 2, 1, 3, 1, 2>(9);   // a base one row high
}

TEST_CASE("seeds/002: SAME keeps the input's spatial sizes when the strides are 1") {
  using odd = decltype(x::conv<x::idx{1, 1}, x::padding::same>(x::tensor<"f32[2,3,7,5]">{}, x::tensor<"f32[4,3,3,3]">{}));
  static_assert(odd::spec.dimensions == x::idx{2, 4, 7, 5});
  using even = decltype(x::conv<x::idx{1, 1}, x::padding::same>(x::tensor<"f32[2,3,7,5]">{}, x::tensor<"f32[4,3,2,4]">{}));
  static_assert(even::spec.dimensions == x::idx{2, 4, 7, 5});
  using valid = decltype(x::conv<x::idx{1, 1}, x::padding::valid>(x::tensor<"f32[2,3,7,5]">{}, x::tensor<"f32[4,3,2,4]">{}));
  static_assert(valid::spec.dimensions == x::idx{2, 4, 6, 2});
}

TEST_CASE("seeds/002: ConvWithGeneralPadding: padding and strides against the seed's loop") {
  check_padded<5, 6, 3, 3, 1, 1, 1, 1, 1, 1>(11);
  check_padded<5, 6, 3, 2, 2, 3, 2, 0, 1, 3>(13);
  check_padded<6, 4, 2, 3, 1, 2, 0, 2, 2, 0>(15);
  check_padded<4, 7, 1, 4, 3, 1, 3, 1, 0, 2>(17);
  // Negative padding removes elements (the seed: its absolute value is cropped).
  check_padded<6, 6, 2, 2, 1, 1, -1, 0, -2, 1>(19);
  check_padded<7, 5, 3, 2, 2, 1, 2, -1, -1, -1>(21);
}
