// sxla/simd/math.hpp: transcendental kernels (exp, expm1, log, log1p, sin, cos, sincos,
// tan, tanh, logistic, cbrt, pow, atan, atan2, erf, and asin, acos, sinh, cosh, asinh,
// acosh, atanh built on them) written once over the SIMD vocabulary.
//
// Each function is a template over V = float, double, vec<float> or vec<double> and uses
// only the vocabulary of scalar.hpp and vec.hpp (+ - * / fma sqrt, roundings, bit
// operations, conversions, select), every one of which is correctly rounded or exact.
// So the one-lane instance is constexpr and gives, bit for bit, what every lane of the
// vector instance gives, on every backend. Products that feed an addition go through
// fma() or mul() (never a bare a * b that the compiler could fuse one way in one
// instance and another way in the other). Rare inputs (overflow, underflow, subnormal
// results, huge trigonometric arguments, IEEE special values) take a slow path that
// vectors enter only when a lane needs it. Special values follow C99 Annex F.
// Constant evaluation works for every input, NaN and infinities included: no step does
// arithmetic on a NaN or overflows. Not here: XLA's op semantics (ops/), complex lanes.
//
// Accuracy: max error in ulps against a long double reference. f32: every float of the
// domain through the vector instance (bench/math_ulp.cpp; pow and atan2: 2^28 pairs over
// the range); f64: 4 million log-uniform samples per function. tests/simd/math_test.cpp
// and math_functions_test.cpp hold every function to the bounds in brackets (f32 / f64).
//
//   function  f32 domain (every float)              f32    f64    bound
//   exp       [-104, 88.73] (beyond: 0 or inf)      0.91   0.88   [1 / 2]
//   expm1     [-18, 88.73] (below: -1)              0.99   1.01   [1 / 2]
//   log       (0, inf]                              0.89   0.84   [1 / 2]
//   log1p     (-1, inf]                             0.98   0.83   [1 / 2]
//   sin       [-2^24, 2^24]                         1.16   1.16   [2 / 2]
//   cos       [-2^24, 2^24]                         1.15   1.12   [2 / 2]
//   tan       [-2^24, 2^24]                         1.60   1.45   [3 / 3]
//   tanh      all floats                            2.61   2.62   [3 / 3]
//   logistic  all floats                            1.49   1.43   [2 / 2]
//   cbrt      all floats                            0.50   0.50   [1 / 2]
//   atan      all floats                            0.92   1.03   [3 / 3]
//   pow       2^28 pairs, x^y over the range        1.07   1.05   [3 / 3]
//   atan2     2^28 pairs, all quadrants             0.91   1.06   [3 / 3]
//   erf       all floats (f64: the C library)      1.03   0.91   [2 / 2]
//   asin, acos, sinh, cosh, asinh, acosh, atanh: built on the above, f32 and f64 both
//             sampled (200,000 inputs each), at most 1.95   2.29   [3 / 3]
//
// sin, cos, tan: Cody-Waite reduction by a three-part pi/2 with fma (the reduced argument
// in two parts). The bounds hold for |x| < 2^24 (float) and |x| < 2^52 (double): up to
// 2^17 and 2^30 the reduction takes the fast path, above them a slower one with j =
// round(x 2/pi) from a two-part 2/pi. Beyond 2^24 and 2^52, where j is no longer exact in
// the lane type, the results are still finite, in [-1, 1] for sin and cos, and the same
// in every instance, but not accurate (there is no Payne-Hanek reduction).
#ifndef SXLA_SIMD_MATH_HPP
#define SXLA_SIMD_MATH_HPP

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "sxla/config.hpp"       // SXLA_FORCE_INLINE, SXLA_HAS_FMA
#include "sxla/simd/scalar.hpp"  // lane_t, rebind_t, splat, fma, mul, select, bitcast, shl, ...
#include "sxla/simd/vec.hpp"     // vec and the vector operators (+ - * / < == ...)

namespace sxla::simd {

// The value types the kernels accept: a float or double, or a vector of them.
template <class V>
concept float_value = std::is_same_v<lane_t<V>, float> || std::is_same_v<lane_t<V>, double>;

namespace math_detail {

template <class T>
struct consts;

template <>
struct consts<float> {
  using I = std::int32_t;
  static constexpr int mant = 23;
  static constexpr I bias = 127;
  static constexpr float shifter = 0x1.8p23f;  // adding it rounds to an integer kept in the low bits
  static constexpr float min_normal = 0x1p-126f;
  static constexpr float max = 0x1.fffffep127f;
  static constexpr float scale_up = 0x1p24f;  // brings a subnormal to the normal range
  static constexpr float scale_up_exp = 24.0f;
  static constexpr float log2e = 0x1.715476p+0f;
  static constexpr float ln2_hi = 0x1.62e430p-1f;  // exact products with any k in fma
  static constexpr float ln2_lo = -0x1.05c610p-29f;
  static constexpr float ln2_hi16 = 0x1.62e4p-1f;  // 16 bits: e * ln2_hi16 is exact
  static constexpr float ln2_lo16 = 0x1.7f7d1cp-20f;
  static constexpr float sqrt_half = 0x1.6a09e6p-1f;
  // exp: beyond these |x| the result is subnormal, zero or infinite.
  static constexpr float exp_fast_limit = 86.5f;
  static constexpr float exp_hi = 0x1.62e42ep+6f;  // 88.72283: the largest x with exp(x) finite
  static constexpr float exp_lo = -104.0f;         // exp(-104) < 2^-150: rounds to 0
  static constexpr float expm1_lo = -20.0f;        // expm1(x) rounds to -1 below -17.33
  static constexpr float expm1_fast_limit = 88.0f;
  // Trigonometric reduction.
  static constexpr float two_over_pi = 0x1.45f306p-1f, two_over_pi_lo = 0x1.b93910p-26f;
  static constexpr float pio2_1 = 0x1.921fb6p+0f;
  static constexpr float pio2_2 = -0x1.777a5cp-25f;
  static constexpr float pio2_3 = -0x1.ee59dap-50f;
  static constexpr float trig_fast_limit = 0x1p17f;
  static constexpr float pi_hi = 0x1.921fb6p+1f, pi_lo = -0x1.777a5cp-24f;
  static constexpr float pio2_hi = 0x1.921fb6p+0f, pio2_lo = -0x1.777a5cp-25f;
  static constexpr float pio4_hi = 0x1.921fb6p-1f, pio4_lo = -0x1.777a5cp-26f;
  static constexpr float tan_pi8 = 0x1.a8279ap-2f, tan_3pi8 = 0x1.3504f4p+1f;
  static constexpr float tanh_sat = 9.125f;  // above: +-1 after rounding
  static constexpr float two_thirds_hi = 0x1.555556p-1f, two_thirds_lo = -0x1.555556p-26f;
  static constexpr float pow_y_limit = 0x1p31f;  // |y| beyond: over- or underflow unless |x| == 1
};

template <>
struct consts<double> {
  using I = std::int64_t;
  static constexpr int mant = 52;
  static constexpr I bias = 1023;
  static constexpr double shifter = 0x1.8p52;
  static constexpr double min_normal = 0x1p-1022;
  static constexpr double max = 0x1.fffffffffffffp1023;
  static constexpr double scale_up = 0x1p54;
  static constexpr double scale_up_exp = 54.0;
  static constexpr double log2e = 0x1.71547652b82fep+0;
  static constexpr double ln2_hi = 0x1.62e42fefa39efp-1;
  static constexpr double ln2_lo = 0x1.abc9e3b39803fp-56;
  static constexpr double ln2_hi16 = 0x1.62e42ffp-1;  // 32 bits: e * ln2_hi16 is exact
  static constexpr double ln2_lo16 = -0x1.718432a1b0e26p-35;
  static constexpr double sqrt_half = 0x1.6a09e667f3bcdp-1;
  static constexpr double exp_fast_limit = 708.0;
  static constexpr double exp_hi = 0x1.62e42fefa39efp+9;  // 709.78: the largest x with exp(x) finite
  static constexpr double exp_lo = -746.0;
  static constexpr double expm1_lo = -40.0;
  static constexpr double expm1_fast_limit = 709.0;
  static constexpr double two_over_pi = 0x1.45f306dc9c883p-1, two_over_pi_lo = -0x1.6b01ec5417056p-55;
  static constexpr double pio2_1 = 0x1.921fb54442d18p+0;
  static constexpr double pio2_2 = 0x1.1a62633145c07p-54;
  static constexpr double pio2_3 = -0x1.f1976b7ed8fbcp-110;
  static constexpr double trig_fast_limit = 0x1p30;
  static constexpr double pi_hi = 0x1.921fb54442d18p+1, pi_lo = 0x1.1a62633145c07p-53;
  static constexpr double pio2_hi = 0x1.921fb54442d18p+0, pio2_lo = 0x1.1a62633145c07p-54;
  static constexpr double pio4_hi = 0x1.921fb54442d18p-1, pio4_lo = 0x1.1a62633145c07p-55;
  static constexpr double tan_pi8 = 0x1.a827999fcef32p-2, tan_3pi8 = 0x1.3504f333f9de6p+1;
  static constexpr double tanh_sat = 19.5;
  static constexpr double two_thirds_hi = 0x1.5555555555555p-1, two_thirds_lo = 0x1.5555555555555p-55;
  static constexpr double pow_y_limit = 0x1p63;
};

template <class V>
using int_vec = rebind_t<V, int_of<lane_t<V>>>;

// A constant in every lane.
template <class V>
SXLA_FORCE_INLINE constexpr V k(lane_t<V> c) noexcept {
  return splat<V>(c);
}

// c0 + x * (c1 + x * (... + x * cn)) written highest first: horner(x, cn, ..., c1, c0).
template <class V, class... C>
SXLA_FORCE_INLINE constexpr V horner(V x, lane_t<V> first, C... rest) noexcept {
  V p = splat<V>(first);
  ((p = simd::fma(p, x, splat<V>(static_cast<lane_t<V>>(rest)))), ...);
  return p;
}

// The vector instance computes `fast` in every lane and, only when some lane needs it,
// `slow` as well; the one-lane instance computes one of the two.
template <class V, class M, class Fast, class Slow>
SXLA_FORCE_INLINE constexpr V fast_or_slow(M slow_lanes, Fast fast, Slow slow) noexcept {
  if constexpr (is_vector_v<V>) {
    V r = fast();
    if (simd::any(slow_lanes)) r = simd::select(slow_lanes, slow(), r);
    return r;
  } else {
    return slow_lanes ? slow() : fast();
  }
}

// x != x: NaN lanes. (Not simd::is_nan: xsimd 8.1 on AVX-512 compares ordered there.)
template <class V>
SXLA_FORCE_INLINE constexpr auto nan_lanes(V x) noexcept {
  return x != x;  // NOLINT: the NaN test
}

template <class V>
SXLA_FORCE_INLINE constexpr V infinity() noexcept {
  return k<V>(std::numeric_limits<lane_t<V>>::infinity());
}
template <class V>
SXLA_FORCE_INLINE constexpr V quiet_nan() noexcept {
  return k<V>(std::numeric_limits<lane_t<V>>::quiet_NaN());
}

// a + b = hi + lo exactly (any a, b).
template <class V>
struct pair {
  V hi, lo;
};
template <class V>
SXLA_FORCE_INLINE constexpr pair<V> two_sum(V a, V b) noexcept {
  const V s = a + b;
  const V bv = s - a;
  const V av = s - bv;
  return {s, (a - av) + (b - bv)};
}
// The same when |a| >= |b| (or a == 0).
template <class V>
SXLA_FORCE_INLINE constexpr pair<V> fast_two_sum(V a, V b) noexcept {
  const V s = a + b;
  return {s, b - (s - a)};
}

// 2^e for an integer e in the normal exponent range (in the integer lanes).
template <class V>
SXLA_FORCE_INLINE constexpr V pow2(int_vec<V> e) noexcept {
  using T = lane_t<V>;
  using C = consts<T>;
  return simd::bitcast<T>(simd::shl<C::mant>(simd::add(e, splat<int_vec<V>>(C::bias))));
}

// A float holding a small integer, from its integer lanes (|e| < 2^22), and back.
template <class V>
SXLA_FORCE_INLINE constexpr V int_to_float(int_vec<V> e) noexcept {
  using T = lane_t<V>;
  using C = consts<T>;
  using I = int_of<T>;
  return simd::bitcast<T>(simd::add(e, splat<int_vec<V>>(std::bit_cast<I>(C::shifter)))) - k<V>(C::shifter);
}
template <class V>
SXLA_FORCE_INLINE constexpr int_vec<V> float_to_int(V f) noexcept {  // f integral, |f| < 2^22
  using T = lane_t<V>;
  using C = consts<T>;
  using I = int_of<T>;
  return simd::sub(simd::bitcast<I>(f + k<V>(C::shifter)), splat<int_vec<V>>(std::bit_cast<I>(C::shifter)));
}

// x, or x 2^scale_up_exp where it is subnormal (x >= 0, finite), and the exponent to add.
template <class V>
SXLA_FORCE_INLINE constexpr pair<V> normalize(V x) noexcept {
  using C = consts<lane_t<V>>;
  const auto sub = x < k<V>(C::min_normal);
  const V scaled = simd::mul(simd::select(sub, x, k<V>(0)), k<V>(C::scale_up));  // no overflow
  return {simd::select(sub, scaled, x), simd::select(sub, k<V>(-C::scale_up_exp), k<V>(0))};
}

// ---- exp --------------------------------------------------------------------------------
// x = k ln2 + r, |r| <= ln2 / 2: t holds k in its low bits, r is exact up to the rounding
// of the last fma.
// (Not a struct of t and r: GCC 12 leaves a dead stack store of such a struct's vector
// members in loops, one more store per vector in a memory-bound loop.)
template <class V>
SXLA_FORCE_INLINE constexpr V exp_shifted(V x) noexcept {
  using C = consts<lane_t<V>>;
  return simd::fma(x, k<V>(C::log2e), k<V>(C::shifter));
}
template <class V>
SXLA_FORCE_INLINE constexpr V exp_reduced(V x, V t) noexcept {
  using C = consts<lane_t<V>>;
  const V kf = t - k<V>(C::shifter);
  return simd::fma(kf, k<V>(-C::ln2_lo), simd::fma(kf, k<V>(-C::ln2_hi), x));  // the inner one exact
}

// e^r for |r| <= ln2 / 2 (relative error 2^-28 for float, 2^-57 for double).
template <class V>
SXLA_FORCE_INLINE constexpr V exp_poly(V r) noexcept {
  if constexpr (std::is_same_v<lane_t<V>, float>) {
    V p = horner(r, 0x1.6a2446p-10f, 0x1.1239d8p-7f, 0x1.5558f2p-5f, 0x1.555492p-3f, 0x1.fffffcp-2f);
    p = simd::fma(p, r, k<V>(1));
    return simd::fma(p, r, k<V>(1));
  } else {
    V p = horner(r, 0x1.af63218c10a97p-26, 0x1.28b40949fa0e9p-22, 0x1.71ddf6b8df0b8p-19, 0x1.a01993bb7e080p-16,
                   0x1.a01a01b00a6e3p-13, 0x1.6c16c185ff137p-10, 0x1.111111110f807p-7, 0x1.55555555503efp-5,
                   0x1.5555555555558p-3, 0x1.0000000000009p-1);
    p = simd::fma(p, r, k<V>(1));
    return simd::fma(p, r, k<V>(1));
  }
}

// p * 2^k where the result is normal: k added to the exponent bits.
template <class V>
SXLA_FORCE_INLINE constexpr V scale_fast(V p, V t) noexcept {
  using T = lane_t<V>;
  using I = int_of<T>;
  return simd::bitcast<T>(simd::add(simd::bitcast<I>(p), simd::shl<consts<T>::mant>(simd::bitcast<I>(t))));
}
// p * 2^k for any k the exp kernels produce (from t, or as an integer): two factors, one
// rounding (subnormal results).
template <class V>
SXLA_FORCE_INLINE constexpr V scale_k(V p, int_vec<V> ki) noexcept {
  using VI = int_vec<V>;
  const VI k1 = simd::shr<1>(ki);
  const VI k2 = simd::sub(ki, k1);
  return simd::mul(simd::mul(p, pow2<V>(k1)), pow2<V>(k2));
}
template <class V>
SXLA_FORCE_INLINE constexpr V scale_any(V p, V t) noexcept {
  using T = lane_t<V>;
  using I = int_of<T>;
  return scale_k(p, simd::sub(simd::bitcast<I>(t), splat<int_vec<V>>(std::bit_cast<I>(consts<T>::shifter))));
}

template <class V>
constexpr V exp_slow(V x) noexcept {
  using C = consts<lane_t<V>>;
  const V xc = simd::min(simd::max(x, k<V>(C::exp_lo)), k<V>(C::exp_hi));  // NaN -> exp_lo
  const V t = exp_shifted(xc);
  V r = scale_any(exp_poly(exp_reduced(xc, t)), t);
  r = simd::select(x > k<V>(C::exp_hi), infinity<V>(), r);
  return simd::select(nan_lanes(x), x, r);
}

// exp(hi + lo), |lo| <= ulp(hi): pow's last step. hi + lo may overflow where hi alone
// does not (and the reverse), so near the threshold the result is formed as 2 (p 2^(k-1))
// and tested against the largest finite value, with no arithmetic overflow.
template <class V>
constexpr V exp_extended(V hi, V lo) noexcept {
  using T = lane_t<V>;
  using C = consts<T>;
  using I = int_of<T>;
  using VI = int_vec<V>;
  const V hi_limit = k<V>(C::exp_hi + T(0.01));  // k <= max exponent + 1
  const V xc = simd::min(simd::max(hi, k<V>(C::exp_lo)), hi_limit);
  const V t = simd::fma(xc, k<V>(C::log2e), k<V>(C::shifter));
  const V kf = t - k<V>(C::shifter);
  const V r1 = simd::fma(kf, k<V>(-C::ln2_hi), xc);  // exact
  const V lo_c = simd::select(xc == hi, lo, k<V>(0));  // a clamped hi has no low part
  const V p = exp_poly(simd::fma(kf, k<V>(-C::ln2_lo), r1 + lo_c));
  const VI ki = simd::sub(simd::bitcast<I>(t), splat<VI>(std::bit_cast<I>(C::shifter)));
  const VI top = splat<VI>(C::bias);  // k up to the largest exponent: no overflow
  const V normal = scale_k(p, simd::min(ki, top));
  const V half = scale_k(p, simd::sub(ki, splat<VI>(I{1})));  // p 2^(k-1) < 2^(max exponent + 1)
  const V high = simd::select(half > k<V>(C::max / 2), infinity<V>(), simd::mul(simd::min(half, k<V>(C::max / 2)), k<V>(2)));
  const V res = simd::select(kf > k<V>(static_cast<T>(C::bias)), high, normal);
  return simd::select(hi > hi_limit, infinity<V>(), res);
}

// ---- expm1 ------------------------------------------------------------------------------
// e^r - 1 - r for |r| <= ln2 / 2.
template <class V>
SXLA_FORCE_INLINE constexpr V expm1_tail(V r) noexcept {
  const V r2 = simd::mul(r, r);
  if constexpr (std::is_same_v<lane_t<V>, float>) {
    return simd::mul(r2, horner(r, 0x1.a2a300p-13f, 0x1.6d833ep-10f, 0x1.11101ep-7f, 0x1.5554a0p-5f,
                                0x1.555556p-3f, 0x1.000000p-1f));
  } else {
    return simd::mul(r2, horner(r, 0x1.e63239d3473f3p-30, 0x1.af4dc752bc823p-26, 0x1.2802231cdf59cp-22,
                                0x1.71de024389d13p-19, 0x1.a019f39883076p-16, 0x1.a01a01abe1b58p-13,
                                0x1.6c16c16f09b74p-10, 0x1.11111111100e9p-7, 0x1.5555555554d3fp-5,
                                0x1.5555555555557p-3, 0x1.0000000000001p-1));
  }
}

// expm1 for expm1_lo <= x <= expm1_fast_limit: 2^k (r + s) + (2^k - 1), summed exactly
// but for the last rounding.
template <class V>
constexpr V expm1_core(V x) noexcept {
  using C = consts<lane_t<V>>;
  const V t = simd::fma(x, k<V>(C::log2e), k<V>(C::shifter));
  const V kf = t - k<V>(C::shifter);
  const V r_hi = simd::fma(kf, k<V>(-C::ln2_hi), x);  // exact
  const V r = simd::fma(kf, k<V>(-C::ln2_lo), r_hi);
  const V r_lo = simd::fma(kf, k<V>(-C::ln2_lo), r_hi - r);  // what the rounding of r lost
  const V s = expm1_tail(r) + simd::fma(r_lo, r, r_lo);      // e^(r + r_lo) - 1 - r
  using T = lane_t<V>;
  using I = int_of<T>;
  const V two_k = pow2<V>(simd::sub(simd::bitcast<I>(t), splat<int_vec<V>>(std::bit_cast<I>(C::shifter))));
  const pair<V> u = two_sum(two_k, k<V>(-1));      // 2^k - 1
  const pair<V> h = fast_two_sum(u.hi, simd::mul(two_k, r));  // |2^k - 1| >= |2^k r| or k == 0
  return h.hi + ((h.lo + simd::mul(two_k, s)) + u.lo);
}

// ---- log --------------------------------------------------------------------------------
// x = 2^e m with m in [sqrt(1/2), sqrt(2)), for a positive normal x; e as a float plus eadj.
template <class V>
struct log_reduced {
  V m, e;
};
template <class V>
SXLA_FORCE_INLINE constexpr log_reduced<V> log_reduce(V x) noexcept {
  using T = lane_t<V>;
  using C = consts<T>;
  using I = int_of<T>;
  using VI = int_vec<V>;
  const VI xi = simd::bitcast<I>(x);
  const VI e = simd::shr<C::mant>(simd::sub(xi, splat<VI>(std::bit_cast<I>(C::sqrt_half))));
  const V m = simd::bitcast<T>(simd::sub(xi, simd::shl<C::mant>(e)));
  return {m, int_to_float<V>(e)};
}

// log(1 + f) - f for f = m - 1 in [sqrt(1/2) - 1, sqrt(2) - 1] (float).
template <class V>
SXLA_FORCE_INLINE constexpr V log1p_tail_f(V f) noexcept {
  const V f2 = simd::mul(f, f);
  return simd::mul(f2, horner(f, -0x1.383026p-4f, 0x1.084866p-3f, -0x1.0f3766p-3f, 0x1.22719cp-3f,
                              -0x1.54276ep-3f, 0x1.99a3f2p-3f, -0x1.000426p-2f, 0x1.555550p-2f, -0x1.fffff8p-2f));
}

// log(2^e (1 + f)) + corr, for a reduced argument (corr: a small correction, added with
// the low-order terms). float: f + f^2 P(f); double: f - f^2/2 + s (f^2/2 + R(s^2)),
// s = f / (2 + f).
template <class V>
SXLA_FORCE_INLINE constexpr V log_from_reduced(V f, V e, V corr) noexcept {
  using C = consts<lane_t<V>>;
  if constexpr (std::is_same_v<lane_t<V>, float>) {
    const pair<V> h = fast_two_sum(simd::mul(e, k<V>(C::ln2_hi16)), f);  // exact product
    return h.hi + (h.lo + (log1p_tail_f(f) + simd::fma(e, k<V>(C::ln2_lo16), corr)));
  } else {
    const V s = f / (k<V>(2) + f);
    const V z = simd::mul(s, s);
    const V R = simd::mul(z, horner(z, 0x1.2f50f65b0b619p-3, 0x1.399d291c5579dp-3, 0x1.746647dee3c20p-3,
                                    0x1.c71c52be793b1p-3, 0x1.2492493fad5e3p-2, 0x1.99999999847e9p-2,
                                    0x1.555555555557cp-1));
    const V hfsq = simd::mul(simd::mul(k<V>(0.5), f), f);
    const V tt = simd::fma(s, hfsq + R, simd::fma(e, k<V>(C::ln2_lo16), corr));
    return simd::fma(e, k<V>(C::ln2_hi16), -((hfsq - tt) - f));
  }
}

// log of a positive normal x.
template <class V>
SXLA_FORCE_INLINE constexpr V log_core(V x, V eadj) noexcept {
  const log_reduced<V> lr = log_reduce(x);
  return log_from_reduced(lr.m - k<V>(1), lr.e + eadj, k<V>(0));
}

template <class V>
constexpr V log_slow(V x) noexcept {
  using C = consts<lane_t<V>>;
  const V xc = simd::select(mask_and(x > k<V>(0), x <= k<V>(C::max)), x, k<V>(1));  // no NaN, 0, inf
  const pair<V> n = normalize(xc);
  V r = log_core(n.hi, n.lo);
  r = simd::select(x == k<V>(0), -infinity<V>(), r);
  r = simd::select(x < k<V>(0), quiet_nan<V>(), r);
  r = simd::select(x == infinity<V>(), x, r);
  return simd::select(nan_lanes(x), x, r);
}

// log1p(x) for x > -1, 1 + x finite: log(u) + c/u where u + c = 1 + x exactly.
template <class V>
constexpr V log1p_core(V x) noexcept {
  const pair<V> u = two_sum(k<V>(1), x);
  const log_reduced<V> lr = log_reduce(u.hi);
  const V corr = u.lo / u.hi;  // log(u.hi + u.lo) = log(u.hi) + u.lo / u.hi to the last bit
  return log_from_reduced(lr.m - k<V>(1), lr.e, corr);
}

// ---- sin, cos, tan ------------------------------------------------------------------------
// x = j pi/2 + r, |r| <= pi/4 (a little more for large |x|); q = j mod 4 in the low bits.
template <class V>
struct trig_reduced {
  V r, r_lo;  // r + r_lo
  int_vec<V> q;
};
// r1 - j (pio2_2 + pio2_3) as r + r_lo, r1 = x - j pio2_1 (exact).
template <class V>
SXLA_FORCE_INLINE constexpr pair<V> trig_tail(V r1, V j) noexcept {
  using C = consts<lane_t<V>>;
  const V p_hi = simd::mul(j, k<V>(C::pio2_2));
  const V p_lo = simd::fma(j, k<V>(C::pio2_2), -p_hi);  // j pio2_2 = p_hi + p_lo exactly
  const pair<V> d = two_sum(r1, -p_hi);
  return fast_two_sum(d.hi, simd::fma(j, k<V>(-C::pio2_3), d.lo - p_lo));
}
template <class V>
SXLA_FORCE_INLINE constexpr trig_reduced<V> trig_reduce_fast(V x) noexcept {  // |x| <= trig_fast_limit
  using C = consts<lane_t<V>>;
  using I = int_of<lane_t<V>>;
  const V t = simd::fma(x, k<V>(C::two_over_pi), k<V>(C::shifter));
  const V j = t - k<V>(C::shifter);
  const pair<V> r = trig_tail(simd::fma(j, k<V>(-C::pio2_1), x), j);  // the first step is exact
  return {r.hi, r.lo, simd::bitcast<I>(t)};
}
// Any x: the same reduction, with j = round(x 2/pi) from a two-part 2/pi (so that
// |r| <= pi/4) and no integer trick. Accurate while x - j pio2_1 is exact, that is while
// j |pi/2 - pio2_1| < 1: |x| < 2^25 (float), 2^54 (double). Beyond, r is meaningless but
// clamped: the results keep their range.
template <class V>
constexpr trig_reduced<V> trig_reduce_slow(V x) noexcept {
  using C = consts<lane_t<V>>;
  const V xs = simd::select(simd::abs(x) <= k<V>(C::max), x, k<V>(0));  // inf, NaN -> 0
  const V h = simd::mul(xs, k<V>(C::two_over_pi));
  const V l = simd::fma(xs, k<V>(C::two_over_pi_lo), simd::fma(xs, k<V>(C::two_over_pi), -h));
  V j = simd::round_even(h);
  j = j + simd::round_even((h - j) + l);  // h - j is exact
  pair<V> r = trig_tail(simd::fma(j, k<V>(-C::pio2_1), xs), j);
  const auto wild = mask_not(simd::abs(r.hi) <= k<V>(0.8));  // |r| <= pi/4 + tiny when exact
  r.hi = simd::select(wild, simd::min(simd::max(r.hi, k<V>(-0.8)), k<V>(0.8)), r.hi);
  r.lo = simd::select(wild, k<V>(0), r.lo);
  const V q = simd::fma(simd::floor(simd::mul(j, k<V>(0.25))), k<V>(-4), j);  // j mod 4, exact
  return {r.hi, r.lo, float_to_int<V>(q)};
}

// sin(r + r_lo) - r and cos(r + r_lo) - 1 for |r| <= pi/4, |r_lo| <= ulp(r), z = r^2.
template <class V>
SXLA_FORCE_INLINE constexpr V sin_tail(V r, V r_lo, V z) noexcept {
  V p;
  if constexpr (std::is_same_v<lane_t<V>, float>) {
    p = horner(z, 0x1.6dbb74p-19f, -0x1.a013dcp-13f, 0x1.11110ep-7f, -0x1.555556p-3f);
  } else {
    p = horner(z, -0x1.ab72f881e1475p-41, 0x1.61222a4a374aap-33, -0x1.ae6455009a85bp-26, 0x1.71de3a54f5489p-19,
               -0x1.a01a01a019e45p-13, 0x1.1111111111111p-7, -0x1.5555555555555p-3);
  }
  return simd::fma(simd::mul(r, z), p, r_lo);
}
template <class V>
SXLA_FORCE_INLINE constexpr V cos_tail(V r, V r_lo, V z) noexcept {
  V c;
  if constexpr (std::is_same_v<lane_t<V>, float>) {
    c = horner(z, 0x1.9b7b5ap-16f, -0x1.6c121ep-10f, 0x1.555554p-5f);
  } else {
    c = horner(z, 0x1.abc96c6b8fa70p-45, -0x1.9395525dd1243p-37, 0x1.1eed8e555d39fp-29, -0x1.27e4fb7754f7ep-22,
               0x1.a01a01a019f4ap-16, -0x1.6c16c16c16c17p-10, 0x1.5555555555555p-5);
  }
  return simd::fma(z, simd::fma(z, c, k<V>(-0.5)), -simd::mul(r, r_lo));
}

// A floating-point mask from bit `Bit` of integer lanes.
template <class V, int Bit>
SXLA_FORCE_INLINE constexpr auto bit_set(int_vec<V> q) noexcept {
  using T = lane_t<V>;
  using I = int_of<T>;
  // The bit moves to the lowest exponent bit: the lane is then the smallest normal or 0.
  const int_vec<V> b = simd::bit_and(q, splat<int_vec<V>>(I{1} << Bit));
  return simd::bitcast<T>(simd::shl<consts<T>::mant - Bit>(b)) != k<V>(0);
}

// sin(x) from the reduction of x + quadrant * pi/2.
template <class V>
SXLA_FORCE_INLINE constexpr V sin_from(trig_reduced<V> tr, int quadrant) noexcept {
  using T = lane_t<V>;
  using I = int_of<T>;
  const int_vec<V> q = simd::add(tr.q, splat<int_vec<V>>(static_cast<I>(quadrant)));
  const V z = simd::mul(tr.r, tr.r);
  const V s = tr.r + sin_tail(tr.r, tr.r_lo, z);
  const V c = k<V>(1) + cos_tail(tr.r, tr.r_lo, z);
  const V res = simd::select(bit_set<V, 0>(q), c, s);
  const int_vec<V> sign = simd::shl<8 * sizeof(T) - 2>(simd::bit_and(q, splat<int_vec<V>>(I{2})));
  return simd::bitcast<T>(simd::bit_xor(simd::bitcast<I>(res), sign));
}
// sin_from(tr, 0) and sin_from(tr, 1) with the polynomials computed once.
template <class V>
SXLA_FORCE_INLINE constexpr void sincos_from(trig_reduced<V> tr, V& sn, V& cs) noexcept {
  using T = lane_t<V>;
  using I = int_of<T>;
  const V z = simd::mul(tr.r, tr.r);
  const V s = tr.r + sin_tail(tr.r, tr.r_lo, z);
  const V c = k<V>(1) + cos_tail(tr.r, tr.r_lo, z);
  const auto quadrant = [&](int_vec<V> q) SXLA_LAMBDA_INLINE {
    const V res = simd::select(bit_set<V, 0>(q), c, s);
    const int_vec<V> sign = simd::shl<8 * sizeof(T) - 2>(simd::bit_and(q, splat<int_vec<V>>(I{2})));
    return simd::bitcast<T>(simd::bit_xor(simd::bitcast<I>(res), sign));
  };
  sn = quadrant(tr.q);
  cs = quadrant(simd::add(tr.q, splat<int_vec<V>>(I{1})));
}
template <class V>
SXLA_FORCE_INLINE constexpr V tan_from(trig_reduced<V> tr) noexcept {
  // sin / cos, or -cos / sin in odd quadrants, with both as exact sums hi + lo: the
  // quotient q0 of the high parts, corrected by the residual (num - q0 den) / den.
  const V z = simd::mul(tr.r, tr.r);
  const pair<V> s = fast_two_sum(tr.r, sin_tail(tr.r, tr.r_lo, z));
  const pair<V> c = fast_two_sum(k<V>(1), cos_tail(tr.r, tr.r_lo, z));
  const auto odd = bit_set<V, 0>(tr.q);
  const V num_hi = simd::select(odd, -c.hi, s.hi), num_lo = simd::select(odd, -c.lo, s.lo);
  const V den_hi = simd::select(odd, s.hi, c.hi), den_lo = simd::select(odd, s.lo, c.lo);
  const V q0 = num_hi / den_hi;
  const V rho = simd::fma(-q0, den_lo, num_lo) + simd::fma(-q0, den_hi, num_hi);  // the second fma is exact
  return q0 + rho / den_hi;
}

template <bool Odd, class V, class F>
SXLA_FORCE_INLINE constexpr V trig(V x, F from) noexcept {
  using C = consts<lane_t<V>>;
  const V res = fast_or_slow<V>(
      mask_not(simd::abs(x) <= k<V>(C::trig_fast_limit)), [&] { return from(trig_reduce_fast(x)); },
      [&] {
        const V r = from(trig_reduce_slow(x));
        return simd::select(simd::abs(x) <= k<V>(C::max), r, quiet_nan<V>());  // inf, NaN
      });
  if constexpr (Odd) {
    return simd::select(x == k<V>(0), x, res);  // sin(-0) = tan(-0) = -0
  } else {
    return res;
  }
}

// ---- tanh, logistic -----------------------------------------------------------------------
// (e^(2a) - 1) / 2 for 0 <= a <= tanh_sat, as w = 2^k u + (2^k - 1) / 2 with
// 2a = k ln2_hi + 2h and u = (e^(2h) - 1) / 2 = h + h^2 P(h): exact for k = 0, where u is
// the whole result, and no cancellation above. The doubling is folded into the constants
// (exact), and ln2 has one part: k (ln2 - ln2_hi) shifts e^(2a) by at most k 2^-29
// relatively (float), which tanh scales down by 2^(1-k).
template <class V>
SXLA_FORCE_INLINE constexpr V expm1_twice_half(V a) noexcept {
  using T = lane_t<V>;
  using C = consts<T>;
  using I = int_of<T>;
  const V t = simd::fma(a, k<V>(2 * C::log2e), k<V>(C::shifter));
  const V kf = t - k<V>(C::shifter);
  const V h = simd::fma(kf, k<V>(-C::ln2_hi / 2), a);  // (2a - k ln2_hi) / 2, exact
  V p;  // exp_poly's coefficients, rescaled to the doubled and halved argument
  if constexpr (std::is_same_v<T, float>) {
    p = horner(h, 0x1.6a2446p-10f * 32, 0x1.1239d8p-7f * 16, 0x1.5558f2p-5f * 8, 0x1.555492p-3f * 4,
               0x1.fffffcp-2f * 2);
  } else {
    p = horner(h, 0x1.af63218c10a97p-26 * 1024, 0x1.28b40949fa0e9p-22 * 512, 0x1.71ddf6b8df0b8p-19 * 256,
               0x1.a01993bb7e080p-16 * 128, 0x1.a01a01b00a6e3p-13 * 64, 0x1.6c16c185ff137p-10 * 32,
               0x1.111111110f807p-7 * 16, 0x1.55555555503efp-5 * 8, 0x1.5555555555558p-3 * 4,
               0x1.0000000000009p-1 * 2);
  }
  const V u = simd::fma(simd::mul(h, h), p, h);
  // 2^k from t's low bits in one shift and one add (k <= 2 tanh_sat log2(e): normal).
  using U = uint_of<T>;
  constexpr I one_minus_shifter = static_cast<I>(std::bit_cast<U>(T(1)) - (std::bit_cast<U>(C::shifter) << C::mant));
  const V two_k = simd::bitcast<T>(simd::add(simd::shl<C::mant>(simd::bitcast<I>(t)), splat<int_vec<V>>(one_minus_shifter)));
  return simd::fma(two_k, u, simd::fma(two_k, k<V>(0.5), k<V>(-0.5)));
}

// ---- cbrt ---------------------------------------------------------------------------------
// cbrt of a positive normal x (times 2^(eadj / 3) for a rescaled subnormal).
template <class V>
constexpr V cbrt_core(V x, V eadj) noexcept {
  using T = lane_t<V>;
  using C = consts<T>;
  using I = int_of<T>;
  using VI = int_vec<V>;
  const VI xi = simd::bitcast<I>(x);
  const VI mant_mask = splat<VI>(static_cast<I>((I{1} << C::mant) - 1));
  const V m = simd::bitcast<T>(simd::bit_or(simd::bit_and(xi, mant_mask), splat<VI>(std::bit_cast<I>(T(1)))));
  const V e = int_to_float<V>(simd::sub(simd::shr<C::mant>(xi), splat<VI>(C::bias))) + eadj;
  const V q = simd::round_even(simd::mul(e, k<V>(T(1) / 3)));
  const V rem = simd::fma(q, k<V>(-3), e);  // -1, 0 or 1
  const V z = simd::mul(m, simd::select(rem > k<V>(0), k<V>(2), simd::select(rem < k<V>(0), k<V>(0.5), k<V>(1))));
  // w ~ z^(-1/3), z in [0.5, 4): a cubic, then Newton steps w += w (1 - z w^3) / 3.
  V w = horner(z, T(-0x1.a4edeap-6), T(0x1.d9b196p-3), T(-0x1.7f723ep-1), T(0x1.8efd00p+0));
  constexpr int steps = std::is_same_v<T, float> ? 2 : 3;
  for (int i = 0; i < steps; ++i) {
    const V w3 = simd::mul(simd::mul(w, w), w);
    w = simd::fma(simd::mul(w, k<V>(T(1) / 3)), simd::fma(-z, w3, k<V>(1)), w);
  }
  const V w2 = simd::mul(w, w);
  V y = simd::mul(z, w2);
  // Last step with the residual z - y^3 computed exactly but for one rounding.
  const V y2 = simd::mul(y, y);
  const V y2_lo = simd::fma(y, y, -y2);
  const V res = simd::fma(-y, y2_lo, simd::fma(-y, y2, z));
  y = simd::fma(res, simd::mul(w2, k<V>(T(1) / 3)), y);
  return simd::bitcast<T>(simd::add(simd::bitcast<I>(y), simd::shl<C::mant>(float_to_int<V>(q))));
}

// ---- atan, atan2 --------------------------------------------------------------------------
template <class V>
SXLA_FORCE_INLINE constexpr V atan_poly(V a, V z, V lo) noexcept {  // atan(a) + lo, |a| <= tan(pi/8), z = a^2
  V p;
  if constexpr (std::is_same_v<lane_t<V>, float>) {
    p = horner(z, -0x1.0d0868p-4f, 0x1.ba02e2p-4f, -0x1.243fc8p-3f, 0x1.99986ep-3f, -0x1.555556p-2f);
  } else {
    p = horner(z, 0x1.35eee70d585cdp-6, -0x1.2e31c7802de5cp-5, 0x1.7c058dc6d26d1p-5, -0x1.adfc232daaf6cp-5,
               0x1.e1cbd4051bb1bp-5, -0x1.1110907e9cfe6p-4, 0x1.3b13adc32d6c1p-4, -0x1.745d1738c545ep-4,
               0x1.c71c71c7053dep-4, -0x1.2492492492418p-3, 0x1.999999999999ap-3, -0x1.5555555555555p-2);
  }
  return a + simd::fma(simd::mul(a, z), p, lo);
}

// atan(ay / ax) in [0, pi/2], or pi minus it where `reflect`, for ay, ax >= 0, not both 0
// or both infinite, no NaN. ay / ax is reduced to |a| <= tan(pi/8) with one division:
// atan(ay / ax) = m pi/4 + atan(a), m = 0, 1, 2 for a = ay / ax, (ay - ax) / (ay + ax),
// -ax / ay; pi - that = (4 - m) pi/4 - atan(a), so the constant and atan(a) are added
// once, at the end. a = a0 + a_lo: the quotient of the rounded numerator and denominator
// corrected by the residual of the exact ones.
template <class V, class M>
SXLA_FORCE_INLINE constexpr V atan_ratio(V ay, V ax, M reflect) noexcept {
  using C = consts<lane_t<V>>;
  const auto big = ay > simd::mul(ax, k<V>(C::tan_3pi8));
  const auto mid = mask_and(ay > simd::mul(ax, k<V>(C::tan_pi8)), mask_not(big));
  // Middle lanes: ay and ax within a factor 2.5 of each other, halved when large and
  // doubled when small (exact; so that ay + ax cannot overflow), zero in other lanes.
  const V f = simd::select(ay > k<V>(1), k<V>(0.5), k<V>(2));
  const V my = simd::mul(simd::select(mid, ay, k<V>(0)), f), mx = simd::mul(simd::select(mid, ax, k<V>(0)), f);
  const pair<V> n = two_sum(my, -mx), d = two_sum(my, mx);
  const V num_hi = simd::select(big, -ax, simd::select(mid, n.hi, ay));
  const V den_hi = simd::select(big, ay, simd::select(mid, d.hi, ax));
  const V a0 = num_hi / den_hi;
  // The residual; (0 outside mid) + exact. An infinite den_hi (a0 = 0) enters as max.
  const V rho = simd::fma(-a0, d.lo, n.lo) + simd::fma(-a0, simd::min(den_hi, k<V>(C::max)), num_hi);
  const V a_lo = rho / den_hi;
  // atan(a0 + a_lo) = atan(a0) + a_lo / (1 + a0^2) to the last bit (|a_lo| <= ulp(a0)).
  const V z = simd::mul(a0, a0);
  const V p = atan_poly(a0, z, simd::fma(-a_lo, z, a_lo));
  const V m0 = simd::select(big, k<V>(2), simd::select(mid, k<V>(1), k<V>(0)));
  const V m = simd::select(reflect, k<V>(4) - m0, m0);
  const V b_hi = simd::mul(m, k<V>(C::pio4_hi));
  const V b_lo = simd::fma(m, k<V>(C::pio4_lo), simd::fma(m, k<V>(C::pio4_hi), -b_hi));
  return b_hi + (simd::select(reflect, -p, p) + b_lo);
}

// ---- pow ----------------------------------------------------------------------------------
// log(x) as hi + lo (relative error about 2^-40 for float, 2^-66 for double) for a positive
// finite x (subnormals included).
template <class V>
constexpr pair<V> log_extended(V x) noexcept {
  using T = lane_t<V>;
  using C = consts<T>;
  const pair<V> n = normalize(x);
  const log_reduced<V> lr = log_reduce(n.hi);
  const V e = lr.e + n.lo;
  const V f = lr.m - k<V>(1);                       // exact
  const pair<V> d = fast_two_sum(k<V>(1), lr.m);    // 1 + m
  // s = f / (1 + m) as s_hi + s_lo.
  const V s_hi = f / d.hi;
  const V s_lo = simd::fma(-s_hi, d.lo, simd::fma(-s_hi, d.hi, f)) / d.hi;
  // z = s^2.
  const V z_hi = simd::mul(s_hi, s_hi);
  const V z_lo = simd::fma(s_hi + s_hi, s_lo, simd::fma(s_hi, s_hi, -z_hi));
  // log(m) = 2 atanh(s) = 2s + s z (2/3 + z T(z)).
  V tail;
  if constexpr (std::is_same_v<T, float>) {
    tail = horner(z_hi, 0x1.879df0p-3f, 0x1.c6c090p-3f, 0x1.24928ep-2f, 0x1.99999ap-2f);
  } else {
    tail = horner(z_hi, 0x1.e038703f35df2p-4, 0x1.df7bbead402edp-4, 0x1.1118cd5489309p-3, 0x1.3b1395b5e972cp-3,
                  0x1.745d177ae1049p-3, 0x1.c71c71c6ea420p-3, 0x1.2492492492523p-2, 0x1.999999999999ap-2);
  }
  const V zt = simd::mul(z_hi, tail);
  pair<V> u = fast_two_sum(k<V>(C::two_thirds_hi), zt);
  u.lo = u.lo + (k<V>(C::two_thirds_lo) + simd::fma(z_hi, tail, -zt));
  // w = z u
  const V w_hi = simd::mul(z_hi, u.hi);
  const V w_lo = simd::fma(z_lo, u.hi, simd::fma(z_hi, u.lo, simd::fma(z_hi, u.hi, -w_hi)));
  // sw = s w
  const V sw_hi = simd::mul(s_hi, w_hi);
  const V sw_lo = simd::fma(s_lo, w_hi, simd::fma(s_hi, w_lo, simd::fma(s_hi, w_hi, -sw_hi)));
  // L = 2s + sw
  const pair<V> L = fast_two_sum(s_hi + s_hi, sw_hi);
  const V L_lo = L.lo + ((s_lo + s_lo) + sw_lo);
  // + e ln2
  const pair<V> h = fast_two_sum(simd::mul(e, k<V>(C::ln2_hi16)), L.hi);  // exact product
  const V lo = simd::fma(e, k<V>(C::ln2_lo16), h.lo + L_lo);
  return fast_two_sum(h.hi, lo);
}

// Without FMA instructions (config.hpp: SXLA_HAS_FMA) the kernels, which need exact
// fma, would spend their time in software fma: at run time the public functions below
// call the C library instead, lane by lane (constant evaluation keeps the kernels).
template <class V, class F, class... W>
SXLA_FORCE_INLINE V libm_lanes(F f, V x, W... more) noexcept {
  if constexpr (std::is_floating_point_v<V>) {
    return f(x, more...);
  } else {
    return simd::per_lane<lane_t<V>>(f, x, more...);
  }
}

// Whether this evaluation calls the C library (no FMA, and not a constant evaluation).
SXLA_FORCE_INLINE constexpr bool use_libm() noexcept {
  if constexpr (SXLA_HAS_FMA) {
    return false;
  } else {
    return !std::is_constant_evaluated();
  }
}

}  // namespace math_detail

// e^x. float: 1 ulp; double: 1 ulp.
template <float_value V>
constexpr V exp(V x) noexcept {
  if (math_detail::use_libm()) return math_detail::libm_lanes<V>([](auto v) { return std::exp(v); }, x);
  using T = lane_t<V>;
  using C = math_detail::consts<T>;
  namespace d = math_detail;
  return d::fast_or_slow<V>(
      mask_not(simd::abs(x) <= d::k<V>(C::exp_fast_limit)),
      [&] {
        const V t = d::exp_shifted(x);
        return d::scale_fast(d::exp_poly(d::exp_reduced(x, t)), t);
      },
      [&] { return d::exp_slow(x); });
}


// e^x - 1, accurate near 0.
template <float_value V>
constexpr V expm1(V x) noexcept {
  if (math_detail::use_libm()) return math_detail::libm_lanes<V>([](auto v) { return std::expm1(v); }, x);
  using C = math_detail::consts<lane_t<V>>;
  namespace d = math_detail;
  const V r = d::fast_or_slow<V>(
      mask_not(x <= d::k<V>(C::expm1_fast_limit)),
      [&] { return d::expm1_core(simd::max(x, d::k<V>(C::expm1_lo))); },
      [&] { return d::exp_slow(x); });  // NaN, and e^x - 1 == e^x to the last bit
  return simd::select(x == d::k<V>(0), x, r);  // expm1(-0) = -0
}

// Natural logarithm.
template <float_value V>
constexpr V log(V x) noexcept {
  if (math_detail::use_libm()) return math_detail::libm_lanes<V>([](auto v) { return std::log(v); }, x);
  using C = math_detail::consts<lane_t<V>>;
  namespace d = math_detail;
  return d::fast_or_slow<V>(
      mask_not(mask_and(x >= d::k<V>(C::min_normal), x <= d::k<V>(C::max))),
      [&] { return d::log_core(x, d::k<V>(0)); }, [&] { return d::log_slow(x); });
}

// log(1 + x), accurate near 0.
template <float_value V>
constexpr V log1p(V x) noexcept {
  if (math_detail::use_libm()) return math_detail::libm_lanes<V>([](auto v) { return std::log1p(v); }, x);
  using C = math_detail::consts<lane_t<V>>;
  namespace d = math_detail;
  const auto ok = mask_and(x > d::k<V>(-1), x <= d::k<V>(C::max));
  const V r = d::fast_or_slow<V>(
      mask_not(ok), [&] { return d::log1p_core(x); },
      [&] {
        V s = d::log1p_core(simd::select(ok, x, d::k<V>(0)));
        s = simd::select(x == d::k<V>(-1), -d::infinity<V>(), s);
        s = simd::select(x < d::k<V>(-1), d::quiet_nan<V>(), s);
        s = simd::select(x == d::infinity<V>(), x, s);
        return simd::select(d::nan_lanes(x), x, s);
      });
  return simd::select(x == d::k<V>(0), x, r);  // log1p(-0) = -0
}

template <float_value V>
constexpr V sin(V x) noexcept {
  if (math_detail::use_libm()) return math_detail::libm_lanes<V>([](auto v) { return std::sin(v); }, x);
  return math_detail::trig<true>(x, [](math_detail::trig_reduced<V> t) { return math_detail::sin_from(t, 0); });
}
template <float_value V>
constexpr V cos(V x) noexcept {
  if (math_detail::use_libm()) return math_detail::libm_lanes<V>([](auto v) { return std::cos(v); }, x);
  return math_detail::trig<false>(x, [](math_detail::trig_reduced<V> t) { return math_detail::sin_from(t, 1); });
}
// sin(x) and cos(x) from one argument reduction, bitwise what sin and cos give.
template <float_value V>
constexpr void sincos(V x, V& s, V& c) noexcept {
  namespace d = math_detail;
  if (d::use_libm()) {
    s = d::libm_lanes<V>([](auto v) { return std::sin(v); }, x);
    c = d::libm_lanes<V>([](auto v) { return std::cos(v); }, x);
    return;
  }
  using C = d::consts<lane_t<V>>;
  const auto slow_lanes = mask_not(simd::abs(x) <= d::k<V>(C::trig_fast_limit));
  const auto slow = [&](V& s2, V& c2) {
    d::sincos_from(d::trig_reduce_slow(x), s2, c2);
    const auto finite = simd::abs(x) <= d::k<V>(C::max);  // inf, NaN
    s2 = simd::select(finite, s2, d::quiet_nan<V>());
    c2 = simd::select(finite, c2, d::quiet_nan<V>());
  };
  if constexpr (is_vector_v<V>) {
    d::sincos_from(d::trig_reduce_fast(x), s, c);
    if (simd::any(slow_lanes)) {
      V s2, c2;
      slow(s2, c2);
      s = simd::select(slow_lanes, s2, s);
      c = simd::select(slow_lanes, c2, c);
    }
  } else if (slow_lanes) {
    slow(s, c);
  } else {
    d::sincos_from(d::trig_reduce_fast(x), s, c);
  }
  s = simd::select(x == d::k<V>(0), x, s);  // sin(-0) = -0
}
template <float_value V>
constexpr V tan(V x) noexcept {
  if (math_detail::use_libm()) return math_detail::libm_lanes<V>([](auto v) { return std::tan(v); }, x);
  return math_detail::trig<true>(x, [](math_detail::trig_reduced<V> t) { return math_detail::tan_from(t); });
}

// Hyperbolic tangent: w / (w + 1) with w = (e^(2|x|) - 1) / 2, the sign of x. One path for
// every lane, one division (no polynomial for small |x| and select): 20 instructions per
// AVX-512 vector, which keeps a memory-bound loop memory-bound. The price is accuracy:
// the roundings of w and w + 1 are not correlated, 2.6 ulps at worst instead of 1.5.
template <float_value V>
constexpr V tanh(V x) noexcept {
  if (math_detail::use_libm()) return math_detail::libm_lanes<V>([](auto v) { return std::tanh(v); }, x);
  using C = math_detail::consts<lane_t<V>>;
  namespace d = math_detail;
  if constexpr (!is_vector_v<V>) {
    if (d::nan_lanes(x)) return x;  // no arithmetic on NaN in constant evaluation
  }
  // min(tanh_sat, |x|) is x86's minimum: NaN stays NaN; +-1 after rounding above.
  const V w = d::expm1_twice_half(simd::min(d::k<V>(C::tanh_sat), simd::abs(x)));
  return simd::copysign(w / (w + d::k<V>(1)), x);
}

// The logistic function 1 / (1 + e^-x).
template <float_value V>
constexpr V logistic(V x) noexcept {
  if (math_detail::use_libm()) {
    return math_detail::libm_lanes<V>(
        [](auto v) {
          using F = decltype(v);
          if (v < F(0)) {  // e^v / (1 + e^v): no overflow of e^-v for large negative v
            const F e = std::exp(v);
            return e / (F(1) + e);
          }
          return F(1) / (F(1) + std::exp(-v));
        },
        x);
  }
  namespace d = math_detail;
  const auto nan = d::nan_lanes(x);
  const V xs = simd::select(nan, d::k<V>(0), x);
  const V t = simd::exp(-simd::abs(xs));  // e^-|x| in (0, 1]: no overflow
  // num / (1 + t) with 1 + t = den.hi + den.lo exactly: the quotient and its correction
  // (residual times 1 / den.hi, which needs little accuracy: one Newton step from a line).
  const V num = simd::select(xs >= d::k<V>(0), d::k<V>(1), t);
  const d::pair<V> den = d::fast_two_sum(d::k<V>(1), t);
  const V q = num / den.hi;
  const V rho = simd::fma(-q, den.lo, simd::fma(-q, den.hi, num));
  V inv = simd::fma(den.hi, d::k<V>(-8.0 / 17), d::k<V>(24.0 / 17));
  inv = simd::fma(inv, simd::fma(-den.hi, inv, d::k<V>(1)), inv);
  return simd::select(nan, x, simd::fma(rho, inv, q));
}

// Cube root.
template <float_value V>
constexpr V cbrt(V x) noexcept {
  if (math_detail::use_libm()) return math_detail::libm_lanes<V>([](auto v) { return std::cbrt(v); }, x);
  using C = math_detail::consts<lane_t<V>>;
  namespace d = math_detail;
  const V ax = simd::abs(x);
  return d::fast_or_slow<V>(
      mask_not(mask_and(ax >= d::k<V>(C::min_normal), ax <= d::k<V>(C::max))),
      [&] { return simd::copysign(d::cbrt_core(ax, d::k<V>(0)), x); },
      [&] {
        const auto finite = mask_and(ax > d::k<V>(0), ax <= d::k<V>(C::max));
        const V xc = simd::select(finite, ax, d::k<V>(1));  // no NaN, 0, inf
        const d::pair<V> n = d::normalize(xc);
        const V r = d::cbrt_core(n.hi, n.lo);
        return simd::select(finite, simd::copysign(r, x), x);  // +-0, +-inf, NaN
      });
}

// Arc tangent, in [-pi/2, pi/2].
template <float_value V>
constexpr V atan(V x) noexcept {
  if (math_detail::use_libm()) return math_detail::libm_lanes<V>([](auto v) { return std::atan(v); }, x);
  namespace d = math_detail;
  const auto nan = d::nan_lanes(x);
  const V ax = simd::select(nan, d::k<V>(0), simd::abs(x));
  const V r = simd::copysign(d::atan_ratio(ax, d::k<V>(1), ax < d::k<V>(0)), x);  // never reflected
  return simd::select(nan, x, r);
}

// The angle of the point (x, y), in [-pi, pi], with C99's special cases.
template <float_value V>
constexpr V atan2(V y, V x) noexcept {
  if (math_detail::use_libm()) return math_detail::libm_lanes<V>([](auto a, auto b) { return std::atan2(a, b); }, y, x);
  namespace d = math_detail;
  const auto nan = mask_or(d::nan_lanes(x), d::nan_lanes(y));
  V ax = simd::abs(x), ay = simd::abs(y);
  const auto fix = mask_or(nan, mask_and(ax == d::infinity<V>(), ay == d::infinity<V>()));
  ax = simd::select(fix, d::k<V>(1), ax);  // both infinite: the angle of (1, 1)
  ay = simd::select(fix, d::k<V>(1), ay);
  const auto zero = mask_and(ax == d::k<V>(0), ay == d::k<V>(0));
  const auto x_negative = simd::copysign(d::k<V>(1), x) < d::k<V>(0);  // -0 included
  V r = d::atan_ratio(simd::select(zero, d::k<V>(0), ay), simd::select(zero, d::k<V>(1), ax), x_negative);
  r = simd::copysign(r, y);
  return simd::select(nan, d::quiet_nan<V>(), r);
}

// x^y with C99's special cases: exp(y log x) with log x in extended precision.
template <float_value V>
constexpr V pow(V x, V y) noexcept {
  if (math_detail::use_libm()) return math_detail::libm_lanes<V>([](auto a, auto b) { return std::pow(a, b); }, x, y);
  using T = lane_t<V>;
  using C = math_detail::consts<T>;
  namespace d = math_detail;
  const V ax = simd::abs(x);
  const V one = d::k<V>(1), zero = d::k<V>(0), inf = d::infinity<V>();
  // The core, on finite non-zero |x| and a clamped y (beyond the clamp, x^y over- or
  // underflows unless |x| == 1, a special case).
  const auto finite_x = mask_and(ax > zero, ax <= d::k<V>(C::max));
  const V xc = simd::select(finite_x, ax, one);
  const V yc = simd::min(simd::max(y, d::k<V>(-C::pow_y_limit)), d::k<V>(C::pow_y_limit));  // NaN -> limit
  const d::pair<V> l = d::log_extended(xc);
  const V z_hi = simd::mul(yc, l.hi);
  const V z_lo = simd::fma(yc, l.lo, simd::fma(yc, l.hi, -z_hi));
  V mag = d::exp_extended(z_hi, z_lo);
  // Special magnitudes.
  const auto y_negative = y < zero;
  mag = simd::select(ax == zero, simd::select(y_negative, inf, zero), mag);
  mag = simd::select(ax == inf, simd::select(y_negative, zero, inf), mag);
  const V y_inf_mag = simd::select(ax == one, one,  // (|x| < 1) == (y == +inf) gives 0, else inf
                                   simd::select(ax < one, simd::select(y_negative, inf, zero),
                                                simd::select(y_negative, zero, inf)));
  mag = simd::select(simd::abs(y) == inf, y_inf_mag, mag);
  // Sign and NaN.
  const V ys = simd::select(d::nan_lanes(y), zero, y);
  const auto y_int = simd::trunc(ys) == ys;  // infinities count as integers (even ones)
  const V half_y = simd::mul(ys, d::k<V>(0.5));
  const auto y_odd = mask_and(y_int, simd::trunc(half_y) != half_y);
  const auto x_negative = simd::copysign(one, x) < zero;
  V r = simd::select(mask_and(x_negative, y_odd), -mag, mag);
  const auto nan = mask_or(mask_and(mask_and(x < zero, ax != inf), mask_not(y_int)),
                           mask_or(d::nan_lanes(x), d::nan_lanes(y)));
  r = simd::select(nan, d::quiet_nan<V>(), r);
  return simd::select(mask_or(y == zero, x == one), one, r);
}

// ---- inverse trigonometric and hyperbolic functions ---------------------------------------
// Built on the kernels above (each adds a rounding or two to theirs; bounds in
// tests/simd/math_test.cpp): asin and acos through atan2 with 1 - x^2 from one fma; sinh
// and cosh from expm1 and exp (e^(|x|/2) squared past exp's overflow); asinh and acosh
// through log1p (log |x| + ln 2 where x^2 would lose 1); atanh through log1p.
namespace math_detail {
// Where 1 + x^2 (asinh) and x^2 - 1 (acosh) round to x^2: above it, log(2|x|).
template <class T>
inline constexpr T big_for_square = std::is_same_v<T, float> ? T(0x1p12f) : T(0x1p27);
template <class T>
inline constexpr T ln2_value = std::is_same_v<T, float> ? T(0x1.62e430p-1f) : T(0x1.62e42fefa39efp-1);
// log(a) + ln 2 for the large branches.
template <class V>
SXLA_FORCE_INLINE constexpr V log_twice(V a) noexcept {
  return simd::log(a) + k<V>(ln2_value<lane_t<V>>);
}
}  // namespace math_detail

template <float_value V>
constexpr V asin(V x) noexcept {
  if (math_detail::use_libm()) return math_detail::libm_lanes<V>([](auto v) { return std::asin(v); }, x);
  namespace d = math_detail;
  if constexpr (!is_vector_v<V>) {
    if (d::nan_lanes(x)) return x;
    if (simd::abs(x) > V(1)) return d::quiet_nan<V>();
  }
  const V a = simd::abs(x);
  const V c = simd::sqrt(simd::fma(-a, a, d::k<V>(1)));  // sqrt(1 - a^2)
  return simd::select(a <= d::k<V>(1), simd::copysign(simd::atan2(a, c), x), d::quiet_nan<V>());
}

template <float_value V>
constexpr V acos(V x) noexcept {
  if (math_detail::use_libm()) return math_detail::libm_lanes<V>([](auto v) { return std::acos(v); }, x);
  namespace d = math_detail;
  if constexpr (!is_vector_v<V>) {
    if (d::nan_lanes(x)) return x;
    if (simd::abs(x) > V(1)) return d::quiet_nan<V>();
  }
  const V s = simd::sqrt(simd::fma(-x, x, d::k<V>(1)));
  return simd::select(simd::abs(x) <= d::k<V>(1), simd::atan2(s, x), d::quiet_nan<V>());
}

template <float_value V>
constexpr V sinh(V x) noexcept {
  if (math_detail::use_libm()) return math_detail::libm_lanes<V>([](auto v) { return std::sinh(v); }, x);
  using C = math_detail::consts<lane_t<V>>;
  namespace d = math_detail;
  if constexpr (!is_vector_v<V>) {
    if (d::nan_lanes(x)) return x;
  }
  const V a = simd::abs(x);
  const auto huge = mask_not(a < d::k<V>(C::exp_hi));  // e^a overflows: e^(a/2) e^(a/2) / 2
  const V as = simd::select(huge, d::k<V>(0), a);
  const V u = simd::expm1(as);  // sinh a = (u + u / (u + 1)) / 2
  const V small = d::k<V>(0.5) * (u + u / (u + d::k<V>(1)));
  const V w = simd::exp(simd::mul(simd::select(huge, a, d::k<V>(0)), d::k<V>(0.5)));
  const V large = simd::mul(simd::mul(w, d::k<V>(0.5)), w);
  return simd::copysign(simd::select(huge, large, small), x);
}

template <float_value V>
constexpr V cosh(V x) noexcept {
  if (math_detail::use_libm()) return math_detail::libm_lanes<V>([](auto v) { return std::cosh(v); }, x);
  using C = math_detail::consts<lane_t<V>>;
  namespace d = math_detail;
  if constexpr (!is_vector_v<V>) {
    if (d::nan_lanes(x)) return x;
  }
  const V a = simd::abs(x);
  const auto huge = mask_not(a < d::k<V>(C::exp_hi));
  const V t = simd::exp(simd::select(huge, d::k<V>(0), a));  // cosh a = t / 2 + 1 / (2 t)
  const V small = simd::fma(t, d::k<V>(0.5), d::k<V>(0.5) / t);
  const V w = simd::exp(simd::mul(simd::select(huge, a, d::k<V>(0)), d::k<V>(0.5)));
  const V large = simd::mul(simd::mul(w, d::k<V>(0.5)), w);
  return simd::select(huge, large, small);
}

template <float_value V>
constexpr V asinh(V x) noexcept {
  if (math_detail::use_libm()) return math_detail::libm_lanes<V>([](auto v) { return std::asinh(v); }, x);
  using T = lane_t<V>;
  namespace d = math_detail;
  if constexpr (!is_vector_v<V>) {
    if (d::nan_lanes(x)) return x;
  }
  const V a = simd::abs(x);
  const auto big = mask_not(a < d::k<V>(d::big_for_square<T>));
  const V as = simd::select(big, d::k<V>(1), a);  // (no overflow in as^2)
  const V sq = simd::mul(as, as);
  // log1p(a + a^2 / (1 + sqrt(1 + a^2))): a + sqrt(1 + a^2) - 1 without cancelling.
  const V small = simd::log1p(as + sq / (d::k<V>(1) + simd::sqrt(sq + d::k<V>(1))));
  const V large = d::log_twice(simd::select(big, a, d::k<V>(1)));
  return simd::copysign(simd::select(big, large, small), x);
}

template <float_value V>
constexpr V acosh(V x) noexcept {
  if (math_detail::use_libm()) return math_detail::libm_lanes<V>([](auto v) { return std::acosh(v); }, x);
  using T = lane_t<V>;
  namespace d = math_detail;
  if constexpr (!is_vector_v<V>) {
    if (d::nan_lanes(x)) return x;
    if (x < V(1)) return d::quiet_nan<V>();
  }
  const auto big = mask_not(x < d::k<V>(d::big_for_square<T>));
  const V xs = simd::select(big, d::k<V>(1), x);
  const V t = xs - d::k<V>(1);  // exact from 1 to 2
  // log1p(t + sqrt(t (x + 1))) = log(x + sqrt(x^2 - 1)); below 1 the sqrt is NaN.
  const V small = simd::log1p(t + simd::sqrt(simd::mul(t, xs + d::k<V>(1))));
  const V large = d::log_twice(simd::select(big, x, d::k<V>(1)));
  return simd::select(x >= d::k<V>(1), simd::select(big, large, small), d::quiet_nan<V>());  // below 1, NaN: NaN
}

template <float_value V>
constexpr V atanh(V x) noexcept {
  if (math_detail::use_libm()) return math_detail::libm_lanes<V>([](auto v) { return std::atanh(v); }, x);
  namespace d = math_detail;
  if constexpr (!is_vector_v<V>) {
    if (d::nan_lanes(x)) return x;
    const V a = simd::abs(x);
    if (a > V(1)) return d::quiet_nan<V>();
    if (a == V(1)) return simd::copysign(d::infinity<V>(), x);
  }
  const V a = simd::abs(x);
  // log((1 + a) / (1 - a)) / 2 = log1p(2a / (1 - a)) / 2; 1 - a exact from 1/2 to 1.
  const V r = d::k<V>(0.5) * simd::log1p((a + a) / (d::k<V>(1) - a));
  return simd::select(a <= d::k<V>(1), simd::copysign(r, x), d::quiet_nan<V>());
}

// The error function. float: |x| < 1: x + x P(x^2), P of degree 6; from 1: 1 - e^(-a^2)
// R(a - 5/2), a = min(|x|, 4) (erf rounds to 1 from 3.92 on), R of degree 9 close to
// erfc(a) e^(a^2) on [1, 4]; the sign of x. Both polynomials are minimax fits (Lawson's
// weighted least squares against SciPy's erf and erfcx, weighted by the error each
// coefficient set makes in erf): 1.00 ulp in a float simulation of every float with a
// correctly rounded e^x, 1.03 ulp with this file's exp (every float, bench/math_ulp.cpp).
// double: the C library's erf in each lane (not constant-evaluable).
template <float_value V>
constexpr V erf(V x) noexcept {
  using T = lane_t<V>;
  namespace d = math_detail;
  if constexpr (std::is_same_v<T, double>) {
    return d::libm_lanes<V>([](auto v) { return std::erf(v); }, x);
  } else {
    if (d::use_libm()) return d::libm_lanes<V>([](auto v) { return std::erf(v); }, x);
    if constexpr (!is_vector_v<V>) {
      if (d::nan_lanes(x)) return x;  // no arithmetic on NaN in constant evaluation
    }
    const V a = simd::abs(x);
    const V r = d::fast_or_slow<V>(
        mask_not(a < d::k<V>(1.0f)),
        [&] {
          const V p = d::horner(simd::mul(a, a), 0x1.496bap-14f, -0x1.a3f782p-11f, 0x1.5405c2p-8f, -0x1.b7f91p-6f,
                                0x1.ce2cf8p-4f, -0x1.81273ep-2f, 0x1.06eba8p-3f);
          return simd::fma(a, p, a);
        },
        [&] {
          // min(4, a) is x86's minimum: NaN stays NaN.
          const V b = simd::min(d::k<V>(4.0f), a);
          const V q = d::horner(b - d::k<V>(2.5f), -0x1.d5a4cap-16f, -0x1.e4a006p-15f, -0x1.1d9df2p-13f,
                                0x1.d51878p-13f, -0x1.545a62p-11f, 0x1.4a6486p-9f, -0x1.062684p-7f, 0x1.98720cp-6f,
                                -0x1.3088fap-4f, 0x1.afbb3cp-3f);
          return d::k<V>(1.0f) - simd::mul(simd::exp(-simd::mul(b, b)), q);
        });
    return simd::copysign(r, x);
  }
}

}  // namespace sxla::simd

#endif  // SXLA_SIMD_MATH_HPP
