// sxla/core/diagnostics.hpp: compile errors that name the op, the shapes and the sizes.
// A check that fails writes SXLA_DIAGNOSE(op, "text", (types...), (values...)) inside
// `if constexpr (!ok)`, so nothing here is instantiated when the check passes. The op
// is a tag type named as XLA's op in sxla's spelling (hlo::add, hlo::dot_general); the
// text's {} stand, in order, for the op, the types and the values:
//   SXLA_DIAGNOSE(hlo::add, "{} and {}: the ranks differ ({} and {})", (EA, EB), (2, 1))
// g++ 12 prints a class-type template argument holding characters as a string, so the
// error line carries the text filled in at compile time:
//   error: invalid use of incomplete type 'struct sxla::compile_error<sxla::message<55>{
//          "sxla: add: f32[2,3] and f32[4]: the ranks differ (2 and 1)"}>'
// clang 14 prints that argument as character codes, so there the error is a static_assert
// whose requirement lists the op, the types and the values, and whose message is the text:
//   error: static_assert failed due to requirement 'sxla::diagnostic<sxla::hlo::add,
//          sxla::hlo::f32[2][3], sxla::hlo::f32[4]>::values<2, 1>' "sxla: {}: {} and {}:
//          the ranks differ ({} and {})"
// Either way it is the only error. A type shows as itself (clang) and as its name (g++)
// unless diagnostic_display says otherwise: shape/print.hpp shows anything that has a
// shape (tensor, view, expression) as the shape, hlo::f32[2][3] (clang), f32[2,3] (g++);
// it is usable where shape/print.hpp is included. Texts avoid quotes: g++ prints an
// apostrophe as \'. A check that must be a constant (a static_assert at class scope)
// names its report through decltype, instantiating it without evaluating it: evaluated,
// g++ would add "called in a constant expression" (tensor/view.hpp has one).
#ifndef SXLA_CORE_DIAGNOSTICS_HPP
#define SXLA_CORE_DIAGNOSTICS_HPP

#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>

#include "sxla/core/element_type.hpp"   // primitive_type
#include "sxla/core/index.hpp"          // index_t
#include "sxla/core/static_string.hpp"  // static_string

namespace sxla {

// Types that exist to be read in compiler messages: XLA's element types, of which shapes
// are shown as array types (hlo::f32[2][3] is f32[2,3]), and, declared by the op
// headers, one tag per op (hlo::add, hlo::reshape).
namespace hlo {
struct pred {};
struct s8 {};
struct s16 {};
struct s32 {};
struct s64 {};
struct u8 {};
struct u16 {};
struct u32 {};
struct u64 {};
struct f16 {};
struct bf16 {};
struct f32 {};
struct f64 {};
struct c64 {};
struct c128 {};
struct s2 {};
struct s4 {};
struct u2 {};
struct u4 {};
struct f8e5m2 {};
struct f8e4m3 {};
struct f8e3m4 {};
struct f8e4m3fn {};
struct f8e4m3fnuz {};
struct f8e5m2fnuz {};
struct f8e4m3b11fnuz {};
struct f4e2m1fn {};
struct f6e2m3fn {};
struct f6e3m2fn {};
struct f8e8m0fnu {};
}  // namespace hlo

// A text as a class-type template argument (g++ prints it as a string).
template <std::size_t N>
struct message {
  char text[N] = {};
  constexpr message() noexcept = default;
  constexpr message(const char (&s)[N]) noexcept {  // NOLINT: implicit, for "literal" arguments
    for (std::size_t i = 0; i < N; ++i) text[i] = s[i];
  }
};

// Never defined: g++'s diagnostic is the use of compile_error<the text>.
template <message M>
struct compile_error;

// clang's diagnostic is the requirement diagnostic<Op, Types...>::values<Values...>.
template <class Op, class... Types>
struct diagnostic {
  template <auto... Values>
  static constexpr bool values = false;
};

namespace detail {
// The name of T as the compiler spells it (only instantiated for a diagnostic).
template <class T>
consteval std::string_view type_name() {
  // g++: "... [with T = sxla::hlo::add; std::string_view = ...]", clang: "... [T = sxla::hlo::add]".
  const std::string_view f = __PRETTY_FUNCTION__;
  const std::size_t begin = f.find("T = ") + 4;
  std::size_t end = f.find(';', begin);
  if (end == std::string_view::npos) end = f.rfind(']');
  return f.substr(begin, end - begin);
}

using diagnostic_buffer = static_string<1024>;
}  // namespace detail

// How a type argument of a diagnostic shows: `type` for clang, `append` for g++. By
// default as itself; shape/print.hpp specialises it for types that have a shape.
template <class T>
struct diagnostic_display {
  using type = T;
  static constexpr void append(detail::diagnostic_buffer& out) noexcept { out.append(detail::type_name<T>()); }
};

namespace detail {

// The element tag of a primitive type (hlo::f32 for f32).
template <primitive_type P> struct element_tag;
template <> struct element_tag<primitive_type::pred> { using type = hlo::pred; };
template <> struct element_tag<primitive_type::s8> { using type = hlo::s8; };
template <> struct element_tag<primitive_type::s16> { using type = hlo::s16; };
template <> struct element_tag<primitive_type::s32> { using type = hlo::s32; };
template <> struct element_tag<primitive_type::s64> { using type = hlo::s64; };
template <> struct element_tag<primitive_type::u8> { using type = hlo::u8; };
template <> struct element_tag<primitive_type::u16> { using type = hlo::u16; };
template <> struct element_tag<primitive_type::u32> { using type = hlo::u32; };
template <> struct element_tag<primitive_type::u64> { using type = hlo::u64; };
template <> struct element_tag<primitive_type::f16> { using type = hlo::f16; };
template <> struct element_tag<primitive_type::bf16> { using type = hlo::bf16; };
template <> struct element_tag<primitive_type::f32> { using type = hlo::f32; };
template <> struct element_tag<primitive_type::f64> { using type = hlo::f64; };
template <> struct element_tag<primitive_type::c64> { using type = hlo::c64; };
template <> struct element_tag<primitive_type::c128> { using type = hlo::c128; };
template <> struct element_tag<primitive_type::s2> { using type = hlo::s2; };
template <> struct element_tag<primitive_type::s4> { using type = hlo::s4; };
template <> struct element_tag<primitive_type::u2> { using type = hlo::u2; };
template <> struct element_tag<primitive_type::u4> { using type = hlo::u4; };
template <> struct element_tag<primitive_type::f8e5m2> { using type = hlo::f8e5m2; };
template <> struct element_tag<primitive_type::f8e4m3> { using type = hlo::f8e4m3; };
template <> struct element_tag<primitive_type::f8e3m4> { using type = hlo::f8e3m4; };
template <> struct element_tag<primitive_type::f8e4m3fn> { using type = hlo::f8e4m3fn; };
template <> struct element_tag<primitive_type::f8e4m3fnuz> { using type = hlo::f8e4m3fnuz; };
template <> struct element_tag<primitive_type::f8e5m2fnuz> { using type = hlo::f8e5m2fnuz; };
template <> struct element_tag<primitive_type::f8e4m3b11fnuz> { using type = hlo::f8e4m3b11fnuz; };
template <> struct element_tag<primitive_type::f4e2m1fn> { using type = hlo::f4e2m1fn; };
template <> struct element_tag<primitive_type::f6e2m3fn> { using type = hlo::f6e2m3fn; };
template <> struct element_tag<primitive_type::f6e3m2fn> { using type = hlo::f6e3m2fn; };
template <> struct element_tag<primitive_type::f8e8m0fnu> { using type = hlo::f8e8m0fnu; };

// Element[S0][S1]...: a shape as clang prints it legibly. A size of 0 makes a zero-length
// array, a GNU extension that -Wpedantic reports: allowed here, for display only.
template <class Element, index_t... Sizes>
struct array_display {
  using type = Element;
};
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wzero-length-array"
#elif defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#endif
template <class Element, index_t First, index_t... Rest>
struct array_display<Element, First, Rest...> {
  using type = typename array_display<Element, Rest...>::type[First];
};
#if defined(__clang__)
#pragma clang diagnostic pop
#elif defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
}  // namespace detail

namespace hlo {
// A shape too large to be an array type (clang allows 2^61 bytes): its sizes as a list.
template <class Element, index_t... Sizes>
struct shape {};
}  // namespace hlo

namespace detail {
// Whether Element[Sizes...] is small enough to be a type (the sizes other than 0 multiply
// to at most 2^48).
template <index_t... Sizes>
consteval bool fits_array_type() {
  index_t n = 1;
  for (index_t s : {index_t{1}, Sizes...}) {
    if (s == 0) continue;
    if (n > (index_t{1} << 48) / s) return false;
    n *= s;
  }
  return true;
}
}  // namespace detail

// The display type of an array of Element with these sizes: hlo::f32[2][3], or
// hlo::shape<hlo::f32, ...> when the array type would be too large to form.
template <primitive_type Element, index_t... Sizes>
using array_display_t =
    typename std::conditional_t<detail::fits_array_type<Sizes...>(),
                                detail::array_display<typename detail::element_tag<Element>::type, Sizes...>,
                                std::type_identity<hlo::shape<typename detail::element_tag<Element>::type, Sizes...>>>::type;

namespace detail {

template <class... T>
struct type_list {};
template <auto... V>
struct value_list {};

// A value as clang shows it: as int when it fits (2 rather than 2L).
template <auto V>
consteval bool fits_int() {
  if constexpr (std::is_integral_v<decltype(V)> && !std::is_same_v<decltype(V), bool>) {
    return std::in_range<int>(V);
  } else {
    return false;
  }
}
template <auto V, bool Small = fits_int<V>()>
struct shown_value {
  static constexpr auto value = V;
};
template <auto V>
struct shown_value<V, true> {
  static constexpr int value = static_cast<int>(V);
};

template <class Op, class Types, class Values>
struct diagnostic_args {};
template <class Op, class... T, auto... V>
struct diagnostic_args<Op, type_list<T...>, value_list<V...>> {
  using shown = diagnostic_args<Op, type_list<typename diagnostic_display<T>::type...>,
                                value_list<shown_value<V>::value...>>;
};

// Helpers for picking what a diagnostic shows: the position of the first true in `b`,
template <std::size_t N>
constexpr std::size_t first_index(const bool (&b)[N]) noexcept {
  std::size_t i = 0;
  while (i + 1 < N && !b[i]) ++i;
  return i;
}

// and the I-th type of T....
template <std::size_t I, class T, class... R>
struct nth_type {
  using type = typename nth_type<I - 1, R...>::type;
};
template <class T, class... R>
struct nth_type<0, T, R...> {
  using type = T;
};

// The tag that names a functor or op type Op in a compile error (hlo::add): Op::name, or
// Op itself.
template <class Op>
struct op_name {
  using type = Op;
};
template <class Op>
  requires requires { typename Op::name; }
struct op_name<Op> {
  using type = typename Op::name;
};
template <class Op>
using op_name_t = typename op_name<Op>::type;

// The op's tag name without its namespace ("add").
template <class Op>
consteval std::string_view op_text() {
  const std::string_view n = type_name<Op>();
  const std::size_t colon = n.rfind("::");
  return colon == std::string_view::npos ? n : n.substr(colon + 2);
}

template <class T>
constexpr void append_type(diagnostic_buffer& out) noexcept {
  diagnostic_display<T>::append(out);
}
template <auto V>
constexpr void append_value(diagnostic_buffer& out) noexcept {
  if constexpr (std::is_same_v<decltype(V), bool>) {
    out.append(V ? "true" : "false");
  } else {
    out.append_integer(static_cast<std::int64_t>(V));
  }
}

// The text with its {} replaced, in order, by the op, the types and the values.
template <message Format, class Op, class Types, class Values>
struct diagnostic_text;
template <message Format, class Op, class... T, auto... V>
struct diagnostic_text<Format, Op, type_list<T...>, value_list<V...>> {
  static constexpr diagnostic_buffer full = [] {
    using appender = void (*)(diagnostic_buffer&) noexcept;
    constexpr appender args[] = {&append_type<T>..., &append_value<V>..., nullptr};
    diagnostic_buffer out;
    std::size_t next = 0;
    bool op_done = false;
    const std::string_view f(Format.text, sizeof(Format.text) - 1);
    for (std::size_t i = 0; i < f.size(); ++i) {
      if (f[i] == '{' && i + 1 < f.size() && f[i + 1] == '}') {
        if (!op_done) {
          out.append(op_text<Op>());
          op_done = true;
        } else if (next < sizeof...(T) + sizeof...(V)) {
          args[next++](out);
        }
        ++i;
      } else {
        out.append(f[i]);
      }
    }
    return out;
  }();
  // Exactly as long as the text: g++ would print trailing zeros as \000.
  static constexpr message<full.size() + 1> value = [] {
    message<full.size() + 1> m;
    for (std::size_t i = 0; i < full.size(); ++i) m.text[i] = full[i];
    return m;
  }();
};

}  // namespace detail
}  // namespace sxla

// (a, b) -> a, b: the type and value lists are passed in parentheses.
#define SXLA_DETAIL_UNPAREN(...) __VA_ARGS__

// SXLA_DIAGNOSE(op, "text", (types...), (values...)): see the top of this header.
#if defined(__clang__)
#define SXLA_DIAGNOSE(sxla_op, sxla_text, sxla_types, sxla_values)                                               \
  []<class SxlaOp_, class... SxlaTypes_, auto... SxlaValues_>(                                                   \
      ::sxla::detail::diagnostic_args<SxlaOp_, ::sxla::detail::type_list<SxlaTypes_...>,                         \
                                      ::sxla::detail::value_list<SxlaValues_...>>) {                             \
    static_assert(sxla::diagnostic<SxlaOp_, SxlaTypes_...>::template values<SxlaValues_...>,                     \
                  "sxla: {}: " sxla_text);                                                                       \
  }(typename ::sxla::detail::diagnostic_args<sxla_op, ::sxla::detail::type_list<SXLA_DETAIL_UNPAREN sxla_types>, \
                                             ::sxla::detail::value_list<SXLA_DETAIL_UNPAREN sxla_values>>::shown{})
#else
#define SXLA_DIAGNOSE(sxla_op, sxla_text, sxla_types, sxla_values)                                            \
  (void)::sxla::compile_error<::sxla::detail::diagnostic_text<                                                 \
      "sxla: {}: " sxla_text, sxla_op, ::sxla::detail::type_list<SXLA_DETAIL_UNPAREN sxla_types>,             \
      ::sxla::detail::value_list<SXLA_DETAIL_UNPAREN sxla_values>>::value> {}
#endif

#endif  // SXLA_CORE_DIAGNOSTICS_HPP
