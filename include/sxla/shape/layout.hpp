// sxla/shape/layout.hpp: layout_spec, XLA's Layout as a value: minor_to_major, tiles,
// the seed's padded_dimensions with a padding_value, and element_size_in_bits (E(n):
// sub-byte elements packed 8 / n to a byte, see tensor/packed.hpp). Also the default layout
// ({rank-1, ..., 0}, row-major). Validity rules are in validate.hpp, the index
// arithmetic in layout_map.hpp.
#ifndef SXLA_SHAPE_LAYOUT_HPP
#define SXLA_SHAPE_LAYOUT_HPP

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "sxla/core/index.hpp"         // index_t, max_rank
#include "sxla/core/small_vector.hpp"  // small_vector
#include "sxla/shape/tile.hpp"         // tile_spec, max_tiles

namespace sxla {

// What the slots added by padded_dimensions hold (XLA's PaddingValue, without
// INVALID_PAD). lowest/highest are -inf/+inf for floating types and the extreme
// finite values for integers; unknown leaves them unspecified (sxla writes zero).
enum class padding_value : std::uint8_t { zero, one, lowest, highest, unknown };

constexpr std::string_view padding_value_name(padding_value v) noexcept {
  constexpr std::string_view names[] = {"zero", "one", "lowest", "highest", "unknown"};
  return names[static_cast<int>(v)];
}

struct layout_spec {
  // Dimension numbers from the fastest-varying to the slowest.
  small_vector<index_t, max_rank> minor_to_major;
  // Tile levels applied in order; empty when the layout is not tiled.
  small_vector<tile_spec, max_tiles> tiles;
  // Padded size of each logical dimension; empty when the layout is not padded.
  small_vector<index_t, max_rank> padded_dimensions;
  padding_value pad_value = padding_value::zero;
  // XLA's element_size_in_bits: 0, or the bit width of a sub-byte element type, whose
  // elements are then packed (printed E(4)).
  index_t element_size_in_bits = 0;

  friend constexpr bool operator==(const layout_spec&, const layout_spec&) = default;
};

// XLA's default layout: major to minor in dimension order, {rank-1, ..., 1, 0}.
constexpr layout_spec default_layout(std::size_t rank) noexcept {
  layout_spec l;
  for (std::size_t i = rank; i > 0; --i) l.minor_to_major.push_back(static_cast<index_t>(i - 1));
  return l;
}

constexpr bool is_default_layout(const layout_spec& l, std::size_t rank) noexcept {
  return l == default_layout(rank);
}

}  // namespace sxla

#endif  // SXLA_SHAPE_LAYOUT_HPP
