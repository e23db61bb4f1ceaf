// x::tuple, x::get_tuple_element, x::to_value and the value shape strings (the seed's
// Tuple / GetTupleElement example is in seeds/seed_002_control_test.cpp): every kind of
// operand (tensors, views copied rather than aliased, lazy expressions evaluated once on
// the way in, numbers, nested tuples, tokens), the std::tuple results of the variadic
// ops, structured bindings, and constant evaluation.
#include <doctest/doctest.h>

#include <sxla/sxla.hpp>

#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

namespace x = sxla;

namespace {
// Counts its calls: how many elements of an expression built on it were computed.
struct counting_negate {
  int* calls;
  float operator()(float v) const {
    ++*calls;
    return -v;
  }
};
}  // namespace

TEST_CASE("tuple: every kind of operand becomes a value") {
  x::tensor<"f32[2,3]{0,1}"> col = {{1, 2, 3}, {4, 5, 6}};
  float buf[6] = {1, 2, 3, 4, 5, 6};
  auto view = x::view<"f32[2,3]">(buf);
  int calls = 0;
  const auto lazy = x::map(counting_negate{&calls}, col);
  auto t = x::tuple(col, view, lazy, 2.5f, true, x::token{}, std::tuple{std::uint8_t{7}, x::tuple(1.0)});
  using T = decltype(t);
  static_assert(std::is_same_v<std::tuple_element_t<0, T>, x::tensor<"f32[2,3]{0,1}">>);  // its own layout
  static_assert(std::is_same_v<std::tuple_element_t<1, T>, x::tensor<"f32[2,3]">>);        // the view's shape
  static_assert(std::is_same_v<std::tuple_element_t<2, T>, x::tensor<"f32[2,3]">>);        // evaluated
  static_assert(std::is_same_v<std::tuple_element_t<3, T>, x::tensor<"f32[]">>);
  static_assert(std::is_same_v<std::tuple_element_t<4, T>, x::tensor<"pred[]">>);
  static_assert(std::is_same_v<std::tuple_element_t<5, T>, x::token>);
  static_assert(std::is_same_v<std::tuple_element_t<6, T>,
                               std::tuple<x::tensor<"u8[]">, std::tuple<x::tensor<"f64[]">>>>);
  CHECK(calls == 6);  // the expression was computed once, on the way in
  // A copy, not an alias: later writes to the view's memory do not reach the tuple.
  buf[4] = 50;
  CHECK(std::get<1>(t)(1, 1) == 5);
  CHECK(std::get<1>(t)(0, 2) == 3);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j) {
      CHECK(std::get<0>(t)(i, j) == static_cast<float>(3 * i + j + 1));
      CHECK(std::get<2>(t)(i, j) == -static_cast<float>(3 * i + j + 1));
    }
  CHECK(calls == 6);  // reading the element computes nothing
  CHECK(std::get<3>(t)() == 2.5f);
  CHECK(std::get<4>(t)() == true);
  CHECK(std::get<0>(std::get<6>(t))() == 7);
  CHECK(std::get<0>(x::get_tuple_element<1>(x::get_tuple_element<6>(t)))() == 1.0);
  // Its storage keeps the layout: column-major.
  CHECK(std::get<0>(t).storage()[1] == 4);
}

TEST_CASE("get_tuple_element: references into named tuples, elements of temporaries") {
  auto t = x::tuple(x::tensor<"s32[3]">{1, 2, 3}, 4);
  auto& e0 = x::get_tuple_element<0>(t);
  CHECK(&e0 == &std::get<0>(t));
  auto moved = x::get_tuple_element<0>(x::tuple(x::tensor<"s32[3]">{7, 8, 9}));
  static_assert(std::is_same_v<decltype(moved), x::tensor<"s32[3]">>);
  CHECK(moved(2) == 9);
  // Structured bindings and std::get, on tuples from x::tuple and from the variadic ops.
  auto [a, b] = t;
  CHECK(a(1) == 2);
  CHECK(b() == 4);
  const x::tensor<"f32[2,2]"> m = {{1, 5}, {7, 3}};
  const x::tensor<"s32[2,2]"> idx = {{0, 1}, {0, 1}};
  auto r = x::reduce<1>(m, idx, -1e30f, 0,
                        [](float va, std::int32_t ia, float vb, std::int32_t ib) {
                          return va >= vb ? std::tuple{va, ia} : std::tuple{vb, ib};
                        });
  CHECK(x::get_tuple_element<0>(r)(0) == 5);
  CHECK(x::get_tuple_element<1>(r)(0) == 1);
  CHECK(x::get_tuple_element<0>(r)(1) == 7);
  CHECK(x::get_tuple_element<1>(r)(1) == 0);
  auto both = x::tuple(r, m);  // a variadic op's tuple nests as a value
  CHECK(std::get<1>(std::get<0>(both))(1) == 0);
}

TEST_CASE("tuples in constant expressions") {
  constexpr auto t = x::tuple(x::tensor<"s32[2]">{3, 4} * 2, 5, x::token{});
  static_assert(std::get<0>(t)(1) == 8);
  static_assert(x::get_tuple_element<1>(t)() == 5);
  static_assert(x::get_tuple_element<2>(t) == x::token{});
  constexpr auto s = x::to_value(std::tuple{1.5, x::tensor<"s32[2]">{1, 2} + 1});
  static_assert(std::get<0>(s)() == 1.5);
  static_assert(std::get<1>(s)(0) == 2);
}

TEST_CASE("value_t, value_like and xla_value") {
  static_assert(std::is_same_v<x::value_t<int>, x::tensor<"s32[]">>);
  static_assert(std::is_same_v<x::value_t<double&>, x::tensor<"f64[]">>);
  static_assert(std::is_same_v<x::value_t<const x::f16&>, x::tensor<"f16[]">>);
  static_assert(std::is_same_v<x::value_t<std::tuple<>>, std::tuple<>>);
  static_assert(x::xla_value<x::tensor<"f32[2]">> && x::xla_value<x::token> && x::xla_value<std::tuple<>>);
  static_assert(!x::xla_value<std::tuple<int>> && x::value_like<std::tuple<int>>);
  static_assert(!x::value_like<void> && !x::value_like<int*> && !x::value_like<std::tuple<int, char*>>);
  static_assert(!x::value_like<long long> || std::is_same_v<long long, std::int64_t>);
}

TEST_CASE("value shape strings: arrays and flat tuples") {
  constexpr x::value_shape_spec a = "f32[3,3]";
  static_assert(!a.is_tuple && a.count == 1 && x::is_valid(a));
  static_assert(std::is_same_v<x::value_shape_t<a>, x::tensor<"f32[3,3]">>);
  constexpr x::value_shape_spec t = " (f32[2], s32[] ,u8[2,3]{0,1}, f32[3,5]{1,0:T(2,2)}) ";
  static_assert(t.is_tuple && t.count == 4 && x::is_valid(t));
  static_assert(std::is_same_v<x::value_shape_t<t>, std::tuple<x::tensor<"f32[2]">, x::tensor<"s32[]">,
                                                                 x::tensor<"u8[2,3]{0,1}">,
                                                                 x::tensor<"f32[3,5]{1,0:T(2,2)}">>>);
  constexpr x::value_shape_spec e = "()";
  static_assert(e.is_tuple && e.count == 0 && std::is_same_v<x::value_shape_t<e>, std::tuple<>>);
  static_assert(std::is_same_v<x::value_shape_t<"( )">, std::tuple<>>);
  static_assert(x::value_shape_spec("((f32[2]), s32[])").error == x::value_shape_error::nested_tuple);
  static_assert(x::value_shape_spec("(f32[2], )").error == x::value_shape_error::empty_element);
  static_assert(x::value_shape_spec("(f32[2]").error == x::value_shape_error::unbalanced);
  static_assert(x::value_shape_spec("(s32[],s32[],s32[],s32[],s32[],s32[],s32[],s32[],s32[],s32[],s32[],s32[],"
                                    "s32[],s32[],s32[],s32[],s32[])")
                    .error == x::value_shape_error::too_many_elements);
  static_assert(!x::is_valid(x::value_shape_spec("(f32[2], s32[x])")));
  static_assert(!x::is_valid(x::value_shape_spec("f32[2]{0,0}")));
}
