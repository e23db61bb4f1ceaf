// sxla/expr/make_elementwise.hpp: how elementwise ops are built and checked. An op is a
// functor (ops/) plus a callable object made here: unary_fn<Op> (x::exp(a)),
// binary_fn<Op> (x::add(a, b) and x::add(a, b, x::broadcast_dimensions<1>)), and
// make_nary for ops with their own operand rules (select, clamp, map). They turn
// tensors, views and C++ numbers into operands (a number takes the element type of the
// array it meets), check at compile time that the op takes the element type, that the
// element types agree and that the shapes broadcast (shape/broadcast_rules.hpp), and
// wrap operands of other shapes in broadcast nodes. A failed check is one compile error
// (core/diagnostics.hpp) naming the op (the functor's `name`, hlo::add), both shapes and
// the sizes that clash.
#ifndef SXLA_EXPR_MAKE_ELEMENTWISE_HPP
#define SXLA_EXPR_MAKE_ELEMENTWISE_HPP

#include <complex>
#include <cstddef>
#include <type_traits>
#include <utility>

#include "sxla/core/diagnostics.hpp"       // SXLA_DIAGNOSE, detail::op_name_t
#include "sxla/core/element_type.hpp"      // element
#include "sxla/core/index.hpp"             // index_t
#include "sxla/expr/broadcast_node.hpp"    // broadcast_node
#include "sxla/expr/elementwise_node.hpp"  // elementwise_node
#include "sxla/expr/expression.hpp"        // expression
#include "sxla/expr/leaf.hpp"              // as_operand, scalar_leaf, operand, scalar_value
#include "sxla/shape/broadcast_rules.hpp"  // implicit_broadcast, broadcast_with_dimensions
#include "sxla/shape/print.hpp"            // diagnostic_display of shapes

namespace sxla {

// x::add(a, v, x::broadcast_dimensions<1>): the higher-rank operand's dimensions that
// the lower-rank operand's dimensions match, in order (XLA's broadcast_dimensions).
template <index_t... D>
struct broadcast_dimensions_t {
  static constexpr dimension_list list{D...};
};
template <index_t... D>
inline constexpr broadcast_dimensions_t<D...> broadcast_dimensions{};

namespace detail {

// ---- Diagnostics: each names the op and the shapes (core/diagnostics.hpp) ------------------
// The error of a binary op on EA and EB: the element types, then the shapes (R).
template <class Op, class EA, class EB, bool Same, bool Accepted, dimension_list Dims, broadcast_error E,
          std::size_t At>
constexpr void report_binary() noexcept {
  constexpr dimension_list a = EA::spec.dimensions, b = EB::spec.dimensions;
  constexpr std::size_t low_rank = a.size() < b.size() ? a.size() : b.size();
  constexpr std::size_t high_rank = a.size() < b.size() ? b.size() : a.size();
  if constexpr (!Same) {
    SXLA_DIAGNOSE(Op, "{} and {}: the element types differ (XLA converts nothing implicitly; use x::convert)",
                  (EA, EB), ());
  } else if constexpr (!Accepted) {
    SXLA_DIAGNOSE(Op, "{}: the op does not take this element type", (EA), ());
  } else if constexpr (E == broadcast_error::rank_change_without_dimensions) {
    SXLA_DIAGNOSE(Op,
                  "{} and {}: the ranks differ ({} and {}); a rank change needs x::broadcast_dimensions (only a "
                  "scalar broadcasts without them)",
                  (EA, EB), (a.size(), b.size()));
  } else if constexpr (E == broadcast_error::dimension_mismatch && a.size() == b.size()) {
    SXLA_DIAGNOSE(Op, "{} and {}: dimension {} differs ({} and {}); sizes must be equal, or one of them 1", (EA, EB),
                  (At, a[At], b[At]));
  } else if constexpr (E == broadcast_error::dimension_mismatch) {
    constexpr bool a_low = a.size() < b.size();
    constexpr index_t low_size = a_low ? a[At] : b[At];
    constexpr index_t high_size = a_low ? b[static_cast<std::size_t>(Dims[At])] : a[static_cast<std::size_t>(Dims[At])];
    SXLA_DIAGNOSE(Op,
                  "{} and {}: broadcast_dimensions maps dimension {} (size {}) of the lower-rank operand to dimension "
                  "{} (size {}); sizes must be equal, or one of them 1",
                  (EA, EB), (At, low_size, Dims[At], high_size));
  } else if constexpr (E == broadcast_error::dimensions_wrong_length) {
    SXLA_DIAGNOSE(Op, "{} and {}: broadcast_dimensions has {} entries for a lower-rank operand of rank {}", (EA, EB),
                  (Dims.size(), low_rank));
  } else if constexpr (E == broadcast_error::dimension_out_of_range) {
    SXLA_DIAGNOSE(Op,
                  "{} and {}: broadcast_dimensions names dimension {}, which the higher-rank operand (rank {}) "
                  "does not have",
                  (EA, EB), (Dims[At], high_rank));
  } else if constexpr (E == broadcast_error::dimensions_not_increasing) {
    SXLA_DIAGNOSE(Op, "{} and {}: broadcast_dimensions must be strictly increasing (entry {} is {}, after {})",
                  (EA, EB), (At, Dims[At], Dims[At - 1]));
  } else if constexpr (E == broadcast_error::dimensions_on_equal_ranks) {
    SXLA_DIAGNOSE(Op,
                  "{} and {}: operands of equal rank take no broadcast_dimensions, or the identity (here {} "
                  "entries, entry {} is {})",
                  (EA, EB), (Dims.size(), At, Dims[At]));
  }
}

// ---- Operands ----------------------------------------------------------------------------
// A C++ number as a rank-0 operand of element type T.
template <class T, class X>
constexpr scalar_leaf<T> scalar_as(X x) noexcept {
  return scalar_leaf<T>{static_cast<T>(x)};
}

// e with the result dimensions Out: e itself when they are its own, else a broadcast
// node mapping e's dimension i to Out's dimension Map[i].
template <dimension_list Out, dimension_list Map, class E>
constexpr auto broadcast_to(E e) noexcept {
  if constexpr (E::spec.dimensions == Out) {
    return e;
  } else {
    return broadcast_node<E, Out, Map>{e};
  }
}

constexpr dimension_list identity_dimensions(std::size_t rank) noexcept {
  dimension_list d;
  for (std::size_t i = 0; i < rank; ++i) d.push_back(static_cast<index_t>(i));
  return d;
}

// How an operand of rank `rank` maps into a result of rank `out_rank` for a binary op.
constexpr dimension_list binary_map(std::size_t rank, std::size_t out_rank, const dimension_list& dims) noexcept {
  if (rank == out_rank) return identity_dimensions(rank);
  if (rank == 0) return {};
  return dims;
}

template <class Op, bool HasDims, dimension_list Dims, class EA, class EB>
constexpr auto binary_node(EA a, EB b) noexcept {
  using TA = typename EA::value_type;
  using TB = typename EB::value_type;
  constexpr bool same = std::is_same_v<TA, TB>;
  constexpr bool accepted = Op::template accepts<TA>;
  constexpr broadcast_shape r = HasDims ? broadcast_with_dimensions(EA::spec.dimensions, EB::spec.dimensions, Dims)
                                        : implicit_broadcast(EA::spec.dimensions, EB::spec.dimensions);
  if constexpr (!same || !accepted || !r.ok()) {
    report_binary<op_name_t<Op>, EA, EB, same, accepted, Dims, r.error, r.at>();
    return scalar_leaf<TA>{};  // keeps further errors away
  } else {
    constexpr std::size_t n = r.dimensions.size();
    auto ba = broadcast_to<r.dimensions, binary_map(EA::rank, n, Dims)>(a);
    auto bb = broadcast_to<r.dimensions, binary_map(EB::rank, n, Dims)>(b);
    return elementwise_node<Op, decltype(ba), decltype(bb)>{Op{}, pack<decltype(ba), decltype(bb)>(ba, bb)};
  }
}

template <class Op, bool HasDims, dimension_list Dims, class A, class B>
constexpr auto make_binary(A&& a, B&& b) noexcept {
  if constexpr (scalar_value<A>) {
    auto eb = as_operand(static_cast<B&&>(b));
    return binary_node<Op, HasDims, Dims>(scalar_as<typename decltype(eb)::value_type>(a), eb);
  } else if constexpr (scalar_value<B>) {
    auto ea = as_operand(static_cast<A&&>(a));
    return binary_node<Op, HasDims, Dims>(ea, scalar_as<typename decltype(ea)::value_type>(b));
  } else {
    return binary_node<Op, HasDims, Dims>(as_operand(static_cast<A&&>(a)), as_operand(static_cast<B&&>(b)));
  }
}

// The dimensions of the first operand of non-zero rank (all such must agree).
template <class... E>
constexpr dimension_list common_dimensions() noexcept {
  dimension_list d;
  ((E::rank > 0 && d.empty() ? (void)(d = E::spec.dimensions) : (void)0), ...);
  return d;
}

}  // namespace detail

// Whether a and b can be a binary op's operands: arrays or expressions, or one number.
template <class A, class B>
concept binary_operands =
    (operand<A> && operand<B>) || (operand<A> && scalar_value<B>) || (scalar_value<A> && operand<B>);

// An N-ary elementwise node of op over nodes of one shape; rank-0 operands broadcast.
template <class Op, class... E>
constexpr auto make_nary_node(Op op, E... e) noexcept {
  constexpr dimension_list out = detail::common_dimensions<E...>();
  constexpr bool same = ((E::rank == 0 || E::spec.dimensions == out) && ...);
  if constexpr (!same) {
    // The first operand of non-zero rank, and the first whose dimensions differ from it.
    constexpr std::size_t first = detail::first_index({(E::rank > 0)...});
    constexpr std::size_t other = detail::first_index({(E::rank > 0 && !(E::spec.dimensions == out))...});
    SXLA_DIAGNOSE(detail::op_name_t<Op>,
                  "{} and {}: the operands must have the same dimensions (only a rank-0 operand broadcasts)",
                  (typename detail::nth_type<first, E...>::type, typename detail::nth_type<other, E...>::type), ());
    return scalar_leaf<int>{};
  } else {
    return elementwise_node<Op, decltype(detail::broadcast_to<out, dimension_list{}>(e))...>{
        op, detail::pack<decltype(detail::broadcast_to<out, dimension_list{}>(e))...>(
                detail::broadcast_to<out, dimension_list{}>(e)...)};
  }
}
template <class Op, class... E>
constexpr auto make_nary(E... e) noexcept {
  return make_nary_node(Op{}, e...);
}

// x::op(a): an elementwise unary op.
template <class Op>
struct unary_fn {
  template <operand A>
  constexpr auto operator()(A&& a) const noexcept {
    auto ea = as_operand(static_cast<A&&>(a));
    using EA = decltype(ea);
    constexpr bool accepted = Op::template accepts<typename EA::value_type>;
    if constexpr (!accepted) {
      SXLA_DIAGNOSE(detail::op_name_t<Op>, "{}: the op does not take this element type", (EA), ());
      return ea;
    } else {
      return elementwise_node<Op, EA>{Op{}, detail::pack<EA>(ea)};
    }
  }
};

namespace detail {
// An op may rewrite the node it builds (add and sub fuse a multiply: ops/arithmetic.hpp).
template <class Op, class Node>
constexpr auto rewrite(Node n) noexcept {
  if constexpr (requires { Op::rewrite(n); }) {
    return Op::rewrite(n);
  } else {
    return n;
  }
}
}  // namespace detail

// x::op(a, b) and x::op(a, b, x::broadcast_dimensions<...>): an elementwise binary op.
template <class Op>
struct binary_fn {
  template <class A, class B>
    requires binary_operands<A, B>
  constexpr auto operator()(A&& a, B&& b) const noexcept {
    return detail::rewrite<Op>(
        detail::make_binary<Op, false, dimension_list{}>(static_cast<A&&>(a), static_cast<B&&>(b)));
  }
  template <class A, class B, index_t... D>
    requires binary_operands<A, B>
  constexpr auto operator()(A&& a, B&& b, broadcast_dimensions_t<D...>) const noexcept {
    return detail::rewrite<Op>(
        detail::make_binary<Op, true, dimension_list{D...}>(static_cast<A&&>(a), static_cast<B&&>(b)));
  }
};

}  // namespace sxla

#endif  // SXLA_EXPR_MAKE_ELEMENTWISE_HPP
