// sxla/ops/map.hpp: XLA's Map: x::map(f, a, b, ...) applies any callable f to the
// elements of its operands (same dimensions; rank-0 operands and numbers broadcast),
// fused into whatever consumes it. f receives the elements as their own C++ types
// (f16 stays f16) and returns an element type, which is the result's. It runs element
// by element (a callable is opaque to the vector path).
// Example: x::map([](float a, float b) { return a > b ? a - b : 0.0f; }, x, y).
#ifndef SXLA_OPS_MAP_HPP
#define SXLA_OPS_MAP_HPP

#include <type_traits>
#include <utility>

#include "sxla/core/diagnostics.hpp"       // SXLA_DIAGNOSE, detail::nth_type
#include "sxla/core/element_type.hpp"      // element
#include "sxla/core/invoke.hpp"            // detail::invoke
#include "sxla/expr/leaf.hpp"              // as_operand, operand, scalar_value, scalar_leaf
#include "sxla/expr/make_elementwise.hpp"  // make_nary_node

namespace sxla {

// The ops' names in compile errors (core/diagnostics.hpp).
namespace hlo {
struct map;
}  // namespace hlo

template <class F>
struct map_op {
  using name = hlo::map;
  F fn;

  static constexpr bool promotes_small_floats = false;
  template <class... T>
  using result = std::remove_cvref_t<std::invoke_result_t<const F&, T...>>;
  template <class L, class...>
  static constexpr bool vectorizable = false;

  template <class... T>
  constexpr auto operator()(T... x) const {
    return detail::invoke(fn, x...);
  }
};

namespace detail {
template <class X>
constexpr auto map_operand(X&& x) noexcept {
  if constexpr (scalar_value<X>) {
    return scalar_leaf<std::remove_cvref_t<X>>{x};
  } else {
    return as_operand(static_cast<X&&>(x));
  }
}

}  // namespace detail

template <class F, class... X>
  requires(sizeof...(X) > 0 && ((operand<X> || scalar_value<X>) && ...) && (operand<X> || ...))
constexpr auto map(F&& f, X&&... x) {
  using Fn = std::decay_t<F>;
  return [&]<class... E>(E... e) {
    constexpr bool can_call = std::is_invocable_v<const Fn&, typename E::value_type...>;
    using E0 = typename detail::nth_type<0, E...>::type;
    if constexpr (!can_call) {
      SXLA_DIAGNOSE(hlo::map, "{}: the computation {} cannot be called with the element types of the operands",
                    (E0, Fn), ());
      return scalar_leaf<int>{};
    } else {
      using R = std::remove_cvref_t<std::invoke_result_t<const Fn&, typename E::value_type...>>;
      if constexpr (!element<R>) {
        SXLA_DIAGNOSE(hlo::map, "{}: the computation {} returns {}, not an XLA element type (pred, s8 ... c128)",
                      (E0, Fn, R), ());
        return scalar_leaf<int>{};
      } else {
        return make_nary_node(map_op<Fn>{static_cast<F&&>(f)}, e...);
      }
    }
  }(detail::map_operand(static_cast<X&&>(x))...);
}

}  // namespace sxla

#endif  // SXLA_OPS_MAP_HPP
