// sxla/tensor/literal_io.hpp: printing tensors and views in XLA's literal format, on
// one line: "f32[2,3] {{1, 2, 3}, {4, 5, 6}}", "f32[] 5", "pred[2] {true, false}",
// "c64[1] {(1, 2)}". The layout is printed after the dimensions only when it is not
// the default one. Floating values use the shortest text that reads back to the same
// value (for f16 and bf16, the same 16-bit value; the 8-, 6- and 4-bit floats print
// their exact values). write_literal writes to any output
// iterator (no heap); operator<< writes to a std::ostream.
#ifndef SXLA_TENSOR_LITERAL_IO_HPP
#define SXLA_TENSOR_LITERAL_IO_HPP

#include <charconv>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <ostream>
#include <string_view>
#include <type_traits>

#include "sxla/core/float16.hpp"          // small_float
#include "sxla/core/float8.hpp"           // is_minifloat_v
#include "sxla/core/intn.hpp"             // is_intn_v
#include "sxla/core/index.hpp"            // index_t, multi_index
#include "sxla/shape/print.hpp"           // to_string, layout_printing
#include "sxla/tensor/packed.hpp"         // packed_array
#include "sxla/tensor/storage_array.hpp"  // storage_array

namespace sxla {

namespace detail {

template <class OutIt>
OutIt write_text(OutIt out, std::string_view s) {
  for (char c : s) *out++ = c;
  return out;
}

template <class F, class OutIt>
OutIt write_floating(OutIt out, F v) {
  if (std::isnan(v)) return write_text(out, std::signbit(v) ? "-nan" : "nan");
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest round trip
  return write_text(out, std::string_view(buf, static_cast<std::size_t>(r.ptr - buf)));
}

// The shortest decimal that converts back to the same 16-bit value.
template <int E, int M, class OutIt>
OutIt write_small_float(OutIt out, small_float<E, M> v) {
  using T = small_float<E, M>;
  const float f = v;
  if (!v.isfinite()) return write_floating(out, f);
  char buf[64];
  for (int precision = 1; precision <= std::numeric_limits<T>::max_digits10; ++precision) {
    const auto r = std::to_chars(buf, buf + sizeof buf, f, std::chars_format::general, precision);
    double back = 0;
    std::from_chars(buf, r.ptr, back);
    if (T(back).bits() == v.bits()) return write_floating(out, static_cast<float>(back));
  }
  return write_floating(out, f);
}

template <class T, class OutIt>
OutIt write_element(OutIt out, const T& v) {
  if constexpr (std::is_same_v<T, bool>) {
    return write_text(out, v ? "true" : "false");
  } else if constexpr (is_intn_v<T>) {
    return write_element(out, static_cast<int>(v));
  } else if constexpr (std::is_integral_v<T>) {
    char buf[24];
    using wide = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
    const auto r = std::to_chars(buf, buf + sizeof buf, static_cast<wide>(v));
    return write_text(out, std::string_view(buf, static_cast<std::size_t>(r.ptr - buf)));
  } else if constexpr (std::is_floating_point_v<T>) {
    return write_floating(out, v);
  } else if constexpr (is_minifloat_v<T>) {
    return write_floating(out, static_cast<float>(v));  // exact, and short: at most 5 significant bits
  } else if constexpr (requires { v.bits(); }) {
    return write_small_float(out, v);
  } else {  // complex
    *out++ = '(';
    out = write_floating(out, v.real());
    out = write_text(out, ", ");
    out = write_floating(out, v.imag());
    *out++ = ')';
    return out;
  }
}

template <std::size_t Depth, class A, class OutIt>
OutIt write_nested(OutIt out, const A& a, multi_index<A::rank>& idx) {
  if constexpr (Depth == A::rank) {
    return write_element(out, a[idx]);
  } else {
    *out++ = '{';
    for (index_t i = 0; i < A::shape_type::dimensions[Depth]; ++i) {
      if (i > 0) out = write_text(out, ", ");
      idx[Depth] = i;
      out = write_nested<Depth + 1>(out, a, idx);
    }
    *out++ = '}';
    return out;
  }
}

}  // namespace detail

// Writes a in XLA's one-line literal format to `out`; returns the advanced iterator.
template <class A, class OutIt>
  requires stored_array<A>
OutIt write_literal(OutIt out, const A& a) {
  out = detail::write_text(out, to_string<A::spec, layout_printing::if_not_default>().view());
  *out++ = ' ';
  multi_index<A::rank> idx{};
  return detail::write_nested<0>(out, a, idx);
}

template <class A>
  requires stored_array<A>
std::ostream& operator<<(std::ostream& os, const A& a) {
  write_literal(std::ostreambuf_iterator<char>(os), a);
  return os;
}

}  // namespace sxla

#endif  // SXLA_TENSOR_LITERAL_IO_HPP
