// The worked examples of ../shared/seeds/002 for the data-movement ops, with the seed's
// numbers: Contraer (Collapse) and Reshape over v = f32[4x2x3] (in order and the
// out-of-order {1,2,0} reshapes, scalar <-> single element), Porción (Slice),
// DynamicSlice and DynamicUpdateSlice in 1-D and 2-D, Concatenate in 1-D and 2-D,
// ConvertElementType's s32 -> f32 example and BitcastConvertType's shape rules.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <type_traits>

namespace x = sxla;

namespace {
const x::tensor<"f32[4,2,3]"> v = {{{10, 11, 12}, {15, 16, 17}},
                                   {{20, 21, 22}, {25, 26, 27}},
                                   {{30, 31, 32}, {35, 36, 37}},
                                   {{40, 41, 42}, {45, 46, 47}}};
const x::tensor<"f32[5]"> a = {0.0f, 1.0f, 2.0f, 3.0f, 4.0f};
const x::tensor<"f32[4,3]"> b = {{0.0f, 1.0f, 2.0f}, {3.0f, 4.0f, 5.0f}, {6.0f, 7.0f, 8.0f}, {9.0f, 10.0f, 11.0f}};
}  // namespace

TEST_CASE("seeds/002: Collapse(v, {0,1,2}), {0,1} and {1,2}") {
  CHECK(x::eval(x::collapse<0, 1, 2>(v)) == x::tensor<"f32[24]">{10, 11, 12, 15, 16, 17, 20, 21, 22, 25, 26, 27,
                                                                 30, 31, 32, 35, 36, 37, 40, 41, 42, 45, 46, 47});
  CHECK(x::eval(x::collapse<0, 1>(v)) == x::tensor<"f32[8,3]">{{10, 11, 12}, {15, 16, 17}, {20, 21, 22},
                                                              {25, 26, 27}, {30, 31, 32}, {35, 36, 37},
                                                              {40, 41, 42}, {45, 46, 47}});
  // The seed's v12 text shows f32[8x3] with v01's numbers; Collapse's own rule (the
  // collapsed dimensions become one, in place) gives f32[4x6], the same elements in order.
  CHECK(x::eval(x::collapse<1, 2>(v)) == x::tensor<"f32[4,6]">{{10, 11, 12, 15, 16, 17},
                                                              {20, 21, 22, 25, 26, 27},
                                                              {30, 31, 32, 35, 36, 37},
                                                              {40, 41, 42, 45, 46, 47}});
}

TEST_CASE("seeds/002: Reshape(v, {0,1,2}, {24}) and {8,3}: in-order collapse") {
  CHECK(x::eval(x::reshape<"f32[24]", 0, 1, 2>(v)) ==
        x::tensor<"f32[24]">{10, 11, 12, 15, 16, 17, 20, 21, 22, 25, 26, 27,
                             30, 31, 32, 35, 36, 37, 40, 41, 42, 45, 46, 47});
  CHECK(x::eval(x::reshape<"f32[8,3]", 0, 1, 2>(v)) ==
        x::tensor<"f32[8,3]">{{10, 11, 12}, {15, 16, 17}, {20, 21, 22}, {25, 26, 27},
                              {30, 31, 32}, {35, 36, 37}, {40, 41, 42}, {45, 46, 47}});
  // Without dimensions: the same in-order collapse.
  CHECK(x::eval(x::reshape<"f32[8,3]">(v)) ==
        x::tensor<"f32[8,3]">{{10, 11, 12}, {15, 16, 17}, {20, 21, 22}, {25, 26, 27},
                              {30, 31, 32}, {35, 36, 37}, {40, 41, 42}, {45, 46, 47}});
}

TEST_CASE("seeds/002: Reshape(v, {1,2,0}, {24}), {8,3} and {2,6,2}: out-of-order collapse") {
  CHECK(x::eval(x::reshape<"f32[24]", 1, 2, 0>(v)) ==
        x::tensor<"f32[24]">{10, 20, 30, 40, 11, 21, 31, 41, 12, 22, 32, 42,
                             15, 25, 35, 45, 16, 26, 36, 46, 17, 27, 37, 47});
  CHECK(x::eval(x::reshape<"f32[8,3]", 1, 2, 0>(v)) ==
        x::tensor<"f32[8,3]">{{10, 20, 30}, {40, 11, 21}, {31, 41, 12}, {22, 32, 42},
                              {15, 25, 35}, {45, 16, 26}, {36, 46, 17}, {27, 37, 47}});
  CHECK(x::eval(x::reshape<"f32[2,6,2]", 1, 2, 0>(v)) ==
        x::tensor<"f32[2,6,2]">{{{10, 20}, {30, 40}, {11, 21}, {31, 41}, {12, 22}, {32, 42}},
                                {{15, 25}, {35, 45}, {16, 26}, {36, 46}, {17, 27}, {37, 47}}});
  // Into a column-major destination: the same logical values.
  const x::tensor<"f32[8,3]{0,1}"> col = x::reshape<"f32[8,3]", 1, 2, 0>(v);
  CHECK(col(0, 0) == 10.0f);
  CHECK(col(1, 0) == 40.0f);
  CHECK(col(7, 2) == 47.0f);
  CHECK(col(3, 1) == 32.0f);
}

TEST_CASE("seeds/002: Reshape between a single-element array and a scalar") {
  const x::tensor<"f32[1,1]"> one = {{5.0f}};
  CHECK(x::eval(x::reshape<"f32[]", 0, 1>(one)) == x::tensor<"f32[]">{5.0f});
  CHECK(x::eval(x::reshape<"f32[1,1]">(x::tensor<"f32[]">{5.0f})) == one);
  constexpr auto s = x::eval(x::reshape<"s32[]">(x::tensor<"s32[1,1,1]">{{{7}}}));
  static_assert(s() == 7);
}

TEST_CASE("seeds/002: Slice(a, {2}, {4}) and Slice(b, {2,1}, {4,3})") {
  CHECK(x::eval(x::slice<x::idx{2}, x::idx{4}>(a)) == x::tensor<"f32[2]">{2.0f, 3.0f});
  CHECK(x::eval(x::slice<x::idx{2, 1}, x::idx{4, 3}>(b)) == x::tensor<"f32[2,2]">{{7.0f, 8.0f}, {10.0f, 11.0f}});
}

TEST_CASE("seeds/002: DynamicSlice 1-D and 2-D, and its clamping") {
  CHECK(x::eval(x::dynamic_slice<2>(a, 2)) == x::tensor<"f32[2]">{2.0f, 3.0f});
  CHECK(x::eval(x::dynamic_slice<2, 2>(b, 2, 1)) == x::tensor<"f32[2,2]">{{7.0f, 8.0f}, {10.0f, 11.0f}});
  // start = clamp(start, 0, size - slice size): in bounds whatever the starts.
  CHECK(x::eval(x::dynamic_slice<2>(a, 4)) == x::tensor<"f32[2]">{3.0f, 4.0f});
  CHECK(x::eval(x::dynamic_slice<2>(a, -7)) == x::tensor<"f32[2]">{0.0f, 1.0f});
  CHECK(x::eval(x::dynamic_slice<2, 2>(b, 100, -1)) == x::tensor<"f32[2,2]">{{6.0f, 7.0f}, {9.0f, 10.0f}});
  CHECK(x::eval(x::dynamic_slice<2>(a, 0xffffffffu)) == x::tensor<"f32[2]">{3.0f, 4.0f});
}

TEST_CASE("seeds/002: DynamicUpdateSlice 1-D and 2-D, as an expression and in place") {
  const x::tensor<"f32[2]"> u = {5.0f, 6.0f};
  CHECK(x::eval(x::dynamic_update_slice(a, u, 2)) == x::tensor<"f32[5]">{0.0f, 1.0f, 5.0f, 6.0f, 4.0f});
  const x::tensor<"f32[3,2]"> ub = {{12.0f, 13.0f}, {14.0f, 15.0f}, {16.0f, 17.0f}};
  const x::tensor<"f32[4,3]"> want = {{0.0f, 1.0f, 2.0f}, {3.0f, 12.0f, 13.0f}, {6.0f, 14.0f, 15.0f}, {9.0f, 16.0f, 17.0f}};
  CHECK(x::eval(x::dynamic_update_slice(b, ub, 1, 1)) == want);
  x::tensor<"f32[4,3]"> t = b;
  x::dynamic_update_slice_in_place(t, ub, 1, 1);
  CHECK(t == want);
  x::tensor<"f32[4,3]{0,1}"> col = b;
  x::dynamic_update_slice_in_place(col, ub, 1, 5);  // the column start clamps to 1
  CHECK(x::eval(col) == want);
  // Starts clamp to [0, operand size - update size].
  CHECK(x::eval(x::dynamic_update_slice(a, u, 9)) == x::tensor<"f32[5]">{0.0f, 1.0f, 2.0f, 5.0f, 6.0f});
  CHECK(x::eval(x::dynamic_update_slice(a, u, -3)) == x::tensor<"f32[5]">{5.0f, 6.0f, 2.0f, 3.0f, 4.0f});
}

TEST_CASE("seeds/002: Concat({{2,3},{4,5},{6,7}}, 0) and the 2-D example") {
  CHECK(x::eval(x::concatenate<0>(x::tensor<"s32[2]">{2, 3}, x::tensor<"s32[2]">{4, 5}, x::tensor<"s32[2]">{6, 7})) ==
        x::tensor<"s32[6]">{2, 3, 4, 5, 6, 7});
  const x::tensor<"s32[3,2]"> ca = {{1, 2}, {3, 4}, {5, 6}};
  const x::tensor<"s32[1,2]"> cb = {{7, 8}};
  CHECK(x::eval(x::concatenate<0>(ca, cb)) == x::tensor<"s32[4,2]">{{1, 2}, {3, 4}, {5, 6}, {7, 8}});
}

TEST_CASE("seeds/002: Rev reverses the index of each listed dimension (i -> N - 1 - i)") {
  CHECK(x::eval(x::rev<0>(a)) == x::tensor<"f32[5]">{4.0f, 3.0f, 2.0f, 1.0f, 0.0f});
  CHECK(x::eval(x::rev<1>(b)) == x::tensor<"f32[4,3]">{{2.0f, 1.0f, 0.0f}, {5.0f, 4.0f, 3.0f},
                                                      {8.0f, 7.0f, 6.0f}, {11.0f, 10.0f, 9.0f}});
  CHECK(x::eval(x::rev<0, 1>(b)) == x::tensor<"f32[4,3]">{{11.0f, 10.0f, 9.0f}, {8.0f, 7.0f, 6.0f},
                                                         {5.0f, 4.0f, 3.0f}, {2.0f, 1.0f, 0.0f}});
}

TEST_CASE("seeds/002: Transpose is Reshape(operand, permutation, permuted dimensions)") {
  // Result (i, j, k) = v(k, i, j): v's values are 10 (k + 1) + 5 i + j.
  const x::tensor<"f32[2,3,4]"> want = {{{10, 20, 30, 40}, {11, 21, 31, 41}, {12, 22, 32, 42}},
                                        {{15, 25, 35, 45}, {16, 26, 36, 46}, {17, 27, 37, 47}}};
  CHECK(x::eval(x::transpose<1, 2, 0>(v)) == want);
  CHECK(x::eval(x::reshape<"f32[2,3,4]", 1, 2, 0>(v)) == want);
  CHECK(x::eval(x::transpose<1, 0>(b)) == x::tensor<"f32[3,4]">{{0.0f, 3.0f, 6.0f, 9.0f},
                                                                {1.0f, 4.0f, 7.0f, 10.0f},
                                                                {2.0f, 5.0f, 8.0f, 11.0f}});
}

TEST_CASE("seeds/002: Pad: edges low and high, interior padding, negative edges after interior") {
  // Interior padding first, then the edges; a negative edge removes elements of the
  // interior-padded array.
  CHECK(x::eval(x::pad<x::idx{1}, x::idx{2}>(a, -1.0f)) ==
        x::tensor<"f32[8]">{-1.0f, 0.0f, 1.0f, 2.0f, 3.0f, 4.0f, -1.0f, -1.0f});
  CHECK(x::eval(x::pad<x::idx{0}, x::idx{0}, x::idx{2}>(a, 9.0f)) ==
        x::tensor<"f32[13]">{0, 9, 9, 1, 9, 9, 2, 9, 9, 3, 9, 9, 4});
  CHECK(x::eval(x::pad<x::idx{-2}, x::idx{-1}, x::idx{1}>(a, 9.0f)) ==
        x::tensor<"f32[6]">{1, 9, 2, 9, 3, 9});
  CHECK(x::eval(x::pad<x::idx{1, -1}, x::idx{-2, 1}, x::idx{1, 0}>(b, 0.5f)) ==
        x::tensor<"f32[6,3]">{{0.5f, 0.5f, 0.5f}, {1, 2, 0.5f}, {0.5f, 0.5f, 0.5f}, {4, 5, 0.5f},
                              {0.5f, 0.5f, 0.5f}, {7, 8, 0.5f}});
  // All edges (0, 0) and no interior: a no-op.
  CHECK(x::eval(x::pad<x::idx{0, 0}, x::idx{0, 0}>(b, 1.0f)) == b);
}

TEST_CASE("seeds/002: ConvertElementType s32[3] {0, 1, 2} -> f32[3] {0.0, 1.0, 2.0}") {
  CHECK(x::eval(x::convert<float>(x::tensor<"s32[3]">{0, 1, 2})) == x::tensor<"f32[3]">{0.0f, 1.0f, 2.0f});
}

TEST_CASE("seeds/002: BitcastConvertType between widths: f32[10] -> f16[10,2], f32[] -> f16[2], and back") {
  const x::tensor<"f32[10]"> in = {1.0f, -2.0f, 0.5f, 3.0f, -0.0f, 1e-3f, 65504.0f, 7.0f, -1.5f, 2.25f};
  const auto halves = x::eval(x::bitcast_convert<x::f16>(in));
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(halves)>, x::tensor<"f16[10,2]">>);
  const auto scalar_halves = x::eval(x::bitcast_convert<x::f16>(x::tensor<"f32[]">{1.0f}));
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(scalar_halves)>, x::tensor<"f16[2]">>);
  // 1.0f is 0x3f800000: the low half 0x0000 first in memory (little-endian), then 0x3f80.
  CHECK(scalar_halves(0).bits() == 0x0000);
  CHECK(scalar_halves(1).bits() == 0x3f80);
  const auto back = x::eval(x::bitcast_convert<float>(halves));
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(back)>, x::tensor<"f32[10]">>);
  CHECK(back == in);
}
