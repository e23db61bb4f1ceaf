// reduce_window, select_and_scatter and the bounded dynamic dimensions beyond the seed's
// examples. reduce_window is checked against a scalar reference written here from XLA's
// definition (positions o * stride + k * window_dilation - low in the base-dilated
// operand, padding and holes skipped, sequential fold from init), for VALID, SAME and
// explicit padding (negative edges too), strides and dilations, operands in row-major,
// column-major and tiled layouts and as fused expressions, results written into
// row-major and column-major destinations; select_and_scatter against XLA's own test
// cases (select_and_scatter_test.cc: ties, SAME padding, overlaps); set_dimension_size
// through elementwise ops, 2-D reductions and get_dimension_size.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <random>
#include <tuple>

namespace x = sxla;

namespace {

// reduce_window by the definition, for f32 operands of any layout; sum or max.
template <x::idx W, x::idx S, x::idx Lo, x::idx Hi, x::idx BD, x::idx WD, class In, class Out, class F>
void reference_window(const In& in, Out& out, float init, F f) {
  constexpr std::size_t r = In::rank;
  x::for_each_index<typename Out::shape_type>([&](const x::multi_index<r>& o) {
    float acc = init;
    x::multi_index<r> window{};
    for (std::size_t d = 0; d < r; ++d) window[d] = W[d];
    x::for_each_index(window, [&](const x::multi_index<r>& k) {
      x::multi_index<r> s{};
      for (std::size_t d = 0; d < r; ++d) {
        const x::index_t p = o[d] * S[d] + k[d] * WD[d] - Lo[d];
        if (p < 0 || p % BD[d] != 0 || p / BD[d] >= In::shape_type::dimensions[d]) return;
        s[d] = p / BD[d];
      }
      acc = f(acc, in.data()[In::shape_type::offset(s)]);
    });
    out.data()[Out::shape_type::offset(o)] = acc;
  });
}

template <class T>
void fill(T& t, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> u(-50, 50);
  x::for_each_index<typename T::shape_type>(
      [&](const auto& i) { t.data()[T::shape_type::offset(i)] = static_cast<float>(u(rng)) * 0.25f; });
}

constexpr x::shape_spec column_major(x::shape_spec s) {
  s.layout.minor_to_major = {};
  for (std::size_t d = 0; d < s.dimensions.size(); ++d) s.layout.minor_to_major.push_back(static_cast<x::index_t>(d));
  return s;
}

const auto plus = [](float a, float b) { return a + b; };
const auto bigger = [](float a, float b) { return a > b ? a : b; };
constexpr float lowest = std::numeric_limits<float>::lowest();

// One case: sum and max of the windows, against the reference, into two layouts.
template <x::shape_spec In, x::idx W, x::idx S, x::window_padding P, x::idx BD = x::idx{}, x::idx WD = x::idx{}>
void check_case(unsigned seed) {
  x::tensor<In> in;
  fill(in, seed);
  constexpr auto dims = In.dimensions;
  constexpr x::window_geometry g = x::make_window_geometry(dims, W, S, P, BD, WD);
  constexpr x::shape_spec out_spec = x::logical_spec(x::primitive_type::f32, g.result);
  constexpr x::shape_spec out_col = column_major(out_spec);
  x::tensor<out_spec> want_sum, want_max;
  reference_window<W, g.stride, g.low, g.high, g.base_dilation, g.window_dilation>(in, want_sum, 0.0f, plus);
  reference_window<W, g.stride, g.low, g.high, g.base_dilation, g.window_dilation>(in, want_max, lowest, bigger);

  const x::tensor<out_spec> sum = x::reduce_window<W, S, P, BD, WD>(in, 0.0f, x::add_op);
  const x::tensor<out_col> max = x::reduce_window<W, S, P, BD, WD>(in, lowest, x::max_op);
  CHECK(sum == want_sum);
  CHECK(max == want_max);
  // A fused operand: the windows of in * 2 (exact in binary floating point).
  const x::tensor<out_spec> twice = x::reduce_window<W, S, P, BD, WD>(in * 2.0f, 0.0f, x::add_op);
  CHECK(twice == x::eval(want_sum * 2.0f));
  // A user computation takes the element-by-element path: the same sequential fold.
  const x::tensor<out_spec> user = x::reduce_window<W, S, P, BD, WD>(in, 0.0f, plus);
  CHECK(user == want_sum);
}

}  // namespace

TEST_CASE("ops/reduce_window: against the definition, VALID / SAME / explicit, strides and dilations") {
  check_case<x::shape_spec("f32[7,37]"), x::idx{2, 3}, x::idx{2, 1}, x::padding::valid>(1);
  check_case<x::shape_spec("f32[7,37]"), x::idx{3, 3}, x::idx{1, 2}, x::padding::same>(2);
  check_case<x::shape_spec("f32[7,37]{0,1}"), x::idx{3, 2}, x::idx{2, 1}, x::padding::same>(3);
  check_case<x::shape_spec("f32[7,37]{1,0:T(2,8)}"), x::idx{2, 2}, x::idx{2, 2}, x::padding::valid>(4);
  check_case<x::shape_spec("f32[6,20]"), x::idx{2, 3}, x::idx{1, 1},
             x::padding::low_high(x::idx{1, -2}, x::idx{2, -1})>(5);
  check_case<x::shape_spec("f32[6,20]"), x::idx{2, 3}, x::idx{1, 2}, x::padding::valid, x::idx{2, 1},
             x::idx{1, 2}>(6);
  check_case<x::shape_spec("f32[9]"), x::idx{3}, x::idx{1}, x::padding::low_high(x::idx{2}, x::idx{3}), x::idx{3},
             x::idx{2}>(7);
  // NHWC pooling shapes, channel lines in vectors.
  check_case<x::shape_spec("f32[1,8,6,35]"), x::idx{1, 2, 2, 1}, x::idx{1, 2, 2, 1}, x::padding::valid>(8);
  check_case<x::shape_spec("f32[2,5,5,16]"), x::idx{1, 3, 3, 1}, x::idx{1, 2, 2, 1}, x::padding::same>(9);
}

TEST_CASE("ops/reduce_window: no windows fit, and a window over the whole operand") {
  const x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  const auto none = x::eval(x::reduce_window<x::idx{3, 1}>(a, 0.0f, x::add_op));
  static_assert(decltype(none)::shape_type::dimensions[0] == 0);
  CHECK(x::eval(x::reduce_window<x::idx{2, 3}>(a, 0.0f, x::add_op)) == x::tensor<"f32[1,1]">{{21}});
  // A window entirely in padding keeps the init value.
  CHECK(x::eval(x::reduce_window<x::idx{1, 1}, x::idx{1, 1}, x::padding::low_high(x::idx{1, 0}, x::idx{0, 0})>(
            a, -7.0f, x::max_op)) == x::tensor<"f32[3,3]">{{-7, -7, -7}, {1, 2, 3}, {4, 5, 6}});
}

TEST_CASE("ops/reduce_window: variadic, the position of each window's minimum") {
  const x::tensor<"f32[7]"> v = {4, 2, 8, 2, 6, 1, 9};
  auto [mins, where] = x::reduce_window<x::idx{3}, x::idx{2}>(
      v, x::iota<"s32[7]", 0>(), std::numeric_limits<float>::infinity(), -1,
      [](float m, int i, float e, int j) { return e < m ? std::tuple{e, j} : std::tuple{m, i}; });
  CHECK(mins == x::tensor<"f32[3]">{2, 2, 1});
  CHECK(where == x::tensor<"s32[3]">{1, 3, 5});
}

TEST_CASE("ops/select_and_scatter: XLA's cases (ties, SAME, overlaps, init value)") {
  const auto ge = [](int a, int b) { return a >= b; };
  const auto add = [](int a, int b) { return a + b; };
  // R1S32: no overlap, init 1.
  CHECK(x::select_and_scatter<x::idx{3}, x::idx{3}>(x::tensor<"s32[6]">{-1, 0, 6, 4, -4, 10}, ge,
                                                    x::tensor<"s32[2]">{-10, 20}, 1, add) ==
        x::tensor<"s32[6]">{1, 1, -9, 1, 1, 21});
  // R1S32OverlappingWindow.
  CHECK(x::select_and_scatter<x::idx{3}, x::idx{1}>(x::tensor<"s32[6]">{1, 9, 3, 7, 5, 6}, ge,
                                                    x::tensor<"s32[4]">{34, 42, 53, 19}, 0, add) ==
        x::tensor<"s32[6]">{0, 76, 0, 72, 0, 0});
  const x::tensor<"s32[2,5]"> op = {{7, 2, 5, 3, 8}, {3, 8, 9, 3, 4}};
  // R2S32OverlappingWindow.
  CHECK(x::select_and_scatter<x::idx{2, 3}, x::idx{1, 1}>(op, ge, x::tensor<"s32[1,3]">{{2, 6, 4}}, 0, add) ==
        x::tensor<"s32[2,5]">{{0, 0, 0, 0, 0}, {0, 0, 12, 0, 0}});
  // R2S32SamePadding and R2S32SamePaddingOverlappingWindow.
  CHECK(x::select_and_scatter<x::idx{2, 2}, x::idx{2, 2}, x::padding::same>(op, ge, x::tensor<"s32[1,3]">{{2, 6, 4}},
                                                                          0, add) ==
        x::tensor<"s32[2,5]">{{0, 0, 0, 0, 4}, {0, 2, 6, 0, 0}});
  CHECK(x::select_and_scatter<x::idx{2, 2}, x::idx{1, 1}, x::padding::same>(
            op, ge, x::tensor<"s32[2,5]">{{2, 6, 4, 7, 1}, {3, 5, 8, 9, 10}}, 0, add) ==
        x::tensor<"s32[2,5]">{{0, 0, 0, 0, 8}, {0, 5, 23, 0, 19}});
  // R2F32Tie: equal values select the first in row-major order.
  const x::tensor<"f32[3,3]"> zeros{};
  const x::tensor<"f32[3,3]"> src = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
  CHECK(x::select_and_scatter<x::idx{3, 3}, x::idx{1, 1}, x::padding::same>(
            zeros, [](float a, float b) { return a >= b; }, src, 0.0f, x::add_op) ==
        x::tensor<"f32[3,3]">{{12, 9, 0}, {15, 9, 0}, {0, 0, 0}});
  // Negative padding on both ends of a dimension (R4NegativePaddingOnBothEnds in 2-D).
  const x::tensor<"f32[4,6]"> pzo = {{7, 2, 5, 3, 10, 3}, {3, 8, 9, 3, 4, 2}, {1, 5, 7, 5, 6, 1}, {0, 6, 2, 7, 2, 8}};
  CHECK(x::select_and_scatter<x::idx{2, 2}, x::idx{2, 2}, x::padding::low_high(x::idx{0, -1}, x::idx{0, -1})>(
            pzo, [](float a, float b) { return a >= b; }, x::tensor<"f32[2,2]">{{2, 6}, {3, 1}}, 0.0f, x::add_op) ==
        x::tensor<"f32[4,6]">{{0, 0, 0, 0, 6, 0}, {0, 0, 2, 0, 0, 0}, {0, 0, 3, 0, 0, 0}, {0, 0, 0, 1, 0, 0}});
}

TEST_CASE("ops/set_dimension_size: elementwise ops carry the size, 2-D reductions honour it") {
  const x::tensor<"s32[3,4]"> a = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
  const auto cols2 = x::set_dimension_size<1>(a, 2);
  const auto rows1 = x::set_dimension_size<0>(cols2, 1);  // both dimensions set
  CHECK(x::get_dimension_size<1>(cols2 * 2) == 2);
  CHECK(x::get_dimension_size<0>(cols2 + a) == 3);
  CHECK(x::get_dimension_size<1>(cols2 + a) == 2);  // the smaller of the two
  CHECK(x::get_dimension_size<0>(rows1) == 1);
  CHECK(x::eval(x::reduce<1>(cols2, 0, x::add_op)) == x::tensor<"s32[3]">{3, 11, 19});
  CHECK(x::eval(x::reduce<0>(cols2 * 10, 0, x::add_op)) == x::tensor<"s32[4]">{150, 180, 210, 240});
  CHECK(x::eval(x::reduce<0, 1>(rows1, 0, x::add_op))() == 3);
  // A reduction's result carries the kept dimension's size.
  CHECK(x::get_dimension_size<0>(x::reduce<0>(cols2, 0, x::add_op)) == 2);
  // Sizes outside [0, bound] clamp; size 0 reduces nothing.
  CHECK(x::get_dimension_size<1>(x::set_dimension_size<1>(a, 99)) == 4);
  CHECK(x::eval(x::reduce<1>(x::set_dimension_size<1>(a, -3), 100, x::add_op)) == x::tensor<"s32[3]">{100, 100, 100});
  // Floats through the vectorized row path: the first 37 of 100 elements.
  x::tensor<"f32[100]"> ones;
  for (int i = 0; i < 100; ++i) ones(i) = 1.0f;
  CHECK(x::eval(x::reduce<0>(x::set_dimension_size<0>(ones, 37), 0.0f, x::add_op))() == 37);
  // Static operands stay constant expressions.
  static_assert(x::get_dimension_size<1>(x::tensor<"f32[2,9]">{}) == 9);
}
