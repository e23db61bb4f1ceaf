// tests/support/random_shapes.hpp: random valid shape_specs for property tests: any
// rank up to max_rank, sizes 0..6, permuted minor_to_major, optional padding, and up
// to three tile levels with '*' entries. Deterministic for a given engine state.
#ifndef SXLA_TESTS_SUPPORT_RANDOM_SHAPES_HPP
#define SXLA_TESTS_SUPPORT_RANDOM_SHAPES_HPP

#include <sxla/shape/layout_map.hpp>
#include <sxla/shape/shape_spec.hpp>
#include <sxla/shape/validate.hpp>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

namespace sxla_test {

struct random_shape_options {
  std::size_t max_rank = 6;
  sxla::index_t max_size = 6;
  int max_tiles = 3;
  sxla::index_t max_elements = 5000;
  sxla::index_t max_storage = 200000;
};

inline sxla::shape_spec random_shape(std::mt19937_64& rng, const random_shape_options& o = {}) {
  auto uniform = [&rng](sxla::index_t lo, sxla::index_t hi) {
    return std::uniform_int_distribution<sxla::index_t>(lo, hi)(rng);
  };
  while (true) {
    sxla::shape_spec s;
    s.element_type = sxla::all_primitive_types[uniform(0, 14)];
    const auto rank = static_cast<std::size_t>(uniform(0, static_cast<sxla::index_t>(o.max_rank)));
    for (std::size_t i = 0; i < rank; ++i) s.dimensions.push_back(uniform(0, o.max_size));
    std::vector<sxla::index_t> perm(rank);
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng);
    for (auto d : perm) s.layout.minor_to_major.push_back(d);
    if (rank > 0 && uniform(0, 3) == 0) {
      for (std::size_t i = 0; i < rank; ++i) s.layout.padded_dimensions.push_back(s.dimensions[i] + uniform(0, 2));
      s.layout.pad_value = static_cast<sxla::padding_value>(uniform(0, 4));
    }
    std::size_t cur_rank = rank;
    const int tiles = rank == 0 ? 0 : static_cast<int>(uniform(0, o.max_tiles));
    for (int t = 0; t < tiles; ++t) {
      sxla::tile_spec tile;
      const auto len = static_cast<std::size_t>(uniform(1, static_cast<sxla::index_t>(std::min<std::size_t>(cur_rank, 4))));
      for (std::size_t j = 0; j < len; ++j) {
        const bool star = j + 1 < len && uniform(0, 4) == 0;
        tile.dimensions.push_back(star ? sxla::tile_spec::combine : uniform(1, 5));
      }
      std::size_t stars = 0;
      for (auto d : tile.dimensions) stars += d == sxla::tile_spec::combine ? 1 : 0;
      cur_rank = cur_rank - stars + (len - stars);
      s.layout.tiles.push_back(tile);
    }
    if (!sxla::is_valid(s)) continue;
    const sxla::layout_map m = sxla::make_layout_map(s);
    if (s.element_count() > o.max_elements || m.storage_count > o.max_storage) continue;
    return s;
  }
}

}  // namespace sxla_test

#endif  // SXLA_TESTS_SUPPORT_RANDOM_SHAPES_HPP
