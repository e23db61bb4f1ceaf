// x::stochastic_convert (XLA's StochasticConvert) against its definition written here in
// long double from XLA's decomposition: |a| = t + f, the magnitude t + 1 when r < f 2^B,
// the sign of a, the target's bounds (rounded to a's type) saturating, NaN to 0. Random
// and edge operands (halves, values next to the bounds, infinities, NaN, -0) for f32 -> s8
// / s32, f64 -> s64, f16 and bf16 -> s16 and s4; the mean of many conversions of one
// value approaches it (the point of stochastic rounding); a lazy random operand.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <type_traits>

namespace x = sxla;

namespace {

// The definition, in long double: T the source type, R the random type, To the target.
template <class To, class T, class R>
std::int64_t reference(T a, R r, std::int64_t lo, std::int64_t hi) {
  const long double v = static_cast<long double>(static_cast<std::conditional_t<std::is_same_v<T, double>, double, float>>(a));
  if (std::isnan(v)) return 0;
  // The bounds as T holds them.
  const auto in_t = [](std::int64_t b) {
    return static_cast<long double>(
        static_cast<std::conditional_t<std::is_same_v<T, double>, double, float>>(T(static_cast<float>(b))));
  };
  const auto in_t64 = [](std::int64_t b) { return static_cast<long double>(static_cast<double>(b)); };
  const long double lo_t = std::is_same_v<T, double> ? in_t64(lo) : in_t(lo);
  const long double hi_t = std::is_same_v<T, double> ? in_t64(hi) : in_t(hi);
  if (v <= lo_t) return lo;
  if (v >= hi_t) return hi;
  const long double m = std::fabs(v), t = std::floor(m), f = m - t;
  const long double two_b = std::ldexp(1.0L, 8 * static_cast<int>(sizeof(R)));
  const bool up = static_cast<long double>(r) < f * two_b;
  const std::int64_t mag = static_cast<std::int64_t>(t) + (up ? 1 : 0);
  return v < 0 ? -mag : mag;
}

template <class A, class RT, class To>
void check_random(unsigned seed, std::int64_t lo, std::int64_t hi, double spread) {
  using T = typename A::value_type;
  using R = typename RT::value_type;
  A a;
  RT r;
  std::mt19937_64 g(seed);
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  const double edges[] = {0.5, -0.5, 1.5, -2.5, static_cast<double>(hi), static_cast<double>(hi) - 1,
                          static_cast<double>(hi) + 1, static_cast<double>(lo), static_cast<double>(lo) - 1, 0.0, -0.0};
  int e = 0;
  x::for_each_index<typename A::shape_type>([&](const auto& i) {
    double v;
    if (e < 11) {
      v = edges[e];
    } else if (e == 11) {
      v = nan;
    } else if (e == 12) {
      v = inf;
    } else if (e == 13) {
      v = -inf;
    } else {
      v = std::uniform_real_distribution<double>(-spread, spread)(g);
    }
    ++e;
    a[i] = T(static_cast<std::conditional_t<std::is_same_v<T, double>, double, float>>(v));
    r[i] = static_cast<R>(g());
  });
  const auto got = x::eval(x::stochastic_convert<To>(a, r));
  int wrong = 0;
  x::for_each_index<typename A::shape_type>([&](const auto& i) {
    const std::int64_t want = reference<To>(a[i], r[i], lo, hi);
    if (static_cast<std::int64_t>(got[i]) != want) ++wrong;
  });
  INFO("seed ", seed);
  CHECK(wrong == 0);
}

}  // namespace

TEST_CASE("stochastic_convert: against XLA's definition, every source type, edges and saturation") {
  check_random<x::tensor<"f32[40,9]">, x::tensor<"u32[40,9]">, std::int8_t>(1, -128, 127, 300);
  check_random<x::tensor<"f32[40,9]">, x::tensor<"u32[40,9]">, std::int32_t>(2, INT32_MIN, INT32_MAX, 3e9);
  check_random<x::tensor<"f64[30,7]">, x::tensor<"u64[30,7]">, std::int64_t>(3, INT64_MIN, INT64_MAX, 1e19);
  check_random<x::tensor<"f64[30,7]">, x::tensor<"u64[30,7]">, std::int16_t>(4, INT16_MIN, INT16_MAX, 1e5);
  check_random<x::tensor<"f16[30,7]">, x::tensor<"u16[30,7]">, std::int16_t>(5, INT16_MIN, INT16_MAX, 60000);
  check_random<x::tensor<"bf16[30,7]">, x::tensor<"u16[30,7]">, std::int16_t>(6, INT16_MIN, INT16_MAX, 1e5);
  check_random<x::tensor<"bf16[30,7]">, x::tensor<"u16[30,7]">, std::int32_t>(7, INT32_MIN, INT32_MAX, 1e10);
  check_random<x::tensor<"f32[20,5]">, x::tensor<"u32[20,5]">, x::s4>(8, -8, 7, 12);
}

TEST_CASE("stochastic_convert: worked values, and the mean of many conversions approaches the value") {
  // 2.25: t = 2, f = 0.25, f 2^32 = 2^30: random below 2^30 rounds up.
  const x::tensor<"f32[4]"> a = {2.25f, 2.25f, -2.25f, -2.25f};
  const x::tensor<"u32[4]"> r = {(1u << 30) - 1, 1u << 30, 0, 0xffffffffu};
  const x::tensor<"s8[4]"> s = x::stochastic_convert<std::int8_t>(a, r);
  CHECK(s == x::tensor<"s8[4]">{3, 2, -3, -2});
  // 10000 conversions of 0.3 with uniform random bits (a lazy random operand): about 3000
  // round up.
  x::tensor<"u32[10000]"> bits;
  x::tensor<"f32[10000]"> point3;
  std::mt19937 g(9);
  for (int i = 0; i < 10000; ++i) {
    bits(i) = static_cast<std::uint32_t>(g());
    point3(i) = 0.3f;
  }
  const x::tensor<"s32[10000]"> ones = x::stochastic_convert<std::int32_t>(point3, bits + 0u);
  long sum = 0;
  for (int i = 0; i < 10000; ++i) sum += ones(i);
  CHECK(sum > 2800);
  CHECK(sum < 3200);
}
