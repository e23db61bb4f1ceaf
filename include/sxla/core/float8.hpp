// sxla/core/float8.hpp: XLA's 8-, 6- and 4-bit floats as one-byte value types:
// f8e5m2, f8e4m3, f8e3m4 (IEEE-like: infinities and NaNs at the top exponent),
// f8e4m3fn (no infinity, NaN only at S.1111.111), f8e4m3fnuz, f8e5m2fnuz, f8e4m3b11fnuz
// (no infinity, no negative zero, the one NaN at 0x80; exponent bias 8, 16 and 11),
// f4e2m1fn, f6e2m3fn, f6e3m2fn (the OCP MX element types: no infinity, no NaN) and
// f8e8m0fnu (the MX scale: 2^-127 .. 2^127, no sign, no zero, NaN at 0xFF).
//
// Conversions follow ml_dtypes, which XLA's evaluator and literals use:
//  - narrowing from float, double or an integer rounds to nearest, ties to even, once
//    from the source value (a double is never rounded through float first); f8e8m0fnu
//    has no mantissa, so its ties go to the larger power of two, and every positive value
//    below 2^-127 becomes 2^-127;
//  - out of range: IEEE-like types give +-inf, fn and fnuz types NaN, MX types saturate
//    to +-max, f8e8m0fnu NaN; infinities convert the same way;
//  - NaN: IEEE-like types a quiet NaN with its sign, fn types S.1111.111, fnuz types
//    0x80, f8e8m0fnu 0xFF; MX types have no NaN and give ml_dtypes' choice: -0 for a
//    positive NaN, +0 for a negative one;
//  - zero: +-0 (fnuz: +0); f8e8m0fnu has no zero and gives NaN, as for negative values;
//  - widening to float is exact for every type (the fnuz NaN, 0x80, widens to a NaN
//    with the sign bit set, as in ml_dtypes).
// Arithmetic computes in f32 and rounds back once, as XLA's CPU backend does: correctly
// rounded + - * / (f32 has more than twice the bits of any of these formats, plus two),
// except that an f8e8m0fnu product or quotient outside f32's range is 0 or inf there,
// hence NaN, as in XLA and ml_dtypes.
// Not here: the element-type table (element_type.hpp), 16-bit floats (float16.hpp).
#ifndef SXLA_CORE_FLOAT8_HPP
#define SXLA_CORE_FLOAT8_HPP

#include <array>
#include <bit>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "sxla/core/float16.hpp"  // detail::decode_ieee, detail::shift_right_rne, small_float

namespace sxla {

// How a small float encodes its special values.
enum class float_specials : std::uint8_t {
  ieee,  // +-inf at the top exponent with a zero mantissa, NaNs above (f8e5m2, f8e4m3, f8e3m4)
  fn,    // no infinity; NaN only where every exponent and mantissa bit is set (f8e4m3fn)
  fnuz,  // no infinity, no negative zero; the one NaN is the sign bit alone (0x80)
  none,  // no infinity, no NaN: every encoding is a number (f4e2m1fn, f6e2m3fn, f6e3m2fn)
  e8m0   // no sign bit, no zero: 2^(e - 127); NaN at 0xFF (f8e8m0fnu)
};

// A float of 1 (sign, except e8m0) + E + M bits with exponent bias Bias, in one byte.
template <int E, int M, int Bias, float_specials S>
class minifloat {
  static_assert(E >= 2 && E <= 8 && M >= 0 && M <= 4 && E + M + (S != float_specials::e8m0) <= 8,
                "minifloat: at most 8 bits, with 2-8 exponent bits");

 public:
  using bits_type = std::uint8_t;
  static constexpr int exponent_bits = E;
  static constexpr int mantissa_bits = M;
  static constexpr int exponent_bias = Bias;
  static constexpr float_specials specials = S;
  static constexpr bool is_signed = S != float_specials::e8m0;
  // The width of an encoding: 4, 6 or 8 (the byte's upper bits are zero).
  static constexpr int bit_width = E + M + (is_signed ? 1 : 0);
  static constexpr bits_type sign_mask = is_signed ? static_cast<bits_type>(1u << (E + M)) : 0;
  static constexpr bits_type magnitude_mask = static_cast<bits_type>((1u << (E + M)) - 1);
  // The magnitude bits of the largest finite value.
  static constexpr bits_type max_bits = S == float_specials::ieee   ? static_cast<bits_type>((((1u << E) - 1) << M) - 1)
                                        : S == float_specials::fn   ? static_cast<bits_type>(magnitude_mask - 1)
                                        : S == float_specials::e8m0 ? bits_type{0xFE}
                                                                    : magnitude_mask;
  // The NaN a conversion produces (positive where there is a sign).
  static constexpr bits_type nan_bits =
      S == float_specials::ieee   ? static_cast<bits_type>((((1u << E) - 1) << M) | (M > 0 ? 1u << (M - 1) : 0u))
      : S == float_specials::fn   ? magnitude_mask
      : S == float_specials::fnuz ? bits_type{0x80}
      : S == float_specials::e8m0 ? bits_type{0xFF}
                                  : sign_mask;  // none: what a positive NaN converts to (-0)

  constexpr minifloat() noexcept = default;  // +0 (f8e8m0fnu: 2^-127)

  // Narrowing from any arithmetic type: round to nearest even, once.
  template <class A>
    requires std::is_arithmetic_v<A>
  constexpr minifloat(A value) noexcept : bits_(narrow(value)) {}  // NOLINT: implicit by design
  // From f16, bf16 or another minifloat: exact widening to float, then one rounding.
  template <int E2, int M2>
  constexpr explicit minifloat(small_float<E2, M2> value) noexcept : bits_(narrow(static_cast<float>(value))) {}
  template <int E2, int M2, int B2, float_specials S2>
  constexpr explicit minifloat(minifloat<E2, M2, B2, S2> value) noexcept
      : bits_(narrow(static_cast<float>(value))) {}

  static constexpr minifloat from_bits(bits_type b) noexcept {
    minifloat r;
    r.bits_ = static_cast<bits_type>(b & ((1u << bit_width) - 1));
    return r;
  }
  constexpr bits_type bits() const noexcept { return bits_; }

  // Exact widening (a table of every encoding's value).
  constexpr operator float() const noexcept { return widen_table[bits_]; }  // NOLINT: implicit by design

  constexpr bool signbit() const noexcept { return (bits_ & sign_mask) != 0; }
  constexpr bool isnan() const noexcept {
    if constexpr (S == float_specials::ieee) {
      return (bits_ & magnitude_mask) > (max_bits + 1);
    } else if constexpr (S == float_specials::fn) {
      return (bits_ & magnitude_mask) == magnitude_mask;
    } else if constexpr (S == float_specials::fnuz || S == float_specials::e8m0) {
      return bits_ == nan_bits;
    } else {
      return false;
    }
  }
  constexpr bool isinf() const noexcept {
    if constexpr (S == float_specials::ieee) {
      return (bits_ & magnitude_mask) == max_bits + 1;
    } else {
      return false;
    }
  }
  constexpr bool isfinite() const noexcept { return !isnan() && !isinf(); }

  // Arithmetic in f32, rounded back once.
  friend constexpr minifloat operator+(minifloat a) noexcept { return a; }
  friend constexpr minifloat operator-(minifloat a) noexcept { return minifloat(-static_cast<float>(a)); }
  friend constexpr minifloat operator+(minifloat a, minifloat b) noexcept { return minifloat(float(a) + float(b)); }
  friend constexpr minifloat operator-(minifloat a, minifloat b) noexcept { return minifloat(float(a) - float(b)); }
  friend constexpr minifloat operator*(minifloat a, minifloat b) noexcept { return minifloat(float(a) * float(b)); }
  friend constexpr minifloat operator/(minifloat a, minifloat b) noexcept { return minifloat(float(a) / float(b)); }
  constexpr minifloat& operator+=(minifloat b) noexcept { return *this = *this + b; }
  constexpr minifloat& operator-=(minifloat b) noexcept { return *this = *this - b; }
  constexpr minifloat& operator*=(minifloat b) noexcept { return *this = *this * b; }
  constexpr minifloat& operator/=(minifloat b) noexcept { return *this = *this / b; }

  // Mixed with a built-in arithmetic type: as for a float.
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr auto operator+(minifloat a, A b) noexcept { return float(a) + b; }
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr auto operator+(A a, minifloat b) noexcept { return a + float(b); }
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr auto operator-(minifloat a, A b) noexcept { return float(a) - b; }
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr auto operator-(A a, minifloat b) noexcept { return a - float(b); }
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr auto operator*(minifloat a, A b) noexcept { return float(a) * b; }
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr auto operator*(A a, minifloat b) noexcept { return a * float(b); }
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr auto operator/(minifloat a, A b) noexcept { return float(a) / b; }
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr auto operator/(A a, minifloat b) noexcept { return a / float(b); }

  // IEEE comparisons on the values (NaN unordered, -0 == +0).
  friend constexpr bool operator==(minifloat a, minifloat b) noexcept { return float(a) == float(b); }
  friend constexpr std::partial_ordering operator<=>(minifloat a, minifloat b) noexcept {
    return float(a) <=> float(b);
  }
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr bool operator==(minifloat a, A b) noexcept {
    return float(a) == b;
  }
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr std::partial_ordering operator<=>(minifloat a, A b) noexcept {
    return float(a) <=> b;
  }

 private:
  // The magnitude encoding of sig * 2^exp2 (sig > 0), before the range check: may exceed
  // max_bits (then it overflows).
  static constexpr std::uint64_t encode_magnitude(int exp2, std::uint64_t sig) noexcept {
    constexpr int emin = S == float_specials::e8m0 ? -Bias : 1 - Bias;  // smallest normal's exponent
    const int msb = std::bit_width(sig) - 1;
    int e = exp2 + msb;  // the value lies in [2^e, 2^(e+1))
    if (e >= emin) {
      const int shift = msb - M;  // keep M + 1 significant bits
      std::uint64_t q = shift >= 0 ? detail::shift_right_rne(sig, shift) : sig << -shift;
      if (q == (std::uint64_t{1} << (M + 1))) {
        q >>= 1;
        ++e;
      }
      if (e > 200) return std::uint64_t{1} << 20;  // far out of range (keeps the shift small)
      return (static_cast<std::uint64_t>(e + Bias) << M) | (q & ((std::uint64_t{1} << M) - 1));
    }
    if constexpr (S == float_specials::e8m0) {
      return 0;  // below the smallest value 2^-127: 2^-127, as ml_dtypes
    } else {
      // Subnormal: units of 2^(emin - M); a carry into bit M is the smallest normal.
      const int shift = (emin - M) - exp2;
      return shift >= 0 ? detail::shift_right_rne(sig, shift) : sig << -shift;
    }
  }

  static constexpr bits_type overflow(bool negative) noexcept {
    if constexpr (S == float_specials::ieee) {
      return with_sign(negative, static_cast<bits_type>(max_bits + 1));
    } else if constexpr (S == float_specials::none) {
      return with_sign(negative, max_bits);
    } else if constexpr (S == float_specials::fn) {
      return with_sign(negative, nan_bits);
    } else {
      return nan_bits;  // fnuz, e8m0: the one NaN
    }
  }

  static constexpr bits_type with_sign(bool negative, bits_type magnitude) noexcept {
    if constexpr (S == float_specials::fnuz) {
      if (magnitude == 0) return 0;  // no negative zero
    }
    return negative ? static_cast<bits_type>(magnitude | sign_mask) : magnitude;
  }

  static constexpr bits_type finite(bool negative, int exp2, std::uint64_t sig) noexcept {
    if constexpr (S == float_specials::e8m0) {
      if (negative) return nan_bits;
    }
    const std::uint64_t m = encode_magnitude(exp2, sig);
    if (m > max_bits) return overflow(negative);
    return with_sign(negative, static_cast<bits_type>(m));
  }

  // From float: in the normal range of the type, rounding the f32 bits to M mantissa bits
  // (adding 0111.. plus the last kept bit) and moving the exponent is the whole work;
  // anything else (zero, subnormal results, overflow, specials) takes the general path.
  // (Not for f8e8m0fnu, whose ties do not go to even.)
  static constexpr bits_type narrow_float(float value) noexcept {
    if constexpr (S != float_specials::e8m0) {
      constexpr std::uint32_t smallest_normal = static_cast<std::uint32_t>(127 + 1 - Bias) << 23;
      const std::uint32_t u = std::bit_cast<std::uint32_t>(value);
      const std::uint32_t a = u & 0x7fffffffu;
      if (a >= smallest_normal && a < 0x7f800000u) {
        const std::uint32_t r = a + ((std::uint32_t{1} << (22 - M)) - 1) + ((a >> (23 - M)) & 1u);
        const std::uint32_t m = (r >> (23 - M)) - (static_cast<std::uint32_t>(127 - Bias) << M);
        if (m <= max_bits) return with_sign((u >> 31) != 0, static_cast<bits_type>(m));
      }
    }
    return narrow_general(value);
  }

  template <class A>
  static constexpr bits_type narrow(A value) noexcept {
    if constexpr (std::is_same_v<A, float>) {
      return narrow_float(value);
    } else {
      return narrow_general(value);
    }
  }

  template <class A>
  static constexpr bits_type narrow_general(A value) noexcept {
    if constexpr (std::is_same_v<A, bool>) {
      return value ? narrow_general(1) : narrow_general(0);
    } else if constexpr (std::is_integral_v<A>) {
      if (value == 0) return S == float_specials::e8m0 ? nan_bits : bits_type{0};
      const bool negative = value < 0;
      std::uint64_t u;
      if constexpr (std::is_signed_v<A>) {
        u = static_cast<std::uint64_t>(static_cast<std::int64_t>(value));
      } else {
        u = static_cast<std::uint64_t>(value);
      }
      return finite(negative, 0, negative ? std::uint64_t{0} - u : u);
    } else {
      static_assert(!std::is_same_v<A, long double>,
                    "minifloat: convert long double to double first (a direct conversion would round twice)");
      using F = std::conditional_t<std::is_same_v<A, float>, float, double>;
      const detail::decoded_float d = detail::decode_ieee(static_cast<F>(value));
      switch (d.k) {
        case detail::decoded_float::kind::zero:
          return S == float_specials::e8m0 ? nan_bits : with_sign(d.negative, 0);
        case detail::decoded_float::kind::infinity:
          return overflow(d.negative);
        case detail::decoded_float::kind::nan:
          if constexpr (S == float_specials::none) {
            return d.negative ? bits_type{0} : sign_mask;  // ml_dtypes: -quiet_NaN() is +0
          } else if constexpr (S == float_specials::ieee || S == float_specials::fn) {
            return with_sign(d.negative, nan_bits);
          } else {
            return nan_bits;
          }
        case detail::decoded_float::kind::finite:
          break;
      }
      return finite(d.negative, d.exp2, d.sig);
    }
  }

  // 2^k as a double (k within double's normal range).
  static constexpr double pow2(int k) noexcept {
    return std::bit_cast<double>(static_cast<std::uint64_t>(k + 1023) << 52);
  }

  static constexpr float widen(bits_type b) noexcept {
    if constexpr (S == float_specials::e8m0) {
      if (b == nan_bits) return std::numeric_limits<float>::quiet_NaN();
      return static_cast<float>(pow2(static_cast<int>(b) - Bias));  // 2^-127 is a float subnormal: exact
    } else {
      const bool negative = (b & sign_mask) != 0;
      const int m = b & magnitude_mask;
      const int e = m >> M;
      const int f = m & ((1 << M) - 1);
      if constexpr (S == float_specials::ieee) {
        if (e == (1 << E) - 1) {
          return f == 0 ? (negative ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity())
                        : (negative ? -std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::quiet_NaN());
        }
      } else if constexpr (S == float_specials::fn) {
        if (m == magnitude_mask) {
          return negative ? -std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::quiet_NaN();
        }
      } else if constexpr (S == float_specials::fnuz) {
        if (b == nan_bits) return -std::numeric_limits<float>::quiet_NaN();  // the sign bit is set (ml_dtypes)
      }
      const double v = e == 0 ? static_cast<double>(f) * pow2(1 - Bias - M)
                              : static_cast<double>(f | (1 << M)) * pow2(e - Bias - M);
      return static_cast<float>(negative ? -v : v);  // exact
    }
  }

  static constexpr auto widen_table = [] {
    std::array<float, std::size_t{1} << bit_width> t{};
    for (unsigned b = 0; b < t.size(); ++b) t[b] = widen(static_cast<bits_type>(b));
    return t;
  }();

  bits_type bits_ = 0;
};

// The types, as XLA names them.
using f8e5m2 = minifloat<5, 2, 15, float_specials::ieee>;
using f8e4m3 = minifloat<4, 3, 7, float_specials::ieee>;
using f8e3m4 = minifloat<3, 4, 3, float_specials::ieee>;
using f8e4m3fn = minifloat<4, 3, 7, float_specials::fn>;
using f8e4m3fnuz = minifloat<4, 3, 8, float_specials::fnuz>;
using f8e5m2fnuz = minifloat<5, 2, 16, float_specials::fnuz>;
using f8e4m3b11fnuz = minifloat<4, 3, 11, float_specials::fnuz>;
using f4e2m1fn = minifloat<2, 1, 1, float_specials::none>;
using f6e2m3fn = minifloat<2, 3, 1, float_specials::none>;
using f6e3m2fn = minifloat<3, 2, 3, float_specials::none>;
using f8e8m0fnu = minifloat<8, 0, 127, float_specials::e8m0>;

// Whether T is one of these types.
template <class T>
inline constexpr bool is_minifloat_v = false;
template <int E, int M, int B, float_specials S>
inline constexpr bool is_minifloat_v<minifloat<E, M, B, S>> = true;

static_assert(sizeof(f8e4m3fn) == 1 && std::is_trivially_copyable_v<f8e4m3fn>);

}  // namespace sxla

template <int E, int M, int B, sxla::float_specials S>
class std::numeric_limits<sxla::minifloat<E, M, B, S>> {
  using T = sxla::minifloat<E, M, B, S>;
  static constexpr int emin = S == sxla::float_specials::e8m0 ? -B : 1 - B;
  static constexpr int ilog10_floor(double x) {  // floor(log10(x)) for x > 0
    int k = 0;
    for (; x >= 10.0; x /= 10.0) ++k;
    for (; x < 1.0; x *= 10.0) --k;
    return k;
  }

 public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = T::is_signed;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = S == sxla::float_specials::ieee;
  static constexpr bool has_quiet_NaN = S != sxla::float_specials::none;
  static constexpr bool has_signaling_NaN = S == sxla::float_specials::ieee && M >= 2;
  static constexpr std::float_denorm_style has_denorm =
      S == sxla::float_specials::e8m0 ? std::denorm_absent : std::denorm_present;
  static constexpr bool has_denorm_loss = false;
  static constexpr std::float_round_style round_style = std::round_to_nearest;
  static constexpr bool is_iec559 = false;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr int digits = M + 1;
  static constexpr int digits10 = (M * 30103) / 100000;
  static constexpr int max_digits10 = 2 + ((M + 1) * 30103) / 100000;
  static constexpr int radix = 2;
  static constexpr int min_exponent = emin + 1;
  static constexpr int max_exponent = (T::max_bits >> M) - B + 1;
  static constexpr int min_exponent10 = 1 + ilog10_floor(static_cast<double>(float(T::from_bits(
                                                S == sxla::float_specials::e8m0 ? 0 : (1 << M)))));
  static constexpr int max_exponent10 = ilog10_floor(static_cast<double>(float(T::from_bits(T::max_bits))));
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;

  static constexpr T min() noexcept {
    return T::from_bits(S == sxla::float_specials::e8m0 ? 0 : static_cast<std::uint8_t>(1 << M));
  }
  static constexpr T max() noexcept { return T::from_bits(T::max_bits); }
  static constexpr T lowest() noexcept {
    return S == sxla::float_specials::e8m0 ? min() : T::from_bits(T::max_bits | T::sign_mask);
  }
  static constexpr T epsilon() noexcept { return T(1.0 / static_cast<double>(1u << M)); }
  static constexpr T round_error() noexcept { return T(0.5); }
  // Where a type has no infinity, what converting one gives (NaN, or max for MX types).
  static constexpr T infinity() noexcept { return T(std::numeric_limits<float>::infinity()); }
  // Where a type has no NaN (MX types), what converting one gives.
  static constexpr T quiet_NaN() noexcept { return T::from_bits(T::nan_bits); }
  static constexpr T signaling_NaN() noexcept {
    return S == sxla::float_specials::ieee && M >= 2
               ? T::from_bits(static_cast<std::uint8_t>(((1u << E) - 1) << M | 1u))
               : quiet_NaN();
  }
  static constexpr T denorm_min() noexcept {
    return S == sxla::float_specials::e8m0 ? min() : T::from_bits(1);
  }
};

#endif  // SXLA_CORE_FLOAT8_HPP
