// sxla/control/value_shape.hpp: the shape of a value named by a string, as a template
// argument: an array ("f32[3,3]") or a tuple of arrays ("(f32[2], s32[])", "()"), XLA's
// tuple shape syntax. value_shape_t<V> is the value type it names: x::tensor<S>, or a
// std::tuple of them. Tuples do not nest (as Infeed requires; a nested tuple is an
// error), and hold at most max_tuple_elements arrays. A malformed string does not fail
// here: the spec records the problem and check_value_shape<V>() reports it where it is
// used (an element's own error through check_shape, with its message).
#ifndef SXLA_CONTROL_VALUE_SHAPE_HPP
#define SXLA_CONTROL_VALUE_SHAPE_HPP

#include <cstddef>
#include <string_view>
#include <tuple>
#include <utility>

#include "sxla/shape/grammar.hpp"     // parse_shape_into
#include "sxla/shape/shape_spec.hpp"  // shape_spec
#include "sxla/shape/validate.hpp"    // is_valid, check_shape
#include "sxla/tensor/tensor.hpp"     // tensor

namespace sxla {

inline constexpr std::size_t max_tuple_elements = 16;

// What can be wrong with a tuple shape string beyond its elements.
enum class value_shape_error { none, unbalanced, nested_tuple, empty_element, too_many_elements };

struct value_shape_spec {
  bool is_tuple = false;
  std::size_t count = 0;
  shape_spec elements[max_tuple_elements] = {};
  value_shape_error error = value_shape_error::none;

  // One array shape.
  constexpr value_shape_spec(const shape_spec& s) noexcept : count(1) {  // NOLINT: implicit
    elements[0] = s;
  }

  template <std::size_t N>
  consteval value_shape_spec(const char (&text)[N]) noexcept {  // NOLINT: implicit by design
    std::string_view t(text, N - 1);
    while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
    while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
    if (t.empty() || t.front() != '(') {
      count = 1;
      elements[0] = parse_element(t);
      return;
    }
    is_tuple = true;
    if (t.back() != ')') {
      error = value_shape_error::unbalanced;
      return;
    }
    t = t.substr(1, t.size() - 2);
    std::size_t depth = 0;
    std::size_t begin = 0;
    bool blank = true;  // "()": no element
    for (std::size_t i = 0; i <= t.size(); ++i) {
      const char c = i < t.size() ? t[i] : ',';
      if (i < t.size() && c != ' ') blank = false;
      if ((c == '(' || c == ')') && depth == 0) {  // (inside braces: a tile, T(2,2))
        error = value_shape_error::nested_tuple;
        return;
      }
      if (c == '[' || c == '{') ++depth;
      if ((c == ']' || c == '}') && depth > 0) --depth;
      if (c == ',' && depth == 0) {
        if (i == t.size() && blank && count == 0) return;
        std::string_view e = t.substr(begin, i - begin);
        while (!e.empty() && e.front() == ' ') e.remove_prefix(1);
        while (!e.empty() && e.back() == ' ') e.remove_suffix(1);
        if (e.empty()) {
          error = value_shape_error::empty_element;
          return;
        }
        if (count == max_tuple_elements) {
          error = value_shape_error::too_many_elements;
          return;
        }
        elements[count++] = parse_element(e);
        begin = i + 1;
      }
    }
  }

  friend constexpr bool operator==(const value_shape_spec&, const value_shape_spec&) = default;

 private:
  static constexpr shape_spec parse_element(std::string_view e) noexcept {
    shape_spec s;
    const parse_status st = parse_shape_into(e, s);
    s.parse_error = st.error;
    s.parse_error_position = st.position;
    return s;
  }
};

constexpr bool is_valid(const value_shape_spec& v) noexcept {
  if (v.error != value_shape_error::none) return false;
  for (std::size_t i = 0; i < v.count; ++i)
    if (!is_valid(v.elements[i])) return false;
  return true;
}

// A no-op for a well-formed value shape; otherwise a static_assert that says what is
// wrong (an element's error with check_shape's message).
template <value_shape_spec V>
consteval bool check_value_shape() {
  static_assert(V.error != value_shape_error::unbalanced, "sxla: malformed tuple shape string: no closing parenthesis");
  static_assert(V.error != value_shape_error::nested_tuple, "sxla: malformed tuple shape string: tuples do not nest here");
  static_assert(V.error != value_shape_error::empty_element, "sxla: malformed tuple shape string: an element is empty");
  static_assert(V.error != value_shape_error::too_many_elements,
                "sxla: malformed tuple shape string: more than max_tuple_elements (16) elements");
  if constexpr (V.error == value_shape_error::none) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (check_shape<V.elements[I]>() && ... && true);
    }(std::make_index_sequence<V.count>{});
  } else {
    return false;
  }
}

namespace detail {
template <value_shape_spec V, std::size_t... I>
auto value_shape_type(std::index_sequence<I...>) -> std::tuple<tensor<valid_or_scalar<V.elements[I]>>...>;
}  // namespace detail

// The value type V names (for a well-formed V).
template <value_shape_spec V>
using value_shape_t =
    std::conditional_t<V.is_tuple, decltype(detail::value_shape_type<V>(std::make_index_sequence<V.count>{})),
                       tensor<valid_or_scalar<V.elements[0]>>>;

}  // namespace sxla

#endif  // SXLA_CONTROL_VALUE_SHAPE_HPP
