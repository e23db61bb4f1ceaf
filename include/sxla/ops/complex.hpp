// sxla/ops/complex.hpp: XLA's complex-number ops: complex(real, imag) builds c64 from
// two f32 operands (c128 from f64), real and imag take the parts (of a real number: the
// number itself, and +0), conj conjugates (complex operands only).
// Example: x::imag(x::complex(re, im)) == im, elementwise.
#ifndef SXLA_OPS_COMPLEX_HPP
#define SXLA_OPS_COMPLEX_HPP

#include <complex>
#include <type_traits>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/element_type.hpp"      // is_complex_v, complex_component_t
#include "sxla/expr/make_elementwise.hpp"  // unary_fn, binary_fn
#include "sxla/simd/scalar.hpp"            // neg

namespace sxla {

// The ops' names in compile errors (core/diagnostics.hpp).
namespace hlo {
struct complex;
struct real;
struct imag;
struct conj;
}  // namespace hlo

struct complex_op {
  using name = hlo::complex;
  template <class T, class...>
  using result = std::complex<T>;
  template <class T>
  static constexpr bool accepts = std::is_same_v<T, float> || std::is_same_v<T, double>;
  template <class L, class...>
  static constexpr bool vectorizable = false;

  template <class F>
  constexpr std::complex<F> operator()(F re, F im) const noexcept {
    return {re, im};
  }
};

struct real_op {
  using name = hlo::real;
  template <class T>
  using result = complex_component_t<T>;
  template <class T>
  static constexpr bool accepts = is_complex_v<T> || std::is_floating_point_v<T> || detail::is_small_float_v<T>;
  template <class L, class T>
  static constexpr bool vectorizable = simd::has_vec<T>;

  template <class V>
  SXLA_FORCE_INLINE constexpr auto operator()(V a) const noexcept {
    if constexpr (is_complex_v<V>) {
      return a.real();
    } else {
      return a;
    }
  }
};

struct imag_op {
  using name = hlo::imag;
  template <class T>
  using result = complex_component_t<T>;
  template <class T>
  static constexpr bool accepts = is_complex_v<T> || std::is_floating_point_v<T> || detail::is_small_float_v<T>;
  template <class L, class T>
  static constexpr bool vectorizable = simd::has_vec<T>;

  template <class V>
  SXLA_FORCE_INLINE constexpr auto operator()(V a) const noexcept {
    if constexpr (is_complex_v<V>) {
      return a.imag();
    } else {
      return simd::splat<V>(simd::lane_t<V>(0));
    }
  }
};

struct conj_op {
  using name = hlo::conj;
  template <class T>
  using result = T;
  template <class T>
  static constexpr bool accepts = is_complex_v<T>;
  template <class L, class T>
  static constexpr bool vectorizable = false;

  template <class C>
  constexpr C operator()(C a) const noexcept {
    return {a.real(), simd::neg(a.imag())};
  }
};

inline constexpr binary_fn<complex_op> complex{};
inline constexpr unary_fn<real_op> real{};
inline constexpr unary_fn<imag_op> imag{};
inline constexpr unary_fn<conj_op> conj{};

}  // namespace sxla

#endif  // SXLA_OPS_COMPLEX_HPP
