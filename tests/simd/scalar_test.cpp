// Tests for sxla/simd/scalar.hpp: the one-lane vocabulary against the hardware and
// <cmath>. fma, sqrt and the roundings have an integer implementation for constant
// evaluation; it must agree bit for bit with std::fma, std::sqrt, std::floor, std::ceil,
// std::trunc and std::nearbyint on random inputs over the whole range (subnormals,
// cancellation, overflow), and the compile-time values must equal the run-time ones.
#include <sxla/simd/scalar.hpp>

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

namespace s = sxla::simd;

namespace {

template <class F>
bool same_bits(F a, F b) {
  return (a != a && b != b) || std::bit_cast<s::uint_of<F>>(a) == std::bit_cast<s::uint_of<F>>(b);
}

template <class F>
F random_float(std::mt19937_64& rng) {
  if (rng() % 4 == 0) {  // moderate magnitudes, where cancellation happens
    const F v = std::ldexp(static_cast<F>(rng() % 100000) / 1000, static_cast<int>(rng() % 20) - 10);
    return rng() % 2 ? -v : v;
  }
  return std::bit_cast<F>(static_cast<s::uint_of<F>>(rng()));  // any bit pattern
}

}  // namespace

TEST_CASE_TEMPLATE("simd/scalar: the exact fma, sqrt and roundings match the hardware", F, float, double) {
  std::mt19937_64 rng(7);
  using R = s::detail::rounding;
  int mismatches = 0;
  for (int i = 0; i < 300000; ++i) {
    const F a = random_float<F>(rng), b = random_float<F>(rng);
    F c = random_float<F>(rng);
    if (i % 3 == 0) c = -a * b * (1 + F(1e-3) * static_cast<F>(rng() % 3));  // near-cancellation
    const F x = (rng() % 2) ? a : std::ldexp(a, -static_cast<int>(rng() % 60));
    mismatches += !same_bits(s::detail::fma_exact(a, b, c), std::fma(a, b, c));
    mismatches += !same_bits(s::detail::sqrt_exact(std::abs(a)), std::sqrt(std::abs(a)));
    mismatches += !same_bits(s::detail::round_exact<R::floor>(x), std::floor(x));
    mismatches += !same_bits(s::detail::round_exact<R::ceil>(x), std::ceil(x));
    mismatches += !same_bits(s::detail::round_exact<R::trunc>(x), std::trunc(x));
    mismatches += !same_bits(s::detail::round_exact<R::nearest_even>(x), std::nearbyint(x));
  }
  CHECK_EQ(mismatches, 0);
}

TEST_CASE("simd/scalar: compile-time results equal run-time ones") {
  constexpr double fma_ct = s::fma(0.1, 10.0, -1.0);  // the rounding error of 0.1 * 10
  volatile double a = 0.1, b = 10.0, c = -1.0;
  CHECK_EQ(fma_ct, s::fma(a, b, c));
  CHECK_EQ(fma_ct, std::fma(0.1, 10.0, -1.0));
  static_assert(s::fma(0.1, 10.0, -1.0) == 0x1p-54);
  static_assert(s::fms(0.1, 10.0, 1.0) == 0x1p-54);  // a * b - c, one rounding
  CHECK_EQ(s::fms(a, b, -c), fma_ct);
  static_assert(s::sqrt(2.0) == 0x1.6a09e667f3bcdp+0);
  static_assert(s::sqrt(2.0f) == 0x1.6a09e6p+0f);
  static_assert(s::round_even(2.5) == 2.0 && s::round_even(-3.5) == -4.0);
  static_assert(std::bit_cast<std::uint64_t>(s::ceil(-0.5)) == std::bit_cast<std::uint64_t>(-0.0));
  static_assert(std::bit_cast<std::uint32_t>(s::trunc(-0.25f)) == std::bit_cast<std::uint32_t>(-0.0f));
  static_assert(s::floor(-0.5) == -1.0 && s::ceil(0.25f) == 1.0f);
}

TEST_CASE("simd/scalar: integer arithmetic wraps and shifts saturate") {
  constexpr auto imin = std::numeric_limits<std::int32_t>::min();
  static_assert(s::add(std::numeric_limits<std::int32_t>::max(), 1) == imin);
  static_assert(s::mul(std::int8_t{64}, std::int8_t{4}) == 0);
  static_assert(s::mul(std::uint16_t{0xffff}, std::uint16_t{0xffff}) == 1);
  static_assert(s::neg(imin) == imin && s::abs(imin) == imin);
  static_assert(s::shl(1, 31) == imin && s::shl(1, 32) == 0 && s::shl(1, -1) == 0);
  static_assert(s::shr(-8, 1) == -4 && s::shr(-8, 40) == -1 && s::shr(8, 40) == 0);
  static_assert(s::shr(0x80000000u, 31u) == 1u && s::shr(0x80000000u, 32u) == 0u);
  static_assert(s::min(1.0, std::numeric_limits<double>::quiet_NaN()) != s::min(1.0, std::numeric_limits<double>::quiet_NaN()));
  static_assert(s::max(std::numeric_limits<double>::quiet_NaN(), 1.0) == 1.0);  // the second operand
  CHECK(std::signbit(s::copysign(2.0, -0.0)));
}
