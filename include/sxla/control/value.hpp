// sxla/control/value.hpp: XLA's values as C++ types, and how what an op is given becomes
// one. A value is an array (x::tensor<S>), a token (x::token) or a tuple of values
// (std::tuple, nested at will). What the program ops accept converts on the way in
// (x::to_value): a tensor stays itself, a view is copied into a tensor of its shape and
// layout, a lazy expression is evaluated into a tensor in the default layout, a number
// of an element type becomes a rank-0 tensor (5 is s32[], 2.5f is f32[]), and a
// std::tuple converts element by element. x::value_t<T> is the value T converts to.
#ifndef SXLA_CONTROL_VALUE_HPP
#define SXLA_CONTROL_VALUE_HPP

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "sxla/control/token.hpp"         // token
#include "sxla/core/diagnostics.hpp"      // diagnostic_display
#include "sxla/core/element_type.hpp"     // element, primitive_type_of
#include "sxla/core/index.hpp"            // index_t, multi_index
#include "sxla/expr/assign.hpp"           // eval
#include "sxla/expr/expression.hpp"       // expression, logical_spec
#include "sxla/shape/shape_spec.hpp"      // shape_spec
#include "sxla/tensor/storage_array.hpp"  // storage_array
#include "sxla/tensor/tensor.hpp"         // tensor

namespace sxla {

namespace hlo {
// How a tuple type shows in compile errors (clang): hlo::tuple_shape<hlo::f32[10], hlo::s32>.
template <class... E>
struct tuple_shape {};
}  // namespace hlo

namespace detail {
template <class T>
struct is_std_tuple : std::false_type {};
template <class... T>
struct is_std_tuple<std::tuple<T...>> : std::true_type {};

template <class T>
struct is_tensor : std::false_type {};
template <shape_spec S>
struct is_tensor<tensor<S>> : std::true_type {};

// value_t's answer for a type that is not a value and does not convert to one.
struct not_a_value {};

template <class T>
consteval auto value_of();

template <class... T>
consteval auto tuple_value_of(std::type_identity<std::tuple<T...>>) {
  if constexpr ((std::is_same_v<typename decltype(value_of<T>())::type, not_a_value> || ...)) {
    return std::type_identity<not_a_value>{};
  } else {
    return std::type_identity<std::tuple<typename decltype(value_of<T>())::type...>>{};
  }
}

template <class T>
consteval auto value_of() {
  using U = std::remove_cvref_t<T>;
  if constexpr (std::is_same_v<U, token> || is_tensor<U>::value) {
    return std::type_identity<U>{};
  } else if constexpr (storage_array<U> || expression<U>) {
    return std::type_identity<tensor<U::spec>>{};
  } else if constexpr (element<U>) {
    return std::type_identity<tensor<logical_spec(primitive_type_of<U>, {})>>{};
  } else if constexpr (is_std_tuple<U>::value) {
    return tuple_value_of(std::type_identity<U>{});
  } else {
    return std::type_identity<not_a_value>{};
  }
}
}  // namespace detail

// The value T converts to (detail::not_a_value when it converts to none).
template <class T>
using value_t = typename decltype(detail::value_of<T>())::type;

// Anything that converts to a value; a value itself.
template <class T>
concept value_like = !std::is_same_v<value_t<T>, detail::not_a_value>;
template <class T>
concept xla_value = value_like<T> && std::is_same_v<std::remove_cvref_t<T>, value_t<T>>;

// v as the value it converts to (see the top). Usable in constant expressions.
template <value_like T>
constexpr value_t<T> to_value(T&& v) {
  using U = std::remove_cvref_t<T>;
  using V = value_t<T>;
  if constexpr (std::is_same_v<U, V>) {
    return static_cast<T&&>(v);
  } else if constexpr (storage_array<U>) {
    return V(v);
  } else if constexpr (expression<U>) {
    return eval(v);
  } else if constexpr (element<U>) {
    return V(static_cast<typename V::value_type>(v));
  } else {
    return std::apply([](auto&&... e) { return V(to_value(static_cast<decltype(e)&&>(e))...); },
                      static_cast<T&&>(v));
  }
}

// A tuple type shows as XLA writes it: (f32[10], s32[]).
template <class... T>
struct diagnostic_display<std::tuple<T...>> {
  using type = hlo::tuple_shape<typename diagnostic_display<std::remove_cvref_t<T>>::type...>;
  static constexpr void append(detail::diagnostic_buffer& out) noexcept {
    out.append('(');
    std::size_t i = 0;
    ((out.append(i++ == 0 ? "" : ", "), diagnostic_display<std::remove_cvref_t<T>>::append(out)), ...);
    out.append(')');
  }
};

namespace detail {
// A rank-0 array of element type P: a tensor, a view or an expression.
template <class T, primitive_type P>
concept scalar_array = (storage_array<T> || expression<T>) && std::remove_cvref_t<T>::spec.rank() == 0 &&
                       std::remove_cvref_t<T>::spec.element_type == P;

// What a condition may be: bool, or a pred[] array.
template <class T>
concept predicate = std::is_same_v<std::remove_cvref_t<T>, bool> || scalar_array<T, primitive_type::pred>;

// What a branch index may be: a C++ integer, or an s32[] array.
template <class T>
concept branch_index = (std::integral<std::remove_cvref_t<T>> && !std::is_same_v<std::remove_cvref_t<T>, bool>) ||
                       scalar_array<T, primitive_type::s32>;

// The one element of a number or a rank-0 array (an expression computes it alone).
template <class T>
constexpr auto scalar_of(const T& v) {
  if constexpr (storage_array<T>) {
    return v[multi_index<0>{}];
  } else if constexpr (expression<T>) {
    return v.at(multi_index<0>{});
  } else {
    return v;
  }
}
}  // namespace detail

}  // namespace sxla

#endif  // SXLA_CONTROL_VALUE_HPP
