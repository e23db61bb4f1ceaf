// The worked examples of ../shared/seeds/002 for the reductions, with the seed's numbers:
// Reducir (Reduce) in 1-D, 2-D and 3-D (dims {0}, {2}, {0,1} -> [20, 28, 36], all -> 84),
// the variadic max/argmax reduction over values and iota, ReduceWindow's min-window
// example over [10000, 1000, 100, 10, 1] (VALID [100, 1], SAME [1000, 10, 1]) and its
// 4x6 max with 2x3 windows, SelectAndScatter's overlapping windows (9 selected twice:
// 2 + 6 = 8), and SetDimensionSize's sums and product over [1..10].
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <limits>
#include <tuple>
#include <type_traits>

namespace x = sxla;

namespace {
// The seed's 2-D array: dimension 0 of size 2, dimension 1 of size 3.
const x::tensor<"f32[2,3]"> m = {{1, 2, 3}, {4, 5, 6}};
// The seed's 3-D array: [4, 2, 3], the values 1 to 6 repeated along dimension 0.
constexpr x::tensor<"f32[4,2,3]"> cube = {{{1, 2, 3}, {4, 5, 6}},
                                          {{1, 2, 3}, {4, 5, 6}},
                                          {{1, 2, 3}, {4, 5, 6}},
                                          {{1, 2, 3}, {4, 5, 6}}};
constexpr float float_max = std::numeric_limits<float>::max();
}  // namespace

TEST_CASE("seeds/002: Reduce of [10, 11, 12, 13] with f: a user f folds in order from the init value") {
  const x::tensor<"s32[4]"> v = {10, 11, 12, 13};
  CHECK(x::eval(x::reduce<0>(v, 0, x::add_op))() == 46);
  // A computation that shows the order: f(acc, e) = 10 * acc + (e - 10) folds the digits
  // of f(f(f(f(init, 10), 11), 12), 13) = 123 from init 0.
  CHECK(x::eval(x::reduce<0>(v, 0, [](int acc, int e) { return 10 * acc + (e - 10); }))() == 123);
}

TEST_CASE("seeds/002: Reduce of the 2-D array over dimension 0 or 1 with add") {
  CHECK(x::eval(x::reduce<0>(m, 0.0f, x::add_op)) == x::tensor<"f32[3]">{5, 7, 9});
  CHECK(x::eval(x::reduce<1>(m, 0.0f, x::add_op)) == x::tensor<"f32[2]">{6, 15});
}

TEST_CASE("seeds/002: Reduce of the 3-D array over {0}, {2}, {0, 1} and all dimensions") {
  CHECK(x::eval(x::reduce<0>(cube, 0.0f, x::add_op)) == x::tensor<"f32[2,3]">{{4, 8, 12}, {16, 20, 24}});
  CHECK(x::eval(x::reduce<2>(cube, 0.0f, x::add_op)) ==
        x::tensor<"f32[4,2]">{{6, 15}, {6, 15}, {6, 15}, {6, 15}});
  CHECK(x::eval(x::reduce<0, 1>(cube, 0.0f, x::add_op)) == x::tensor<"f32[3]">{20, 28, 36});
  CHECK(x::eval(x::reduce<1, 0>(cube, 0.0f, x::add_op)) == x::tensor<"f32[3]">{20, 28, 36});  // unordered
  CHECK(x::eval(x::reduce<0, 1, 2>(cube, 0.0f, x::add_op))() == 84);
  // The same at compile time.
  static_assert(x::eval(x::reduce<0, 1, 2>(cube, 0.0f, x::add_op))() == 84);
  static_assert(x::eval(x::reduce<0, 1>(cube, 0.0f, x::add_op))(2) == 36);
  // Into a column-major destination, and reducing a fused expression.
  const x::tensor<"f32[4,2]{0,1}"> col = x::reduce<2>(cube, 0.0f, x::add_op);
  CHECK(col == x::tensor<"f32[4,2]">{{6, 15}, {6, 15}, {6, 15}, {6, 15}});
  CHECK(x::eval(x::reduce<0, 1>(cube * 2.0f, 0.0f, x::add_op)) == x::tensor<"f32[3]">{40, 56, 72});
}

TEST_CASE("seeds/002: variadic Reduce: max and argmax of values and iota") {
  // f(max, argmax, value, index): (value, index) if value >= max, else (max, argmax).
  const auto f = [](float mx, int am, float value, int index) {
    return value >= mx ? std::tuple{value, index} : std::tuple{mx, am};
  };
  const x::tensor<"f32[6]"> v = {3, 7, 1, 7, 2, -4};
  auto [max, argmax] = x::reduce<0>(v, x::iota<"s32[6]", 0>(), -std::numeric_limits<float>::infinity(), 0, f);
  static_assert(std::is_same_v<decltype(max), x::tensor<"f32[]">>);
  static_assert(std::is_same_v<decltype(argmax), x::tensor<"s32[]">>);
  CHECK(max() == 7);
  CHECK(argmax() == 3);  // >= takes the later of equal values
  // Per row of a matrix, with get<I> (GetTupleElement).
  const x::tensor<"f32[2,4]"> rows = {{5, 1, 9, 2}, {0, 8, 8, -1}};
  const auto r = x::reduce<1>(rows, x::iota<"s32[2,4]", 1>(), -std::numeric_limits<float>::infinity(), 0, f);
  CHECK(x::get_tuple_element<0>(r) == x::tensor<"f32[2]">{9, 8});
  CHECK(std::get<1>(r) == x::tensor<"s32[2]">{2, 2});
}

TEST_CASE("seeds/002: ReduceWindow: min over windows of 3, stride 2, of [10000, 1000, 100, 10, 1]") {
  const x::tensor<"f32[5]"> v = {10000, 1000, 100, 10, 1};
  CHECK(x::eval(x::reduce_window<x::idx{3}, x::idx{2}>(v, float_max, x::min_op)) == x::tensor<"f32[2]">{100, 1});
  CHECK(x::eval(x::reduce_window<x::idx{3}, x::idx{2}, x::padding::same>(v, float_max, x::min_op)) ==
        x::tensor<"f32[3]">{1000, 10, 1});
  // SAME padded [MAX, 10000, ..., 1, MAX]: explicit (1, 1) padding is the same.
  CHECK(x::eval(x::reduce_window<x::idx{3}, x::idx{2}, x::padding::low_high(x::idx{1}, x::idx{1})>(
            v, float_max, x::min_op)) == x::tensor<"f32[3]">{1000, 10, 1});
}

TEST_CASE("seeds/002: ReduceWindow: max over [4x6] with 2x3 windows and 2x3 strides, VALID") {
  const x::tensor<"f32[4,6]"> in = {{1, 9, 3, 4, 2, 0}, {5, 6, 7, 8, 3, 11}, {2, 2, 2, 4, 5, 6}, {0, 1, 3, 2, 9, 1}};
  const auto out = x::eval(x::reduce_window<x::idx{2, 3}, x::idx{2, 3}>(in, std::numeric_limits<float>::lowest(),
                                                                        x::max_op));
  CHECK(out == x::tensor<"f32[2,2]">{{9, 11}, {3, 9}});
}

TEST_CASE("seeds/002: SelectAndScatter: overlapping windows select 9 twice, scatter add gives 2 + 6 = 8") {
  const x::tensor<"f32[4,5]"> operand = {{7, 2, 5, 3, 8}, {3, 8, 9, 3, 4}, {1, 5, 7, 5, 6}, {0, 6, 2, 10, 2}};
  const x::tensor<"f32[2,2]"> source = {{2, 6}, {3, 1}};
  const auto ge = [](float a, float b) { return a >= b; };
  const auto out = x::select_and_scatter<x::idx{2, 3}, x::idx{2, 2}>(operand, ge, source, 0.0f, x::add_op);
  CHECK(out == x::tensor<"f32[4,5]">{{0, 0, 0, 0, 0}, {0, 0, 8, 0, 0}, {0, 0, 3, 0, 0}, {0, 0, 0, 1, 0}});
}

TEST_CASE("seeds/002: SetDimensionSize: sum and product of [1..10] with size 5, sum with size 6") {
  const x::tensor<"f32[10]"> v = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  const auto five = x::set_dimension_size<0>(v, 5);
  const auto six = x::set_dimension_size<0>(v, 6);
  static_assert(decltype(five)::spec == decltype(x::as_operand(v))::spec);  // the static bound stays
  CHECK(x::get_dimension_size<0>(five) == 5);
  CHECK(x::get_dimension_size<0>(six) == 6);
  CHECK(x::eval(x::reduce<0>(five, 0.0f, x::add_op))() == 15);
  CHECK(x::eval(x::reduce<0>(five, 1.0f, x::mul_op))() == 120);
  CHECK(x::eval(x::reduce<0>(six, 0.0f, x::add_op))() == 21);
  CHECK(x::eval(x::reduce<0>(v, 0.0f, x::add_op))() == 55);
}
