// sxla/ops/unary.hpp: XLA's elementwise unary ops without transcendental functions: abs,
// neg, sign, ceil, floor, round (half away from zero), round_nearest_even and is_finite.
// Semantics as XLA's CPU backend: integers wrap (abs and neg of INT_MIN are INT_MIN);
// sign is -1, -0, NaN, +0 or 1 for floats (the seed's table), -1, 0 or 1 for integers,
// z / |z| for complex numbers (0 for 0); abs of a complex number is its magnitude, a real
// number; is_finite takes floats and gives pred.
// Example: x::sign(x::tensor<"f32[4]">{-2, -0.0f, 0, 3}) is {-1, -0, 0, 1}.
#ifndef SXLA_OPS_UNARY_HPP
#define SXLA_OPS_UNARY_HPP

#include <complex>
#include <limits>
#include <type_traits>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/element_type.hpp"      // element, is_complex_v
#include "sxla/expr/make_elementwise.hpp"  // unary_fn
#include "sxla/simd/scalar.hpp"            // abs, neg, copysign, select, roundings
#include "sxla/simd/vec.hpp"               // vec, is_vec_v, has_vec

namespace sxla {

// The ops' names in compile errors (core/diagnostics.hpp).
namespace hlo {
struct abs;
struct neg;
struct sign;
struct ceil;
struct floor;
struct round;
struct round_nearest_even;
struct is_finite;
}  // namespace hlo

namespace detail {

template <class T>
inline constexpr bool is_float_element = std::is_floating_point_v<T> || is_small_float_v<T>;
template <class T>
inline constexpr bool is_number_element = element<T> && !std::is_same_v<T, bool>;

// The magnitude of a complex number without undue overflow: max * sqrt(1 + (min/max)^2),
// infinite when either part is, NaN when a part is NaN (and the other finite).
template <class F>
constexpr F complex_abs(std::complex<F> z) noexcept {
  const F a = simd::abs(z.real()), b = simd::abs(z.imag());
  constexpr F inf = std::numeric_limits<F>::infinity();
  if (a == inf || b == inf) return inf;
  if (a != a || b != b) return std::numeric_limits<F>::quiet_NaN();
  const F hi = a > b ? a : b, lo = a > b ? b : a;
  if (hi == 0) return F(0);
  const F r = lo / hi;
  return simd::mul(hi, simd::sqrt(simd::fma(r, r, F(1))));
}

}  // namespace detail

struct abs_op {
  using name = hlo::abs;
  template <class T>
  using result = complex_component_t<T>;
  template <class T>
  static constexpr bool accepts = detail::is_number_element<T>;
  template <class L, class T>
  static constexpr bool vectorizable = simd::has_vec<T>;

  template <class V>
  SXLA_FORCE_INLINE constexpr auto operator()(V a) const noexcept {
    if constexpr (is_complex_v<V>) {
      return detail::complex_abs(a);
    } else {
      return simd::abs(a);  // clears the sign bit of floats (NaN too); wraps for INT_MIN
    }
  }
};

struct neg_op {
  using name = hlo::neg;
  template <class T>
  using result = T;
  template <class T>
  static constexpr bool accepts = detail::is_number_element<T>;
  template <class L, class T>
  static constexpr bool vectorizable = simd::has_vec<T>;

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a) const noexcept {
    if constexpr (is_complex_v<V>) {
      return {simd::neg(a.real()), simd::neg(a.imag())};
    } else {
      return simd::neg(a);
    }
  }
};

struct sign_op {
  using name = hlo::sign;
  template <class T>
  using result = T;
  template <class T>
  static constexpr bool accepts = detail::is_number_element<T>;
  template <class L, class T>
  static constexpr bool vectorizable = simd::has_vec<T>;

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a) const noexcept {
    if constexpr (is_complex_v<V>) {
      using F = typename V::value_type;
      const F m = detail::complex_abs(a);
      if (m == 0) return V(0);
      return {a.real() / m, a.imag() / m};
    } else {
      using T = simd::lane_t<V>;
      if constexpr (std::is_floating_point_v<T>) {
        // +-0 and NaN are their own sign; anything else is +-1.
        const auto keep = simd::mask_or(a == simd::splat<V>(T(0)), simd::is_nan(a));
        return simd::select(keep, a, simd::copysign(simd::splat<V>(T(1)), a));
      } else if constexpr (std::is_signed_v<T>) {
        // (a > 0) - (a < 0): the sign bit's fill, or 1 for a positive value.
        const V fill = simd::shr<static_cast<int>(8 * sizeof(T) - 1)>(a);
        return simd::select(a > simd::splat<V>(T(0)), simd::splat<V>(T(1)), fill);
      } else {
        return simd::select(a == simd::splat<V>(T(0)), a, simd::splat<V>(T(1)));
      }
    }
  }
};

// ceil, floor, round (ties away from zero) and round_nearest_even: floats only.
template <int Kind>
struct rounding_op {
  using name = std::conditional_t<Kind == 0, hlo::ceil, std::conditional_t<Kind == 1, hlo::floor, std::conditional_t<Kind == 2, hlo::round, hlo::round_nearest_even>>>;
  template <class T>
  using result = T;
  template <class T>
  static constexpr bool accepts = detail::is_float_element<T>;
  template <class L, class T>
  static constexpr bool vectorizable = simd::has_vec<T>;

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a) const noexcept {
    if constexpr (Kind == 0) {
      return simd::ceil(a);
    } else if constexpr (Kind == 1) {
      return simd::floor(a);
    } else if constexpr (Kind == 2) {
      using T = simd::lane_t<V>;
      // trunc, then one step away from zero when the dropped fraction is >= 1/2 (exact:
      // a - trunc(a) is representable). Infinities and NaN pass through trunc.
      const V t = simd::trunc(a);
      const V away = simd::add(t, simd::copysign(simd::splat<V>(T(1)), a));
      return simd::select(simd::abs(simd::sub(a, t)) >= simd::splat<V>(T(0.5)), away, t);
    } else {
      return simd::round_even(a);
    }
  }
};
using ceil_op = rounding_op<0>;
using floor_op = rounding_op<1>;
using round_op = rounding_op<2>;
using round_nearest_even_op = rounding_op<3>;

struct is_finite_op {
  using name = hlo::is_finite;
  template <class T>
  using result = bool;
  template <class T>
  static constexpr bool accepts = detail::is_float_element<T>;
  template <class L, class T>
  static constexpr bool vectorizable = simd::has_vec<T>;

  template <class V>
  SXLA_FORCE_INLINE constexpr auto operator()(V a) const noexcept {
    using T = simd::lane_t<V>;
    return simd::abs(a) < simd::splat<V>(std::numeric_limits<T>::infinity());  // false for NaN
  }
};

inline constexpr unary_fn<abs_op> abs{};
inline constexpr unary_fn<neg_op> neg{};
inline constexpr unary_fn<sign_op> sign{};
inline constexpr unary_fn<ceil_op> ceil{};
inline constexpr unary_fn<floor_op> floor{};
inline constexpr unary_fn<round_op> round{};
inline constexpr unary_fn<round_nearest_even_op> round_nearest_even{};
inline constexpr unary_fn<is_finite_op> is_finite{};

}  // namespace sxla

#endif  // SXLA_OPS_UNARY_HPP
