// sxla/control/while.hpp: While(condition, body, init), spelled x::while_ (while is a
// keyword). The state is init as a value (control/value.hpp) of type T; while
// condition(state) holds (a bool or a pred[] array), state becomes body(state). body
// must return a value of T's shape at every step (the same element types and dimensions,
// array by array; layouts may differ, and a lazy expression is evaluated straight into
// the next state): otherwise one compile error naming both types. The loop keeps two
// states, the current one and the next, in the function's frame: nothing is allocated,
// and no state is copied, per iteration (an array body returns is copied once into the
// next state). Usable in constant expressions when condition and body are.
#ifndef SXLA_CONTROL_WHILE_HPP
#define SXLA_CONTROL_WHILE_HPP

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "sxla/control/call.hpp"      // computation_ok, report_computation, computation_value_t
#include "sxla/control/value.hpp"     // value_t, to_value, predicate, scalar_of
#include "sxla/core/diagnostics.hpp"  // SXLA_DIAGNOSE
#include "sxla/core/invoke.hpp"       // detail::invoke
#include "sxla/expr/assign.hpp"       // noalias
#include "sxla/shape/shape_spec.hpp"  // same_logical_shape

namespace sxla {

namespace hlo {
struct while_;
}  // namespace hlo

namespace detail {
// Whether a value of type B can be stored into a value of type A: the same structure,
// and arrays of the same element type and dimensions.
template <class A, class B>
consteval bool same_value_shape() {
  if constexpr (std::is_same_v<A, B>) {
    return true;
  } else if constexpr (is_tensor<A>::value && is_tensor<B>::value) {
    return same_logical_shape(A::spec, B::spec);
  } else if constexpr (is_std_tuple<A>::value && is_std_tuple<B>::value) {
    if constexpr (std::tuple_size_v<A> != std::tuple_size_v<B>) {
      return false;
    } else {
      return []<std::size_t... I>(std::index_sequence<I...>) {
        return (same_value_shape<std::tuple_element_t<I, A>, std::tuple_element_t<I, B>>() && ...);
      }(std::make_index_sequence<std::tuple_size_v<A>>{});
    }
  } else {
    return false;
  }
}

// dst := what a computation returned (v converts to a value of dst's shape).
template <class D, class V>
constexpr void store_value(D& dst, V&& v) {
  using U = std::remove_cvref_t<V>;
  if constexpr (std::is_same_v<D, token>) {
    static_cast<void>(v);
  } else if constexpr (is_std_tuple<D>::value) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (store_value(std::get<I>(dst), std::get<I>(static_cast<V&&>(v))), ...);
    }(std::make_index_sequence<std::tuple_size_v<D>>{});
  } else if constexpr (std::is_same_v<U, D>) {
    dst = static_cast<V&&>(v);
  } else if constexpr (storage_array<U> || expression<U>) {
    noalias(dst) = v;  // dst is the next state: nothing the body returns can read it
  } else {
    dst = D(static_cast<typename D::value_type>(v));
  }
}
}  // namespace detail

template <class C, class B, class I>
constexpr auto while_(C&& condition, B&& body, I&& init) {
  using T = value_t<I>;
  if constexpr (!value_like<I>) {
    SXLA_DIAGNOSE(hlo::while_, "the initial value is {}, which is not an XLA value", (std::remove_cvref_t<I>), ());
    return std::tuple<>{};
  } else if constexpr (!std::is_invocable_v<C, const T&>) {
    SXLA_DIAGNOSE(hlo::while_, "the condition does not accept the state, of type {}", (T), ());
    return T{};
  } else if constexpr (!detail::predicate<std::invoke_result_t<C, const T&>>) {
    SXLA_DIAGNOSE(hlo::while_, "the condition returns {}: it must return a pred[] (or a bool)",
                  (std::remove_cvref_t<std::invoke_result_t<C, const T&>>), ());
    return T{};
  } else if constexpr (!detail::computation_ok<B, const T&>()) {
    detail::report_computation<hlo::while_, B, const T&>();
    return T{};
  } else if constexpr (!detail::same_value_shape<T, detail::computation_value_t<B, const T&>>()) {
    SXLA_DIAGNOSE(hlo::while_, "the state is {} and the body returns {}: the body must return the state type",
                  (T, detail::computation_value_t<B, const T&>), ());
    return T{};
  } else {
    T state[2] = {to_value(static_cast<I&&>(init)), T{}};
    std::size_t now = 0;
    while (static_cast<bool>(detail::scalar_of(detail::invoke(condition, std::as_const(state[now]))))) {
      detail::store_value(state[1 - now], detail::invoke(body, std::as_const(state[now])));
      now = 1 - now;
    }
    return static_cast<T&&>(state[now]);
  }
}

}  // namespace sxla

#endif  // SXLA_CONTROL_WHILE_HPP
