// sxla/ops/iota.hpp: XLA's Iota as a lazy node: x::iota<"s32[4,8]", 0>() holds at each
// index its coordinate along dimension 0. Floating-point types take the converted
// integer (XLA: ConvertElementType(Iota(integer))). Nothing is stored; a line along the
// iota dimension is a vector ramp, along any other one a constant.
// Seed example: iota<"s32[4,8]", 1>() has rows {0, 1, ..., 7}.
#ifndef SXLA_OPS_IOTA_HPP
#define SXLA_OPS_IOTA_HPP

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "sxla/config.hpp"              // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"    // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"   // native_type_t, is_complex_v
#include "sxla/core/index.hpp"          // index_t, multi_index
#include "sxla/expr/expression.hpp"     // logical_spec
#include "sxla/expr/line.hpp"           // constant_line, pattern_line
#include "sxla/shape/print.hpp"         // shape_arg
#include "sxla/shape/shape.hpp"         // shape (checks the spec)
#include "sxla/shape/validate.hpp"      // is_valid
#include "sxla/simd/vec.hpp"            // iota, convert, has_vec, int_of

namespace sxla {

// The op's name in compile errors (core/diagnostics.hpp).
namespace hlo {
struct iota;
}  // namespace hlo

namespace detail {
// The value of coordinate i as element type T (rounded for floats, as a conversion).
template <class T>
constexpr T iota_value(index_t i) noexcept {
  if constexpr (is_complex_v<T>) {
    return T(static_cast<typename T::value_type>(i), 0);
  } else {
    return static_cast<T>(i);
  }
}

// Coordinates start, start + 1, ... along the iota dimension.
template <class T>
struct iota_line {
  using value_type = T;
  index_t start;

  SXLA_FORCE_INLINE constexpr T get(index_t j) const noexcept { return iota_value<T>(start + j); }

  template <class L>
  SXLA_FORCE_INLINE simd::vec<T> load(index_t j) const noexcept {
    if constexpr (std::is_floating_point_v<T>) {
      using I = simd::int_of<T>;  // integers, converted once: exact as XLA's convert
      return simd::convert<T>(simd::iota<I>(static_cast<I>(start + j)));
    } else {
      return simd::iota<T>(static_cast<T>(start + j));
    }
  }
  template <class L>
  SXLA_FORCE_INLINE simd::vec<T> load_n(index_t j, std::size_t) const noexcept {
    return load<L>(j);
  }
};
}  // namespace detail

template <shape_spec S, std::size_t D>
struct iota_node {
  static constexpr bool is_expression = true;
  using value_type = typename shape<S>::value_type;
  static constexpr std::size_t rank = shape<S>::rank;
  static constexpr shape_spec spec = logical_spec(S.element_type, S.dimensions);
  using lane_type = std::conditional_t<simd::has_vec<value_type>, value_type, void>;

  SXLA_FORCE_INLINE constexpr value_type at(const multi_index<rank>& idx) const noexcept {
    return detail::iota_value<value_type>(idx[D]);
  }

  template <std::size_t M>
  SXLA_FORCE_INLINE constexpr auto line(const multi_index<rank>& start) const noexcept {
    if constexpr (M == D) {
      return detail::iota_line<value_type>{start[D]};
    } else {
      return constant_line<value_type>{at(start)};
    }
  }

  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool mergeable = Outer != D && Inner != D;
  template <std::size_t Outer, std::size_t>
  static constexpr bool periodic_mergeable = Outer != D;
  template <std::size_t Outer, std::size_t Inner, class L>
  SXLA_FORCE_INLINE auto periodic_line(const multi_index<rank>& start) const noexcept {
    return pattern_line<L, decltype(line<Inner>(start))>(line<Inner>(start), spec.dimensions[Inner]);
  }
  template <std::size_t>
  static constexpr bool strided_along = false;

  template <class L>
  static constexpr bool vectorizable = simd::has_vec<value_type> && sizeof(value_type) == sizeof(L) &&
                                       (!std::is_floating_point_v<value_type> || simd::has_vec<simd::int_of<value_type>>);

  template <class F>
  constexpr void for_each_leaf(F&&, bool) const {}
  template <class V>
  static constexpr void visit_leaves(V&, bool) {}
};

// Iota(shape, dimension).
template <shape_spec S, index_t D>
constexpr auto iota() noexcept {
  constexpr std::size_t rank = shape<S>::rank;
  if constexpr (!is_valid(S)) {
    return iota_node<shape_spec(S.element_type, {1}), 0>{};  // shape<S> has reported the error
  } else if constexpr (D < 0 || D >= static_cast<index_t>(rank)) {
    SXLA_DIAGNOSE(hlo::iota, "{}: dimension {} is not a dimension of the shape (rank {})", (shape_arg<S>), (D, rank));
    return iota_node<shape_spec(S.element_type, {1}), 0>{};
  } else {
    return iota_node<S, static_cast<std::size_t>(D)>{};
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_IOTA_HPP
