// sxla/control/tuple.hpp: Tuple and GetTupleElement. A tuple is a std::tuple of values
// (control/value.hpp), so the tuples the variadic ops return, std::get and structured
// bindings all work with them:
//   auto t = x::tuple(v, 5);                     // std::tuple<x::tensor<"f32[10]">, x::tensor<"s32[]">>
//   auto s = x::get_tuple_element<1>(t);         // s32[] 5
//   auto [a, b] = t;
#ifndef SXLA_CONTROL_TUPLE_HPP
#define SXLA_CONTROL_TUPLE_HPP

#include <cstddef>
#include <tuple>
#include <type_traits>

#include "sxla/control/value.hpp"     // value_t, value_like, to_value
#include "sxla/core/diagnostics.hpp"  // SXLA_DIAGNOSE, detail::nth_type, detail::first_index

namespace sxla {

namespace hlo {
struct tuple;
struct get_tuple_element;
}  // namespace hlo

// Tuple(values...): the values, each converted as control/value.hpp says (a lazy
// expression is evaluated here, a view copied). An operand that is no value is a
// compile error naming its type.
template <class... V>
constexpr auto tuple(V&&... values) {
  if constexpr (!(value_like<V> && ...)) {
    constexpr std::size_t i = detail::first_index({!value_like<V>...});
    using bad = std::remove_cvref_t<typename detail::nth_type<i, V...>::type>;
    SXLA_DIAGNOSE(hlo::tuple, "{} is not an XLA value (operand {}): give a tensor, a view, an expression, a number, a token or a tuple",
                  (bad), (i));
    return std::tuple<>{};
  } else {
    return std::tuple<value_t<V>...>(to_value(static_cast<V&&>(values))...);
  }
}

// GetTupleElement(t, I): element I of a tuple, as std::get<I> gives it (a reference to
// an element of a named tuple; the element itself, moved out, of a temporary one). An
// index out of range, or an operand that is no tuple, is a compile error.
template <std::size_t I, class T>
constexpr decltype(auto) get_tuple_element(T&& t) {
  using U = std::remove_cvref_t<T>;
  if constexpr (!detail::is_std_tuple<U>::value) {
    SXLA_DIAGNOSE(hlo::get_tuple_element, "{} is not a tuple", (U), ());
    return 0;
  } else if constexpr (I >= std::tuple_size_v<U>) {
    SXLA_DIAGNOSE(hlo::get_tuple_element, "{} has {} elements: there is no element {}", (U),
                  (std::tuple_size_v<U>, I));
    return 0;
  } else if constexpr (std::is_lvalue_reference_v<T>) {
    return std::get<I>(t);
  } else {
    return std::tuple_element_t<I, U>(std::get<I>(static_cast<T&&>(t)));
  }
}

}  // namespace sxla

#endif  // SXLA_CONTROL_TUPLE_HPP
