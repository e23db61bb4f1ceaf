// The worked examples of ../shared/seeds/004 ("Bố cục theo ô", tiled layout), with the
// formulas as restated in ../shared/spec/tiled-layout.md, numbers verbatim.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <vector>

namespace x = sxla;

TEST_CASE("seeds/004: Figure 1, F32[3,5]{1,0:T(2,2)}") {
  using fig1 = x::shape<"F32[3,5]{1,0:T(2,2)}">;   // the seed's spelling
  static_assert(std::is_same_v<fig1, x::shape<"f32[3,5]{1,0:T(2,2)}">>);
  // Element (2,3): tile index (1,1), index in the tile (0,1), combined (1,1,0,1) in
  // bounds (2,3,2,2), linear index 17; 24 storage slots for 15 elements.
  const auto& m = fig1::map;
  CHECK_EQ(std::vector<x::index_t>(m.storage_bounds.begin(), m.storage_bounds.end()),
           std::vector<x::index_t>{2, 3, 2, 2});
  CHECK_EQ(x::linear_index<fig1>({2, 3}), 1 * (3 * 2 * 2) + 1 * (2 * 2) + 0 * 2 + 1);
  CHECK_EQ(x::linear_index<fig1>({2, 3}), 17);
  CHECK_EQ(fig1::storage_count, 24);
  CHECK_EQ(fig1::element_count, 15);
  // "Padding elements need not hold any particular value": 9 of them, in the last tile
  // row and column.
  int padding = 0;
  for (x::index_t off = 0; off < fig1::storage_count; ++off) padding += x::delinearize<fig1>(off) ? 0 : 1;
  CHECK_EQ(padding, 9);
}

TEST_CASE("seeds/004: pad, reshape, transpose gives the final shape (ceil(d/t)..., t...)") {
  // f32[5,7] tiled (2,3): padded to [6,9], reshaped to [3,2,3,3], transposed to [3,3,2,3].
  using s = x::shape<"f32[5,7]{1,0:T(2,3)}">;
  CHECK_EQ(std::vector<x::index_t>(s::map.storage_bounds.begin(), s::map.storage_bounds.end()),
           std::vector<x::index_t>{3, 3, 2, 3});
  // Element (e1, e0) -> (e1/2, e0/3, e1%2, e0%3).
  for (x::index_t i = 0; i < 5; ++i)
    for (x::index_t j = 0; j < 7; ++j)
      CHECK_EQ(x::linear_index<s>({i, j}), ((i / 2) * 3 + j / 3) * 6 + (i % 2) * 3 + j % 3);
}

TEST_CASE("seeds/004: Figure 2, repeated tiling (2,4)(2,1) of a 4x8 array") {
  using fig2 = x::shape<"f32[4,8]{1,0:T(2,4)(2,1)}">;
  const x::index_t table[4][8] = {{0, 2, 4, 6, 8, 10, 12, 14},
                                  {1, 3, 5, 7, 9, 11, 13, 15},
                                  {16, 18, 20, 22, 24, 26, 28, 30},
                                  {17, 19, 21, 23, 25, 27, 29, 31}};
  for (x::index_t i = 0; i < 4; ++i)
    for (x::index_t j = 0; j < 8; ++j) {
      CAPTURE(i);
      CAPTURE(j);
      CHECK_EQ(x::linear_index<fig2>({i, j}), table[i][j]);
    }
  CHECK_EQ(fig2::storage_count, 32);
}

TEST_CASE("seeds/004: the TPU bf16 layout (8,128)(2,1) pairs values of consecutive rows") {
  using tpu = x::shape<"bf16[16,256]{1,0:T(8,128)(2,1)}">;
  // Within a tile, rows 2k and 2k+1 of a column sit next to each other (one 32-bit word).
  CHECK_EQ(x::linear_index<tpu>({1, 0}), x::linear_index<tpu>({0, 0}) + 1);
  CHECK_EQ(x::linear_index<tpu>({0, 1}), x::linear_index<tpu>({0, 0}) + 2);
  CHECK_EQ(x::linear_index<tpu>({2, 0}), 256);
  CHECK_EQ(x::linear_index<tpu>({0, 128}), 8 * 128);
  CHECK_EQ(x::linear_index<tpu>({8, 0}), 2 * 8 * 128);
}

TEST_CASE("seeds/004: combining dimensions with '*'") {
  // F32[2,7,8,11,10]{4,3,2,1,0} combined into F32[112,110]{1,0}, then tiled (2,3).
  using combined = x::shape<"f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}">;
  using flat = x::shape<"f32[112,110]{1,0:T(2,3)}">;
  CHECK_EQ(x::to_string<combined>().view(), "f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}");
  // Element (1,6,7,10,9) is (111,109) in the combined shape, at linear index 12430.
  CHECK_EQ(x::linear_index<flat>({111, 109}), 12430);
  CHECK_EQ(x::linear_index<combined>({1, 6, 7, 10, 9}), 12430);
  CHECK_EQ(combined::storage_count, 12432);
  CHECK_EQ(combined::storage_count, 56 * 37 * 2 * 3);
  // The seed: bf16[2,3,1004]{2,1,0:T(2,*,128)} merges dimensions 1 and 2 (3 * 1004).
  using b = x::shape<"bf16[2,3,1004]{2,1,0:T(2,*,128)}">;
  CHECK_EQ(b::storage_count, 1 * 24 * 2 * 128);
  CHECK_EQ(x::linear_index<b>({1, 2, 1003}), (3011 / 128) * 256 + 1 * 128 + 3011 % 128);
}
