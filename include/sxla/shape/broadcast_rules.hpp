// sxla/shape/broadcast_rules.hpp: XLA's broadcasting rules as constexpr functions over
// dimension lists (../shared/seeds/003): the result dimensions of an elementwise op on
// two operands, implicitly (a scalar broadcasts anywhere; same-rank operands through
// size-1 "degenerate" dimensions, (2,1) and (1,3) giving (2,3)) or with
// broadcast_dimensions mapping the lower-rank operand into the higher-rank one (a 4-vector
// with (0) against a 1x2 matrix gives 4x2); and the checks of broadcast_in_dim. A rule
// that fails names itself (broadcast_error); the ops turn it into a compile error that
// shows the op and both shapes.
#ifndef SXLA_SHAPE_BROADCAST_RULES_HPP
#define SXLA_SHAPE_BROADCAST_RULES_HPP

#include <cstddef>
#include <cstdint>

#include "sxla/core/index.hpp"         // index_t, max_rank
#include "sxla/core/small_vector.hpp"  // small_vector

namespace sxla {

using dimension_list = small_vector<index_t, max_rank>;

enum class broadcast_error : std::uint8_t {
  none,
  rank_change_without_dimensions,   // ranks differ, neither is a scalar, no broadcast_dimensions
  dimension_mismatch,               // two sizes differ and neither is 1
  dimensions_wrong_length,          // broadcast_dimensions needs one entry per lower-rank dimension
  dimension_out_of_range,           // an entry is not a dimension of the higher-rank operand
  dimensions_not_increasing,        // entries must be strictly increasing
  dimensions_on_equal_ranks,        // same ranks: broadcast_dimensions must be empty or the identity
};

// The result of a shape rule: the result dimensions, or the broken rule and the operand
// dimension where it broke.
struct broadcast_shape {
  broadcast_error error = broadcast_error::none;
  dimension_list dimensions;
  std::size_t at = 0;

  constexpr bool ok() const noexcept { return error == broadcast_error::none; }
};

// Same-rank broadcasting through degenerate dimensions: each pair equal, or one of them 1;
// the result takes the larger size ((2,1) and (1,3) give (2,3); a 0 pairs only with 0 or 1).
constexpr broadcast_shape degenerate_broadcast(const dimension_list& a, const dimension_list& b) noexcept {
  broadcast_shape r;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == b[i] || b[i] == 1) {
      r.dimensions.push_back(a[i]);
    } else if (a[i] == 1) {
      r.dimensions.push_back(b[i]);
    } else {
      r.error = broadcast_error::dimension_mismatch;
      r.at = i;
      return r;
    }
  }
  return r;
}

// XLA's implicit broadcasting (no broadcast_dimensions): a scalar with anything, or equal
// ranks through degenerate dimensions.
constexpr broadcast_shape implicit_broadcast(const dimension_list& a, const dimension_list& b) noexcept {
  if (a.empty()) return {broadcast_error::none, b, 0};
  if (b.empty()) return {broadcast_error::none, a, 0};
  if (a.size() != b.size()) return {broadcast_error::rank_change_without_dimensions, {}, 0};
  return degenerate_broadcast(a, b);
}

// The lower-rank operand `low` expanded to the rank of `high` by broadcast_dimensions
// (dims[i] is the dimension of `high` that low's dimension i matches); the other
// dimensions become 1. Checks the mapping itself, not the sizes.
constexpr broadcast_shape expand_by_dimensions(const dimension_list& low, std::size_t high_rank,
                                               const dimension_list& dims) noexcept {
  broadcast_shape r;
  if (dims.size() != low.size()) {
    r.error = broadcast_error::dimensions_wrong_length;
    return r;
  }
  for (std::size_t i = 0; i < high_rank; ++i) r.dimensions.push_back(1);
  for (std::size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] < 0 || dims[i] >= static_cast<index_t>(high_rank)) {
      r.error = broadcast_error::dimension_out_of_range;
      r.at = i;
      return r;
    }
    if (i > 0 && dims[i] <= dims[i - 1]) {
      r.error = broadcast_error::dimensions_not_increasing;
      r.at = i;
      return r;
    }
    r.dimensions[static_cast<std::size_t>(dims[i])] = low[i];
  }
  return r;
}

// XLA's Op(lhs, rhs, broadcast_dimensions): the lower-rank operand is expanded by the
// dimensions, then both broadcast through degenerate dimensions. With equal ranks the
// dimensions must be empty or the identity; with a scalar they must be empty.
constexpr broadcast_shape broadcast_with_dimensions(const dimension_list& a, const dimension_list& b,
                                                    const dimension_list& dims) noexcept {
  if (a.size() == b.size()) {
    for (std::size_t i = 0; i < dims.size(); ++i) {
      if (dims.size() != a.size() || dims[i] != static_cast<index_t>(i)) {
        return {broadcast_error::dimensions_on_equal_ranks, {}, i};
      }
    }
    return implicit_broadcast(a, b);
  }
  const bool a_low = a.size() < b.size();
  const dimension_list& low = a_low ? a : b;
  const dimension_list& high = a_low ? b : a;
  if (low.empty() && !dims.empty()) return {broadcast_error::dimensions_wrong_length, {}, 0};
  broadcast_shape e = expand_by_dimensions(low, high.size(), dims);
  if (!e.ok()) return e;
  broadcast_shape r = degenerate_broadcast(e.dimensions, high);
  if (!r.ok()) {
    // Report the lower-rank operand's dimension where the sizes clash.
    for (std::size_t i = 0; i < dims.size(); ++i)
      if (dims[i] == static_cast<index_t>(r.at)) r.at = i;
  }
  return r;
}

// BroadcastInDim(operand, out_dims, dims): operand dimension i goes to out_dims[dims[i]],
// with size equal or 1; dims strictly increasing (XLA's rule for this op).
constexpr broadcast_shape check_broadcast_in_dim(const dimension_list& operand, const dimension_list& out,
                                                 const dimension_list& dims) noexcept {
  broadcast_shape e = expand_by_dimensions(operand, out.size(), dims);
  if (!e.ok()) return e;
  for (std::size_t i = 0; i < dims.size(); ++i) {
    const index_t want = out[static_cast<std::size_t>(dims[i])];
    if (operand[i] != want && operand[i] != 1) return {broadcast_error::dimension_mismatch, {}, i};
  }
  return {broadcast_error::none, out, 0};
}

}  // namespace sxla

#endif  // SXLA_SHAPE_BROADCAST_RULES_HPP
