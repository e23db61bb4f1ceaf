// sxla/expr/broadcast_node.hpp: broadcast_node, XLA's BroadcastInDim as a lazy node: the
// operand's dimension i is the result's dimension Dims[i] (or is replicated along it when
// its size is 1); the other result dimensions replicate the operand. Reads cost nothing
// extra: a line along a dimension the operand has is the operand's own line, along any
// other dimension it is a constant. Implicit broadcasting (scalars, degenerate
// dimensions, broadcast_dimensions) and the ops broadcast and broadcast_in_dim all build
// it; their shape rules are in shape/broadcast_rules.hpp.
#ifndef SXLA_EXPR_BROADCAST_NODE_HPP
#define SXLA_EXPR_BROADCAST_NODE_HPP

#include <cstddef>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/index.hpp"             // index_t, multi_index
#include "sxla/expr/expression.hpp"        // logical_spec
#include "sxla/expr/line.hpp"              // constant_line, pattern_line
#include "sxla/shape/broadcast_rules.hpp"  // dimension_list

namespace sxla {

template <class Op, dimension_list OutDims, dimension_list Dims>
struct broadcast_node {
  static constexpr bool is_expression = true;
  using value_type = typename Op::value_type;
  static constexpr std::size_t rank = OutDims.size();
  static constexpr shape_spec spec = logical_spec(Op::spec.element_type, OutDims);
  static constexpr std::size_t operand_rank = Op::rank;
  using lane_type = typename Op::lane_type;

  Op operand;

  // The operand index read for result index idx.
  SXLA_FORCE_INLINE static constexpr multi_index<operand_rank> source(const multi_index<rank>& idx) noexcept {
    multi_index<operand_rank> s{};
    for (std::size_t k = 0; k < operand_rank; ++k)
      s[k] = Op::spec.dimensions[k] == 1 ? 0 : idx[static_cast<std::size_t>(Dims[k])];
    return s;
  }

  // The operand dimension that varies along result dimension d, or -1 (replicated).
  static constexpr int feeding(std::size_t d) noexcept {
    for (std::size_t k = 0; k < operand_rank; ++k)
      if (static_cast<std::size_t>(Dims[k]) == d && Op::spec.dimensions[k] != 1) return static_cast<int>(k);
    return -1;
  }

  SXLA_FORCE_INLINE constexpr value_type at(const multi_index<rank>& idx) const noexcept {
    return operand.at(source(idx));
  }

  template <std::size_t M>
  SXLA_FORCE_INLINE constexpr auto line(const multi_index<rank>& start) const noexcept {
    constexpr int k = feeding(M);
    if constexpr (k >= 0) {
      return operand.template line<static_cast<std::size_t>(k)>(source(start));
    } else {
      return constant_line<value_type>{operand.at(source(start))};
    }
  }

 private:
  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool mergeable_impl() noexcept {
    constexpr int ko = feeding(Outer), ki = feeding(Inner);
    if constexpr (ko < 0 && ki < 0) {
      return true;
    } else if constexpr (ko < 0 || ki < 0) {
      return false;
    } else {
      return Op::template mergeable<static_cast<std::size_t>(ko), static_cast<std::size_t>(ki)>;
    }
  }

 public:
  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool mergeable = mergeable_impl<Outer, Inner>();

  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool periodic_mergeable = [] {
    constexpr int ko = feeding(Outer), ki = feeding(Inner);
    if constexpr (ko < 0) {
      return true;  // constant along Outer: repeats the row
    } else if constexpr (ki < 0) {
      return false;
    } else {
      return Op::template periodic_mergeable<static_cast<std::size_t>(ko), static_cast<std::size_t>(ki)>;
    }
  }();

  template <std::size_t Outer, std::size_t Inner, class L>
  SXLA_FORCE_INLINE auto periodic_line(const multi_index<rank>& start) const noexcept {
    constexpr int ko = feeding(Outer), ki = feeding(Inner);
    if constexpr (ko < 0 && ki < 0) {
      return line<Inner>(start);  // a constant along both: the same everywhere
    } else if constexpr (ko < 0) {
      return pattern_line<L, decltype(line<Inner>(start))>(line<Inner>(start), OutDims[Inner]);
    } else {
      return operand.template periodic_line<static_cast<std::size_t>(ko), static_cast<std::size_t>(ki), L>(
          source(start));
    }
  }

  template <std::size_t M>
  static constexpr bool strided_along = [] {
    constexpr int k = feeding(M);
    if constexpr (k >= 0) {
      return Op::template strided_along<static_cast<std::size_t>(k)>;
    } else {
      return false;
    }
  }();

  template <class L>
  static constexpr bool vectorizable = Op::template vectorizable<L>;

  template <class F>
  constexpr void for_each_leaf(F&& f, bool) const {
    operand.for_each_leaf(f, false);
  }
  template <class V>
  static constexpr void visit_leaves(V& v, bool) {
    Op::visit_leaves(v, false);
  }
};

}  // namespace sxla

#endif  // SXLA_EXPR_BROADCAST_NODE_HPP
