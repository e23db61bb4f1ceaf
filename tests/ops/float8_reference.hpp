// A reference rounding for the 8-, 6- and 4-bit floats, written from the formats'
// definition for the op tests: the nearest of a type's values (from widening every
// encoding, which tests/core/float8_test.cpp checks exhaustively against ldexp tables),
// ties to the even encoding (f8e8m0fnu: to the larger power of two), and each type's rule
// beyond the largest finite value: +-inf (IEEE-like), NaN (fn, fnuz, f8e8m0fnu) or +-max
// (the MX types f4e2m1fn, f6e2m3fn, f6e3m2fn, which saturate).
#ifndef SXLA_TESTS_OPS_FLOAT8_REFERENCE_HPP
#define SXLA_TESTS_OPS_FLOAT8_REFERENCE_HPP

#include <sxla/core/float8.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace sxla_test::float8 {

// What a rounding gives: a value, or NaN.
struct rounded {
  bool nan = false;
  double value = 0;  // +-inf for an IEEE-like overflow
};

template <class T>
struct table {
  std::vector<double> value;       // the non-negative finite values, ascending
  std::vector<unsigned> encoding;  // their encodings
  double max = 0;
  double beyond = 0;               // the value after max, were the exponent range one larger
  bool max_odd = false;

  table() {
    for (unsigned b = 0; b < (1u << T::bit_width); ++b) {
      const float f = static_cast<float>(T::from_bits(static_cast<std::uint8_t>(b)));
      if (std::isnan(f) || std::isinf(f) || std::signbit(f)) continue;
      if (!value.empty() && f == value.back()) continue;
      value.push_back(f);
      encoding.push_back(b);
    }
    // (Encodings grow with the value for non-negative numbers.)
    max = value.back();
    const int e = std::ilogb(max);
    beyond = max + std::ldexp(1.0, e - T::mantissa_bits);
    max_odd = T::mantissa_bits == 0 || (encoding.back() & 1u) != 0;
  }
};

template <class T>
const table<T>& table_of() {
  static const table<T> t;
  return t;
}

// The value v (exact in double) rounded to T.
template <class T>
rounded round_to(double v) {
  constexpr bool e8m0 = T::specials == sxla::float_specials::e8m0;
  const table<T>& t = table_of<T>();
  if (std::isnan(v)) return {true, 0};
  if (e8m0 && (v <= 0 || std::signbit(v))) return {true, 0};
  const bool negative = std::signbit(v);
  const double a = std::fabs(v);
  double r;
  bool overflow = false;
  if (a >= t.max) {
    const double mid = (t.max + t.beyond) / 2;
    overflow = std::isinf(a) || a > mid || (a == mid && (e8m0 || t.max_odd));
    r = t.max;
  } else {
    const auto it = std::upper_bound(t.value.begin(), t.value.end(), a);  // first value above a
    if (it == t.value.begin()) {
      r = t.value.front();  // e8m0: everything below 2^-127
    } else {
      const std::size_t hi = static_cast<std::size_t>(it - t.value.begin());
      const std::size_t lo = hi - 1;
      const double dl = a - t.value[lo], dh = t.value[hi] - a;
      if (dl < dh) {
        r = t.value[lo];
      } else if (dh < dl) {
        r = t.value[hi];
      } else if (e8m0) {
        r = t.value[hi];
      } else {
        r = (t.encoding[lo] & 1u) == 0 ? t.value[lo] : t.value[hi];
      }
    }
  }
  if (overflow) {
    switch (T::specials) {
      case sxla::float_specials::ieee:
        return {false, negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity()};
      case sxla::float_specials::none:
        return {false, negative ? -t.max : t.max};
      default:
        return {true, 0};
    }
  }
  return {false, negative ? -r : r};
}

// Whether x is what the reference says (values compared as numbers: -0 == +0).
template <class T>
bool matches(T x, rounded want) {
  const float f = static_cast<float>(x);
  if (want.nan) return std::isnan(f);
  return !std::isnan(f) && static_cast<double>(f) == want.value;
}

}  // namespace sxla_test::float8

#endif  // SXLA_TESTS_OPS_FLOAT8_REFERENCE_HPP
