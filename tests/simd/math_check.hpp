// Shared by the tests of sxla/simd/math.hpp (math_test.cpp, math_functions_test.cpp): the
// inputs, the ulp measure against <cmath> in long double, the comparison of the vector
// and one-lane instances, and the exact special-value checks.
#ifndef SXLA_TESTS_SIMD_MATH_CHECK_HPP
#define SXLA_TESTS_SIMD_MATH_CHECK_HPP

#include <sxla/simd/math.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace s = sxla::simd;

namespace {

using ld = long double;

template <class T>
bool same_bits(T a, T b) {
  if (a != a && b != b) return true;  // any NaN is the same NaN here
  return std::bit_cast<s::uint_of<T>>(a) == std::bit_cast<s::uint_of<T>>(b);
}

// |got - want| in units of the last place of want rounded to T (subnormal ulps below the
// normal range). An infinite rounded reference must be met exactly.
template <class T>
double ulp_error(T got, ld want) {
  if (std::isnan(want)) return std::isnan(got) ? 0 : 1e30;
  const T rounded = static_cast<T>(want);
  if (std::isinf(rounded)) return got == rounded ? 0 : 1e30;
  if (!std::isfinite(got)) return 1e30;
  using L = std::numeric_limits<T>;
  int e = 0;
  std::frexp(want, &e);
  const int ulp_exp = want == 0 ? L::min_exponent - L::digits : std::max(e, L::min_exponent) - L::digits;
  return static_cast<double>(std::fabs(static_cast<ld>(got) - want) / std::ldexp(ld(1), ulp_exp));
}

std::string str(long double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%La (%.21Lg)", x, x);
  return buf;
}

template <class T>
struct inputs {
  std::mt19937_64 rng{12345};
  std::vector<T> xs;

  T uniform(ld lo, ld hi) { return static_cast<T>(std::uniform_real_distribution<ld>(lo, hi)(rng)); }
  // |x| log-uniform in [lo, hi], random sign if signed_.
  T log_uniform(ld lo, ld hi, bool signed_ = true) {
    const ld m = std::exp2(std::uniform_real_distribution<ld>(std::log2(lo), std::log2(hi))(rng));
    const T x = static_cast<T>(m);
    return signed_ && (rng() & 1) ? -x : x;
  }
  void add_log_uniform(int n, ld lo, ld hi, bool signed_ = true) {
    for (int i = 0; i < n; ++i) xs.push_back(log_uniform(lo, hi, signed_));
  }
  void add_uniform(int n, ld lo, ld hi) {
    for (int i = 0; i < n; ++i) xs.push_back(uniform(lo, hi));
  }
  // Around c: the nearest T and its neighbours, then a random spread of relative width w.
  void add_around(ld c, int n, ld w) {
    T x = static_cast<T>(c);
    for (int i = 0; i < 8; ++i) {
      xs.push_back(x);
      x = std::nextafter(x, std::numeric_limits<T>::infinity());
    }
    x = static_cast<T>(c);
    for (int i = 0; i < 8; ++i) xs.push_back(x = std::nextafter(x, -std::numeric_limits<T>::infinity()));
    for (int i = 0; i < n; ++i) xs.push_back(static_cast<T>(c + c * uniform(-w, w)));
  }
};

template <class T>
constexpr bool is_f32 = std::is_same_v<T, float>;

// Without FMA instructions the functions are the C library's (simd/math.hpp): glibc states
// at most 4 ulps for these on x86_64 (its libm-test-ulps), which the bounds then allow.
constexpr double library_bound(double bound) { return SXLA_HAS_FMA || bound >= 4 ? bound : 4; }

// The scalar results are checked against the reference, then the vector results against
// the scalar ones.
template <class T, class F, class R>
void check_unary(const char* name, const std::vector<T>& xs, F f, R ref, double bound) {
  std::vector<T> got(xs.size());
  for (std::size_t i = 0; i < xs.size(); ++i) got[i] = f(xs[i]);
  double worst = 0;
  T worst_x = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const double e = ulp_error(got[i], ref(static_cast<ld>(xs[i])));
    if (e > worst || e != e) {
      worst = e;
      worst_x = xs[i];
    }
  }
  INFO(std::string(name), ": worst ", worst, " ulp at x = ", str(worst_x), " (", xs.size(), " inputs)");
  CHECK(worst <= library_bound(bound));
  if constexpr (s::has_vec<T>) {
    constexpr std::size_t n = s::lanes<T>;
    std::size_t mismatches = 0;
    T first_x = 0;
    for (std::size_t i = 0; i + n <= xs.size(); i += n) {
      T out[n];
      s::store(f(s::load(xs.data() + i)), out);
      for (std::size_t j = 0; j < n; ++j) {
        if (!same_bits(out[j], got[i + j]) && mismatches++ == 0) first_x = xs[i + j];
      }
    }
    INFO(std::string(name), ": vector differs from scalar at x = ", str(first_x));
    CHECK_EQ(mismatches, 0u);
  }
}

template <class T, class F, class R>
void check_binary(const char* name, const std::vector<T>& xs, const std::vector<T>& ys, F f, R ref, double bound) {
  std::vector<T> got(xs.size());
  for (std::size_t i = 0; i < xs.size(); ++i) got[i] = f(xs[i], ys[i]);
  double worst = 0;
  T wx = 0, wy = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const double e = ulp_error(got[i], ref(static_cast<ld>(xs[i]), static_cast<ld>(ys[i])));
    if (e > worst || e != e) {
      worst = e;
      wx = xs[i];
      wy = ys[i];
    }
  }
  INFO(std::string(name), ": worst ", worst, " ulp at (", str(wx), ", ", str(wy), ")");
  CHECK(worst <= library_bound(bound));
  if constexpr (s::has_vec<T>) {
    constexpr std::size_t n = s::lanes<T>;
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i + n <= xs.size(); i += n) {
      T out[n];
      s::store(f(s::load(xs.data() + i), s::load(ys.data() + i)), out);
      for (std::size_t j = 0; j < n; ++j) mismatches += !same_bits(out[j], got[i + j]);
    }
    CHECK_EQ(mismatches, 0u);
  }
}

// got is want: the same bits (signed zeros count) for the kernels; the C library's
// functions (no FMA, see library_bound) meet special values (zeros, infinities, NaN)
// exactly and others within their bound (glibc's cbrt(27.0) is 3 + 1 ulp).
template <class T>
bool meets(T got, T want) {
  if (SXLA_HAS_FMA || want == 0 || !std::isfinite(want)) return same_bits(got, want);
  return ulp_error(got, static_cast<ld>(want)) <= library_bound(0);
}

// f(x) == want exactly (bits, so signed zeros count), in both instances.
template <class T, class F>
void expect(const char* name, F f, T x, T want) {
  const T got = f(x);
  INFO(std::string(name), "(", str(x), ") = ", str(got), ", want ", str(want));
  CHECK(meets(got, want));
  if constexpr (s::has_vec<T>) {
    T out[s::lanes<T>];
    s::store(f(s::splat<s::vec<T>>(x)), out);
    CHECK(meets(out[0], want));
  }
}
template <class T, class F>
void expect2(const char* name, F f, T x, T y, T want) {
  const T got = f(x, y);
  INFO(std::string(name), "(", str(x), ", ", str(y), ") = ", str(got), ", want ",
       str(want));
  CHECK(meets(got, want));
  if constexpr (s::has_vec<T>) {
    T out[s::lanes<T>];
    s::store(f(s::splat<s::vec<T>>(x), s::splat<s::vec<T>>(y)), out);
    CHECK(meets(out[0], want));
  }
}

template <class T>
constexpr T inf_v = std::numeric_limits<T>::infinity();
template <class T>
constexpr T nan_v = std::numeric_limits<T>::quiet_NaN();
template <class T>
constexpr T tiny_v = std::numeric_limits<T>::denorm_min();

// The overflow threshold of exp, ln(max), and the underflow one, ln(denorm_min / 2).
template <class T>
const ld ln_max = std::log(static_cast<ld>(std::numeric_limits<T>::max()));
template <class T>
const ld ln_min = std::log(static_cast<ld>(std::numeric_limits<T>::denorm_min()) / 2);

const ld pi_l = 3.141592653589793238462643383279502884L;

constexpr int n_main = 120000;  // log-uniform inputs per function
constexpr int n_near = 4000;    // inputs around each special point

}  // namespace

#endif  // SXLA_TESTS_SIMD_MATH_CHECK_HPP
