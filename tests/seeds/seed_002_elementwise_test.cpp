// The worked examples of ../shared/seeds/002 for the elementwise ops, with the seed's
// numbers: Pinzas (Clamp), Seleccionar (Select), Pizca (Iota), Transmisión (Broadcast),
// BroadcastInDim, the Sign table of "Funciones unarias de elementos", Rem's sign rule
// and the integer-division values of "Operaciones aritméticas binarias".
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace x = sxla;

TEST_CASE("seeds/002: Clamp(0, s32[3]{-1, 5, 9}, 6) = {0, 5, 6}") {
  const x::tensor<"s32[3]"> operand = {-1, 5, 9};
  const x::tensor<"s32[]"> lo = {0};
  const x::tensor<"s32[]"> hi = {6};
  CHECK(x::eval(x::clamp(lo, operand, hi)) == x::tensor<"s32[3]">{0, 5, 6});
  CHECK(x::eval(x::clamp(0, operand, 6)) == x::tensor<"s32[3]">{0, 5, 6});
  // Full-shape bounds too.
  CHECK(x::eval(x::clamp(x::tensor<"s32[3]">{0, 6, 0}, operand, x::tensor<"s32[3]">{6, 7, 8})) ==
        x::tensor<"s32[3]">{0, 6, 8});
}

TEST_CASE("seeds/002: Select with a pred array and with a scalar pred") {
  const x::tensor<"pred[4]"> pred = {true, false, false, true};
  const x::tensor<"s32[4]"> v1 = {1, 2, 3, 4};
  const x::tensor<"s32[4]"> v2 = {100, 200, 300, 400};
  CHECK(x::eval(x::select(pred, v1, v2)) == x::tensor<"s32[4]">{1, 200, 300, 4});
  CHECK(x::eval(x::select(x::tensor<"pred[]">{true}, v1, v2)) == x::tensor<"s32[4]">{1, 2, 3, 4});
  CHECK(x::eval(x::select(true, v1, v2)) == x::tensor<"s32[4]">{1, 2, 3, 4});
  CHECK(x::eval(x::select(false, v1, v2)) == v2);
}

TEST_CASE("seeds/002: Iota(s32[4, 8], 0) and Iota(s32[4, 8], 1)") {
  x::tensor<"s32[4,8]"> rows, cols;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 8; ++j) {
      rows(i, j) = i;
      cols(i, j) = j;
    }
  CHECK(x::eval(x::iota<"s32[4,8]", 0>()) == rows);
  CHECK(x::eval(x::iota<"s32[4,8]", 1>()) == cols);
  // Floating-point iota is the converted integer iota.
  const x::tensor<"f32[4,8]{0,1}"> fcols = x::iota<"f32[4,8]", 1>();
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 8; ++j) CHECK_EQ(fcols(i, j), static_cast<float>(j));
}

TEST_CASE("seeds/002: Broadcast of the scalar 2.0f with sizes {2, 3} is f32[2,3] of 2.0f") {
  const x::tensor<"f32[]"> two = {2.0f};
  const auto b = x::eval(x::broadcast<2, 3>(two));
  static_assert(decltype(b)::spec == x::shape_spec(x::primitive_type::f32, {2, 3}));
  CHECK(b == x::tensor<"f32[2,3]">{{2, 2, 2}, {2, 2, 2}});
  // New dimensions are the major ones: output[i0, i1, j0] = operand[j0].
  const auto c = x::eval(x::broadcast<2>(x::tensor<"s32[3]">{1, 2, 3}));
  CHECK(c == x::tensor<"s32[2,3]">{{1, 2, 3}, {1, 2, 3}});
}

TEST_CASE("seeds/002: BroadcastInDim maps operand dimensions and expands size-1 ones") {
  const x::tensor<"s32[1,3]"> op = {{1, 2, 3}};
  // operand dimension 0 (size 1) -> result 1, dimension 1 -> result 2; result 0 is new.
  const auto r = x::eval(x::broadcast_in_dim<"s32[2,4,3]", 1, 2>(op));
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 3; ++k) CHECK_EQ(r(i, j, k), k + 1);
}

TEST_CASE("seeds/002: Sign is -1, -0, NaN, +0, 1 as the seed's table says") {
  constexpr float nan = std::numeric_limits<float>::quiet_NaN();
  const x::tensor<"f32[6]"> in = {-3.5f, -0.0f, nan, 0.0f, 2.0f, -std::numeric_limits<float>::infinity()};
  const auto s = x::eval(x::sign(in));
  CHECK_EQ(s(0), -1.0f);
  CHECK((s(1) == 0.0f && std::signbit(s(1))));
  CHECK(std::isnan(s(2)));
  CHECK((s(3) == 0.0f && !std::signbit(s(3))));
  CHECK_EQ(s(4), 1.0f);
  CHECK_EQ(s(5), -1.0f);
  CHECK(x::eval(x::sign(x::tensor<"s32[3]">{-7, 0, 9})) == x::tensor<"s32[3]">{-1, 0, 1});
}

TEST_CASE("seeds/002: Rem takes the dividend's sign; |result| < |divisor|") {
  CHECK(x::eval(x::rem(x::tensor<"s32[4]">{7, -7, 7, -7}, x::tensor<"s32[4]">{3, 3, -3, -3})) ==
        x::tensor<"s32[4]">{1, -1, 1, -1});
  const auto f = x::eval(x::rem(x::tensor<"f32[4]">{5.5f, -5.5f, 5.5f, -5.5f}, x::tensor<"f32[4]">{2, 2, -2, -2}));
  CHECK(f == x::tensor<"f32[4]">{1.5f, -1.5f, 1.5f, -1.5f});
}

TEST_CASE("seeds/002: integer division overflow has XLA's CPU values, never undefined behaviour") {
  constexpr std::int32_t imin = std::numeric_limits<std::int32_t>::min();
  const x::tensor<"s32[4]"> num = {7, -7, imin, imin};
  const x::tensor<"s32[4]"> den = {0, 0, -1, 0};
  CHECK(x::eval(x::div(num, den)) == x::tensor<"s32[4]">{-1, -1, imin, -1});
  CHECK(x::eval(x::rem(num, den)) == x::tensor<"s32[4]">{7, -7, 0, imin});
  CHECK(x::eval(x::div(x::tensor<"u8[2]">{7, 200}, x::tensor<"u8[2]">{0, 0})) == x::tensor<"u8[2]">{255, 255});
  CHECK(x::eval(x::rem(x::tensor<"u8[2]">{7, 200}, x::tensor<"u8[2]">{0, 0})) == x::tensor<"u8[2]">{7, 200});
}
