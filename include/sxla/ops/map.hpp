// sxla/ops/map.hpp: XLA's Map: x::map(f, a, b, ...) applies any callable f to the
// elements of its operands (same dimensions; rank-0 operands and numbers broadcast),
// fused into whatever consumes it. f receives the elements as their own C++ types
// (f16 stays f16) and returns an element type, which is the result's. It runs element
// by element (a callable is opaque to the vector path).
// Example: x::map([](float a, float b) { return a > b ? a - b : 0.0f; }, x, y).
#ifndef SXLA_OPS_MAP_HPP
#define SXLA_OPS_MAP_HPP

#include <functional>
#include <type_traits>
#include <utility>

#include "sxla/core/element_type.hpp"      // element
#include "sxla/expr/leaf.hpp"              // as_operand, operand, scalar_value, scalar_leaf
#include "sxla/expr/make_elementwise.hpp"  // make_nary_node

namespace sxla {

template <class F>
struct map_op {
  F fn;

  static constexpr bool promotes_small_floats = false;
  template <class... T>
  using result = std::remove_cvref_t<std::invoke_result_t<const F&, T...>>;
  template <class L, class...>
  static constexpr bool vectorizable = false;

  template <class... T>
  constexpr auto operator()(T... x) const {
    return std::invoke(fn, x...);
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

template <bool Invocable, bool ReturnsElement>
consteval bool check_map_callable() {
  static_assert(Invocable, "sxla::map: the computation cannot be called with the operands' element types");
  static_assert(!Invocable || ReturnsElement,
                "sxla::map: the computation must return an XLA element type (pred, s8 ... c128)");
  return Invocable && ReturnsElement;
}
}  // namespace detail

template <class F, class... X>
  requires(sizeof...(X) > 0 && ((operand<X> || scalar_value<X>) && ...) && (operand<X> || ...))
constexpr auto map(F&& f, X&&... x) {
  using Fn = std::decay_t<F>;
  return [&]<class... E>(E... e) {
    constexpr bool can_call = std::is_invocable_v<const Fn&, typename E::value_type...>;
    if constexpr (!can_call) {
      static_assert(detail::check_map_callable<can_call, true>());
      return scalar_leaf<int>{};
    } else {
      using R = std::remove_cvref_t<std::invoke_result_t<const Fn&, typename E::value_type...>>;
      static_assert(detail::check_map_callable<true, element<R>>());
      return make_nary_node(map_op<Fn>{static_cast<F&&>(f)}, e...);
    }
  }(detail::map_operand(static_cast<X&&>(x))...);
}

}  // namespace sxla

#endif  // SXLA_OPS_MAP_HPP
