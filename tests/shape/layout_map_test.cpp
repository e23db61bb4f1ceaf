// Tests for sxla/shape/layout_map.hpp: properties over many random shapes and layouts
// (the logical-index -> offset map is injective, lands in storage, and delinearize
// inverts it exactly, reporting every other slot as padding), metamorphic relations
// between layouts that must store alike, and iteration orders. The seed and spec
// worked examples are in tests/seeds/, the Python-model offsets in tests/golden/.
#include <sxla/shape/layout_map.hpp>
#include <sxla/shape/parse.hpp>
#include <sxla/shape/print.hpp>
#include <sxla/shape/shape.hpp>

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "support/random_shapes.hpp"

namespace {

sxla::shape_spec parsed(std::string_view text) {
  const auto r = sxla::parse_shape(text);
  REQUIRE_MESSAGE(r.ok(), text << ": " << r.message().view());
  return r.shape;
}

// Offsets of every logical element of a runtime spec, in logical row-major order.
std::vector<sxla::index_t> offsets(const sxla::shape_spec& s) {
  const sxla::layout_map m = sxla::make_layout_map(s);
  std::vector<sxla::index_t> out;
  std::vector<sxla::index_t> idx(s.rank(), 0);
  if (s.element_count() == 0) return out;
  while (true) {
    out.push_back(sxla::linear_index(m, idx.data()));
    std::size_t k = s.rank();
    while (k > 0 && ++idx[k - 1] == s.dimensions[k - 1]) idx[--k] = 0;
    if (k == 0) break;
  }
  return out;
}

}  // namespace

TEST_CASE("shape/layout_map: random layouts map injectively into storage and invert exactly") {
  std::mt19937_64 rng(20261122);
  int shapes = 0, tiled = 0, padded = 0, combined = 0;
  for (int iter = 0; iter < 2000; ++iter) {
    const sxla::shape_spec s = sxla_test::random_shape(rng);
    const sxla::layout_map m = sxla::make_layout_map(s);
    CAPTURE(std::string(sxla::to_string(s).view()));
    REQUIRE(m.error == sxla::shape_error::none);
    ++shapes;
    tiled += m.tiled() ? 1 : 0;
    padded += s.layout.padded_dimensions.empty() ? 0 : 1;
    for (const auto& t : s.layout.tiles)
      for (auto d : t.dimensions) combined += d == sxla::tile_spec::combine ? 1 : 0;

    std::vector<char> used(static_cast<std::size_t>(m.storage_count), 0);
    std::vector<sxla::index_t> idx(s.rank(), 0), back(s.rank(), -1);
    sxla::index_t visited = 0;
    for (sxla::index_t off : offsets(s)) {
      ++visited;
      REQUIRE(off >= 0);
      REQUIRE(off < m.storage_count);
      REQUIRE_FALSE(used[static_cast<std::size_t>(off)]);
      used[static_cast<std::size_t>(off)] = 1;
    }
    REQUIRE_EQ(visited, s.element_count());
    // Every used slot delinearizes to the index that maps to it; every other is padding.
    for (sxla::index_t off = 0; off < m.storage_count; ++off) {
      const bool logical = sxla::delinearize(m, off, back.data());
      REQUIRE_EQ(logical, used[static_cast<std::size_t>(off)] != 0);
      if (logical) REQUIRE_EQ(sxla::linear_index(m, back.data()), off);
    }
    REQUIRE_FALSE(sxla::delinearize(m, -1, back.data()));
    REQUIRE_FALSE(sxla::delinearize(m, m.storage_count, back.data()));
  }
  // The generator must actually have produced the interesting cases.
  CHECK_GT(tiled, 500);
  CHECK_GT(padded, 300);
  CHECK_GT(combined, 100);
  MESSAGE(shapes << " layouts: " << tiled << " tiled, " << padded << " padded, " << combined
                 << " '*' entries");
}

TEST_CASE("shape/layout_map: layouts that must store alike do") {
  // Tiles of size 1 change nothing.
  CHECK_EQ(offsets(parsed("f32[3,4,5]{1,2,0:T(1,1)}")), offsets(parsed("f32[3,4,5]{1,2,0}")));
  CHECK_EQ(offsets(parsed("f32[3,4,5]{2,1,0:T(1,1,1)(1)}")), offsets(parsed("f32[3,4,5]")));
  // A tile covering the whole array is one tile: row-major inside it.
  CHECK_EQ(offsets(parsed("f32[4,6]{1,0:T(4,6)}")), offsets(parsed("f32[4,6]")));
  // A tile covering the whole array, larger than it, is the array padded to the tile.
  CHECK_EQ(offsets(parsed("f32[3,5]{1,0:T(4,8)}")), offsets(parsed("f32[3,5]{1,0:pad(4,8)}")));
  // A one-dimensional tile over the minor dimension of a row-major array pads that
  // dimension up to a multiple of the tile and changes no order.
  CHECK_EQ(offsets(parsed("f32[3,5]{1,0:T(4)}")), offsets(parsed("f32[3,5]{1,0:pad(3,8)}")));
  // '*' merges dimensions: [2,3,4] with T(*,*,8) is the flat [24] tiled by 8.
  CHECK_EQ(offsets(parsed("f32[2,3,4]{2,1,0:T(*,*,8)}")), offsets(parsed("f32[24]{0:T(8)}")));
  CHECK_EQ(offsets(parsed("f32[2,3,4]{2,1,0:T(*,*,8)}")), offsets(parsed("f32[2,3,4]")));
  // The spec note's example: [2,7,8,11,10] T(*,*,2,*,3) is [112,110] T(2,3).
  const auto big = offsets(parsed("f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}"));
  const auto flat = offsets(parsed("f32[112,110]{1,0:T(2,3)}"));
  CHECK_EQ(big, flat);
  // Column-major is row-major of the transposed shape.
  const auto col = offsets(parsed("f32[3,5]{0,1}"));
  const auto row_t = offsets(parsed("f32[5,3]"));
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 5; ++j) CHECK_EQ(col[i * 5 + j], row_t[j * 3 + i]);
}

TEST_CASE("shape/layout_map: storage sizes") {
  CHECK_EQ(sxla::make_layout_map(parsed("f32[3,5]{1,0:T(2,2)}")).storage_count, 24);
  CHECK_EQ(sxla::make_layout_map(parsed("bf16[2,3,1004]{2,1,0:T(2,*,128)}")).storage_count,
           2 * 24 * 128);  // [2, 3012] tiled (2,128): 1 x 24 tiles of 2 x 128
  CHECK_EQ(sxla::make_layout_map(parsed("bf16[16,256]{1,0:T(8,128)(2,1)}")).storage_count, 16 * 256);
  CHECK_EQ(sxla::make_layout_map(parsed("bf16[3,5]{1,0:T(8,128)(2,1)}")).storage_count, 8 * 128);
  CHECK_EQ(sxla::make_layout_map(parsed("f32[0,5]{1,0:T(2,2)}")).storage_count, 0);
  CHECK_EQ(sxla::make_layout_map(parsed("f32[0,5]{1,0:pad(2,5)}")).storage_count, 10);
  CHECK_EQ(sxla::make_layout_map(parsed("f32[]")).storage_count, 1);
}

TEST_CASE("shape/layout_map: untiled layouts have strides, tiled ones none") {
  const auto m = sxla::make_layout_map(parsed("f32[2,3,4]{0,2,1:pad(3,3,5)}"));
  REQUIRE_FALSE(m.tiled());
  // Physical order major to minor: dim 1 (3), dim 2 (5), dim 0 (3).
  CHECK_EQ(m.strides[0], 1);
  CHECK_EQ(m.strides[2], 3);
  CHECK_EQ(m.strides[1], 15);
  CHECK(sxla::make_layout_map(parsed("f32[2,3]{1,0:T(2,2)}")).strides.empty());
}

TEST_CASE("shape/layout_map: iteration in logical and in storage order") {
  using col = sxla::shape<"f32[2,3]{0,1}">;
  std::vector<sxla::index_t> logical_offsets, stored_offsets;
  std::vector<sxla::multi_index<2>> stored_indices;
  sxla::for_each_index<col>([&](const sxla::multi_index<2>& i) {
    logical_offsets.push_back(sxla::linear_index<col>(i));
  });
  sxla::for_each_stored<col>([&](const sxla::multi_index<2>& i, sxla::index_t off) {
    stored_indices.push_back(i);
    stored_offsets.push_back(off);
  });
  CHECK_EQ(logical_offsets, std::vector<sxla::index_t>{0, 2, 4, 1, 3, 5});
  CHECK_EQ(stored_offsets, std::vector<sxla::index_t>{0, 1, 2, 3, 4, 5});
  const std::vector<sxla::multi_index<2>> expect = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}, {1, 2}};
  CHECK_EQ(stored_indices, expect);

  using tiled = sxla::shape<"f32[3,5]{1,0:T(2,2)}">;
  int stored = 0;
  sxla::index_t last = -1;
  sxla::for_each_stored<tiled>([&](const sxla::multi_index<2>&, sxla::index_t off) {
    CHECK_GT(off, last);   // increasing offsets, padding skipped
    last = off;
    ++stored;
  });
  CHECK_EQ(stored, 15);

  int scalar_visits = 0, empty_visits = 0;
  sxla::for_each_index<sxla::shape<"f32[]">>([&](const sxla::multi_index<0>&) { ++scalar_visits; });
  sxla::for_each_index<sxla::shape<"f32[3,0]">>([&](const sxla::multi_index<2>&) { ++empty_visits; });
  CHECK_EQ(scalar_visits, 1);
  CHECK_EQ(empty_visits, 0);
}
