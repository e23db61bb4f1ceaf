// sxla/shape/layout_map.hpp: XLA's IndexUtil for every layout sxla supports. A
// layout_map, computed once from a shape_spec, turns a logical multi-index into a
// storage offset (linear_index) and back (delinearize), gives the storage size with
// dimension and tile padding (storage_count), and walks the elements in logical or in
// storage order. All constexpr; the same functions serve static_asserts, run-time
// specs in tests, and (with a constant map) the loops of the evaluators.
//
// The map follows ../shared/spec/tiled-layout.md:
//  1. permute the logical index and bounds to physical order, major to minor
//     (phys[k] = logical[minor_to_major[rank-1-k]]), bounds padded by padded_dimensions;
//  2. for each tile level, merge '*' dimensions into their more minor neighbour, then
//     split each tiled dimension e into (e / t, e % t) and move the in-tile parts to
//     the minor end, keeping their order: bounds (..., ceil(d/t)..., t...);
//  3. the offset is the row-major linear index in the final bounds.
// Example: f32[3,5]{1,0:T(2,2)}, element (2,3) -> (1,1,0,1) in (2,3,2,2) -> 17; 24 slots.
#ifndef SXLA_SHAPE_LAYOUT_MAP_HPP
#define SXLA_SHAPE_LAYOUT_MAP_HPP

#include <array>
#include <cstddef>
#include <span>

#include "sxla/core/element_type.hpp"   // byte_width
#include "sxla/core/index.hpp"          // index_t, max_rank, multi_index
#include "sxla/core/small_vector.hpp"   // small_vector
#include "sxla/shape/shape_error.hpp"   // shape_error
#include "sxla/shape/shape_spec.hpp"    // shape_spec
#include "sxla/shape/tile.hpp"          // tile_spec, max_tiles

namespace sxla {

// Most dimensions of any intermediate or final tiled shape.
inline constexpr std::size_t max_tiled_rank = 4 * max_rank;

// One tile level: the shape it applies to, how '*' merges it, and the tile.
struct tile_level {
  small_vector<index_t, max_tiled_rank> in_bounds;          // shape before this level
  small_vector<bool, max_tiled_rank> combine_into_next;     // per in_bounds dimension
  small_vector<index_t, max_tiled_rank> merged_bounds;      // after merging '*' dims
  small_vector<index_t, max_tiled_rank> tile;               // tile without '*' entries
};

struct layout_map {
  small_vector<index_t, max_rank> dimensions;               // logical sizes
  small_vector<index_t, max_rank> physical_to_logical;      // major to minor
  small_vector<index_t, max_rank> physical_bounds;          // padded, major to minor
  small_vector<tile_level, max_tiles> levels;
  small_vector<index_t, max_tiled_rank> storage_bounds;     // final shape, major to minor
  small_vector<index_t, max_rank> strides;                  // per logical dim; untiled only
  index_t storage_count = 0;
  // A layout that cannot be built (a tile longer than the shape it tiles, '*' as the
  // most minor entry, more than max_tiled_rank dimensions, an overflow). The rest of
  // the checks are in validate.hpp; the functions below require error == none.
  shape_error error = shape_error::none;

  constexpr std::size_t rank() const noexcept { return dimensions.size(); }
  constexpr bool tiled() const noexcept { return !levels.empty(); }
};

namespace detail {
constexpr bool checked_mul(index_t a, index_t b, index_t& out) noexcept {
  return !__builtin_mul_overflow(a, b, &out);
}

// The sizes `bounds` of an array of `bytes`-byte elements are too large when their
// product overflows index_t (storage_too_large), or when the product of the sizes other
// than 0, times bytes, does (size_too_large). A size of 0 empties an array but does not
// stop the other sizes from multiplying (in s8[0,9999999999,9999999999], dimension 0's
// stride is 9999999999^2): every stride, storage size, size in bytes and element count
// of a part of the array divides that product, so all of them fit when it does.
template <std::size_t C>
constexpr shape_error size_error(const small_vector<index_t, C>& bounds, index_t bytes) noexcept {
  index_t count = 1, nonzero = bytes;
  bool empty = false;
  for (index_t b : bounds) empty = empty || b == 0;
  for (index_t b : bounds)
    if (!empty && !checked_mul(count, b, count)) return shape_error::storage_too_large;
  for (index_t b : bounds)
    if (!checked_mul(nonzero, b > 0 ? b : 1, nonzero)) return shape_error::size_too_large;
  return shape_error::none;
}
}  // namespace detail

// Builds the map of a shape whose minor_to_major and padded_dimensions are valid.
constexpr layout_map make_layout_map(const shape_spec& s) noexcept {
  layout_map m;
  const std::size_t n = s.rank();
  m.dimensions = s.dimensions;
  const bool padded = !s.layout.padded_dimensions.empty();
  small_vector<index_t, max_tiled_rank> bounds;
  for (std::size_t k = 0; k < n; ++k) {
    const index_t logical = s.layout.minor_to_major[n - 1 - k];
    const index_t b = padded ? s.layout.padded_dimensions[static_cast<std::size_t>(logical)]
                             : s.dimensions[static_cast<std::size_t>(logical)];
    m.physical_to_logical.push_back(logical);
    m.physical_bounds.push_back(b);
    bounds.push_back(b);
  }
  const index_t bytes = byte_width(s.element_type);
  for (const tile_spec& t : s.layout.tiles) {
    // Checked before each level too: a '*' merge with a 0 hides the sizes it merges.
    m.error = detail::size_error(bounds, bytes);
    if (m.error != shape_error::none) return m;
    tile_level lv;
    lv.in_bounds = bounds;
    const std::size_t in_rank = bounds.size();
    const std::size_t tile_len = t.dimensions.size();
    if (tile_len > in_rank) {
      m.error = shape_error::tile_too_long;
      return m;
    }
    if (tile_len > 0 && t.dimensions[tile_len - 1] == tile_spec::combine) {
      m.error = shape_error::combine_without_minor;
      return m;
    }
    const std::size_t start = in_rank - tile_len;
    index_t acc = 1;
    for (std::size_t j = 0; j < in_rank; ++j) {
      const bool combine = j >= start && t.dimensions[j - start] == tile_spec::combine;
      lv.combine_into_next.push_back(combine);
      if (!detail::checked_mul(acc, bounds[j], acc)) {
        m.error = shape_error::storage_too_large;
        return m;
      }
      if (!combine) {
        lv.merged_bounds.push_back(acc);
        acc = 1;
      }
      if (j >= start && !combine) lv.tile.push_back(t.dimensions[j - start]);
    }
    const std::size_t merged_rank = lv.merged_bounds.size();
    const std::size_t tiled = lv.tile.size();
    if (merged_rank + tiled > max_tiled_rank) {
      m.error = shape_error::tile_too_long;
      return m;
    }
    const std::size_t untouched = merged_rank - tiled;
    bounds.clear();
    for (std::size_t i = 0; i < untouched; ++i) bounds.push_back(lv.merged_bounds[i]);
    for (std::size_t j = 0; j < tiled; ++j) {
      const index_t d = lv.merged_bounds[untouched + j], tj = lv.tile[j];
      bounds.push_back(tj > 0 ? d / tj + (d % tj != 0 ? 1 : 0) : 0);
    }
    for (std::size_t j = 0; j < tiled; ++j) bounds.push_back(lv.tile[j]);
    m.levels.push_back(lv);
  }
  m.storage_bounds = bounds;
  m.error = detail::size_error(bounds, bytes);
  if (m.error != shape_error::none) return m;
  m.storage_count = 1;
  for (index_t b : bounds) m.storage_count *= b;
  if (m.levels.empty()) {
    for (std::size_t i = 0; i < n; ++i) m.strides.push_back(0);
    index_t stride = 1;
    for (std::size_t k = n; k > 0; --k) {
      m.strides[static_cast<std::size_t>(m.physical_to_logical[k - 1])] = stride;
      stride *= m.physical_bounds[k - 1];  // fits: checked above
    }
  }
  return m;
}

// The storage offset of the element at logical index idx (idx[i] < dimensions[i]).
constexpr index_t linear_index(const layout_map& m, const index_t* idx) noexcept {
  const std::size_t n = m.rank();
  if (!m.tiled()) {
    index_t offset = 0;
    for (std::size_t i = 0; i < n; ++i) offset += idx[i] * m.strides[i];
    return offset;
  }
  index_t cur[max_tiled_rank] = {};
  std::size_t r = n;
  for (std::size_t k = 0; k < n; ++k) cur[k] = idx[m.physical_to_logical[k]];
  for (const tile_level& lv : m.levels) {
    index_t merged[max_tiled_rank] = {};
    std::size_t merged_rank = 0;
    index_t acc = 0;
    for (std::size_t j = 0; j < r; ++j) {
      acc = acc * lv.in_bounds[j] + cur[j];
      if (!lv.combine_into_next[j]) {
        merged[merged_rank++] = acc;
        acc = 0;
      }
    }
    const std::size_t tiled = lv.tile.size();
    const std::size_t untouched = merged_rank - tiled;
    for (std::size_t i = 0; i < untouched; ++i) cur[i] = merged[i];
    for (std::size_t j = 0; j < tiled; ++j) {
      cur[untouched + j] = merged[untouched + j] / lv.tile[j];
      cur[untouched + tiled + j] = merged[untouched + j] % lv.tile[j];
    }
    r = untouched + 2 * tiled;
  }
  index_t offset = 0;
  for (std::size_t k = 0; k < r; ++k) offset = offset * m.storage_bounds[k] + cur[k];
  return offset;
}

constexpr index_t linear_index(const layout_map& m, std::span<const index_t> idx) noexcept {
  return linear_index(m, idx.data());
}

// The inverse of linear_index: writes the logical index of the element stored at
// `offset` into idx and returns true, or returns false when the slot is padding
// (dimension padding or tile padding) or outside [0, storage_count).
constexpr bool delinearize(const layout_map& m, index_t offset, index_t* idx) noexcept {
  if (offset < 0 || offset >= m.storage_count) return false;
  index_t cur[max_tiled_rank] = {};
  std::size_t r = m.storage_bounds.size();
  for (std::size_t k = r; k > 0; --k) {
    cur[k - 1] = offset % m.storage_bounds[k - 1];
    offset /= m.storage_bounds[k - 1];
  }
  for (std::size_t l = m.levels.size(); l > 0; --l) {
    const tile_level& lv = m.levels[l - 1];
    const std::size_t merged_rank = lv.merged_bounds.size();
    const std::size_t tiled = lv.tile.size();
    const std::size_t untouched = merged_rank - tiled;
    index_t merged[max_tiled_rank] = {};
    for (std::size_t i = 0; i < untouched; ++i) merged[i] = cur[i];
    for (std::size_t j = 0; j < tiled; ++j) {
      const index_t e = cur[untouched + j] * lv.tile[j] + cur[untouched + tiled + j];
      if (e >= lv.merged_bounds[untouched + j]) return false;  // tile padding
      merged[untouched + j] = e;
    }
    // Split each merged value over its group, from the most minor dimension up.
    std::size_t g = merged_rank;
    index_t v = 0;
    r = lv.in_bounds.size();
    for (std::size_t j = r; j > 0; --j) {
      if (!lv.combine_into_next[j - 1]) v = merged[--g];
      cur[j - 1] = v % lv.in_bounds[j - 1];
      v /= lv.in_bounds[j - 1];
    }
  }
  const std::size_t n = m.rank();
  for (std::size_t k = 0; k < n; ++k) {
    const auto logical = static_cast<std::size_t>(m.physical_to_logical[k]);
    if (cur[k] >= m.dimensions[logical]) return false;  // dimension padding
    idx[logical] = cur[k];
  }
  return true;
}

// Calls f(idx) for every logical index of `dims` in row-major (logical) order, idx
// being a multi_index<R>. Nothing is called when an extent is 0.
template <std::size_t R, class F>
constexpr void for_each_index(const std::array<index_t, R>& dims, F&& f) {
  for (index_t d : dims)
    if (d == 0) return;
  multi_index<R> idx{};
  while (true) {
    f(static_cast<const multi_index<R>&>(idx));
    std::size_t k = R;
    while (k > 0) {
      if (++idx[k - 1] < dims[k - 1]) break;
      idx[k - 1] = 0;
      --k;
    }
    if (k == 0) return;
  }
}

// Calls f(idx, offset) for every logical element in storage order (padding skipped).
template <std::size_t R, class F>
constexpr void for_each_stored(const layout_map& m, F&& f) {
  multi_index<R> idx{};
  for (index_t off = 0; off < m.storage_count; ++off) {
    if (delinearize(m, off, idx.data())) f(static_cast<const multi_index<R>&>(idx), off);
  }
}

}  // namespace sxla

#endif  // SXLA_SHAPE_LAYOUT_MAP_HPP
