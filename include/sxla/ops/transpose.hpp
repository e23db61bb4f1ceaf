// sxla/ops/transpose.hpp: XLA's Transpose as a lazy node: x::transpose<1, 0>(a) has
// result dimension i = operand dimension perm[i], and reads operand elements in place (a
// line of the result is a line of the operand along its dimension perm[M]). Assigning
// a transpose of a tensor to that tensor goes through a temporary (expr/assign.hpp).
// A list that is not a permutation of the operand's dimensions is a compile error.
#ifndef SXLA_OPS_TRANSPOSE_HPP
#define SXLA_OPS_TRANSPOSE_HPP

#include <cstddef>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"       // SXLA_DIAGNOSE
#include "sxla/core/index.hpp"             // index_t, multi_index
#include "sxla/expr/expression.hpp"        // logical_spec
#include "sxla/expr/leaf.hpp"              // as_operand, operand
#include "sxla/shape/broadcast_rules.hpp"  // dimension_list
#include "sxla/shape/print.hpp"            // diagnostic_display of shapes

namespace sxla {

template <class Op, dimension_list Perm>
struct transpose_node {
  static constexpr bool is_expression = true;
  using value_type = typename Op::value_type;
  using lane_type = typename Op::lane_type;
  static constexpr std::size_t rank = Op::rank;
  static constexpr dimension_list dims = [] {
    dimension_list d;
    for (std::size_t i = 0; i < rank; ++i) d.push_back(Op::spec.dimensions[static_cast<std::size_t>(Perm[i])]);
    return d;
  }();
  static constexpr shape_spec spec = logical_spec(Op::spec.element_type, dims);

  Op operand;

  SXLA_FORCE_INLINE static constexpr multi_index<rank> source(const multi_index<rank>& idx) noexcept {
    multi_index<rank> s{};
    for (std::size_t i = 0; i < rank; ++i) s[static_cast<std::size_t>(Perm[i])] = idx[i];
    return s;
  }

  SXLA_FORCE_INLINE constexpr value_type at(const multi_index<rank>& idx) const noexcept {
    return operand.at(source(idx));
  }
  template <std::size_t M>
  SXLA_FORCE_INLINE constexpr auto line(const multi_index<rank>& start) const noexcept {
    return operand.template line<static_cast<std::size_t>(Perm[M])>(source(start));
  }
  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool mergeable =
      Op::template mergeable<static_cast<std::size_t>(Perm[Outer]), static_cast<std::size_t>(Perm[Inner])>;
  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool periodic_mergeable =
      Op::template periodic_mergeable<static_cast<std::size_t>(Perm[Outer]), static_cast<std::size_t>(Perm[Inner])>;
  template <std::size_t Outer, std::size_t Inner, class L>
  SXLA_FORCE_INLINE auto periodic_line(const multi_index<rank>& start) const noexcept {
    return operand.template periodic_line<static_cast<std::size_t>(Perm[Outer]), static_cast<std::size_t>(Perm[Inner]),
                                          L>(source(start));
  }
  template <std::size_t M>
  static constexpr bool strided_along = Op::template strided_along<static_cast<std::size_t>(Perm[M])>;
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
struct transpose;
}  // namespace hlo

namespace detail {
// Each entry of d names a dimension of a rank-r array, at most once.
constexpr bool distinct_dimensions(const dimension_list& d, std::size_t r) noexcept {
  bool seen[max_rank] = {};
  for (index_t k : d) {
    if (k < 0 || k >= static_cast<index_t>(r) || seen[k]) return false;
    seen[k] = true;
  }
  return true;
}
constexpr bool is_permutation(const dimension_list& p, std::size_t rank) noexcept {
  return p.size() == rank && distinct_dimensions(p, rank);
}
// The position in d of the first entry that is out of range for rank r or repeated.
constexpr std::size_t first_bad_dimension(const dimension_list& d, std::size_t r) noexcept {
  bool seen[max_rank] = {};
  for (std::size_t i = 0; i < d.size(); ++i) {
    const index_t k = d[i];
    if (k < 0 || k >= static_cast<index_t>(r) || seen[k]) return i;
    seen[k] = true;
  }
  return d.size();
}
}  // namespace detail

// Transpose(operand, {Perm...}).
template <index_t... Perm, operand X>
constexpr auto transpose(X&& x) noexcept {
  auto e = as_operand(static_cast<X&&>(x));
  using E = decltype(e);
  constexpr dimension_list perm{Perm...};
  constexpr bool ok = detail::is_permutation(perm, E::rank);
  if constexpr (!ok) {
    if constexpr (perm.size() != E::rank) {
      SXLA_DIAGNOSE(hlo::transpose, "{}: give one dimension per operand dimension ({} for rank {})", (E),
                    (perm.size(), E::rank));
    } else {
      constexpr std::size_t at = detail::first_bad_dimension(perm, E::rank);
      SXLA_DIAGNOSE(hlo::transpose,
                    "{}: the dimensions are not a permutation of the operand dimensions (entry {} is {}: out of range "
                    "or repeated)",
                    (E), (at, perm[at]));
    }
    return e;
  } else {
    return transpose_node<E, perm>{e};
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_TRANSPOSE_HPP
