// sxla/shape/print.hpp: shape strings as XLA prints them: "f32[3,5]{1,0:T(2,2)}",
// "bf16[2,3,1004]{2,1,0:T(2,*,128)}", "f32[]" (a scalar's empty layout is not printed,
// as in XLA), "f32[2,3]{0,1:pad(3,5)}" for the seed's padded_dimensions. The output
// parses back to the same shape_spec (grammar.hpp). No heap: the result is a
// static_string. For compile errors (core/diagnostics.hpp), a shape also shows as a type:
// hlo::f32[2][3].
#ifndef SXLA_SHAPE_PRINT_HPP
#define SXLA_SHAPE_PRINT_HPP

#include <cstddef>
#include <type_traits>
#include <utility>

#include "sxla/core/diagnostics.hpp"    // array_display_t, diagnostic_display
#include "sxla/core/element_type.hpp"   // type_name
#include "sxla/core/static_string.hpp"  // static_string
#include "sxla/shape/layout.hpp"        // layout_spec, is_default_layout, padding_value_name
#include "sxla/shape/shape_spec.hpp"    // shape_spec
#include "sxla/shape/tile.hpp"          // tile_spec

namespace sxla {

// Long enough for any shape: max_rank sizes, max_tiles tiles of max_tile_rank entries.
inline constexpr std::size_t max_shape_string_length = 2048;
using shape_string = static_string<max_shape_string_length>;

// always: XLA's HumanStringWithLayout (f32[2,3]{1,0}); if_not_default: the layout only
// when it is not the default one; never: XLA's HumanString (f32[2,3]).
enum class layout_printing { always, if_not_default, never };

constexpr shape_string to_string(const shape_spec& s,
                                 layout_printing lp = layout_printing::always) noexcept {
  shape_string out;
  out.append(type_name(s.element_type)).append('[');
  for (std::size_t i = 0; i < s.rank(); ++i) {
    if (i > 0) out.append(',');
    out.append_integer(s.dimensions[i]);
  }
  out.append(']');
  const layout_spec& l = s.layout;
  const bool print = lp == layout_printing::always ||
                     (lp == layout_printing::if_not_default && !is_default_layout(l, s.rank()));
  const bool has_fields = !l.tiles.empty() || !l.padded_dimensions.empty() || l.element_size_in_bits != 0;
  if (!print || (s.rank() == 0 && l.minor_to_major.empty() && !has_fields)) return out;
  out.append('{');
  for (std::size_t i = 0; i < l.minor_to_major.size(); ++i) {
    if (i > 0) out.append(',');
    out.append_integer(l.minor_to_major[i]);
  }
  if (has_fields) out.append(':');
  if (!l.tiles.empty()) {
    out.append('T');
    for (const tile_spec& t : l.tiles) {
      out.append('(');
      for (std::size_t j = 0; j < t.dimensions.size(); ++j) {
        if (j > 0) out.append(',');
        if (t.dimensions[j] == tile_spec::combine) {
          out.append('*');
        } else {
          out.append_integer(t.dimensions[j]);
        }
      }
      out.append(')');
    }
  }
  if (!l.padded_dimensions.empty()) {
    out.append("pad(");
    for (std::size_t i = 0; i < l.padded_dimensions.size(); ++i) {
      if (i > 0) out.append(',');
      out.append_integer(l.padded_dimensions[i]);
    }
    if (l.pad_value != padding_value::zero) out.append(',').append(padding_value_name(l.pad_value));
    out.append(')');
  }
  if (l.element_size_in_bits != 0) {
    out.append("E(");
    out.append_integer(l.element_size_in_bits);
    out.append(')');
  }
  out.append('}');
  return out;
}

namespace detail {
template <shape_spec S, layout_printing LP>
constexpr auto exact_shape_string() noexcept {
  constexpr shape_string full = to_string(S, LP);
  static_string<full.size()> s;
  s.append(full.view());
  return s;
}
}  // namespace detail

// The shape string of a spec known at compile time, in a string of exactly its length:
// to_string<"f32[3,5]{1,0:T(2,2)}">() == "f32[3,5]{1,0:T(2,2)}".
template <shape_spec S, layout_printing LP = layout_printing::always>
constexpr auto to_string() noexcept {
  return detail::exact_shape_string<S, LP>();
}

// The same for any type that names its shape as a static member `spec` (shape, tensor,
// view): to_string<x::shape<"f32[2]">>().
template <class T, layout_printing LP = layout_printing::always>
  requires requires { T::spec; }
constexpr auto to_string() noexcept {
  return detail::exact_shape_string<T::spec, LP>();
}

namespace detail {
template <shape_spec S, std::size_t... I>
constexpr auto shape_display(std::index_sequence<I...>) noexcept {
  return std::type_identity<array_display_t<S.element_type, S.dimensions[I]...>>{};
}
}  // namespace detail

// A shape as a type, for compiler messages (see core/diagnostics.hpp): f32[2,3] is
// hlo::f32[2][3], f32[] is hlo::f32; the layout is not shown. (A class template: g++ 12
// crashes substituting a dependent spec into the alias's expression directly.)
template <shape_spec S>
struct shape_display {
  using type = typename decltype(detail::shape_display<S>(std::make_index_sequence<S.rank()>{}))::type;
};
template <shape_spec S>
using shape_display_t = typename shape_display<S>::type;

// A diagnostic shows anything with a shape (a shape, tensor, view or expression: a type
// with a static member `spec`) as its shape: hlo::f32[2][3] for clang, "f32[2,3]" (with
// the layout unless it is the default one) for g++.
template <class T>
  requires std::is_same_v<std::remove_cv_t<decltype(T::spec)>, shape_spec>
struct diagnostic_display<T> {
  using type = shape_display_t<T::spec>;
  static constexpr void append(detail::diagnostic_buffer& out) noexcept {
    out.append(to_string<T::spec, layout_printing::if_not_default>().view());
  }
};

// A shape known only as a spec, as a diagnostic's argument: shape_arg<Out>.
template <shape_spec S>
struct shape_arg {
  static constexpr shape_spec spec = S;
};

}  // namespace sxla

#endif  // SXLA_SHAPE_PRINT_HPP
