// sxla/ops/index_map.hpp: the index arithmetic Gather and Scatter share. Both relate an
// "outer" array (gather's result, scatter's updates) to the operand through an array of
// start indices, with the same dimension numbers under different names:
//
//   gather                        scatter                         here
//   offset_dims                   update_window_dims              window_dims
//   collapsed_slice_dims          inserted_window_dims            collapsed_dims
//   start_index_map               scatter_dims_to_operand_dims    start_map
//   index_vector_dim              index_vector_dim                index_vector_dim
//   operand_batching_dims         input_batching_dims             operand_batching
//   start_indices_batching_dims   scatter_indices_batching_dims   indices_batching
//
// For an outer index O (XLA's and StableHLO's definition): the outer dimensions not in
// window_dims are the batch dimensions, the k-th of them indexing dimension k of the
// start indices (k + 1 from index_vector_dim on); the start vector S is the start
// indices at those coordinates along index_vector_dim (one value when index_vector_dim is
// the indices' rank: an implicit trailing 1); the operand index is, per dimension d,
//   S[k] if d = start_map[k] (clamped by gather, bounds-checked by scatter)
// + the batch coordinate of the indices dimension indices_batching[i], if d =
//   operand_batching[i]
// + O[window_dims[k]] if d is the k-th operand dimension in neither collapsed_dims nor
//   operand_batching.
// check_index_map validates the numbers (StableHLO's constraints), make_index_map turns
// them into per-dimension tables; each op adds its own rules for sizes.
#ifndef SXLA_OPS_INDEX_MAP_HPP
#define SXLA_OPS_INDEX_MAP_HPP

#include <concepts>
#include <cstddef>
#include <limits>
#include <type_traits>

#include "sxla/config.hpp"        // SXLA_FORCE_INLINE
#include "sxla/core/index.hpp"    // index_t, idx, multi_index
#include "sxla/core/intn.hpp"     // intn
#include "sxla/ops/window.hpp"    // detail::filled

namespace sxla::detail {

// What is wrong with a set of dimension numbers, and at which entry (pos).
enum class index_map_error {
  none,
  index_vector_dim,   // outside [0, rank(indices)]
  window_dims,        // not ascending, repeated, or outside [0, outer rank)
  collapsed_dims,     // not ascending, repeated, or outside [0, rank(operand))
  operand_batching,   // not ascending, repeated, outside the operand, or also collapsed
  rank_sum,           // rank(operand) != window + collapsed + batching counts
  indices_batching,   // repeated, outside the indices, or index_vector_dim
  batching_count,     // operand_batching and indices_batching differ in length
  batching_size,      // a batching pair of different sizes
  start_map_size,     // not the size of index_vector_dim (1 if implicit)
  start_map,          // repeated, outside the operand, or a batching dimension
};

struct index_map_check {
  index_map_error error = index_map_error::none;
  index_t pos = 0;
};

constexpr bool contains(const idx& v, index_t d) noexcept {
  for (std::size_t k = 0; k < v.size(); ++k)
    if (v[k] == d) return true;
  return false;
}

// The first entry of v that is outside [0, n), repeated, or (Ascending) not above the
// one before it; -1 if none.
template <bool Ascending>
constexpr index_t bad_dimension_entry(const idx& v, index_t n) noexcept {
  for (std::size_t k = 0; k < v.size(); ++k) {
    if (v[k] < 0 || v[k] >= n) return static_cast<index_t>(k);
    for (std::size_t j = 0; j < k; ++j)
      if (v[j] == v[k] || (Ascending && v[j] > v[k])) return static_cast<index_t>(k);
  }
  return -1;
}

constexpr index_map_check check_index_map(const idx& window_dims, const idx& collapsed, const idx& start_map,
                                          index_t ivd, const idx& operand_batching, const idx& indices_batching,
                                          const idx& operand, const idx& indices, index_t outer_rank) noexcept {
  const auto op_rank = static_cast<index_t>(operand.size());
  const auto ix_rank = static_cast<index_t>(indices.size());
  auto fail = [](index_map_error e, index_t pos) { return index_map_check{e, pos}; };
  if (ivd < 0 || ivd > ix_rank) return fail(index_map_error::index_vector_dim, ivd);
  if (index_t k = bad_dimension_entry<true>(window_dims, outer_rank); k >= 0)
    return fail(index_map_error::window_dims, k);
  if (index_t k = bad_dimension_entry<true>(collapsed, op_rank); k >= 0) return fail(index_map_error::collapsed_dims, k);
  if (index_t k = bad_dimension_entry<true>(operand_batching, op_rank); k >= 0)
    return fail(index_map_error::operand_batching, k);
  for (std::size_t k = 0; k < operand_batching.size(); ++k)
    if (contains(collapsed, operand_batching[k])) return fail(index_map_error::operand_batching, static_cast<index_t>(k));
  if (op_rank != static_cast<index_t>(window_dims.size() + collapsed.size() + operand_batching.size()))
    return fail(index_map_error::rank_sum, 0);
  if (index_t k = bad_dimension_entry<false>(indices_batching, ix_rank); k >= 0)
    return fail(index_map_error::indices_batching, k);
  for (std::size_t k = 0; k < indices_batching.size(); ++k)
    if (indices_batching[k] == ivd) return fail(index_map_error::indices_batching, static_cast<index_t>(k));
  if (operand_batching.size() != indices_batching.size()) return fail(index_map_error::batching_count, 0);
  for (std::size_t k = 0; k < operand_batching.size(); ++k)
    if (operand[static_cast<std::size_t>(operand_batching[k])] != indices[static_cast<std::size_t>(indices_batching[k])])
      return fail(index_map_error::batching_size, static_cast<index_t>(k));
  const index_t count = ivd == ix_rank ? 1 : indices[static_cast<std::size_t>(ivd)];
  if (static_cast<index_t>(start_map.size()) != count) return fail(index_map_error::start_map_size, count);
  if (index_t k = bad_dimension_entry<false>(start_map, op_rank); k >= 0) return fail(index_map_error::start_map, k);
  for (std::size_t k = 0; k < start_map.size(); ++k)
    if (contains(operand_batching, start_map[k])) return fail(index_map_error::start_map, static_cast<index_t>(k));
  return {};
}

// The tables of a valid set of numbers; outer is the outer array's dimensions (gather:
// its result; scatter: the updates') and window each operand dimension's window size.
struct index_map {
  idx outer;            // the outer array's dimensions
  idx window;           // per operand dimension: the slice (window) size
  idx limit;            // per operand dimension: the largest in-bounds start, size - window
  idx outer_operand;    // per outer dimension: its operand dimension (window dims), else -1
  idx indices_outer;    // per indices dimension: its outer batch dimension, -1 at index_vector_dim
  idx operand_outer;    // per operand dimension: the outer window dimension, else -1
  idx operand_start;    // per operand dimension: k where start_map[k] is it, else -1
  idx operand_batch;    // per operand dimension: the outer dimension of its batching coordinate, else -1
  index_t index_vector_dim = 0;
  bool implicit = false;  // index_vector_dim is the indices' rank (an implicit trailing 1)
};

// The outer array's dimensions for a valid set: batch dimensions from the indices,
// window dimensions from window (the operand dimensions neither collapsed nor batching).
constexpr idx outer_dimensions(const idx& window_dims, const idx& collapsed, const idx& operand_batching,
                               index_t ivd, const idx& indices, const idx& window) noexcept {
  const std::size_t rank = indices.size() - (ivd < static_cast<index_t>(indices.size()) ? 1 : 0) + window_dims.size();
  idx r;
  std::size_t b = 0, w = 0;
  for (std::size_t o = 0; o < rank; ++o) {
    if (contains(window_dims, static_cast<index_t>(o))) {
      while (contains(collapsed, static_cast<index_t>(w)) || contains(operand_batching, static_cast<index_t>(w))) ++w;
      r.push_back(window[w++]);
    } else {
      if (static_cast<index_t>(b) == ivd) ++b;
      r.push_back(indices[b++]);
    }
  }
  return r;
}

constexpr index_map make_index_map(const idx& window_dims, const idx& collapsed, const idx& start_map, index_t ivd,
                                   const idx& operand_batching, const idx& indices_batching, const idx& operand,
                                   const idx& indices, const idx& outer, const idx& window) noexcept {
  index_map m;
  m.outer = outer;
  m.window = window;
  m.index_vector_dim = ivd;
  m.implicit = ivd == static_cast<index_t>(indices.size());
  m.outer_operand = filled(outer.size(), -1);
  m.indices_outer = filled(indices.size(), -1);
  m.operand_outer = filled(operand.size(), -1);
  m.operand_start = filled(operand.size(), -1);
  m.operand_batch = filled(operand.size(), -1);
  for (std::size_t d = 0; d < operand.size(); ++d) m.limit.push_back(operand[d] - window[d]);
  std::size_t b = 0, w = 0;
  for (std::size_t o = 0; o < outer.size(); ++o) {
    if (contains(window_dims, static_cast<index_t>(o))) {
      while (contains(collapsed, static_cast<index_t>(w)) || contains(operand_batching, static_cast<index_t>(w))) ++w;
      m.outer_operand[o] = static_cast<index_t>(w);
      m.operand_outer[w++] = static_cast<index_t>(o);
    } else {
      if (static_cast<index_t>(b) == ivd) ++b;
      m.indices_outer[b++] = static_cast<index_t>(o);
    }
  }
  for (std::size_t k = 0; k < start_map.size(); ++k)
    m.operand_start[static_cast<std::size_t>(start_map[k])] = static_cast<index_t>(k);
  for (std::size_t k = 0; k < operand_batching.size(); ++k)
    m.operand_batch[static_cast<std::size_t>(operand_batching[k])] =
        m.indices_outer[static_cast<std::size_t>(indices_batching[k])];
  return m;
}

// The position in the start indices of outer index o's start vector (its entry at
// index_vector_dim left 0: the caller sets it to each component k).
template <index_map M, std::size_t IndicesRank, std::size_t OuterRank>
SXLA_FORCE_INLINE constexpr multi_index<IndicesRank> indices_position(const multi_index<OuterRank>& o) noexcept {
  multi_index<IndicesRank> p{};
  for (std::size_t s = 0; s < IndicesRank; ++s)
    if (M.indices_outer[s] >= 0) p[s] = o[static_cast<std::size_t>(M.indices_outer[s])];
  return p;
}

// Whether start component v lies in [0, hi] (scatter's bounds check), stored in out.
template <std::integral I>
SXLA_FORCE_INLINE constexpr bool start_in_bounds(I v, index_t hi, index_t& out) noexcept {
  if constexpr (std::is_unsigned_v<I>) {
    if (hi < 0 || v > static_cast<std::make_unsigned_t<index_t>>(hi)) return false;
  } else {
    if (v < 0 || static_cast<index_t>(v) > hi) return false;
  }
  out = static_cast<index_t>(v);
  return true;
}
// The sub-byte integers (s2, s4, u2, u4 indices) by their value.
template <int Bits, bool Signed>
SXLA_FORCE_INLINE constexpr bool start_in_bounds(intn<Bits, Signed> v, index_t hi, index_t& out) noexcept {
  return start_in_bounds(static_cast<int>(v), hi, out);
}

}  // namespace sxla::detail

#endif  // SXLA_OPS_INDEX_MAP_HPP
