// Tests for convert, bitcast_convert, iota, reduce and dot_general on the 8-, 6- and 4-bit
// floats, against float8_reference.hpp's rounding of exact values: conversions round
// once from the source value (an f64 is never rounded through f32, an f16 widens exactly
// first), reductions with a built-in monoid sum in f32 and round once, dot_general sums
// the products in f32 and rounds once to an f8 result (or keeps the f32 result asked for).
#include "ops/float8_reference.hpp"

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

namespace x = sxla;
using namespace sxla_test::float8;

namespace {
template <class T>
constexpr x::index_t count = x::index_t{1} << T::bit_width;

template <class T, x::index_t N>
using array = x::tensor<x::shape_spec(x::primitive_type_of<T>, {N})>;

// The positive finite values of T, ascending.
template <class T>
std::vector<double> positive_values() {
  std::vector<double> v;
  for (double d : table_of<T>().value)
    if (d > 0) v.push_back(d);
  return v;
}
}  // namespace

TEST_CASE_TEMPLATE("convert: 8-, 6- and 4-bit floats to and from f32, f64, f16 and s32", T, x::f8e5m2, x::f8e4m3,
                   x::f8e3m4, x::f8e4m3fn, x::f8e4m3fnuz, x::f8e5m2fnuz, x::f8e4m3b11fnuz, x::f4e2m1fn, x::f6e2m3fn,
                   x::f6e3m2fn, x::f8e8m0fnu) {
  // Every encoding to f32 exactly, and back.
  constexpr x::index_t n = count<T>;
  array<T, n> all;
  for (x::index_t i = 0; i < n; ++i) all(i) = T::from_bits(static_cast<std::uint8_t>(i));
  const array<float, n> wide = x::convert<float>(all);
  const array<T, n> back = x::convert<T>(wide);
  for (x::index_t i = 0; i < n; ++i) {
    CAPTURE(i);
    const float f = static_cast<float>(all(i));
    CHECK(((std::isnan(f) && std::isnan(wide(i))) || wide(i) == f));
    if (!std::isnan(f)) CHECK_EQ(back(i).bits(), all(i).bits());
  }

  // f64 just above and below every midpoint between neighbours: one rounding from the
  // f64 value (through f32, m + m * 2^-40 would become the midpoint, a tie).
  const std::vector<double> v = positive_values<T>();
  auto above = std::make_unique<array<double, 2 * 256>>();
  auto below = std::make_unique<array<double, 2 * 256>>();
  std::size_t k = 0;
  for (std::size_t i = 0; i + 1 < v.size(); ++i, ++k) {
    const double m = (v[i] + v[i + 1]) / 2;
    (*above)(static_cast<x::index_t>(2 * k)) = m + std::ldexp(m, -40);
    (*above)(static_cast<x::index_t>(2 * k + 1)) = -(m + std::ldexp(m, -40));
    (*below)(static_cast<x::index_t>(2 * k)) = m - std::ldexp(m, -40);
    (*below)(static_cast<x::index_t>(2 * k + 1)) = -(m - std::ldexp(m, -40));
  }
  const array<T, 2 * 256> up = x::convert<T>(*above);
  const array<T, 2 * 256> down = x::convert<T>(*below);
  int bad = 0;
  for (std::size_t i = 0; i < 2 * k; ++i) {
    const auto j = static_cast<x::index_t>(i);
    if (!matches(up(j), round_to<T>((*above)(j)))) ++bad;
    if (!matches(down(j), round_to<T>((*below)(j)))) ++bad;
  }
  CHECK_EQ(bad, 0);

  // Every f16 value (exact in double), rounded once.
  auto halves = std::make_unique<array<x::f16, 65536>>();
  for (x::index_t i = 0; i < 65536; ++i) (*halves)(i) = x::f16::from_bits(static_cast<std::uint16_t>(i));
  auto from_half = std::make_unique<array<T, 65536>>();
  *from_half = x::convert<T>(*halves);
  bad = 0;
  for (x::index_t i = 0; i < 65536; ++i) {
    const double h = static_cast<float>((*halves)(i));
    if (std::isnan(h) && T::specials == x::float_specials::none) continue;  // MX: by the NaN's sign
    if (!matches((*from_half)(i), round_to<T>(h))) ++bad;
  }
  CHECK_EQ(bad, 0);

  // Integers: rounded once; to s32: truncated, saturating, NaN to 0.
  array<std::int32_t, 7> ints = {0, 1, -3, 17, 1000, -100000, 2147483647};
  const array<T, 7> from_int = x::convert<T>(ints);
  for (x::index_t i = 0; i < 7; ++i) CHECK(matches(from_int(i), round_to<T>(ints(i))));
  const array<std::int32_t, n> to_int = x::convert<std::int32_t>(all);
  for (x::index_t i = 0; i < n; ++i) {
    const double f = static_cast<float>(all(i));
    const double want = std::isnan(f) ? 0.0 : f >= 2147483647.0 ? 2147483647.0 : f <= -2147483648.0 ? -2147483648.0
                                                                                                   : std::trunc(f);
    CHECK_EQ(static_cast<double>(to_int(i)), want);
  }
}

TEST_CASE("convert: between the small float types, once from the exact value") {
  array<x::f8e4m3fn, 256> all;
  for (x::index_t i = 0; i < 256; ++i) all(i) = x::f8e4m3fn::from_bits(static_cast<std::uint8_t>(i));
  const array<x::f8e5m2, 256> e5 = x::convert<x::f8e5m2>(all);
  const array<x::f4e2m1fn, 256> f4 = x::convert<x::f4e2m1fn>(all);
  const array<x::bf16, 256> b16 = x::convert<x::bf16>(all);
  const array<x::f8e8m0fnu, 256> scale = x::convert<x::f8e8m0fnu>(all);
  for (x::index_t i = 0; i < 256; ++i) {
    const double v = static_cast<float>(all(i));
    CAPTURE(v);
    if (std::isnan(v)) continue;
    CHECK(matches(e5(i), round_to<x::f8e5m2>(v)));
    CHECK(matches(f4(i), round_to<x::f4e2m1fn>(v)));
    CHECK(matches(scale(i), round_to<x::f8e8m0fnu>(v)));
    CHECK_EQ(static_cast<double>(static_cast<float>(b16(i))), v);  // bf16 holds every f8e4m3fn value
  }
}

TEST_CASE("bitcast_convert: an 8-bit float and u8 share the bits") {
  const x::tensor<"u8[4]"> bits = {0x00, 0x38, 0x7e, 0xff};
  const x::tensor<"f8e4m3fn[4]"> f = x::bitcast_convert<x::f8e4m3fn>(bits);
  CHECK_EQ(static_cast<float>(f(1)), 1.0f);
  CHECK_EQ(static_cast<float>(f(2)), 448.0f);
  CHECK(std::isnan(static_cast<float>(f(3))));
  const x::tensor<"u8[4]"> again = x::bitcast_convert<std::uint8_t>(f);
  CHECK(again == bits);
}

TEST_CASE("iota, reduce and dot_general on 8-bit floats") {
  // iota: i rounded once (f8e4m3fn has 4 significant bits: 17 -> 16, 19 -> 20).
  const x::tensor<"f8e4m3fn[40]"> io = x::iota<"f8e4m3fn[40]", 0>();
  for (int i = 0; i < 40; ++i) CHECK(matches(io(i), round_to<x::f8e4m3fn>(i)));

  // reduce add in f32, rounded once; max propagates NaN.
  x::tensor<"f8e4m3fn[4,16]"> m;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 16; ++j) m(i, j) = x::f8e4m3fn(static_cast<float>((i + 1) * (j % 5) - 3) * 0.375f);
  m(3, 7) = x::f8e4m3fn::from_bits(0x7f);  // NaN
  const x::tensor<"f8e4m3fn[4]"> sums = x::reduce<1>(m, x::f8e4m3fn(0.0f), x::add_op);
  const x::tensor<"f8e4m3fn[4]"> maxes = x::reduce<1>(m, x::f8e4m3fn(-448.0f), x::max_op);
  for (int i = 0; i < 4; ++i) {
    double s = 0, mx = -448;
    bool nan = false;
    for (int j = 0; j < 16; ++j) {
      const double v = static_cast<float>(m(i, j));
      nan = nan || std::isnan(v);
      s += v;  // exact: at most 4 significant bits each, within 2^-9 .. 2^9
      if (v > mx) mx = v;
    }
    CAPTURE(i);
    CHECK(matches(sums(i), round_to<x::f8e4m3fn>(nan ? std::nan("") : s)));
    CHECK(matches(maxes(i), nan ? rounded{true, 0} : round_to<x::f8e4m3fn>(mx)));
  }

  // dot_general: products summed in f32 (exactly, here), rounded once to f8, or kept in f32.
  x::tensor<"f8e4m3fn[3,6]"> a;
  x::tensor<"f8e4m3fn[6,2]"> b;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 6; ++k) a(i, k) = x::f8e4m3fn(static_cast<float>(k - 2 * i) * 1.25f);
  for (int k = 0; k < 6; ++k)
    for (int j = 0; j < 2; ++j) b(k, j) = x::f8e4m3fn(static_cast<float>(3 - k + j) * 0.75f);
  const x::tensor<"f8e4m3fn[3,2]"> c8 = x::dot(a, b);
  const x::tensor<"f32[3,2]"> c32 = x::dot<float>(a, b);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 2; ++j) {
      double s = 0;
      for (int k = 0; k < 6; ++k) s += static_cast<double>(static_cast<float>(a(i, k))) * static_cast<float>(b(k, j));
      CAPTURE(i);
      CAPTURE(j);
      CHECK_EQ(static_cast<double>(c32(i, j)), s);
      CHECK(matches(c8(i, j), round_to<x::f8e4m3fn>(s)));
    }

  // Mixed formats through convert: e5m2 activations times e4m3fn weights, summed in f32.
  const x::tensor<"f8e5m2[2,3]"> act = {{1.5f, -2.0f, 0.25f}, {3.0f, 0.5f, -1.0f}};
  const x::tensor<"f8e4m3fn[3,1]"> w = {{2.0f}, {0.125f}, {-3.5f}};
  const x::tensor<"f32[2,1]"> y = x::dot<float>(x::convert<float>(act), x::convert<float>(w));
  CHECK_EQ(y(0, 0), 1.5f * 2.0f - 2.0f * 0.125f - 0.25f * 3.5f);
  CHECK_EQ(y(1, 0), 3.0f * 2.0f + 0.5f * 0.125f + 1.0f * 3.5f);
}

TEST_CASE("reduce_precision on an 8-bit float: its exact value reduced, then stored back") {
  const x::tensor<"f8e4m3fn[4]"> a = {1.875f, 3.5f, 0.001953125f, -448.0f};
  const x::tensor<"f8e4m3fn[4]"> b = x::reduce_precision<1, 4>(a);
  CHECK_EQ(static_cast<float>(b(0)), 2.0f);     // 1.875 to one mantissa bit: 2
  CHECK_EQ(static_cast<float>(b(1)), 4.0f);     // 3.5 is a tie between 3 and 4: the even 4
  CHECK_EQ(static_cast<float>(b(2)), 0.0f);     // 2^-9 is below 4 exponent bits' smallest normal
  CHECK(b(3).isnan());                          // -448 overflows to -inf, which f8e4m3fn holds as NaN
  CHECK(b(3).signbit());
}

TEST_CASE("bitcast_convert: sub-byte pieces, from the least significant bits up") {
  // u8 to u4: a new minor dimension of 2 pieces, the low nibble first (as XLA packs them).
  const x::tensor<"u8[2]"> bytes = {0x21, 0xf7};
  const x::tensor<"u4[2,2]"> nibbles = x::bitcast_convert<x::u4>(bytes);
  CHECK_EQ(int(nibbles(0, 0)), 1);
  CHECK_EQ(int(nibbles(0, 1)), 2);
  CHECK_EQ(int(nibbles(1, 0)), 7);
  CHECK_EQ(int(nibbles(1, 1)), 15);
  // s4 pairs back to s8, and s2 quadruples to u8.
  const x::tensor<"s4[1,2]"> pair = {{-1, 3}};  // 0xF, 0x3: 0x3F
  const x::tensor<"s8[1]"> joined = x::bitcast_convert<std::int8_t>(pair);
  CHECK_EQ(joined(0), 0x3f);
  const x::tensor<"s2[4]"> quad = {1, -1, 0, -2};  // 01 11 00 10 from the low bits up: 0b10'00'11'01
  const x::tensor<"u8[]"> packed = x::bitcast_convert<std::uint8_t>(quad);
  CHECK_EQ(packed(), 0x8d);
  // Same width: f4e2m1fn and s4 share the pattern; f8e4m3fn and s8 too.
  const x::tensor<"f4e2m1fn[3]"> f4 = {-6.0f, 0.5f, 1.5f};  // 0xF, 0x1, 0x3
  const x::tensor<"s4[3]"> as_s4 = x::bitcast_convert<x::s4>(f4);
  CHECK_EQ(int(as_s4(0)), -1);
  CHECK_EQ(int(as_s4(1)), 1);
  CHECK_EQ(int(as_s4(2)), 3);
  const x::tensor<"f4e2m1fn[3]"> round_trip = x::bitcast_convert<x::f4e2m1fn>(as_s4);
  CHECK(round_trip == f4);
  const x::tensor<"s8[1]"> m = {-64};  // 0xC0: f8e4m3fn -2.0
  const x::tensor<"f8e4m3fn[1]"> as_f8 = x::bitcast_convert<x::f8e4m3fn>(m);
  CHECK_EQ(static_cast<float>(as_f8(0)), -2.0f);
}
