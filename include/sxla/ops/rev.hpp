// sxla/ops/rev.hpp: XLA's Rev as a lazy node: x::rev<0, 2>(a) reverses the order of the
// elements along dimensions 0 and 2 (index i becomes N - 1 - i). A line along a reversed
// dimension is the operand's line read backwards: a vector load of the operand and a lane
// reversal, no per-element index arithmetic. A dimension that is out of range or listed
// twice is a compile error naming the op and the shape.
#ifndef SXLA_OPS_REV_HPP
#define SXLA_OPS_REV_HPP

#include <cstddef>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"       // SXLA_DIAGNOSE
#include "sxla/core/index.hpp"             // index_t, multi_index, idx
#include "sxla/expr/leaf.hpp"              // as_operand, operand
#include "sxla/expr/view_lines.hpp"        // reversed_line
#include "sxla/ops/transpose.hpp"          // detail::distinct_dimensions, first_bad_dimension
#include "sxla/shape/print.hpp"            // diagnostic_display of shapes

namespace sxla {

template <class Op, idx Dims>
struct rev_node {
  static constexpr bool is_expression = true;
  using value_type = typename Op::value_type;
  using lane_type = typename Op::lane_type;
  static constexpr std::size_t rank = Op::rank;
  static constexpr shape_spec spec = Op::spec;

  Op operand;

  static constexpr bool reversed(std::size_t d) noexcept {
    for (index_t r : Dims)
      if (static_cast<std::size_t>(r) == d) return true;
    return false;
  }
  SXLA_FORCE_INLINE static constexpr multi_index<rank> source(multi_index<rank> idx) noexcept {
    for (std::size_t d = 0; d < rank; ++d)
      if (reversed(d)) idx[d] = spec.dimensions[d] - 1 - idx[d];
    return idx;
  }

  SXLA_FORCE_INLINE constexpr value_type at(const multi_index<rank>& idx) const noexcept {
    return operand.at(source(idx));
  }
  template <std::size_t M>
  SXLA_FORCE_INLINE constexpr auto line(const multi_index<rank>& start) const noexcept {
    if constexpr (reversed(M)) {
      multi_index<rank> s = source(start);
      const index_t top = s[M];
      s[M] = 0;
      return reversed_line<decltype(operand.template line<M>(s))>{operand.template line<M>(s), top};
    } else {
      return operand.template line<M>(source(start));
    }
  }
  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool mergeable = !reversed(Outer) && !reversed(Inner) && Op::template mergeable<Outer, Inner>;
  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool periodic_mergeable =
      !reversed(Outer) && !reversed(Inner) && Op::template periodic_mergeable<Outer, Inner>;
  template <std::size_t Outer, std::size_t Inner, class L>
  SXLA_FORCE_INLINE auto periodic_line(const multi_index<rank>& start) const noexcept {
    return operand.template periodic_line<Outer, Inner, L>(source(start));
  }
  template <std::size_t M>
  static constexpr bool strided_along = Op::template strided_along<M>;
  template <class L>
  static constexpr bool vectorizable = Op::template vectorizable<L>;

  template <class F>
  constexpr void for_each_leaf(F&& f, bool) const {
    operand.for_each_leaf(f, false);
  }
  template <class V>
  static constexpr void visit_leaves(V& v, bool) {
    decltype(operand)::visit_leaves(v, false);
  }
};

// The op's name in compile errors (core/diagnostics.hpp).
namespace hlo {
struct rev;
}  // namespace hlo

// Rev(operand, {Dims...}).
template <index_t... Dims, operand X>
constexpr auto rev(X&& x) noexcept {
  auto e = as_operand(static_cast<X&&>(x));
  using E = decltype(e);
  constexpr bool ok = detail::distinct_dimensions(idx{Dims...}, E::rank);
  if constexpr (!ok) {
    constexpr std::size_t at = detail::first_bad_dimension(idx{Dims...}, E::rank);
    SXLA_DIAGNOSE(hlo::rev, "{}: dimension {} is out of range or listed twice (rank {})", (E),
                  (idx{Dims...}[at], E::rank));
    return e;
  } else {
    return rev_node<E, idx{Dims...}>{e};
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_REV_HPP
