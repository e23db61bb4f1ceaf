// The program ops' examples in ../shared/seeds/002, numbers verbatim:
//  - Tuple ("Tupla") and GetTupleElement: t = tuple(v, s) of (f32[10], s32), v = {0..9},
//    s = 5; gettupleelement(t, 1) is the s32 5;
//  - While ("Mientras que"): init = {0, zero_vector[10]}; while result(0) < 1000, add 1 to
//    the count and a constant vector[10] to the accumulator: 1000 iterations;
//  - CustomCall: x = f32[2] {1,2}, y = f32[2x3] {{10,20,30},{40,50,60}},
//    CustomCall("myfunc", {x, y}, f32[3x3]), myfunc reading x and y through the C ABI
//    exactly as the seed's code does (its EXPECT_EQs) and writing z[0][0] = x[1] + y[1][0].
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <tuple>
#include <type_traits>

namespace x = sxla;

namespace {
int myfunc_mismatches = 0;
}  // namespace

extern "C" void myfunc(void* out, void** in) {
  float (&xs)[2] = *static_cast<float (*)[2]>(in[0]);
  float (&y)[2][3] = *static_cast<float (*)[2][3]>(in[1]);
  myfunc_mismatches += (1 != xs[0]) + (2 != xs[1]);
  myfunc_mismatches += (10 != y[0][0]) + (20 != y[0][1]) + (30 != y[0][2]);
  myfunc_mismatches += (40 != y[1][0]) + (50 != y[1][1]) + (60 != y[1][2]);
  float (&z)[3][3] = *static_cast<float (*)[3][3]>(out);
  z[0][0] = xs[1] + y[1][0];
  // ... (the seed leaves the rest open: z[2][2] marks that the target wrote where it should)
  z[2][2] = -1;
}

TEST_CASE("seed 002, Tuple / GetTupleElement: t: (f32[10], s32) = tuple(v, s)") {
  const x::tensor<"f32[10]"> v = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  const std::int32_t s = 5;
  const auto t = x::tuple(v, s);
  static_assert(std::is_same_v<std::remove_const_t<decltype(t)>, std::tuple<x::tensor<"f32[10]">, x::tensor<"s32[]">>>);
  const auto& element_1 = x::get_tuple_element<1>(t);  // Inferred shape matches s32.
  static_assert(std::is_same_v<decltype(element_1), const x::tensor<"s32[]">&>);
  CHECK(element_1() == 5);
  for (int i = 0; i < 10; ++i) CHECK(x::get_tuple_element<0>(t)(i) == static_cast<float>(i));
}

TEST_CASE("seed 002, While: 1000 iterations adding a constant vector to an accumulator") {
  const x::tensor<"f32[10]"> constant_vector = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  const auto result = x::while_([](const auto& r) { return std::get<0>(r) < 1000; },
                                [&](const auto& r) {
                                  return std::tuple{std::get<0>(r) + 1, std::get<1>(r) + constant_vector};
                                },
                                x::tuple(0, x::tensor<"f32[10]">{}));  // {0, zero_vector[10]}
  static_assert(std::is_same_v<std::remove_const_t<decltype(result)>,
                               std::tuple<x::tensor<"s32[]">, x::tensor<"f32[10]">>>);
  CHECK(std::get<0>(result)() == 1000);
  for (int i = 0; i < 10; ++i) CHECK(std::get<1>(result)(i) == 1000.0f * static_cast<float>(i + 1));
}

TEST_CASE("seed 002, CustomCall(\"myfunc\", {x, y}, f32[3x3])") {
  const x::tensor<"f32[2]"> xs = {1, 2};
  const x::tensor<"f32[2,3]"> y = {{10, 20, 30}, {40, 50, 60}};
  myfunc_mismatches = 0;
  const auto z = x::custom_call<"f32[3,3]">(&myfunc, xs, y);
  static_assert(std::is_same_v<std::remove_const_t<decltype(z)>, x::tensor<"f32[3,3]">>);
  CHECK(myfunc_mismatches == 0);
  CHECK(z(0, 0) == 42);  // x[1] + y[1][0] = 2 + 40
  CHECK(z(2, 2) == -1);
  CHECK(z(1, 1) == 0);   // not written: the result starts zeroed
}
