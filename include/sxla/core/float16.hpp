// sxla/core/float16.hpp: f16 (IEEE binary16) and bf16 (bfloat16) as 16-bit value types.
// Narrowing from float, double and integers rounds to nearest, ties to even, in a
// single step (never through an intermediate format); widening to float is exact.
// Arithmetic computes in f32 and rounds back, as XLA does. Everything is constexpr.
// Not here: vectorised conversions (simd/) and the element-type table (element_type.hpp).
#ifndef SXLA_CORE_FLOAT16_HPP
#define SXLA_CORE_FLOAT16_HPP

#include <bit>          // std::bit_cast, std::bit_width
#include <compare>      // std::partial_ordering
#include <cstdint>
#include <limits>
#include <type_traits>

namespace sxla {

namespace detail {

// A finite, non-zero real number sig * 2^exp2 with its sign, or a special value.
struct decoded_float {
  enum class kind : std::uint8_t { zero, finite, infinity, nan };
  kind k = kind::zero;
  bool negative = false;
  int exp2 = 0;              // for finite: value = sig * 2^exp2
  std::uint64_t sig = 0;     // for finite: non-zero; for nan: payload, left-aligned at bit 63
};

// Decodes an IEEE float or double without loss.
template <class F>
constexpr decoded_float decode_ieee(F value) noexcept {
  static_assert(std::is_same_v<F, float> || std::is_same_v<F, double>);
  using bits_t = std::conditional_t<std::is_same_v<F, float>, std::uint32_t, std::uint64_t>;
  constexpr int mant_bits = std::numeric_limits<F>::digits - 1;
  constexpr int total_bits = sizeof(F) * 8;
  constexpr int exp_bits = total_bits - 1 - mant_bits;
  constexpr int bias = (1 << (exp_bits - 1)) - 1;
  const bits_t b = std::bit_cast<bits_t>(value);
  const bits_t mant = b & ((bits_t{1} << mant_bits) - 1);
  const int exp = static_cast<int>((b >> mant_bits) & ((bits_t{1} << exp_bits) - 1));
  decoded_float d;
  d.negative = (b >> (total_bits - 1)) != 0;
  if (exp == (1 << exp_bits) - 1) {
    d.k = mant == 0 ? decoded_float::kind::infinity : decoded_float::kind::nan;
    d.sig = static_cast<std::uint64_t>(mant) << (64 - mant_bits);
  } else if (exp == 0 && mant == 0) {
    d.k = decoded_float::kind::zero;
  } else {
    d.k = decoded_float::kind::finite;
    d.sig = exp == 0 ? mant : (mant | (bits_t{1} << mant_bits));
    d.exp2 = (exp == 0 ? 1 : exp) - bias - mant_bits;
  }
  return d;
}

// Shifts v right by s bits, rounding to nearest, ties to even.
constexpr std::uint64_t shift_right_rne(std::uint64_t v, int s) noexcept {
  if (s <= 0) return v;
  if (s > 64) return 0;  // v < 2^64 <= half of 2^s: rounds to zero
  const std::uint64_t q = s == 64 ? 0 : v >> s;
  const std::uint64_t rem = s == 64 ? v : v & ((std::uint64_t{1} << s) - 1);
  const std::uint64_t half = std::uint64_t{1} << (s - 1);
  return (rem > half || (rem == half && (q & 1) != 0)) ? q + 1 : q;
}

// Encodes sig * 2^exp2 (sig > 0) in the binary format with E exponent and M mantissa
// bits: round to nearest even, overflow to infinity, gradual underflow. No sign bit.
template <int E, int M>
constexpr std::uint32_t encode_finite(int exp2, std::uint64_t sig) noexcept {
  constexpr int bias = (1 << (E - 1)) - 1;
  constexpr int emin = 1 - bias;        // exponent of the smallest normal
  constexpr int emax = bias;            // exponent of the largest finite value
  constexpr std::uint32_t inf = ((1u << E) - 1) << M;
  const int msb = std::bit_width(sig) - 1;
  int e = exp2 + msb;                   // value in [2^e, 2^(e+1))
  if (e >= emin) {
    const int shift = msb - M;          // keep M + 1 significant bits
    std::uint64_t q = shift >= 0 ? shift_right_rne(sig, shift) : sig << -shift;
    if (q == (std::uint64_t{1} << (M + 1))) {
      q >>= 1;
      ++e;
    }
    if (e > emax) return inf;
    return (static_cast<std::uint32_t>(e + bias) << M) |
           static_cast<std::uint32_t>(q & ((std::uint64_t{1} << M) - 1));
  }
  // Subnormal: count units of 2^(emin - M). A carry into bit M gives the smallest
  // normal, whose encoding is exactly that integer.
  const int shift = (emin - M) - exp2;
  return static_cast<std::uint32_t>(shift >= 0 ? shift_right_rne(sig, shift) : sig << -shift);
}

}  // namespace detail

// A binary floating-point value of 1 + ExponentBits + MantissaBits <= 16 bits with IEEE
// semantics (subnormals, infinities, NaNs). sxla::f16 and sxla::bf16 name the two used.
template <int ExponentBits, int MantissaBits>
class small_float {
  static_assert(ExponentBits >= 2 && ExponentBits <= 8 && MantissaBits >= 1 &&
                    1 + ExponentBits + MantissaBits <= 16,
                "small_float: 1 + exponent bits + mantissa bits must fit in 16, with at most "
                "8 exponent bits (every value then widens exactly to float)");

 public:
  using bits_type = std::uint16_t;
  static constexpr int exponent_bits = ExponentBits;
  static constexpr int mantissa_bits = MantissaBits;
  static constexpr int exponent_bias = (1 << (ExponentBits - 1)) - 1;
  static constexpr bits_type sign_mask = bits_type{1} << (ExponentBits + MantissaBits);
  static constexpr bits_type exponent_mask = ((bits_type{1} << ExponentBits) - 1) << MantissaBits;
  static constexpr bits_type mantissa_mask = (bits_type{1} << MantissaBits) - 1;

  constexpr small_float() noexcept = default;  // +0

  // Narrowing from any arithmetic type: round to nearest, ties to even, in one step.
  template <class A>
    requires std::is_arithmetic_v<A>
  constexpr small_float(A value) noexcept : bits_(narrow(value)) {}  // NOLINT: implicit by design

  static constexpr small_float from_bits(bits_type b) noexcept {
    small_float r;
    r.bits_ = b;
    return r;
  }
  constexpr bits_type bits() const noexcept { return bits_; }

  // Exact widening.
  constexpr operator float() const noexcept { return widen(bits_); }  // NOLINT: implicit by design

  constexpr bool signbit() const noexcept { return (bits_ & sign_mask) != 0; }
  constexpr bool isnan() const noexcept {
    return (bits_ & exponent_mask) == exponent_mask && (bits_ & mantissa_mask) != 0;
  }
  constexpr bool isinf() const noexcept {
    return (bits_ & (exponent_mask | mantissa_mask)) == exponent_mask;
  }
  constexpr bool isfinite() const noexcept { return (bits_ & exponent_mask) != exponent_mask; }

  // Arithmetic in f32, rounded back (XLA's CPU semantics for 16-bit floats).
  friend constexpr small_float operator+(small_float a) noexcept { return a; }
  friend constexpr small_float operator-(small_float a) noexcept {
    return from_bits(static_cast<bits_type>(a.bits_ ^ sign_mask));
  }
  friend constexpr small_float operator+(small_float a, small_float b) noexcept {
    return small_float(float(a) + float(b));
  }
  friend constexpr small_float operator-(small_float a, small_float b) noexcept {
    return small_float(float(a) - float(b));
  }
  friend constexpr small_float operator*(small_float a, small_float b) noexcept {
    return small_float(float(a) * float(b));
  }
  friend constexpr small_float operator/(small_float a, small_float b) noexcept {
    return small_float(float(a) / float(b));
  }
  constexpr small_float& operator+=(small_float b) noexcept { return *this = *this + b; }
  constexpr small_float& operator-=(small_float b) noexcept { return *this = *this - b; }
  constexpr small_float& operator*=(small_float b) noexcept { return *this = *this * b; }
  constexpr small_float& operator/=(small_float b) noexcept { return *this = *this / b; }

  // Mixed with a built-in arithmetic type: the usual conversions, as for a float.
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr auto operator+(small_float a, A b) noexcept { return float(a) + b; }
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr auto operator+(A a, small_float b) noexcept { return a + float(b); }
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr auto operator-(small_float a, A b) noexcept { return float(a) - b; }
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr auto operator-(A a, small_float b) noexcept { return a - float(b); }
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr auto operator*(small_float a, A b) noexcept { return float(a) * b; }
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr auto operator*(A a, small_float b) noexcept { return a * float(b); }
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr auto operator/(small_float a, A b) noexcept { return float(a) / b; }
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr auto operator/(A a, small_float b) noexcept { return a / float(b); }

  // IEEE comparisons (NaN unordered, -0 == +0).
  friend constexpr bool operator==(small_float a, small_float b) noexcept {
    return float(a) == float(b);
  }
  friend constexpr std::partial_ordering operator<=>(small_float a, small_float b) noexcept {
    return float(a) <=> float(b);
  }
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr bool operator==(small_float a, A b) noexcept { return float(a) == b; }
  template <class A>
    requires std::is_arithmetic_v<A>
  friend constexpr std::partial_ordering operator<=>(small_float a, A b) noexcept {
    return float(a) <=> b;
  }

 private:
  template <class A>
  static constexpr bits_type narrow(A value) noexcept {
    if constexpr (std::is_same_v<A, bool>) {
      return value ? narrow(1) : bits_type{0};
    } else if constexpr (std::is_integral_v<A>) {
      if (value == 0) return 0;
      const bool negative = value < 0;
      std::uint64_t u;
      if constexpr (std::is_signed_v<A>) {
        u = static_cast<std::uint64_t>(static_cast<std::int64_t>(value));
      } else {
        u = static_cast<std::uint64_t>(value);
      }
      const std::uint64_t magnitude = negative ? std::uint64_t{0} - u : u;  // |INT64_MIN| too
      return with_sign(negative, detail::encode_finite<ExponentBits, MantissaBits>(0, magnitude));
    } else {
      static_assert(!std::is_same_v<A, long double>,
                    "f16/bf16: convert long double to double first (a direct conversion "
                    "would round twice)");
      using F = std::conditional_t<std::is_same_v<A, float>, float, double>;
      const detail::decoded_float d = detail::decode_ieee(static_cast<F>(value));
      switch (d.k) {
        case detail::decoded_float::kind::zero:
          return with_sign(d.negative, 0);
        case detail::decoded_float::kind::infinity:
          return with_sign(d.negative, exponent_mask);
        case detail::decoded_float::kind::nan:  // quiet NaN, leading payload bits kept
          return with_sign(d.negative,
                           static_cast<std::uint32_t>(exponent_mask) |
                               (std::uint32_t{1} << (MantissaBits - 1)) |
                               static_cast<std::uint32_t>(d.sig >> (64 - MantissaBits)));
        case detail::decoded_float::kind::finite:
          break;
      }
      return with_sign(d.negative, detail::encode_finite<ExponentBits, MantissaBits>(d.exp2, d.sig));
    }
  }

  static constexpr bits_type with_sign(bool negative, std::uint32_t magnitude) noexcept {
    return static_cast<bits_type>(magnitude | (negative ? sign_mask : 0u));
  }

  static constexpr float widen(bits_type b) noexcept {
    const bool negative = (b & sign_mask) != 0;
    if constexpr (ExponentBits == 8 && MantissaBits == 7) {
      return std::bit_cast<float>(static_cast<std::uint32_t>(b) << 16);  // bfloat16
    } else {
      const int e = (b & exponent_mask) >> MantissaBits;
      const std::uint64_t m = b & mantissa_mask;
      const std::uint64_t sign = negative ? std::uint64_t{1} << 63 : 0;
      std::uint64_t out;
      if (e == (1 << ExponentBits) - 1) {          // infinity or NaN, payload kept
        out = sign | (std::uint64_t{0x7ff} << 52) | (m << (52 - MantissaBits));
      } else if (e == 0 && m == 0) {
        out = sign;
      } else {
        int exponent;
        std::uint64_t fraction;
        if (e == 0) {                              // subnormal: normalise
          const int p = std::bit_width(m) - 1;
          exponent = 1 - exponent_bias - MantissaBits + p;
          fraction = (m << (52 - p)) & ((std::uint64_t{1} << 52) - 1);
        } else {
          exponent = e - exponent_bias;
          fraction = m << (52 - MantissaBits);
        }
        out = sign | (static_cast<std::uint64_t>(exponent + 1023) << 52) | fraction;
      }
      return static_cast<float>(std::bit_cast<double>(out));  // exact: representable
    }
  }

  bits_type bits_ = 0;
};

// IEEE 754 binary16: 5 exponent bits, 10 mantissa bits.
using f16 = small_float<5, 10>;
// bfloat16: the top half of an f32 (8 exponent bits, 7 mantissa bits).
using bf16 = small_float<8, 7>;

// Whether T is one of these types.
template <class T>
inline constexpr bool is_small_float_v = false;
template <int E, int M>
inline constexpr bool is_small_float_v<small_float<E, M>> = true;

static_assert(sizeof(f16) == 2 && std::is_trivially_copyable_v<f16>);
static_assert(sizeof(bf16) == 2 && std::is_trivially_copyable_v<bf16>);

}  // namespace sxla

template <int E, int M>
class std::numeric_limits<sxla::small_float<E, M>> {
  using T = sxla::small_float<E, M>;
  static constexpr int bias = T::exponent_bias;
  static constexpr int ilog10_floor(double x) {  // floor(log10(x)) for x > 0
    int k = 0;
    for (; x >= 10.0; x /= 10.0) ++k;
    for (; x < 1.0; x *= 10.0) --k;
    return k;
  }

 public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr std::float_denorm_style has_denorm = std::denorm_present;
  static constexpr bool has_denorm_loss = false;
  static constexpr std::float_round_style round_style = std::round_to_nearest;
  static constexpr bool is_iec559 = (E == 5 && M == 10);
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr int digits = M + 1;
  static constexpr int digits10 = (M * 30103) / 100000;                  // floor(M log10 2)
  static constexpr int max_digits10 = 2 + ((M + 1) * 30103) / 100000;    // ceil(1 + p log10 2)
  static constexpr int radix = 2;
  static constexpr int min_exponent = 2 - bias;
  static constexpr int max_exponent = bias + 1;
  static constexpr int min_exponent10 = 1 + ilog10_floor(static_cast<double>(
                                                T::from_bits(std::uint16_t{1} << M)));
  static constexpr int max_exponent10 = ilog10_floor(static_cast<double>(
      T::from_bits(static_cast<std::uint16_t>(T::exponent_mask - 1))));
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;

  static constexpr T min() noexcept { return T::from_bits(std::uint16_t{1} << M); }
  static constexpr T max() noexcept {
    return T::from_bits(static_cast<std::uint16_t>(T::exponent_mask - 1));
  }
  static constexpr T lowest() noexcept { return -max(); }
  static constexpr T epsilon() noexcept {
    return T::from_bits(static_cast<std::uint16_t>((bias - M) << M));
  }
  static constexpr T round_error() noexcept {
    return T::from_bits(static_cast<std::uint16_t>((bias - 1) << M));
  }
  static constexpr T infinity() noexcept { return T::from_bits(T::exponent_mask); }
  static constexpr T quiet_NaN() noexcept {
    return T::from_bits(static_cast<std::uint16_t>(T::exponent_mask | (1u << (M - 1))));
  }
  static constexpr T signaling_NaN() noexcept {
    return T::from_bits(static_cast<std::uint16_t>(T::exponent_mask | 1u));
  }
  static constexpr T denorm_min() noexcept { return T::from_bits(1); }
};

#endif  // SXLA_CORE_FLOAT16_HPP
