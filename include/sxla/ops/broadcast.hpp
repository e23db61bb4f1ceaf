// sxla/ops/broadcast.hpp: XLA's Broadcast and BroadcastInDim as lazy nodes (no copy).
//   x::broadcast<2, 3>(op)                   new major dimensions: f32[4] -> f32[2,3,4]
//   x::broadcast_in_dim<"f32[2,3]", 1>(op)   op's dimension i becomes the result's dims[i]
//                                            (size equal, or 1 to replicate)
// Seed example: broadcast<2, 3> of the scalar 2.0f is f32[2,3] of 2.0f. Bad arguments
// (a size or mapping that does not fit, non-increasing dims, another element type) are
// compile errors naming the op and the shapes.
#ifndef SXLA_OPS_BROADCAST_HPP
#define SXLA_OPS_BROADCAST_HPP

#include <cstddef>

#include "sxla/core/index.hpp"             // index_t
#include "sxla/expr/broadcast_node.hpp"    // broadcast_node
#include "sxla/expr/expression.hpp"        // logical_spec
#include "sxla/expr/leaf.hpp"              // as_operand, operand
#include "sxla/shape/broadcast_rules.hpp"  // check_broadcast_in_dim, broadcast_error
#include "sxla/shape/print.hpp"            // shape_display_t
#include "sxla/shape/shape_spec.hpp"       // shape_spec

namespace sxla {

struct broadcast_in_dim_op {};
struct broadcast_op {};

namespace detail {
template <class Op, class Operand, class Out, broadcast_error E, std::size_t At>
consteval bool check_broadcast_in_dim_rule() {
  static_assert(E != broadcast_error::dimensions_wrong_length,
                "sxla::broadcast_in_dim: give one result dimension per operand dimension");
  static_assert(E != broadcast_error::dimension_out_of_range,
                "sxla::broadcast_in_dim: a dimension is not a dimension of the result shape");
  static_assert(E != broadcast_error::dimensions_not_increasing,
                "sxla::broadcast_in_dim: the dimensions must be strictly increasing");
  static_assert(E != broadcast_error::dimension_mismatch,
                "sxla::broadcast_in_dim: an operand dimension's size is neither the result "
                "dimension's size nor 1");
  return E == broadcast_error::none;
}
template <class Op, class Operand, class Out, bool Same>
consteval bool check_broadcast_element_type() {
  static_assert(Same, "sxla::broadcast_in_dim: the result shape's element type is not the operand's");
  return Same;
}
template <class Op, class Operand, class Out, bool Ok>
consteval bool check_broadcast_sizes() {
  static_assert(Ok, "sxla::broadcast: the new dimension sizes must not be negative, and the result "
                    "rank at most SXLA_MAX_RANK");
  return Ok;
}

template <shape_spec Out, dimension_list Dims, class E>
constexpr auto make_broadcast_in_dim(E e) noexcept {
  constexpr broadcast_shape r = check_broadcast_in_dim(E::spec.dimensions, Out.dimensions, Dims);
  constexpr bool same_type = Out.element_type == E::spec.element_type;
  if constexpr (!r.ok() || !same_type) {
    using OperandShape = shape_display_t<E::spec>;
    using OutShape = shape_display_t<Out>;
    static_assert(check_broadcast_element_type<broadcast_in_dim_op, OperandShape, OutShape, same_type>());
    static_assert(check_broadcast_in_dim_rule<broadcast_in_dim_op, OperandShape, OutShape, r.error, r.at>());
    return e;
  } else {
    return broadcast_node<E, Out.dimensions, Dims>{e};
  }
}
}  // namespace detail

// BroadcastInDim(operand, Out's dimensions, {Dims...}).
template <shape_spec Out, index_t... Dims, operand X>
constexpr auto broadcast_in_dim(X&& x) noexcept {
  return detail::make_broadcast_in_dim<Out, dimension_list{Dims...}>(as_operand(static_cast<X&&>(x)));
}

// Broadcast(operand, {Sizes...}): the new dimensions are the major ones.
template <index_t... Sizes, operand X>
constexpr auto broadcast(X&& x) noexcept {
  using E = operand_t<X>;
  constexpr bool ok = ((Sizes >= 0) && ...) && sizeof...(Sizes) + E::rank <= max_rank;
  if constexpr (!ok) {
    static_assert(detail::check_broadcast_sizes<broadcast_op, shape_display_t<E::spec>,
                                                shape_display_t<E::spec>, ok>());
    return as_operand(static_cast<X&&>(x));
  } else {
    constexpr dimension_list out = [] {
      dimension_list d{Sizes...};
      for (index_t s : E::spec.dimensions) d.push_back(s);
      return d;
    }();
    constexpr dimension_list dims = [] {
      dimension_list d;
      for (std::size_t i = 0; i < E::rank; ++i) d.push_back(static_cast<index_t>(sizeof...(Sizes) + i));
      return d;
    }();
    return detail::make_broadcast_in_dim<logical_spec(E::spec.element_type, out), dims>(
        as_operand(static_cast<X&&>(x)));
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_BROADCAST_HPP
