// sxla/expr/view_lines.hpp: the line cursors of the data-movement views (ops/rev.hpp,
// slice.hpp, pad.hpp, concatenate.hpp, dynamic_update_slice.hpp), built on their
// operands' lines (line.hpp has the protocol):
//
//   reversed_line   element j is base's element top - j (rev)
//   stepped_line    element j is base's element j * Step (slice with a stride); over a
//                   strided memory line it is a strided memory line again (step_line)
//   spliced_line    elements [begin, end) from one line, shifted, the rest from another
//                   (pad's edges, dynamic_update_slice's window)
//   chosen_line     one of N lines of the same value type, chosen at run time
//                   (concatenate across its dimension)
//   joined_line     N lines one after the other (concatenate along its dimension)
//
// Vector loads that straddle a boundary (a splice's edge, a join) go element by element:
// at most two such loads per boundary, the others are the operand lines' own loads.
#ifndef SXLA_EXPR_VIEW_LINES_HPP
#define SXLA_EXPR_VIEW_LINES_HPP

#include <cstddef>
#include <type_traits>
#include <utility>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/index.hpp"             // index_t
#include "sxla/expr/elementwise_node.hpp"  // detail::pack
#include "sxla/expr/line.hpp"              // strided_line, detail::load_by_element
#include "sxla/simd/vec.hpp"               // lanes, reverse

namespace sxla {

// The element type of a line (what get returns).
template <class Line>
using line_value_t = std::remove_cvref_t<decltype(std::declval<const Line&>().get(0))>;

namespace detail {
template <class T, class...>
struct first_type {
  using type = T;
};

// n elements of a line from j, one by one (the other lanes: any value).
template <class L, class Line>
SXLA_FORCE_INLINE auto load_elements(const Line& line, index_t j, std::size_t n) noexcept {
  return load_by_element<L, line_value_t<Line>>([&line](index_t k) { return line.get(k); }, j, n);
}
}  // namespace detail

template <class Base>
struct reversed_line {
  using value_type = line_value_t<Base>;
  Base base;
  index_t top;

  SXLA_FORCE_INLINE constexpr value_type get(index_t j) const noexcept { return base.get(top - j); }
  template <class L>
  SXLA_FORCE_INLINE auto load(index_t j) const noexcept {
    if constexpr (std::is_same_v<value_type, bool>) {
      return detail::load_elements<L>(*this, j, simd::lanes<L>);
    } else {
      return simd::reverse(base.template load<L>(top - j - static_cast<index_t>(simd::lanes<L>) + 1));
    }
  }
  template <class L>
  SXLA_FORCE_INLINE auto load_n(index_t j, std::size_t n) const noexcept {
    return detail::load_elements<L>(*this, j, n);
  }
};

template <class Base, index_t Step>
struct stepped_line {
  using value_type = line_value_t<Base>;
  Base base;

  SXLA_FORCE_INLINE constexpr value_type get(index_t j) const noexcept { return base.get(j * Step); }
  template <class L>
  SXLA_FORCE_INLINE auto load(index_t j) const noexcept {
    return detail::load_elements<L>(*this, j, simd::lanes<L>);
  }
  template <class L>
  SXLA_FORCE_INLINE auto load_n(index_t j, std::size_t n) const noexcept {
    return detail::load_elements<L>(*this, j, n);
  }
};

// Every Step-th element of a line: over memory at a constant stride, a strided line again.
template <index_t Step, class Line>
SXLA_FORCE_INLINE constexpr auto step_line(const Line& line) noexcept {
  if constexpr (Step == 1) {
    return line;
  } else {
    return stepped_line<Line, Step>{line};
  }
}
template <index_t Step, class T, index_t S>
SXLA_FORCE_INLINE constexpr strided_line<T, S * Step> step_line(const strided_line<T, S>& line) noexcept {
  return {line.p};
}

template <class Outside, class Inside>
struct spliced_line {
  using value_type = line_value_t<Outside>;
  static_assert(std::is_same_v<value_type, line_value_t<Inside>>);
  Outside outside;
  Inside inside;
  index_t begin, end, shift;  // j in [begin, end): inside's element j - shift

  SXLA_FORCE_INLINE constexpr value_type get(index_t j) const noexcept {
    return begin <= j && j < end ? inside.get(j - shift) : outside.get(j);
  }
  template <class L>
  SXLA_FORCE_INLINE auto load(index_t j) const noexcept {
    constexpr auto n = static_cast<index_t>(simd::lanes<L>);
    if (begin <= j && j + n <= end) return inside.template load<L>(j - shift);
    if (j + n <= begin || end <= j) return outside.template load<L>(j);
    return detail::load_elements<L>(*this, j, simd::lanes<L>);
  }
  template <class L>
  SXLA_FORCE_INLINE auto load_n(index_t j, std::size_t n) const noexcept {
    return detail::load_elements<L>(*this, j, n);
  }
};

template <class... Lines>
struct chosen_line {
  using value_type = line_value_t<typename detail::first_type<Lines...>::type>;
  detail::pack<Lines...> lines;
  std::size_t chosen;

  template <class F>
  SXLA_FORCE_INLINE constexpr auto visit(F f) const noexcept {
    return visit_from<0>(f);
  }
  SXLA_FORCE_INLINE constexpr value_type get(index_t j) const noexcept {
    return visit([j](const auto& l) { return l.get(j); });
  }
  template <class L>
  SXLA_FORCE_INLINE auto load(index_t j) const noexcept {
    return visit([j](const auto& l) { return l.template load<L>(j); });
  }
  template <class L>
  SXLA_FORCE_INLINE auto load_n(index_t j, std::size_t n) const noexcept {
    return visit([j, n](const auto& l) { return l.template load_n<L>(j, n); });
  }

 private:
  template <std::size_t K, class F>
  SXLA_FORCE_INLINE constexpr auto visit_from(F f) const noexcept {
    if constexpr (K + 1 == sizeof...(Lines)) {
      return f(lines.template get<K>());
    } else {
      return chosen == K ? f(lines.template get<K>()) : visit_from<K + 1>(f);
    }
  }
};

// Line k covers [Offsets[k], Offsets[k + 1]) of the joined positions, its element 0 at
// Offsets[k]; element j of the joined line is position first + j.
template <auto Offsets, class... Lines>
struct joined_line {
  using value_type = line_value_t<typename detail::first_type<Lines...>::type>;
  detail::pack<Lines...> lines;
  index_t first;

  SXLA_FORCE_INLINE constexpr value_type get(index_t j) const noexcept {
    const index_t q = first + j;
    return find<0>(q, [q]<std::size_t K>(const auto& l) { return l.get(q - Offsets[K]); });
  }
  template <class L>
  SXLA_FORCE_INLINE auto load(index_t j) const noexcept {
    constexpr auto n = static_cast<index_t>(simd::lanes<L>);
    const index_t q = first + j;
    return find<0>(q, [&]<std::size_t K>(const auto& l) {
      if (q + n <= Offsets[K + 1]) return l.template load<L>(q - Offsets[K]);
      return detail::load_elements<L>(*this, j, simd::lanes<L>);
    });
  }
  template <class L>
  SXLA_FORCE_INLINE auto load_n(index_t j, std::size_t n) const noexcept {
    return detail::load_elements<L>(*this, j, n);
  }

 private:
  // f.template operator()<K>(line K) for the K whose range holds q.
  template <std::size_t K, class F>
  SXLA_FORCE_INLINE constexpr auto find(index_t q, F f) const noexcept {
    if constexpr (K + 1 == sizeof...(Lines)) {
      return f.template operator()<K>(lines.template get<K>());
    } else {
      return q < Offsets[K + 1] ? f.template operator()<K>(lines.template get<K>()) : find<K + 1>(q, f);
    }
  }
};

}  // namespace sxla

#endif  // SXLA_EXPR_VIEW_LINES_HPP
