// sxla/ops/stochastic_convert.hpp: XLA's StochasticConvert, floats to signed integers with
// the rounding direction chosen by caller-given random bits (stochastic rounding).
//
//   x::stochastic_convert<std::int8_t>(a, r)     // f32[...] and u32[...] -> s8[...]
//
// As XLA defines it (its StochasticConvertDecomposer): |a| splits into its integer part t
// and its fraction f; the magnitude is t + 1 when r < f 2^B (B the bits of r), else t;
// then a's sign (-0 gives 0). a at or below the target's minimum, or at or above its
// maximum (both rounded to a's type first, as XLA compares in a's type), gives that
// bound; NaN gives 0. r is the unsigned type as wide as a: u16 for f16 and bf16, u32 for
// f32, u64 for f64. The targets: s8, s16, s32, s64 (and s2, s4). Operands of the same
// dimensions (a number broadcasts); fused elementwise, one element at a time (the
// arithmetic is exact: f16 and bf16 widen to f32 exactly, f 2^B is an exact product).
// Misuse (a not a float, r not the unsigned type of a's width, a target that is no
// signed integer, dimensions that differ) is a compile error naming stochastic_convert.
#ifndef SXLA_OPS_STOCHASTIC_CONVERT_HPP
#define SXLA_OPS_STOCHASTIC_CONVERT_HPP

#include <cstdint>
#include <limits>
#include <type_traits>

#include "sxla/core/diagnostics.hpp"       // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"      // element, is_small_float_v
#include "sxla/core/intn.hpp"              // numeric_limits of s2 and s4
#include "sxla/expr/leaf.hpp"              // scalar_leaf
#include "sxla/expr/make_elementwise.hpp"  // make_nary_node, binary_operands
#include "sxla/ops/map.hpp"                 // detail::map_operand
#include "sxla/simd/scalar.hpp"            // floor

namespace sxla {

namespace hlo {
struct stochastic_convert;
}  // namespace hlo

namespace detail {

template <class T>
inline constexpr bool stochastic_source =
    std::is_same_v<T, float> || std::is_same_v<T, double> || is_small_float_v<T>;

// The random operand's type for a source of type T: unsigned, as wide.
template <class T>
using stochastic_random_t =
    std::conditional_t<sizeof(T) == 2, std::uint16_t, std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>;

template <class To>
inline constexpr bool stochastic_target = std::numeric_limits<To>::is_integer && std::numeric_limits<To>::is_signed;

}  // namespace detail

template <class To>
struct stochastic_convert_op {
  using name = hlo::stochastic_convert;
  static constexpr bool promotes_small_floats = false;  // the source type decides the bounds' rounding
  template <class T, class R>
  using result = To;
  template <class L, class...>
  static constexpr bool vectorizable = false;

  template <class T, class R>
  constexpr To operator()(T a, R r) const noexcept {
    using F = std::conditional_t<std::is_same_v<T, double>, double, float>;  // T's values exactly
    const F x = static_cast<F>(a);
    if (x != x) return To(0);  // NaN
    // The bounds as a's type holds them (f16 cannot hold 2^31: infinity), compared exactly.
    using B = std::numeric_limits<To>;
    constexpr F lo = static_cast<F>(T(static_cast<F>(static_cast<std::int64_t>(B::min()))));
    constexpr F hi = static_cast<F>(T(static_cast<F>(static_cast<std::int64_t>(B::max()))));
    if (x <= lo) return B::min();
    if (x >= hi) return B::max();
    const F m = x < F(0) ? -x : x;
    const F t = simd::floor(m);
    constexpr F scale = static_cast<F>(std::numeric_limits<R>::max()) + F(1);  // 2^B, exact
    const R fixed = static_cast<R>((m - t) * scale);                           // < 2^B: the fraction's bits
    // t + 1 stays below hi's magnitude or at it: t < hi.
    const std::int64_t v = static_cast<std::int64_t>(t) + (r < fixed ? 1 : 0);
    return To(x < F(0) ? -v : v);
  }
};

// StochasticConvert(operand, random, To): see the top.
template <class To, class X, class Y>
  requires binary_operands<X, Y>
constexpr auto stochastic_convert(X&& x, Y&& y) {
  auto ea = detail::map_operand(static_cast<X&&>(x));
  auto er = detail::map_operand(static_cast<Y&&>(y));
  using EA = decltype(ea);
  using ER = decltype(er);
  using T = typename EA::value_type;
  using R = typename ER::value_type;
  if constexpr (!detail::stochastic_target<To>) {
    SXLA_DIAGNOSE(hlo::stochastic_convert, "{} to {}: the target must be a signed integer type (s2 ... s64)", (EA, To),
                  ());
    return scalar_leaf<int>{};
  } else if constexpr (!detail::stochastic_source<T>) {
    SXLA_DIAGNOSE(hlo::stochastic_convert, "{}: the operand must be a float (f16, bf16, f32, f64)", (EA), ());
    return scalar_leaf<int>{};
  } else if constexpr (!std::is_same_v<R, detail::stochastic_random_t<T>>) {
    SXLA_DIAGNOSE(hlo::stochastic_convert,
                  "{} and {}: the random operand must be an unsigned type as wide as the operand (u16, u32, u64)",
                  (EA, ER), ());
    return scalar_leaf<int>{};
  } else {
    return make_nary_node(stochastic_convert_op<To>{}, ea, er);
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_STOCHASTIC_CONVERT_HPP
