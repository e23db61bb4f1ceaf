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

#include "sxla/core/diagnostics.hpp"       // SXLA_DIAGNOSE
#include "sxla/core/index.hpp"             // index_t, max_rank
#include "sxla/expr/broadcast_node.hpp"    // broadcast_node
#include "sxla/expr/expression.hpp"        // logical_spec
#include "sxla/expr/leaf.hpp"              // as_operand, operand
#include "sxla/shape/broadcast_rules.hpp"  // check_broadcast_in_dim, broadcast_error
#include "sxla/shape/print.hpp"            // shape_arg, diagnostic_display of shapes
#include "sxla/shape/shape_spec.hpp"       // shape_spec
#include "sxla/shape/validate.hpp"         // check_shape, is_valid

namespace sxla {

// The ops' names in compile errors (core/diagnostics.hpp).
namespace hlo {
struct broadcast_in_dim;
struct broadcast;
}  // namespace hlo

namespace detail {
// The error of broadcast_in_dim from operand E to Out with Dims.
template <class E, shape_spec Out, dimension_list Dims, bool SameType, broadcast_error Error, std::size_t At>
constexpr void report_broadcast_in_dim() noexcept {
  using O = shape_arg<Out>;
  if constexpr (!SameType) {
    SXLA_DIAGNOSE(hlo::broadcast_in_dim, "{} to {}: the result shape has another element type", (E, O), ());
  } else if constexpr (Error == broadcast_error::dimensions_wrong_length) {
    SXLA_DIAGNOSE(hlo::broadcast_in_dim, "{} to {}: give one result dimension per operand dimension ({} for rank {})",
                  (E, O), (Dims.size(), E::rank));
  } else if constexpr (Error == broadcast_error::dimension_out_of_range) {
    SXLA_DIAGNOSE(hlo::broadcast_in_dim, "{} to {}: dimension {} is not a dimension of the result (rank {})", (E, O),
                  (Dims[At], Out.rank()));
  } else if constexpr (Error == broadcast_error::dimensions_not_increasing) {
    SXLA_DIAGNOSE(hlo::broadcast_in_dim, "{} to {}: the dimensions must be strictly increasing (entry {} is {}, after {})",
                  (E, O), (At, Dims[At], Dims[At - 1]));
  } else if constexpr (Error == broadcast_error::dimension_mismatch) {
    SXLA_DIAGNOSE(hlo::broadcast_in_dim,
                  "{} to {}: operand dimension {} (size {}) goes to result dimension {} (size {}); the sizes must be "
                  "equal, or the operand size 1",
                  (E, O), (At, E::spec.dimensions[At], Dims[At], Out.dimensions[static_cast<std::size_t>(Dims[At])]));
  }
}

template <shape_spec Out, dimension_list Dims, class E>
constexpr auto make_broadcast_in_dim(E e) noexcept {
  constexpr broadcast_shape r = check_broadcast_in_dim(E::spec.dimensions, Out.dimensions, Dims);
  constexpr bool same_type = Out.element_type == E::spec.element_type;
  if constexpr (!is_valid(Out)) {
    static_assert(check_shape<Out>());  // the shape's own error, alone
    return e;
  } else if constexpr (!r.ok() || !same_type) {
    report_broadcast_in_dim<E, Out, Dims, same_type, r.error, r.at>();
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
  constexpr bool sizes_ok = ((Sizes >= 0) && ...);
  constexpr bool rank_ok = sizeof...(Sizes) + E::rank <= max_rank;
  if constexpr (!sizes_ok) {
    constexpr index_t negative = [] {
      index_t n = 0;
      ((Sizes < 0 && n == 0 ? (void)(n = Sizes) : (void)0), ...);
      return n;
    }();
    SXLA_DIAGNOSE(hlo::broadcast, "{}: a new dimension size is negative ({})", (E), (negative));
    return as_operand(static_cast<X&&>(x));
  } else if constexpr (!rank_ok) {
    SXLA_DIAGNOSE(hlo::broadcast, "{}: the result would have rank {}, above SXLA_MAX_RANK ({})", (E),
                  (sizeof...(Sizes) + E::rank, max_rank));
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
