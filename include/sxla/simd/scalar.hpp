// sxla/simd/scalar.hpp: the SIMD vocabulary for one lane. Every function the vector
// backends provide (splat, add with wrap-around, fma, min, max, select, rounding, bit
// casts, shifts, ...) for float, double and the integer types, constexpr, giving lane by
// lane what the x86 vector instructions give. Generic kernels (math.hpp) and XLA's
// functors are written once against this vocabulary: a scalar is its one-lane instance,
// used by the scalar backend and in constant evaluation. fma and sqrt are exact in
// constant evaluation too (integer arithmetic), so compile-time results equal run-time
// ones. Not here: vector types (vec.hpp) and XLA semantics (ops/).
#ifndef SXLA_SIMD_SCALAR_HPP
#define SXLA_SIMD_SCALAR_HPP

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "sxla/config.hpp"         // SXLA_FORCE_INLINE
#include "sxla/core/float16.hpp"   // detail::shift_right_rne

namespace sxla::simd {

// The lane types of the vocabulary: the built-in arithmetic types except bool.
template <class T>
concept lane_type = std::is_arithmetic_v<T> && !std::is_same_v<T, bool>;

// What a value type (a scalar or vec<T>) is made of. vec.hpp specialises it for vectors.
template <class V>
struct lane_traits;

template <lane_type T>
struct lane_traits<T> {
  using lane = T;
  using mask = bool;
  template <class U>
  using rebind = U;
  static constexpr std::size_t lanes = 1;
  static constexpr bool is_vector = false;
  SXLA_FORCE_INLINE static constexpr T splat(T x) noexcept { return x; }
};

template <class V>
using lane_t = typename lane_traits<V>::lane;
template <class V>
using mask_t = typename lane_traits<V>::mask;
// The same number of lanes with lane type U: rebind_t<vec<float>, int32_t> is vec<int32_t>.
template <class V, class U>
using rebind_t = typename lane_traits<V>::template rebind<U>;
template <class V>
inline constexpr std::size_t lanes_of = lane_traits<V>::lanes;
template <class V>
inline constexpr bool is_vector_v = lane_traits<V>::is_vector;

// x in every lane.
template <class V>
SXLA_FORCE_INLINE constexpr V splat(lane_t<V> x) noexcept {
  return lane_traits<V>::splat(x);
}

// The signed and unsigned integer types as wide as T.
template <class T>
using int_of = std::conditional_t<
    sizeof(T) == 1, std::int8_t,
    std::conditional_t<sizeof(T) == 2, std::int16_t,
                       std::conditional_t<sizeof(T) == 4, std::int32_t, std::int64_t>>>;
template <class T>
using uint_of = std::make_unsigned_t<int_of<T>>;

// ---- Bit casts and conversions ---------------------------------------------------------
template <lane_type U, lane_type T>
  requires(sizeof(U) == sizeof(T))
SXLA_FORCE_INLINE constexpr U bitcast(T x) noexcept {
  return std::bit_cast<U>(x);
}

// Numeric conversion (static_cast). From floating point to integer: truncation, and x
// must be in the integer's range.
template <lane_type U, lane_type T>
SXLA_FORCE_INLINE constexpr U convert(T x) noexcept {
  return static_cast<U>(x);
}

// ---- Contraction barrier --------------------------------------------------------------
// g++ fuses a multiply and a later add into one fma even across statements and inlined
// functions (its default is -ffp-contract=fast), and clang does within one expression; a
// vector path and a scalar path could then round differently. XLA rounds every op, so
// the product of mul() goes through an empty asm that the compiler cannot see through:
// it costs no instruction and keeps the product rounded.
// Without FMA instructions there is nothing to fuse into, and nothing is done.
template <class R>
SXLA_FORCE_INLINE void opaque([[maybe_unused]] R& x) noexcept {
#if !SXLA_HAS_FMA
#elif defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#if defined(__AVX512F__)
  asm("" : "+v"(x));
#else
  asm("" : "+x"(x));
#endif
#elif defined(__GNUC__) && defined(__aarch64__)
  asm("" : "+w"(x));
#else
  volatile R v = x;
  x = v;
#endif
}

// ---- Integer arithmetic that wraps (as vector lanes do; no signed overflow) -----------
template <lane_type T>
SXLA_FORCE_INLINE constexpr T add(T a, T b) noexcept {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(static_cast<uint_of<T>>(static_cast<uint_of<T>>(a) + static_cast<uint_of<T>>(b)));
  } else {
    return a + b;
  }
}
template <lane_type T>
SXLA_FORCE_INLINE constexpr T sub(T a, T b) noexcept {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(static_cast<uint_of<T>>(static_cast<uint_of<T>>(a) - static_cast<uint_of<T>>(b)));
  } else {
    return a - b;
  }
}
template <lane_type T>
SXLA_FORCE_INLINE constexpr T mul(T a, T b) noexcept {
  if constexpr (std::is_integral_v<T>) {
    // Unsigned types narrower than int promote to int; multiply in a wide unsigned type.
    using wide = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, uint_of<T>>;
    return static_cast<T>(static_cast<uint_of<T>>(static_cast<wide>(static_cast<uint_of<T>>(a)) *
                                                  static_cast<wide>(static_cast<uint_of<T>>(b))));
  } else {
    T p = a * b;  // rounded: never fused into a following add (see opaque)
    if (!std::is_constant_evaluated()) opaque(p);
    return p;
  }
}
template <lane_type T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE constexpr T div(T a, T b) noexcept {
  return a / b;
}
template <lane_type T>
SXLA_FORCE_INLINE constexpr T neg(T a) noexcept {
  if constexpr (std::is_integral_v<T>) {
    return sub(T{0}, a);
  } else {
    return -a;
  }
}

// ---- Bitwise operations (floating-point lanes through their bits) ---------------------
template <lane_type T>
SXLA_FORCE_INLINE constexpr T bit_and(T a, T b) noexcept {
  using U = uint_of<T>;
  return bitcast<T>(static_cast<U>(bitcast<U>(a) & bitcast<U>(b)));
}
template <lane_type T>
SXLA_FORCE_INLINE constexpr T bit_or(T a, T b) noexcept {
  using U = uint_of<T>;
  return bitcast<T>(static_cast<U>(bitcast<U>(a) | bitcast<U>(b)));
}
template <lane_type T>
SXLA_FORCE_INLINE constexpr T bit_xor(T a, T b) noexcept {
  using U = uint_of<T>;
  return bitcast<T>(static_cast<U>(bitcast<U>(a) ^ bitcast<U>(b)));
}
template <lane_type T>
SXLA_FORCE_INLINE constexpr T bit_not(T a) noexcept {
  using U = uint_of<T>;
  return bitcast<T>(static_cast<U>(~bitcast<U>(a)));
}
// ~a & b
template <lane_type T>
SXLA_FORCE_INLINE constexpr T bit_andnot(T a, T b) noexcept {
  return bit_and(bit_not(a), b);
}

// ---- Shifts (integer lanes) ------------------------------------------------------------
// By a constant: shr is arithmetic for signed lanes, logical for unsigned ones.
template <int K, lane_type T>
  requires std::is_integral_v<T>
SXLA_FORCE_INLINE constexpr T shl(T a) noexcept {
  static_assert(K >= 0 && K < static_cast<int>(8 * sizeof(T)));
  return static_cast<T>(static_cast<uint_of<T>>(static_cast<uint_of<T>>(a) << K));
}
template <int K, lane_type T>
  requires std::is_integral_v<T>
SXLA_FORCE_INLINE constexpr T shr(T a) noexcept {
  static_assert(K >= 0 && K < static_cast<int>(8 * sizeof(T)));
  return static_cast<T>(a >> K);  // arithmetic for signed (C++20)
}
// By a per-lane amount n, as the x86 variable shifts (vpsllv, vpsrlv, vpsrav) do: an
// amount that is negative or at least the bit width gives 0, or for an arithmetic right
// shift the sign fill.
template <lane_type T>
  requires std::is_integral_v<T>
SXLA_FORCE_INLINE constexpr T shl(T a, T n) noexcept {
  const auto count = static_cast<uint_of<T>>(n);
  if (count >= 8 * sizeof(T)) return T{0};
  return static_cast<T>(static_cast<uint_of<T>>(static_cast<uint_of<T>>(a) << count));
}
template <lane_type T>
  requires std::is_integral_v<T>
SXLA_FORCE_INLINE constexpr T shr(T a, T n) noexcept {
  const auto count = static_cast<uint_of<T>>(n);
  if constexpr (std::is_signed_v<T>) {
    if (count >= 8 * sizeof(T)) return a < 0 ? T{-1} : T{0};
    return static_cast<T>(a >> count);
  } else {
    if (count >= 8 * sizeof(T)) return T{0};
    return static_cast<T>(a >> count);
  }
}

// Rotation left by a constant (unsigned lanes).
template <int K, lane_type T>
  requires std::is_unsigned_v<T>
SXLA_FORCE_INLINE constexpr T rotl(T a) noexcept {
  static_assert(K > 0 && K < static_cast<int>(8 * sizeof(T)));
  return std::rotl(a, K);
}
// The 64-bit product of 32-bit unsigned numbers, as its high and low halves (one lane
// only: vectors of 64-bit lanes have mul_low32).
template <lane_type T>
  requires std::is_same_v<T, std::uint32_t>
SXLA_FORCE_INLINE constexpr void mul_wide(T a, T b, T& hi, T& lo) noexcept {
  const std::uint64_t p = static_cast<std::uint64_t>(a) * b;
  hi = static_cast<T>(p >> 32);
  lo = static_cast<T>(p);
}

// The 64-bit products of the low 32 bits of 64-bit unsigned lanes.
template <lane_type T>
  requires std::is_same_v<T, std::uint64_t>
SXLA_FORCE_INLINE constexpr T mul_low32(T a, T b) noexcept {
  return (a & 0xffffffffu) * (b & 0xffffffffu);
}

template <lane_type T>
  requires std::is_integral_v<T>
SXLA_FORCE_INLINE constexpr T popcount(T a) noexcept {
  return static_cast<T>(std::popcount(static_cast<uint_of<T>>(a)));
}

// ---- Masks (bool for one lane) ---------------------------------------------------------
SXLA_FORCE_INLINE constexpr bool mask_and(bool a, bool b) noexcept { return a && b; }
SXLA_FORCE_INLINE constexpr bool mask_or(bool a, bool b) noexcept { return a || b; }
SXLA_FORCE_INLINE constexpr bool mask_xor(bool a, bool b) noexcept { return a != b; }
SXLA_FORCE_INLINE constexpr bool mask_not(bool a) noexcept { return !a; }
SXLA_FORCE_INLINE constexpr bool any(bool a) noexcept { return a; }
SXLA_FORCE_INLINE constexpr bool all(bool a) noexcept { return a; }

template <lane_type T>
SXLA_FORCE_INLINE constexpr T select(bool m, T a, T b) noexcept {
  return m ? a : b;
}

// ---- Comparisons, min and max ---------------------------------------------------------
// min(a, b) = a < b ? a : b and max(a, b) = a > b ? a : b: the x86 minps/maxps rule
// (with a NaN, or with -0 and +0, the second operand is returned). XLA's NaN-propagating
// minimum and maximum are built on them in ops/.
template <lane_type T>
SXLA_FORCE_INLINE constexpr T min(T a, T b) noexcept {
  return a < b ? a : b;
}
template <lane_type T>
SXLA_FORCE_INLINE constexpr T max(T a, T b) noexcept {
  return a > b ? a : b;
}
template <lane_type T>
SXLA_FORCE_INLINE constexpr bool is_nan(T a) noexcept {
  return a != a;  // NOLINT: the NaN test
}

// ---- Floating-point helpers ------------------------------------------------------------
template <lane_type T>
SXLA_FORCE_INLINE constexpr T abs(T a) noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    using U = uint_of<T>;
    return bitcast<T>(static_cast<U>(bitcast<U>(a) & (std::numeric_limits<U>::max() >> 1)));
  } else if constexpr (std::is_signed_v<T>) {
    return a < 0 ? neg(a) : a;  // abs(INT_MIN) == INT_MIN, as the vector instruction gives
  } else {
    return a;
  }
}

// The magnitude of `mag` with the sign of `sgn`.
template <lane_type T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE constexpr T copysign(T mag, T sgn) noexcept {
  using U = uint_of<T>;
  constexpr U sign_bit = U{1} << (8 * sizeof(T) - 1);
  return bitcast<T>(static_cast<U>((bitcast<U>(mag) & ~sign_bit) | (bitcast<U>(sgn) & sign_bit)));
}

namespace detail {

// An unsigned 128-bit integer for the exact fma and sqrt of constant evaluation.
struct u128 {
  std::uint64_t hi = 0, lo = 0;

  constexpr bool is_zero() const noexcept { return hi == 0 && lo == 0; }
  constexpr int bit_width() const noexcept {
    return hi != 0 ? 64 + std::bit_width(hi) : std::bit_width(lo);
  }
  friend constexpr bool operator<(const u128& a, const u128& b) noexcept {
    return a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo;
  }
  friend constexpr u128 operator+(const u128& a, const u128& b) noexcept {
    const std::uint64_t lo = a.lo + b.lo;
    return {a.hi + b.hi + (lo < a.lo ? 1u : 0u), lo};
  }
  friend constexpr u128 operator-(const u128& a, const u128& b) noexcept {
    return {a.hi - b.hi - (a.lo < b.lo ? 1u : 0u), a.lo - b.lo};
  }
  constexpr u128 shl(int s) const noexcept {
    if (s == 0) return *this;
    if (s >= 128) return {};
    if (s >= 64) return {lo << (s - 64), 0};
    return {(hi << s) | (lo >> (64 - s)), lo << s};
  }
  constexpr u128 shr(int s) const noexcept {
    if (s == 0) return *this;
    if (s >= 128) return {};
    if (s >= 64) return {0, hi >> (s - 64)};
    return {hi >> s, (lo >> s) | (hi << (64 - s))};
  }
  // Shift right; any 1 bit shifted out is OR-ed into bit 0 (the sticky bit).
  constexpr u128 shr_sticky(int s) const noexcept {
    if (s == 0) return *this;
    if (s >= 128) return {0, is_zero() ? 0u : 1u};
    u128 r;
    bool lost;
    if (s >= 64) {
      r = {0, s == 64 ? hi : hi >> (s - 64)};
      lost = lo != 0 || (s > 64 && (hi << (128 - s)) != 0);
    } else {
      r = {hi >> s, (lo >> s) | (hi << (64 - s))};
      lost = (lo << (64 - s)) != 0;
    }
    if (lost) r.lo |= 1;
    return r;
  }
};

constexpr u128 mul_64x64(std::uint64_t a, std::uint64_t b) noexcept {
  const std::uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
  const std::uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const std::uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  return {p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32), (mid << 32) | (p00 & 0xffffffffu)};
}

// A finite non-zero float as (-1)^negative * sig * 2^exp.
struct unpacked {
  bool negative;
  int exp;
  std::uint64_t sig;
};

template <class F>
constexpr unpacked unpack(F x) noexcept {
  using U = uint_of<F>;
  constexpr int mant = std::numeric_limits<F>::digits - 1;
  constexpr int bias = std::numeric_limits<F>::max_exponent - 1;
  const U b = bitcast<U>(x);
  const int e = static_cast<int>((b >> mant) & ((U{1} << (8 * sizeof(F) - 1 - mant)) - 1));
  const std::uint64_t m = static_cast<std::uint64_t>(b & ((U{1} << mant) - 1));
  unpacked u{(b >> (8 * sizeof(F) - 1)) != 0, 0, 0};
  if (e == 0) {
    u.sig = m;
    u.exp = 1 - bias - mant;
  } else {
    u.sig = m | (std::uint64_t{1} << mant);
    u.exp = e - bias - mant;
  }
  return u;
}

// Rounds (-1)^negative * sig * 2^exp (sig != 0) to F: nearest, ties to even, with
// gradual underflow and overflow to infinity.
template <class F>
constexpr F pack_rounded(bool negative, int exp, std::uint64_t sig) noexcept {
  using U = uint_of<F>;
  constexpr int mant = std::numeric_limits<F>::digits - 1;
  constexpr int bias = std::numeric_limits<F>::max_exponent - 1;
  constexpr int emin = 1 - bias, emax = bias;
  const U sign = negative ? U{1} << (8 * sizeof(F) - 1) : U{0};
  constexpr U inf = static_cast<U>(((U{1} << (8 * sizeof(F) - 1 - mant)) - 1) << mant);
  const int msb = std::bit_width(sig) - 1;
  int e = exp + msb;
  if (e > emax) return bitcast<F>(static_cast<U>(sign | inf));
  if (e >= emin) {
    const int shift = msb - mant;
    std::uint64_t q = shift >= 0 ? sxla::detail::shift_right_rne(sig, shift) : sig << -shift;
    if (q == (std::uint64_t{1} << (mant + 1))) {
      q >>= 1;
      ++e;
    }
    if (e > emax) return bitcast<F>(static_cast<U>(sign | inf));
    return bitcast<F>(static_cast<U>(sign | (static_cast<U>(e + bias) << mant) |
                                     (static_cast<U>(q) & ((U{1} << mant) - 1))));
  }
  const int shift = (emin - mant) - exp;
  const std::uint64_t q = shift >= 0 ? sxla::detail::shift_right_rne(sig, shift) : sig << -shift;
  return bitcast<F>(static_cast<U>(sign | static_cast<U>(q)));
}

// (-1)^negative * v * 2^exp rounded to F, v a 128-bit integer (non-zero). Bits below the
// 64 kept are folded into a sticky bit, which leaves the rounding to F unchanged.
template <class F>
constexpr F pack_rounded(bool negative, int exp, const u128& v) noexcept {
  const int width = v.bit_width();
  if (width <= 64) return pack_rounded<F>(negative, exp, v.lo);
  const u128 r = v.shr_sticky(width - 64);
  return pack_rounded<F>(negative, exp + (width - 64), r.lo);
}

// a * b + c rounded once, in integer arithmetic (for constant evaluation).
template <class F>
constexpr F fma_exact(F a, F b, F c) noexcept {
  const bool ab_finite = a - a == 0 && b - b == 0;  // false for inf and NaN
  if (!ab_finite || c != c) return a * b + c;
  if (c - c != 0) return c;                          // c infinite, a * b finite
  if (a == 0 || b == 0) return a * b + c;            // the product is an exact zero
  const unpacked ua = unpack(a), ub = unpack(b);
  u128 p = mul_64x64(ua.sig, ub.sig);
  int ep = ua.exp + ub.exp;
  const bool sp = ua.negative != ub.negative;
  // Both terms normalised with their top bit at bit 125, leaving room for a carry.
  ep -= 126 - p.bit_width();
  p = p.shl(126 - p.bit_width());
  if (c == 0) return pack_rounded<F>(sp, ep, p);
  const unpacked uc = unpack(c);
  u128 q{0, uc.sig};
  int eq = uc.exp - (126 - q.bit_width());
  q = q.shl(126 - q.bit_width());
  int e;
  if (ep >= eq) {
    q = q.shr_sticky(ep - eq > 200 ? 200 : ep - eq);
    e = ep;
  } else {
    p = p.shr_sticky(eq - ep > 200 ? 200 : eq - ep);
    e = eq;
  }
  if (sp == uc.negative) return pack_rounded<F>(sp, e, p + q);
  if (p < q) return pack_rounded<F>(uc.negative, e, q - p);
  if (q < p) return pack_rounded<F>(sp, e, p - q);
  return F(0);  // exact cancellation: +0 when rounding to nearest
}

// The correctly rounded square root, in integer arithmetic (for constant evaluation).
template <class F>
constexpr F sqrt_exact(F x) noexcept {
  if (x != x || x < 0) return std::numeric_limits<F>::quiet_NaN();
  if (x == 0 || x - x != 0) return x;  // +-0, +inf
  if constexpr (std::is_same_v<F, float>) {
    // Rounding the double result again is exact for sqrt (53 >= 2 * 24 + 2).
    return static_cast<float>(sqrt_exact(static_cast<double>(x)));
  } else {
    unpacked u = unpack(x);
    // Scale so that the integer root has 64 bits: radicand of 127 or 128 bits, even exponent.
    int shift = 127 - std::bit_width(u.sig);
    if (((u.exp - shift) & 1) != 0) ++shift;
    const u128 n = u128{0, u.sig}.shl(shift);
    const int e = (u.exp - shift) / 2;
    // Bit-by-bit integer square root: root = floor(sqrt(n)), rem = n - root^2.
    u128 rem = n, root{}, bit = u128{0, 1}.shl(126);
    while (!bit.is_zero()) {
      const u128 trial = root + bit;
      if (!(rem < trial)) {
        rem = rem - trial;
        root = root.shr(1) + bit;
      } else {
        root = root.shr(1);
      }
      bit = bit.shr(2);
    }
    const std::uint64_t r = root.lo;
    const std::uint64_t sig = (r << 1) | (rem.is_zero() ? 0u : 1u);  // r has 64 bits: keep 63 + sticky
    return pack_rounded<F>(false, e - 1, u128{r >> 63, sig});
  }
}

// floor, ceil, trunc and round-to-nearest-even of x, for constant evaluation. A zero
// result keeps x's sign, as the instructions do.
enum class rounding { floor, ceil, trunc, nearest_even };

template <rounding R, class F>
constexpr F round_exact(F x) noexcept {
  constexpr F two_to_mant = static_cast<F>(std::uint64_t{1} << (std::numeric_limits<F>::digits - 1));
  if (!(abs(x) < two_to_mant)) return x;  // integral already, infinite or NaN
  const F t = static_cast<F>(static_cast<std::int64_t>(x));  // truncated, exact
  F r = t;
  if constexpr (R == rounding::floor) {
    if (t > x) r = t - 1;
  } else if constexpr (R == rounding::ceil) {
    if (t < x) r = t + 1;
  } else if constexpr (R == rounding::nearest_even) {
    const F d = x - t;  // exact, |d| < 1
    const F step = x < 0 ? F(-1) : F(1);
    if (abs(d) > F(0.5) || (abs(d) == F(0.5) && (static_cast<std::int64_t>(t) & 1) != 0)) r = t + step;
  }
  return r == 0 ? copysign(r, x) : r;
}

}  // namespace detail

// a * b + c. Floating point: fused, one rounding (exact in constant evaluation as well;
// without FMA instructions, the C library's, in software). Integers: wrapping.
template <lane_type T>
SXLA_FORCE_INLINE constexpr T fma(T a, T b, T c) noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::is_constant_evaluated()) return detail::fma_exact(a, b, c);
    return std::fma(a, b, c);
  } else {
    return add(mul(a, b), c);
  }
}

// a * b - c, fused, one rounding (floating point only; in constant evaluation as well).
template <lane_type T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE constexpr T fms(T a, T b, T c) noexcept {
  return fma(a, b, -c);
}

// a * b + c as the target computes it fastest: fma() where it has FMA instructions
// (SXLA_HAS_FMA), else a rounded multiply and a rounded add. The elementwise ops' fused
// multiply-add and the matrix-multiply engine use it; code that needs the single
// rounding (an error-free product) uses fma().
template <class V>
SXLA_FORCE_INLINE constexpr V mul_add(V a, V b, V c) noexcept {
  if constexpr (SXLA_HAS_FMA) {
    return fma(a, b, c);
  } else {
    return add(mul(a, b), c);
  }
}
// a * b - c the same way (floating point): fms() or a multiply and a subtraction.
template <class V>
SXLA_FORCE_INLINE constexpr V mul_sub(V a, V b, V c) noexcept {
  if constexpr (SXLA_HAS_FMA) {
    return fms(a, b, c);
  } else {
    return sub(mul(a, b), c);
  }
}

template <lane_type T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE constexpr T sqrt(T x) noexcept {
  if (std::is_constant_evaluated()) return detail::sqrt_exact(x);
  return std::sqrt(x);
}

template <lane_type T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE constexpr T floor(T x) noexcept {
  if (std::is_constant_evaluated()) return detail::round_exact<detail::rounding::floor>(x);
  return std::floor(x);
}
template <lane_type T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE constexpr T ceil(T x) noexcept {
  if (std::is_constant_evaluated()) return detail::round_exact<detail::rounding::ceil>(x);
  return std::ceil(x);
}
template <lane_type T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE constexpr T trunc(T x) noexcept {
  if (std::is_constant_evaluated()) return detail::round_exact<detail::rounding::trunc>(x);
  return std::trunc(x);
}
// Round to the nearest integer, ties to even (the default IEEE rounding).
template <lane_type T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE constexpr T round_even(T x) noexcept {
  if (std::is_constant_evaluated()) return detail::round_exact<detail::rounding::nearest_even>(x);
  return std::nearbyint(x);  // the default rounding mode: nearest, ties to even
}

}  // namespace sxla::simd

#endif  // SXLA_SIMD_SCALAR_HPP
