// The Gather section of ../shared/seeds/002 ("Descripción informal y ejemplos") and its
// Scatter section ("Dispersión"), with the seed's shapes and rules:
//  - 5 slices of shape [8,6] from an array [16,11], start indices S64[5,2]: result index
//    [G, O0, O1] reads the input at [X + O0, Y + O1], (X, Y) the G-th start vector;
//  - the same with start indices [4,5,2]: two batch dimensions G0, G1;
//  - tf.gather_nd: start indices [G0, G1, 1], slice_sizes [1, 11], collapsed dimension
//    0: result [G0, G1, O0] is the input at [X, O0], a whole row per index;
//  - scatter, "the inverse of gather": the rows picked by the gather_nd example put
//    back with a computation whose first argument is always the current value.
// The seed's diagrams carry no numbers; the input here is in(i, j) = 100 i + j, so each
// expected value names its own position, and the expected results are written from the
// seed's formula (and, for a few elements, literally). Start vectors beyond the array
// are clamped so that the slice stays inside it, as XLA does: X to [0, 16 - 8],
// Y to [0, 11 - 6].
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>

namespace x = sxla;

namespace {

x::tensor<"f32[16,11]"> seed_input() {
  x::tensor<"f32[16,11]"> in;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 11; ++j) in(i, j) = static_cast<float>(100 * i + j);
  return in;
}

std::int64_t clamp(std::int64_t v, std::int64_t hi) { return v < 0 ? 0 : (v > hi ? hi : v); }

}  // namespace

TEST_CASE("seed 002 gather: 5 slices of [8,6] from [16,11], starts S64[5,2]") {
  const auto in = seed_input();
  constexpr std::int64_t big = std::numeric_limits<std::int64_t>::max();
  constexpr std::int64_t low = std::numeric_limits<std::int64_t>::min();
  // Two starts inside, three clamped: (15, 10) -> (8, 5), (-4, 3) -> (0, 3), (huge, low) -> (8, 0).
  const x::tensor<"s64[5,2]"> starts = {{0, 0}, {3, 2}, {15, 10}, {-4, 3}, {big, low}};
  constexpr x::gather_dims dims{.offset_dims = x::idx{1, 2}, .collapsed_slice_dims = x::idx{},
                                .start_index_map = x::idx{0, 1}, .index_vector_dim = 1};
  const x::tensor<"f32[5,8,6]"> out = x::gather<dims, x::idx{8, 6}>(in, starts);
  for (int g = 0; g < 5; ++g) {
    const std::int64_t sx = clamp(starts(g, 0), 16 - 8), sy = clamp(starts(g, 1), 11 - 6);
    for (int o0 = 0; o0 < 8; ++o0)
      for (int o1 = 0; o1 < 6; ++o1)
        CHECK(out(g, o0, o1) == in(static_cast<int>(sx) + o0, static_cast<int>(sy) + o1));
  }
  CHECK(out(1, 0, 0) == 302.0f);   // in[3, 2]
  CHECK(out(1, 7, 5) == 1007.0f);  // in[10, 7]
  CHECK(out(2, 0, 0) == 805.0f);   // (15, 10) clamped to (8, 5)
  CHECK(out(2, 7, 5) == 1510.0f);  // the last element of the array
  CHECK(out(3, 0, 0) == 3.0f);     // (-4, 3) clamped to (0, 3)
  CHECK(out(4, 0, 0) == 800.0f);   // (INT64_MAX, INT64_MIN) clamped to (8, 0)
}

TEST_CASE("seed 002 gather: start indices [4,5,2], batch dimensions G0 and G1") {
  const auto in = seed_input();
  x::tensor<"s32[4,5,2]"> starts;
  for (int g0 = 0; g0 < 4; ++g0)
    for (int g1 = 0; g1 < 5; ++g1) {
      starts(g0, g1, 0) = 3 * g0 + g1 - 2;  // -2 .. 11: clamped at both ends
      starts(g0, g1, 1) = 2 * g1 - g0;      // -3 .. 8
    }
  constexpr x::gather_dims dims{.offset_dims = x::idx{2, 3}, .collapsed_slice_dims = x::idx{},
                                .start_index_map = x::idx{0, 1}, .index_vector_dim = 2};
  const x::tensor<"f32[4,5,8,6]"> out = x::gather<dims, x::idx{8, 6}>(in, starts);
  for (int g0 = 0; g0 < 4; ++g0)
    for (int g1 = 0; g1 < 5; ++g1) {
      const std::int64_t sx = clamp(starts(g0, g1, 0), 8), sy = clamp(starts(g0, g1, 1), 5);
      for (int o0 = 0; o0 < 8; ++o0)
        for (int o1 = 0; o1 < 6; ++o1)
          CHECK(out(g0, g1, o0, o1) == in(static_cast<int>(sx) + o0, static_cast<int>(sy) + o1));
    }
  CHECK(out(3, 4, 0, 0) == 805.0f);  // start (11, 5) clamped to (8, 5)
  CHECK(out(0, 1, 2, 3) == 205.0f);  // start (-1, 2) clamped to (0, 2), + (2, 3)
}

TEST_CASE("seed 002 gather: the tf.gather_nd form picks whole rows") {
  const auto in = seed_input();
  const x::tensor<"s32[2,3,1]"> rows = {{{4}, {0}, {15}}, {{7}, {20}, {-1}}};
  constexpr x::gather_dims dims{.offset_dims = x::idx{2}, .collapsed_slice_dims = x::idx{0},
                                .start_index_map = x::idx{0}, .index_vector_dim = 2};
  const x::tensor<"f32[2,3,11]"> out = x::gather<dims, x::idx{1, 11}>(in, rows);
  for (int g0 = 0; g0 < 2; ++g0)
    for (int g1 = 0; g1 < 3; ++g1)
      for (int o = 0; o < 11; ++o)
        CHECK(out(g0, g1, o) == in(static_cast<int>(clamp(rows(g0, g1, 0), 15)), o));
  CHECK(out(0, 0, 10) == 410.0f);
  CHECK(out(1, 1, 0) == 1500.0f);  // row 20 clamped to 15
  CHECK(out(1, 2, 5) == 5.0f);     // row -1 clamped to 0
}

TEST_CASE("seed 002 scatter: the gather_nd rows scattered back, current value first") {
  // Scatter with the dimension numbers that mirror the gather_nd example: each update row
  // goes to the row its index names. Index 1 appears twice: the updates apply in index
  // order, 2 * (2 * in + u0) + ... with f(current, update) = 2 current - update.
  x::tensor<"f32[4,3]"> in = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}};
  const x::tensor<"s32[3,1]"> ids = {{1}, {3}, {1}};
  const x::tensor<"f32[3,3]"> u = {{100, 200, 300}, {1000, 2000, 3000}, {10, 20, 30}};
  constexpr x::scatter_dims dims{.update_window_dims = x::idx{1}, .inserted_window_dims = x::idx{0},
                                 .scatter_dims_to_operand_dims = x::idx{0}, .index_vector_dim = 1};
  const x::tensor<"f32[4,3]"> added = x::scatter<dims>(in, ids, u, x::add_op);
  const x::tensor<"f32[4,3]"> want_added = {{1, 2, 3}, {114, 225, 336}, {7, 8, 9}, {1010, 2011, 3012}};
  CHECK(added == want_added);
  const x::tensor<"f32[4,3]"> ordered = x::scatter<dims>(in, ids, u, [](float c, float v) { return 2 * c - v; });
  // Row 1: 2 * (2 * 4 - 100) - 10 = -194; row 3: 2 * 10 - 1000 = -980.
  const x::tensor<"f32[4,3]"> want_ordered = {{1, 2, 3}, {-194, -400, -606}, {7, 8, 9}, {-980, -1978, -2976}};
  CHECK(ordered == want_ordered);
  // "If O is a valid index for output": an update whose row is outside the operand
  // changes nothing (no clamping, unlike gather).
  const x::tensor<"s32[3,1]"> outside = {{-1}, {4}, {2147483647}};
  const x::tensor<"f32[4,3]"> unchanged = x::scatter<dims>(in, outside, u, x::add_op);
  CHECK(unchanged == in);
}
