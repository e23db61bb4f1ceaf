// sxla/ops/math.hpp: XLA's transcendental elementwise ops: cos, sin, tan, exp, expm1,
// log, log1p, logistic, tanh, sqrt, rsqrt, cbrt, erf, asin, acos, atan, sinh, cosh, asinh,
// acosh, atanh (unary) and pow, atan2 (binary). Floats
// run the kernels of simd/math.hpp, in vectors and lane for lane the same in the scalar
// path and at compile time; their accuracy bounds are stated there and in the README.
// sqrt is correctly rounded; rsqrt is 1 / sqrt(x) (two roundings, as XLA's CPU backend
// computes it). f16 and bf16 compute in f32 and round back. Complex numbers take
// exp, expm1, log, log1p, sqrt, rsqrt, cbrt, sin, cos, tan, tanh, logistic, pow and atan2,
// by the usual formulas over the real kernels (element by element); log1p takes care
// near |1 + z| = 1 (complex_log1p below, its bounds in the README). erf takes real
// floats only, as XLA's Erf (f64 through the C library's erf, lane by lane); so do the
// inverse trigonometric and hyperbolic functions.
// Example: x::tanh(x::tensor<"f32[3]">{-1, 0, 1}) is {-0.7615942, 0, 0.7615942}.
#ifndef SXLA_OPS_MATH_HPP
#define SXLA_OPS_MATH_HPP

#include <complex>
#include <limits>
#include <type_traits>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/element_type.hpp"      // is_complex_v
#include "sxla/expr/make_elementwise.hpp"  // unary_fn, binary_fn
#include "sxla/ops/arithmetic.hpp"         // detail::complex_multiply, complex_divide
#include "sxla/ops/unary.hpp"              // detail::complex_abs, is_float_element
#include "sxla/simd/math.hpp"              // exp, log, sin, ... (the kernels)
#include "sxla/simd/scalar.hpp"            // sqrt, div, fma
#include "sxla/simd/vec.hpp"               // has_vec, element_of

namespace sxla {

// The ops' names in compile errors (core/diagnostics.hpp).
namespace hlo {
struct pow;
struct atan2;
}  // namespace hlo

namespace detail {

template <class F>
using cplx = std::complex<F>;

// e^a (cos b + i sin b)
template <class F>
constexpr cplx<F> complex_exp(cplx<F> z) noexcept {
  const F e = simd::exp(z.real());
  if (z.imag() == 0) return {e, z.imag()};  // real input: exact imaginary zero
  return {simd::mul(e, simd::cos(z.imag())), simd::mul(e, simd::sin(z.imag()))};
}

// log|z| + i arg z
template <class F>
constexpr cplx<F> complex_log(cplx<F> z) noexcept {
  return {simd::log(complex_abs(z)), simd::atan2(z.imag(), z.real())};
}

// a + b as s + e exactly (Knuth's TwoSum): s is the rounded sum, e its rounding error.
template <class F>
constexpr void two_sum(F a, F b, F& s, F& e) noexcept {
  s = simd::add(a, b);
  const F bb = simd::sub(s, a);
  e = simd::add(simd::sub(a, simd::sub(s, bb)), simd::sub(b, bb));
}

// log(1 + z) = log|1 + z| + i arg(1 + z). Near the circle |1 + z| = 1, log|1 + z| is
// small and log(|1 + z|) would magnify |1 + z|'s rounding errors (by 1 / |log|1 + z||);
// there it is 0.5 log1p(u), u = |1 + z|^2 - 1 = 2x + x^2 + y^2 summed without rounding
// (x^2 and y^2 split exactly by fma, the sum in two doubles), and log1p of the two
// doubles hi + lo is log1p(hi) + lo / (1 + hi). Elsewhere (|1 + z|^2 outside
// [2^-10, 2^20], infinities, NaN) |log|1 + z|| is above 3.4 and log(hypot) is accurate.
// c64 runs in double, where its x^2, y^2 and 1 + x are exact, and rounds once at the end.
template <class F>
constexpr cplx<F> complex_log1p(cplx<F> z) noexcept {
  if constexpr (!std::is_same_v<F, double>) {
    const cplx<double> r = complex_log1p(cplx<double>(z.real(), z.imag()));
    return {static_cast<F>(r.real()), static_cast<F>(r.imag())};
  } else {
    const F x = z.real(), y = z.imag();
    F a, ae;  // 1 + x = a + ae exactly
    two_sum(F(1), x, a, ae);
    const F m = simd::fma(a, a, simd::mul(y, y));  // about |1 + z|^2
    // arg(1 + z) = atan2(y, a + ae), to first order atan2(y, a) - y ae / |1 + z|^2.
    F im = simd::atan2(y, a);
    if (ae != 0 && m > 0 && m - m == 0) im = simd::sub(im, simd::mul(y, ae) / m);
    if (!(m >= F(0x1p-10) && m <= F(0x1p20))) return {simd::log(complex_abs(cplx<F>(a, y))), im};
    // Here |x| and |y| are at most 1025: nothing overflows, and x^2 + 2x + y^2 is exactly
    // p + pe + 2x + q + qe.
    const F p = simd::mul(x, x), pe = simd::fma(x, x, simd::neg(p));
    const F q = simd::mul(y, y), qe = simd::fma(y, y, simd::neg(q));
    F s1, e1, s2, e2, hi, lo;
    two_sum(simd::mul(F(2), x), p, s1, e1);
    two_sum(s1, q, s2, e2);
    two_sum(s2, simd::add(simd::add(e1, e2), simd::add(pe, qe)), hi, lo);
    return {simd::mul(F(0.5), simd::add(simd::log1p(hi), lo / simd::add(F(1), hi))), im};
  }
}

// The principal square root.
template <class F>
constexpr cplx<F> complex_sqrt(cplx<F> z) noexcept {
  const F a = z.real(), b = z.imag();
  if (a == 0 && b == 0) return {F(0), b};
  const F m = complex_abs(z);
  const F t = simd::sqrt(simd::mul(F(0.5), simd::add(simd::abs(a), m)));
  if (a >= 0) return {t, b / simd::mul(F(2), t)};
  return {simd::abs(b) / simd::mul(F(2), t), simd::copysign(t, b)};
}

// cosh and sinh of a real number, sinh accurate near 0.
template <class F>
constexpr F real_cosh(F x) noexcept {
  const F e = simd::exp(simd::abs(x));
  return simd::add(simd::mul(F(0.5), e), F(0.5) / e);
}
template <class F>
constexpr F real_sinh(F x) noexcept {
  return simd::mul(F(0.5), simd::sub(simd::expm1(x), simd::expm1(simd::neg(x))));
}

template <class F>
constexpr cplx<F> complex_sin(cplx<F> z) noexcept {
  return {simd::mul(simd::sin(z.real()), real_cosh(z.imag())), simd::mul(simd::cos(z.real()), real_sinh(z.imag()))};
}
template <class F>
constexpr cplx<F> complex_cos(cplx<F> z) noexcept {
  return {simd::mul(simd::cos(z.real()), real_cosh(z.imag())),
          simd::neg(simd::mul(simd::sin(z.real()), real_sinh(z.imag())))};
}
// tanh(a + bi) = (sinh 2a + i sin 2b) / (cosh 2a + cos 2b)
template <class F>
constexpr cplx<F> complex_tanh(cplx<F> z) noexcept {
  const F a2 = simd::mul(F(2), z.real()), b2 = simd::mul(F(2), z.imag());
  if (simd::abs(z.real()) > F(20)) return {simd::copysign(F(1), z.real()), F(0)};  // cosh 2a dominates
  const F d = simd::add(real_cosh(a2), simd::cos(b2));
  return {real_sinh(a2) / d, simd::sin(b2) / d};
}

// XLA's complex power: (a^2 + b^2)^(c/2) e^(-d arg) (cos q + i sin q), q = c arg + d ln|z|,
// with 0^w = 1 for w = 0 and 0 for real w > 0.
template <class F>
constexpr cplx<F> complex_pow(cplx<F> z, cplx<F> w) noexcept {
  const F a = z.real(), b = z.imag(), c = w.real(), d = w.imag();
  const F aa_bb = simd::fma(a, a, simd::mul(b, b));
  if (aa_bb == 0 && d == 0 && c >= 0) return {c == 0 ? F(1) : F(0), F(0)};
  const F arg = simd::atan2(b, a);
  const F coeff = simd::mul(simd::pow(aa_bb, simd::mul(F(0.5), c)), simd::exp(simd::neg(simd::mul(d, arg))));
  const F q = simd::fma(c, arg, simd::mul(simd::mul(F(0.5), d), simd::log(aa_bb)));
  return {simd::mul(coeff, simd::cos(q)), simd::mul(coeff, simd::sin(q))};
}

template <class F>
constexpr cplx<F> complex_reciprocal(cplx<F> z) noexcept {
  return complex_divide(cplx<F>(F(1), F(0)), z);
}

template <class T>
inline constexpr bool is_math_element = is_float_element<T> || is_complex_v<T>;

// The kernels take float and double lanes; f16 and bf16 arrive as float. Without FMA
// instructions the kernels give way to the C library (simd/math.hpp), one element at a
// time: then the op runs element by element too, as a plain loop would.
template <class L, class T>
inline constexpr bool math_vectorizable =
    simd::has_vec<T> && (std::is_same_v<T, float> || std::is_same_v<T, double>) && SXLA_HAS_FMA;

}  // namespace detail

// One transcendental unary op: Real(v) on floats and vectors, Complex(z) on complex numbers.
template <class Kind>
struct math_unary_op {
  using name = Kind;  // math_kind::exp ...: named as the op
  template <class T>
  using result = T;
  template <class T>
  static constexpr bool accepts = Kind::complex_too ? detail::is_math_element<T> : detail::is_float_element<T>;
  template <class L, class T>
  static constexpr bool vectorizable =
      detail::math_vectorizable<L, T> || (requires { requires Kind::instruction; } && simd::has_vec<T> &&
                                          (std::is_same_v<T, float> || std::is_same_v<T, double>));

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a) const noexcept {
    if constexpr (is_complex_v<V>) {
      return Kind::complex(a);
    } else {
      return Kind::real(a);
    }
  }
};

namespace math_kind {
struct cos {
  static constexpr bool complex_too = true;
  template <class V>
  static constexpr V real(V x) noexcept { return simd::cos(x); }
  template <class C>
  static constexpr C complex(C z) noexcept { return detail::complex_cos(z); }
};
struct sin {
  static constexpr bool complex_too = true;
  template <class V>
  static constexpr V real(V x) noexcept { return simd::sin(x); }
  template <class C>
  static constexpr C complex(C z) noexcept { return detail::complex_sin(z); }
};
struct tan {
  static constexpr bool complex_too = true;
  template <class V>
  static constexpr V real(V x) noexcept { return simd::tan(x); }
  template <class C>
  static constexpr C complex(C z) noexcept { return detail::complex_divide(detail::complex_sin(z), detail::complex_cos(z)); }
};
struct exp {
  static constexpr bool complex_too = true;
  template <class V>
  static constexpr V real(V x) noexcept { return simd::exp(x); }
  template <class C>
  static constexpr C complex(C z) noexcept { return detail::complex_exp(z); }
};
struct expm1 {
  static constexpr bool complex_too = true;
  template <class V>
  static constexpr V real(V x) noexcept { return simd::expm1(x); }
  // expm1(a) cos b + (cos b - 1) + i e^a sin b, with cos b - 1 = -2 sin^2(b/2).
  template <class C>
  static constexpr C complex(C z) noexcept {
    using F = typename C::value_type;
    const F c = simd::cos(z.imag()), h = simd::sin(simd::mul(F(0.5), z.imag()));
    const F cm1 = simd::mul(F(-2), simd::mul(h, h));
    return {simd::fma(simd::expm1(z.real()), c, cm1), simd::mul(simd::exp(z.real()), simd::sin(z.imag()))};
  }
};
struct log {
  static constexpr bool complex_too = true;
  template <class V>
  static constexpr V real(V x) noexcept { return simd::log(x); }
  template <class C>
  static constexpr C complex(C z) noexcept { return detail::complex_log(z); }
};
struct log1p {
  static constexpr bool complex_too = true;
  template <class V>
  static constexpr V real(V x) noexcept { return simd::log1p(x); }
  template <class C>
  static constexpr C complex(C z) noexcept { return detail::complex_log1p(z); }
};
struct logistic {
  static constexpr bool complex_too = true;
  template <class V>
  static constexpr V real(V x) noexcept { return simd::logistic(x); }
  template <class C>
  static constexpr C complex(C z) noexcept {
    using F = typename C::value_type;
    const C e = detail::complex_exp(C(simd::neg(z.real()), simd::neg(z.imag())));
    return detail::complex_reciprocal(C(simd::add(F(1), e.real()), e.imag()));
  }
};
struct tanh {
  static constexpr bool complex_too = true;
  template <class V>
  static constexpr V real(V x) noexcept { return simd::tanh(x); }
  template <class C>
  static constexpr C complex(C z) noexcept { return detail::complex_tanh(z); }
};
struct sqrt {
  static constexpr bool complex_too = true;
  static constexpr bool instruction = true;  // no kernel: vectors even without FMA
  template <class V>
  static constexpr V real(V x) noexcept { return simd::sqrt(x); }
  template <class C>
  static constexpr C complex(C z) noexcept { return detail::complex_sqrt(z); }
};
struct rsqrt {
  static constexpr bool complex_too = true;
  static constexpr bool instruction = true;  // no kernel: vectors even without FMA
  template <class V>
  static constexpr V real(V x) noexcept {
    return simd::div(simd::splat<V>(simd::element_of<V>(1)), simd::sqrt(x));
  }
  template <class C>
  static constexpr C complex(C z) noexcept { return detail::complex_reciprocal(detail::complex_sqrt(z)); }
};
struct cbrt {
  static constexpr bool complex_too = true;
  template <class V>
  static constexpr V real(V x) noexcept { return simd::cbrt(x); }
  template <class C>
  static constexpr C complex(C z) noexcept {
    using F = typename C::value_type;
    return detail::complex_pow(z, C(F(1) / F(3), F(0)));
  }
};
struct asin {  // real floats only (sxla takes no complex argument here)
  static constexpr bool complex_too = false;
  template <class V>
  static constexpr V real(V x) noexcept { return simd::asin(x); }
};
struct acos {  // real floats only (sxla takes no complex argument here)
  static constexpr bool complex_too = false;
  template <class V>
  static constexpr V real(V x) noexcept { return simd::acos(x); }
};
struct atan {  // real floats only (sxla takes no complex argument here)
  static constexpr bool complex_too = false;
  template <class V>
  static constexpr V real(V x) noexcept { return simd::atan(x); }
};
struct sinh {  // real floats only (sxla takes no complex argument here)
  static constexpr bool complex_too = false;
  template <class V>
  static constexpr V real(V x) noexcept { return simd::sinh(x); }
};
struct cosh {  // real floats only (sxla takes no complex argument here)
  static constexpr bool complex_too = false;
  template <class V>
  static constexpr V real(V x) noexcept { return simd::cosh(x); }
};
struct asinh {  // real floats only (sxla takes no complex argument here)
  static constexpr bool complex_too = false;
  template <class V>
  static constexpr V real(V x) noexcept { return simd::asinh(x); }
};
struct acosh {  // real floats only (sxla takes no complex argument here)
  static constexpr bool complex_too = false;
  template <class V>
  static constexpr V real(V x) noexcept { return simd::acosh(x); }
};
struct atanh {  // real floats only (sxla takes no complex argument here)
  static constexpr bool complex_too = false;
  template <class V>
  static constexpr V real(V x) noexcept { return simd::atanh(x); }
};
struct erf {  // XLA's Erf: real floats only (f16, bf16, f32, f64)
  static constexpr bool complex_too = false;
  template <class V>
  static constexpr V real(V x) noexcept { return simd::erf(x); }
};
}  // namespace math_kind

struct pow_op {
  using name = hlo::pow;
  template <class T, class...>
  using result = T;
  template <class T>
  static constexpr bool accepts =
      detail::is_math_element<T> || (std::is_integral_v<T> && !std::is_same_v<T, bool>) || is_intn_v<T>;
  template <class L, class T, class...>
  static constexpr bool vectorizable = detail::math_vectorizable<L, T>;

  // XLA's integer power: six squarings (exponent bits beyond the sixth are ignored, any
  // larger exponent overflows anyway); a negative exponent gives 1 for a base of 1, else 0.
  template <class T>
  static constexpr T integer_pow(T base, T exponent) noexcept {
    T acc = 1;
    auto e = static_cast<simd::uint_of<T>>(exponent);
    T b = base;
    for (int i = 0; i < 6; ++i) {
      if ((e & 1u) != 0) acc = simd::mul(acc, b);
      b = simd::mul(b, b);
      e = static_cast<simd::uint_of<T>>(e >> 1);
    }
    if constexpr (std::is_signed_v<T>) {
      if (exponent < 0) return base == 1 ? T(1) : T(0);
    }
    return acc;
  }

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V x, V y) const noexcept {
    if constexpr (is_complex_v<V>) {
      return detail::complex_pow(x, y);
    } else if constexpr (std::is_integral_v<simd::element_of<V>>) {
      return integer_pow(x, y);
    } else {
      return simd::pow(x, y);
    }
  }
};

struct atan2_op {
  using name = hlo::atan2;
  template <class T, class...>
  using result = T;
  template <class T>
  static constexpr bool accepts = detail::is_math_element<T>;
  template <class L, class T, class...>
  static constexpr bool vectorizable = detail::math_vectorizable<L, T>;

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V y, V x) const noexcept {
    if constexpr (is_complex_v<V>) {
      // XLA's complex atan2: -i log((x + i y) / sqrt(x^2 + y^2)).
      using F = typename V::value_type;
      const V iy = detail::complex_multiply(V(F(0), F(1)), y);
      const V num(simd::add(x.real(), iy.real()), simd::add(x.imag(), iy.imag()));
      const V xx = detail::complex_multiply(x, x), yy = detail::complex_multiply(y, y);
      const V den = detail::complex_sqrt(V(simd::add(xx.real(), yy.real()), simd::add(xx.imag(), yy.imag())));
      return detail::complex_multiply(V(F(0), F(-1)), detail::complex_log(detail::complex_divide(num, den)));
    } else {
      return simd::atan2(y, x);
    }
  }
};

using cos_op = math_unary_op<math_kind::cos>;
using sin_op = math_unary_op<math_kind::sin>;
using tan_op = math_unary_op<math_kind::tan>;
using exp_op = math_unary_op<math_kind::exp>;
using expm1_op = math_unary_op<math_kind::expm1>;
using log_op = math_unary_op<math_kind::log>;
using log1p_op = math_unary_op<math_kind::log1p>;
using logistic_op = math_unary_op<math_kind::logistic>;
using tanh_op = math_unary_op<math_kind::tanh>;
using sqrt_op = math_unary_op<math_kind::sqrt>;
using rsqrt_op = math_unary_op<math_kind::rsqrt>;
using cbrt_op = math_unary_op<math_kind::cbrt>;
using erf_op = math_unary_op<math_kind::erf>;
using asin_op = math_unary_op<math_kind::asin>;
using acos_op = math_unary_op<math_kind::acos>;
using atan_op = math_unary_op<math_kind::atan>;
using sinh_op = math_unary_op<math_kind::sinh>;
using cosh_op = math_unary_op<math_kind::cosh>;
using asinh_op = math_unary_op<math_kind::asinh>;
using acosh_op = math_unary_op<math_kind::acosh>;
using atanh_op = math_unary_op<math_kind::atanh>;

inline constexpr unary_fn<cos_op> cos{};
inline constexpr unary_fn<sin_op> sin{};
inline constexpr unary_fn<tan_op> tan{};
inline constexpr unary_fn<exp_op> exp{};
inline constexpr unary_fn<expm1_op> expm1{};
inline constexpr unary_fn<log_op> log{};
inline constexpr unary_fn<log1p_op> log1p{};
inline constexpr unary_fn<logistic_op> logistic{};
inline constexpr unary_fn<tanh_op> tanh{};
inline constexpr unary_fn<sqrt_op> sqrt{};
inline constexpr unary_fn<rsqrt_op> rsqrt{};
inline constexpr unary_fn<cbrt_op> cbrt{};
inline constexpr unary_fn<erf_op> erf{};
inline constexpr unary_fn<asin_op> asin{};
inline constexpr unary_fn<acos_op> acos{};
inline constexpr unary_fn<atan_op> atan{};
inline constexpr unary_fn<sinh_op> sinh{};
inline constexpr unary_fn<cosh_op> cosh{};
inline constexpr unary_fn<asinh_op> asinh{};
inline constexpr unary_fn<acosh_op> acosh{};
inline constexpr unary_fn<atanh_op> atanh{};
inline constexpr binary_fn<pow_op> pow{};
inline constexpr binary_fn<atan2_op> atan2{};

}  // namespace sxla

#endif  // SXLA_OPS_MATH_HPP
