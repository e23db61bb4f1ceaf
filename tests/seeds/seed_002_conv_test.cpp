// The Conv and ConvWithGeneralPadding sections of ../shared/seeds/002 ("Conv.
// (convolución)", "ConvConGeneralPadding (convolución)"): the seed's 2-D pseudocode with
// padding and strides, written here as a plain loop (dimensions b, z, y, x; kernel oz,
// iz, ky, kx), against x::conv (SAME and VALID, the seed's dimension order) and
// x::conv_general_dilated (explicit low/high padding and strides). Values are small
// integers, so every sum is exact in f32 and the results are compared for equality; two
// examples have their numbers worked by hand and written literally. SAME keeps the
// input's spatial sizes when the strides are 1, as the seed says. Here Conv; the
// ConvWithGeneralPadding cases are in seed_002_conv_padded_test.cpp (the loop and the
// checks: seed_002_conv_check.hpp).
#include "seeds/seed_002_conv_check.hpp"

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
