// sxla/shape/tile.hpp: tile_spec, one level of XLA's tiled layout: T(2,2), T(8,128),
// T(2,*,128). A '*' entry (tile_spec::combine) merges that physical dimension into the
// next more minor one before tiling. The arithmetic lives in layout_map.hpp.
#ifndef SXLA_SHAPE_TILE_HPP
#define SXLA_SHAPE_TILE_HPP

#include <cstddef>
#include <limits>

#include "sxla/core/index.hpp"         // index_t, max_rank
#include "sxla/core/small_vector.hpp"  // small_vector

namespace sxla {

// Most entries a single tile may have. A first-level tile covers at most the shape's
// rank; a later level tiles the shape the previous level produced, which is longer.
inline constexpr std::size_t max_tile_rank = 2 * max_rank;
// Most tile levels in one layout (TPU layouts use two, e.g. T(8,128)(2,1)).
inline constexpr std::size_t max_tiles = 4;

struct tile_spec {
  // The '*' entry, stored as XLA's Tile::kCombineDimension (the minimum int64).
  static constexpr index_t combine = std::numeric_limits<index_t>::min();

  // Tile sizes, major to minor; they apply to the most minor physical dimensions.
  small_vector<index_t, max_tile_rank> dimensions;

  friend constexpr bool operator==(const tile_spec&, const tile_spec&) = default;
};

}  // namespace sxla

#endif  // SXLA_SHAPE_TILE_HPP
