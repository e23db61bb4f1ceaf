// sxla/expr/make_elementwise.hpp: how elementwise ops are built and checked. An op is a
// functor (ops/) plus a callable object made here: unary_fn<Op> (x::exp(a)),
// binary_fn<Op> (x::add(a, b) and x::add(a, b, x::broadcast_dimensions<1>)), and
// make_nary for ops with their own operand rules (select, clamp, map). They turn
// tensors, views and C++ numbers into operands (a number takes the element type of the
// array it meets), check at compile time that the op takes the element type, that the
// element types agree and that the shapes broadcast (shape/broadcast_rules.hpp), and
// wrap operands of other shapes in broadcast nodes. A failed check is a static_assert
// whose instantiation names the op (its functor type) and both shapes.
#ifndef SXLA_EXPR_MAKE_ELEMENTWISE_HPP
#define SXLA_EXPR_MAKE_ELEMENTWISE_HPP

#include <complex>
#include <cstddef>
#include <type_traits>
#include <utility>

#include "sxla/core/element_type.hpp"      // element
#include "sxla/core/index.hpp"             // index_t
#include "sxla/expr/broadcast_node.hpp"    // broadcast_node
#include "sxla/expr/elementwise_node.hpp"  // elementwise_node
#include "sxla/expr/expression.hpp"        // expression
#include "sxla/expr/leaf.hpp"              // as_operand, scalar_leaf, operand, scalar_value
#include "sxla/shape/broadcast_rules.hpp"  // implicit_broadcast, broadcast_with_dimensions
#include "sxla/shape/print.hpp"            // shape_display_t

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

// ---- Diagnostics: each names the op (Op, its functor type) and the shapes ------------
template <class Op, class Lhs, class Rhs, broadcast_error E, std::size_t At>
consteval bool check_broadcast() {
  static_assert(E != broadcast_error::rank_change_without_dimensions,
                "sxla: elementwise op: the operands' ranks differ; a rank change needs "
                "x::broadcast_dimensions (only a scalar broadcasts without them)");
  static_assert(E != broadcast_error::dimension_mismatch,
                "sxla: elementwise op: the operands' shapes are not compatible: a dimension size "
                "differs and neither size is 1");
  static_assert(E != broadcast_error::dimensions_wrong_length,
                "sxla: elementwise op: broadcast_dimensions needs one entry per dimension of the "
                "lower-rank operand");
  static_assert(E != broadcast_error::dimension_out_of_range,
                "sxla: elementwise op: broadcast_dimensions names a dimension that the higher-rank "
                "operand does not have");
  static_assert(E != broadcast_error::dimensions_not_increasing,
                "sxla: elementwise op: broadcast_dimensions must be strictly increasing");
  static_assert(E != broadcast_error::dimensions_on_equal_ranks,
                "sxla: elementwise op: operands of equal rank take no broadcast_dimensions (or the "
                "identity)");
  return E == broadcast_error::none;
}

template <class Op, class Lhs, class Rhs, bool Same>
consteval bool check_same_element_type() {
  static_assert(Same,
                "sxla: elementwise op: the operands' element types differ (XLA converts nothing "
                "implicitly; use x::convert)");
  return Same;
}

template <class Op, class Shape, bool Accepted>
consteval bool check_element_type() {
  static_assert(Accepted, "sxla: elementwise op: the op does not take operands of this element type");
  return Accepted;
}

template <class Op, class First, class Other, bool Same>
consteval bool check_same_dimensions() {
  static_assert(Same,
                "sxla: elementwise op: the operands must have the same dimensions (a rank-0 "
                "operand broadcasts)");
  return Same;
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
    // The shapes are rendered for the message only when something is wrong.
    using LhsShape = shape_display_t<EA::spec>;
    using RhsShape = shape_display_t<EB::spec>;
    static_assert(check_same_element_type<Op, LhsShape, RhsShape, same>());
    static_assert(check_element_type<Op, LhsShape, accepted>());
    static_assert(check_broadcast<Op, LhsShape, RhsShape, r.error, r.at>());
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
    using First = shape_display_t<logical_spec(primitive_type::f32, out)>;
    static_assert((detail::check_same_dimensions<Op, First, shape_display_t<E::spec>,
                                                 E::rank == 0 || E::spec.dimensions == out>() && ...));
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
      static_assert(detail::check_element_type<Op, shape_display_t<EA::spec>, accepted>());
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
