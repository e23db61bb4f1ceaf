// sxla/shape/static_layout_map.hpp: static_layout_map<S>, the logical-index -> offset
// map of one layout, unrolled at compile time into straight-line arithmetic: a dot
// product with constant strides for an untiled layout; for a tiled one, per tile level,
// the merges and the divisions/remainders by constant tile sizes. It is what element
// access and the evaluators' loops call. The generic layout_map (layout_map.hpp) is
// the reference it is tested against; both follow ../shared/spec/tiled-layout.md.
#ifndef SXLA_SHAPE_STATIC_LAYOUT_MAP_HPP
#define SXLA_SHAPE_STATIC_LAYOUT_MAP_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "sxla/config.hpp"              // SXLA_FORCE_INLINE
#include "sxla/core/index.hpp"          // index_t, multi_index
#include "sxla/core/small_vector.hpp"   // small_vector
#include "sxla/shape/layout_map.hpp"    // layout_map, make_layout_map, tile_level
#include "sxla/shape/shape_spec.hpp"    // shape_spec
#include "sxla/shape/validate.hpp"      // valid_or_scalar

namespace sxla {

namespace detail {
template <std::size_t N, std::size_t C>
constexpr std::array<index_t, N> to_array(const small_vector<index_t, C>& v) noexcept {
  std::array<index_t, N> a{};
  for (std::size_t i = 0; i < N; ++i) a[i] = v[i];
  return a;
}
}  // namespace detail

template <shape_spec S>
struct static_layout_map {
  static constexpr layout_map map = make_layout_map(valid_or_scalar<S>);
  static constexpr std::size_t rank = map.rank();
  static constexpr std::size_t level_count = map.levels.size();

 private:
  // One tile level with exact-size arrays: the in-shape, where each merged group starts,
  // and the tile.
  template <std::size_t L>
  struct level {
    static constexpr const tile_level& lv = map.levels[L];
    static constexpr std::size_t in_rank = lv.in_bounds.size();
    static constexpr std::size_t merged_rank = lv.merged_bounds.size();
    static constexpr std::size_t tiled = lv.tile.size();
    static constexpr std::size_t untouched = merged_rank - tiled;
    static constexpr std::size_t out_rank = merged_rank + tiled;
    static constexpr std::array<index_t, in_rank> in_bounds = detail::to_array<in_rank>(lv.in_bounds);
    static constexpr std::array<index_t, tiled> tile = detail::to_array<tiled>(lv.tile);
    static constexpr std::array<std::size_t, merged_rank + 1> group_begin = [] {
      std::array<std::size_t, merged_rank + 1> b{};
      std::size_t g = 0;
      for (std::size_t j = 0; j < in_rank; ++j)
        if (j == 0 || !lv.combine_into_next[j - 1]) b[g++] = j;
      b[merged_rank] = in_rank;
      return b;
    }();

    // Dimensions [group_begin[G], group_begin[G+1]) merged into one index.
    template <std::size_t G>
    SXLA_FORCE_INLINE static constexpr index_t merge(const std::array<index_t, in_rank>& c) noexcept {
      constexpr std::size_t b = group_begin[G];
      return [&]<std::size_t... J>(std::index_sequence<J...>) {
        index_t acc = 0;
        ((acc = acc * in_bounds[b + J] + c[b + J]), ...);
        return acc;
      }(std::make_index_sequence<group_begin[G + 1] - b>{});
    }

    SXLA_FORCE_INLINE static constexpr std::array<index_t, out_rank> apply(
        const std::array<index_t, in_rank>& c) noexcept {
      const std::array<index_t, merged_rank> m = [&]<std::size_t... G>(std::index_sequence<G...>) {
        return std::array<index_t, merged_rank>{merge<G>(c)...};
      }(std::make_index_sequence<merged_rank>{});
      std::array<index_t, out_rank> out{};
      [&]<std::size_t... I>(std::index_sequence<I...>) {
        ((out[I] = m[I]), ...);
      }(std::make_index_sequence<untouched>{});
      // Unsigned: indices are non-negative, and the division by a constant then needs
      // no sign fix-up.
      [&]<std::size_t... J>(std::index_sequence<J...>) {
        ((out[untouched + J] = static_cast<index_t>(static_cast<std::uint64_t>(m[untouched + J]) /
                                                    static_cast<std::uint64_t>(tile[J])),
          out[untouched + tiled + J] = static_cast<index_t>(static_cast<std::uint64_t>(m[untouched + J]) %
                                                            static_cast<std::uint64_t>(tile[J]))),
         ...);
      }(std::make_index_sequence<tiled>{});
      return out;
    }
  };

  template <std::size_t L, std::size_t N>
  SXLA_FORCE_INLINE static constexpr auto apply_levels(const std::array<index_t, N>& c) noexcept {
    if constexpr (L == level_count) {
      return c;
    } else {
      return apply_levels<L + 1>(level<L>::apply(c));
    }
  }

  static constexpr std::array<index_t, rank> strides = detail::to_array<rank>(map.strides);
  static constexpr std::array<index_t, rank> physical_to_logical =
      detail::to_array<rank>(map.physical_to_logical);

 public:
  static constexpr std::size_t storage_rank = map.storage_bounds.size();
  static constexpr std::array<index_t, storage_rank> storage_bounds =
      detail::to_array<storage_rank>(map.storage_bounds);

  // The storage offset of logical index idx; equal to linear_index(map, idx).
  SXLA_FORCE_INLINE static constexpr index_t offset(const multi_index<rank>& idx) noexcept {
    if constexpr (level_count == 0) {
      return [&]<std::size_t... I>(std::index_sequence<I...>) {
        return ((idx[I] * strides[I]) + ... + index_t{0});
      }(std::make_index_sequence<rank>{});
    } else {
      const std::array<index_t, rank> phys = [&]<std::size_t... K>(std::index_sequence<K...>) {
        return std::array<index_t, rank>{idx[physical_to_logical[K]]...};
      }(std::make_index_sequence<rank>{});
      const auto fin = apply_levels<0>(phys);
      return [&]<std::size_t... K>(std::index_sequence<K...>) {
        index_t off = 0;
        ((off = off * storage_bounds[K] + fin[K]), ...);
        return off;
      }(std::make_index_sequence<storage_rank>{});
    }
  }
};

}  // namespace sxla

#endif  // SXLA_SHAPE_STATIC_LAYOUT_MAP_HPP
