// The ConvWithGeneralPadding section of ../shared/seeds/002 ("ConvConGeneralPadding
// (convolución)"): x::conv_general_dilated with explicit low/high padding (negative
// padding crops) and strides against the seed's loop, and one example worked by hand;
// small-integer values, exact sums, compared for equality. Conv (SAME and VALID):
// seed_002_conv_test.cpp; the loop and the checks: seed_002_conv_check.hpp.
#include "seeds/seed_002_conv_check.hpp"

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

TEST_CASE("seeds/002: ConvWithGeneralPadding: padding and strides against the seed's loop") {
  check_padded<5, 6, 3, 3, 1, 1, 1, 1, 1, 1>(11);
  check_padded<5, 6, 3, 2, 2, 3, 2, 0, 1, 3>(13);
  check_padded<6, 4, 2, 3, 1, 2, 0, 2, 2, 0>(15);
  check_padded<4, 7, 1, 4, 3, 1, 3, 1, 0, 2>(17);
  // Negative padding removes elements (the seed: its absolute value is cropped).
  check_padded<6, 6, 2, 2, 1, 1, -1, 0, -2, 1>(19);
  check_padded<7, 5, 3, 2, 2, 1, 2, -1, -1, -1>(21);
}
