// Gather and scatter beyond the seed's examples: constant evaluation, fusion, operand
// and destination layouts, every kind of index type and value, batching dimensions
// (take_along_axis), scatter's whole-window skip, in-place scatter, the vectorised run
// with a tail, f16, and several operands. Expected values come from plain loops written
// here from XLA's definition (or are written literally), never from sxla.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <tuple>

namespace x = sxla;

namespace {

constexpr x::gather_dims take_rows{.offset_dims = x::idx{1}, .collapsed_slice_dims = x::idx{0},
                                   .start_index_map = x::idx{0}, .index_vector_dim = 1};
constexpr x::scatter_dims put_rows{.update_window_dims = x::idx{1}, .inserted_window_dims = x::idx{0},
                                   .scatter_dims_to_operand_dims = x::idx{0}, .index_vector_dim = 1};

// t(i, j) = 100 i + j, over t's own dimensions (g++ -O2 folded the instantiations for
// f32[5,4] and f32[3,4] of a loop bounded by arguments, then warned of the larger bounds).
template <class T>
void fill_positions(T& t) {
  x::for_each_index<typename T::shape_type>(
      [&](const auto& idx) { t[idx] = static_cast<float>(100 * idx[0] + idx[1]); });
}

constexpr float constant_gather() {
  x::tensor<"f32[3,2]"> a = {{1, 2}, {3, 4}, {5, 6}};
  x::tensor<"s32[2]"> ids = {2, -7};
  x::tensor<"f32[2,2]"> r = x::gather<take_rows, x::idx{1, 2}>(a, ids);
  return r(0, 1) * 10 + r(1, 0);  // 6 * 10 + 1
}
static_assert(constant_gather() == 61.0f);

constexpr float constant_scatter() {
  x::tensor<"f32[3,2]"> a = {{1, 2}, {3, 4}, {5, 6}};
  x::tensor<"s32[2]"> ids = {2, 2};
  x::tensor<"f32[2,2]"> u = {{10, 20}, {100, 200}};
  x::tensor<"f32[3,2]"> r = x::scatter<put_rows>(a, ids, u, x::add_op);
  return r(2, 1);  // 6 + 20 + 200
}
static_assert(constant_scatter() == 226.0f);

}  // namespace

TEST_CASE("gather is a lazy node that fuses into its consumer, with no scratch memory") {
  x::tensor<"f32[6,5]"> t;
  fill_positions(t);
  const x::tensor<"s32[4]"> ids = {5, 0, 3, 3};
  auto g = x::gather<take_rows, x::idx{1, 5}>(t, ids);
  static_assert(x::expression<decltype(g)>);
  auto relu = x::max(x::sub(g, 250.0f), 0.0f);
  static_assert(x::workspace_bytes<decltype(relu)> == 0);
  const x::tensor<"f32[4,5]"> r = relu;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j) {
      const float v = static_cast<float>(100 * ids(i) + j) - 250.0f;
      CHECK(r(i, j) == (v > 0 ? v : 0.0f));
    }
}

TEST_CASE("gather reads operands of any layout and writes destinations of any layout") {
  x::tensor<"f32[40,37]{0,1}"> col;
  x::tensor<"f32[40,37]{1,0:T(8,128)}"> tiled;
  fill_positions(col);
  fill_positions(tiled);
  x::tensor<"s64[9,1]"> ids;
  for (int i = 0; i < 9; ++i) ids(i, 0) = 7 * i - 10;
  constexpr x::gather_dims dims{.offset_dims = x::idx{1}, .collapsed_slice_dims = x::idx{0},
                                .start_index_map = x::idx{0}, .index_vector_dim = 1};
  const x::tensor<"f32[9,37]"> a = x::gather<dims, x::idx{1, 37}>(col, ids);
  const x::tensor<"f32[9,37]{0,1}"> b = x::gather<dims, x::idx{1, 37}>(tiled, ids);
  const x::tensor<"f32[9,37]{1,0:T(8,128)}"> c = x::gather<dims, x::idx{1, 37}>(x::add(tiled, 1.0f), ids);
  for (int i = 0; i < 9; ++i) {
    const int row = ids(i, 0) < 0 ? 0 : (ids(i, 0) > 39 ? 39 : static_cast<int>(ids(i, 0)));
    for (int j = 0; j < 37; ++j) {
      CHECK(a(i, j) == static_cast<float>(100 * row + j));
      CHECK(b(i, j) == static_cast<float>(100 * row + j));
      CHECK(c(i, j) == static_cast<float>(100 * row + j + 1));
    }
  }
}

TEST_CASE("gather clamps index values of every integer type in the index's own type") {
  x::tensor<"f32[300,2]"> t;
  fill_positions(t);
  const x::tensor<"u8[3]"> u8s = {0, 255, 17};
  const x::tensor<"s8[3]"> s8s = {-128, 127, 5};
  const x::tensor<"u64[3]"> u64s = {std::numeric_limits<std::uint64_t>::max(), 298, 299};
  const x::tensor<"s32[3]"> s32s = {std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max(),
                                    -1};
  const x::tensor<"u16[3]"> u16s = {65535, 1, 298};
  // slice_sizes {2, 2}: the largest start is 300 - 2 = 298.
  constexpr x::gather_dims dims{.offset_dims = x::idx{1, 2}, .start_index_map = x::idx{0}, .index_vector_dim = 1};
  auto rows_of = [](const auto& r) {
    std::int64_t out[3];
    for (int i = 0; i < 3; ++i) out[i] = static_cast<std::int64_t>(r(i, 0, 0)) / 100;
    return std::make_tuple(out[0], out[1], out[2]);
  };
  const x::tensor<"f32[3,2,2]"> a = x::gather<dims, x::idx{2, 2}>(t, u8s);
  const x::tensor<"f32[3,2,2]"> b = x::gather<dims, x::idx{2, 2}>(t, s8s);
  const x::tensor<"f32[3,2,2]"> c = x::gather<dims, x::idx{2, 2}>(t, u64s);
  const x::tensor<"f32[3,2,2]"> d = x::gather<dims, x::idx{2, 2}>(t, s32s);
  const x::tensor<"f32[3,2,2]"> e = x::gather<dims, x::idx{2, 2}>(t, u16s);
  CHECK(rows_of(a) == std::make_tuple(0, 255, 17));
  CHECK(rows_of(b) == std::make_tuple(0, 127, 5));
  CHECK(rows_of(c) == std::make_tuple(298, 298, 298));
  CHECK(rows_of(d) == std::make_tuple(0, 298, 0));
  CHECK(rows_of(e) == std::make_tuple(298, 1, 298));
  CHECK(c(2, 1, 1) == 29901.0f);
}

TEST_CASE("gather and scatter take s4, u4, s2 and u2 indices, clamped or skipped by value") {
  x::tensor<"f32[10,2]"> t;
  fill_positions(t);
  const x::tensor<"s4[3]"> s4s = {-8, 7, 3};
  const x::tensor<"u4[3]"> u4s = {15, 0, 9};
  const x::tensor<"s2[3]"> s2s = {-2, 1, 0};
  const x::tensor<"u2[3]"> u2s = {3, 2, 1};
  // slice_sizes {2, 2}: the largest start is 10 - 2 = 8.
  constexpr x::gather_dims dims{.offset_dims = x::idx{1, 2}, .start_index_map = x::idx{0}, .index_vector_dim = 1};
  auto rows_of = [](const auto& r) {
    return std::make_tuple(r(0, 0, 0) / 100, r(1, 0, 0) / 100, r(2, 0, 0) / 100);
  };
  const x::tensor<"f32[3,2,2]"> a = x::gather<dims, x::idx{2, 2}>(t, s4s);
  const x::tensor<"f32[3,2,2]"> b = x::gather<dims, x::idx{2, 2}>(t, u4s);
  const x::tensor<"f32[3,2,2]"> c = x::gather<dims, x::idx{2, 2}>(t, s2s);
  const x::tensor<"f32[3,2,2]"> d = x::gather<dims, x::idx{2, 2}>(t, u2s);
  CHECK(rows_of(a) == std::make_tuple(0.0f, 7.0f, 3.0f));
  CHECK(rows_of(b) == std::make_tuple(8.0f, 0.0f, 8.0f));
  CHECK(rows_of(c) == std::make_tuple(0.0f, 1.0f, 0.0f));
  CHECK(rows_of(d) == std::make_tuple(3.0f, 2.0f, 1.0f));
  CHECK(b(0, 1, 1) == 901.0f);
  // Scatter never clamps: u4 15 and s4 -8 are outside f32[10,2]'s rows and skipped.
  const x::tensor<"f32[3,2]"> u = {{1000, 2000}, {3000, 4000}, {5000, 6000}};
  const x::tensor<"f32[10,2]"> r = x::scatter<put_rows>(t, u4s, u, x::add_op);
  const x::tensor<"f32[10,2]"> q = x::scatter<put_rows>(t, s4s, u, x::add_op);
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j < 2; ++j) {
      const float base = static_cast<float>(100 * i + j);
      CHECK(r(i, j) == base + (i == 0 ? 3000.0f + 1000.0f * j : i == 9 ? 5000.0f + 1000.0f * j : 0.0f));
      CHECK(q(i, j) == base + (i == 7 ? 3000.0f + 1000.0f * j : i == 3 ? 5000.0f + 1000.0f * j : 0.0f));
    }
}

TEST_CASE("gather: index_vector_dim 0 and a start index map in reverse order") {
  x::tensor<"f32[5,7]"> t;
  fill_positions(t);
  // Start vectors are the columns of a [2, 3] array; component 0 is the column start.
  const x::tensor<"s32[2,3]"> starts = {{0, 5, 9}, {1, 4, -2}};
  constexpr x::gather_dims dims{.offset_dims = x::idx{0, 2}, .start_index_map = x::idx{1, 0}, .index_vector_dim = 0};
  const x::tensor<"f32[2,3,3]"> r = x::gather<dims, x::idx{2, 3}>(t, starts);
  for (int g = 0; g < 3; ++g) {
    const int col = starts(0, g) < 0 ? 0 : (starts(0, g) > 4 ? 4 : starts(0, g));
    const int row = starts(1, g) < 0 ? 0 : (starts(1, g) > 3 ? 3 : starts(1, g));
    for (int o0 = 0; o0 < 2; ++o0)
      for (int o1 = 0; o1 < 3; ++o1) CHECK(r(o0, g, o1) == t(row + o0, col + o1));
  }
}

TEST_CASE("gather with batching dimensions is take_along_axis") {
  constexpr int rows = 6, cols = 33;
  x::tensor<"f32[6,33]"> t;
  fill_positions(t);
  x::tensor<"s32[6,33]"> ids;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) ids(i, j) = (j * 7 + i * 3) % 40 - 4;  // some below 0, some above 32
  constexpr x::gather_dims along{.offset_dims = x::idx{}, .collapsed_slice_dims = x::idx{1},
                                 .start_index_map = x::idx{1}, .index_vector_dim = 2,
                                 .operand_batching_dims = x::idx{0}, .start_indices_batching_dims = x::idx{0}};
  const x::tensor<"f32[6,33]"> r = x::gather<along, x::idx{1, 1}>(t, ids);
  // The same with the batch dimension last in the indices and the index vector first.
  x::tensor<"s32[1,33,6]"> swapped;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) swapped(0, j, i) = ids(i, j);
  constexpr x::gather_dims along2{.offset_dims = x::idx{}, .collapsed_slice_dims = x::idx{1},
                                  .start_index_map = x::idx{1}, .index_vector_dim = 0,
                                  .operand_batching_dims = x::idx{0}, .start_indices_batching_dims = x::idx{2}};
  const x::tensor<"f32[33,6]"> r2 = x::gather<along2, x::idx{1, 1}>(t, swapped);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      const int k = ids(i, j) < 0 ? 0 : (ids(i, j) > cols - 1 ? cols - 1 : ids(i, j));
      CHECK(r(i, j) == t(i, k));
      CHECK(r2(j, i) == t(i, k));
    }
}

TEST_CASE("scatter skips a whole window that does not fit, and never clamps") {
  x::tensor<"f32[5,4]"> t;
  fill_positions(t);
  // Windows of 2 x 3 at (row, col) starts; the operand allows rows 0..3 and cols 0..1.
  const x::tensor<"s32[5,2]"> starts = {{0, 0}, {3, 1}, {4, 0}, {0, 2}, {-1, 0}};
  x::tensor<"f32[5,2,3]"> u;
  for (int g = 0; g < 5; ++g)
    for (int a = 0; a < 2; ++a)
      for (int b = 0; b < 3; ++b) u(g, a, b) = static_cast<float>(1000 * (g + 1));
  constexpr x::scatter_dims dims{.update_window_dims = x::idx{1, 2}, .inserted_window_dims = x::idx{},
                                 .scatter_dims_to_operand_dims = x::idx{0, 1}, .index_vector_dim = 1};
  const x::tensor<"f32[5,4]"> r = x::scatter<dims>(t, starts, u, x::add_op);
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 4; ++j) {
      float want = static_cast<float>(100 * i + j);
      if (i < 2 && j < 3) want += 1000;            // window 0 at (0, 0)
      if (i >= 3 && i < 5 && j >= 1) want += 2000;  // window 1 at (3, 1)
      // windows 2 (row 4 + 2 > 5), 3 (col 2 + 3 > 4) and 4 (row -1) are skipped whole,
      // even where some of their elements would land inside
      CHECK(r(i, j) == want);
    }
}

TEST_CASE("scatter in place, into any layout, with a vectorised run and its tail") {
  constexpr int rows = 12, cols = 19;  // 19: one vector of 16 f32 and a tail of 3
  x::tensor<"f32[12,19]"> t;
  fill_positions(t);
  const x::tensor<"s32[5]"> ids = {3, 11, 3, 0, 12};
  x::tensor<"f32[5,19]"> u;
  for (int k = 0; k < 5; ++k)
    for (int j = 0; j < cols; ++j) u(k, j) = static_cast<float>((k + 1) * 10000 + j);
  x::tensor<"f32[12,19]"> want = t;
  for (int k = 0; k < 5; ++k)
    if (ids(k) >= 0 && ids(k) < rows)
      for (int j = 0; j < cols; ++j) want(ids(k), j) = want(ids(k), j) + u(k, j);
  const x::tensor<"f32[12,19]{0,1}"> col = x::scatter<put_rows>(t, ids, u, x::add_op);
  const x::tensor<"f32[12,19]{1,0:T(8,128)}"> tiled = x::scatter<put_rows>(t, ids, u, x::add_op);
  const x::tensor<"f32[12,19]"> from_expr = x::scatter<put_rows>(x::add(t, 0.0f), ids, x::mul(u, 1.0f), x::add_op);
  const x::tensor<"f32[12,19]"> fused = x::add(x::scatter<put_rows>(t, ids, u, x::add_op), 1.0f);
  t = x::scatter<put_rows>(t, ids, u, x::add_op);  // in place: no copy of the operand
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      CHECK(t(i, j) == want(i, j));
      CHECK(col(i, j) == want(i, j));
      CHECK(tiled(i, j) == want(i, j));
      CHECK(from_expr(i, j) == want(i, j));
      CHECK(fused(i, j) == want(i, j) + 1.0f);
    }
}

TEST_CASE("indices_are_sorted and unique_indices change no result") {
  x::tensor<"f32[6,4]"> t;
  fill_positions(t);
  const x::tensor<"s32[3]"> ids = {0, 2, 5};
  const x::tensor<"f32[3,4]"> u = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
  constexpr x::gather_dims sorted_take{.offset_dims = x::idx{1}, .collapsed_slice_dims = x::idx{0},
                                       .start_index_map = x::idx{0}, .index_vector_dim = 1,
                                       .indices_are_sorted = true};
  constexpr x::scatter_dims sorted_put{.update_window_dims = x::idx{1}, .inserted_window_dims = x::idx{0},
                                       .scatter_dims_to_operand_dims = x::idx{0}, .index_vector_dim = 1,
                                       .indices_are_sorted = true, .unique_indices = true};
  const x::tensor<"f32[3,4]"> g1 = x::gather<take_rows, x::idx{1, 4}>(t, ids);
  const x::tensor<"f32[3,4]"> g2 = x::gather<sorted_take, x::idx{1, 4}>(t, ids);
  const x::tensor<"f32[6,4]"> s1 = x::scatter<put_rows>(t, ids, u, x::sub_op);
  const x::tensor<"f32[6,4]"> s2 = x::scatter<sorted_put>(t, ids, u, x::sub_op);
  CHECK(g1 == g2);
  CHECK(s1 == s2);
  CHECK(g2(1, 3) == 203.0f);
  CHECK(s2(5, 0) == 491.0f);  // 500 - 9
}

TEST_CASE("scatter: min, max and mul computations, f16 and integer types") {
  const x::tensor<"s32[4,3]"> t = {{5, 5, 5}, {1, 2, 3}, {-4, 0, 4}, {9, 9, 9}};
  const x::tensor<"u32[2]"> ids = {2, 4294967295u};  // the second is out of range: skipped
  const x::tensor<"s32[2,3]"> u = {{-1, 7, 2}, {100, 100, 100}};
  const x::tensor<"s32[4,3]"> mx = x::scatter<put_rows>(t, ids, u, x::max_op);
  const x::tensor<"s32[4,3]"> mn = x::scatter<put_rows>(t, ids, u, x::min_op);
  const x::tensor<"s32[4,3]"> ml = x::scatter<put_rows>(t, ids, u, x::mul_op);
  const x::tensor<"s32[4,3]"> want_max = {{5, 5, 5}, {1, 2, 3}, {-1, 7, 4}, {9, 9, 9}};
  const x::tensor<"s32[4,3]"> want_min = {{5, 5, 5}, {1, 2, 3}, {-4, 0, 2}, {9, 9, 9}};
  const x::tensor<"s32[4,3]"> want_mul = {{5, 5, 5}, {1, 2, 3}, {4, 0, 8}, {9, 9, 9}};
  CHECK(mx == want_max);
  CHECK(mn == want_min);
  CHECK(ml == want_mul);
  const x::tensor<"f16[2,2]"> h = {{x::f16(1.5f), x::f16(2)}, {x::f16(3), x::f16(4)}};
  const x::tensor<"s64[1]"> one = {1};
  const x::tensor<"f16[1,2]"> hu = {{x::f16(0.25f), x::f16(-8)}};
  const x::tensor<"f16[2,2]"> hr = x::scatter<put_rows>(h, one, hu, x::add_op);
  CHECK(static_cast<float>(hr(1, 0)) == 3.25f);
  CHECK(static_cast<float>(hr(1, 1)) == -4.0f);
  CHECK(static_cast<float>(hr(0, 0)) == 1.5f);
}

TEST_CASE("scatter of two operands together: a running arg-max") {
  // Values and their positions updated as one: the computation keeps the larger value
  // and its position, the first seen on ties (current value first).
  const x::tensor<"f32[3]"> best = {0, 0, 0};
  const x::tensor<"s32[3]"> where = {-1, -1, -1};
  const x::tensor<"s32[6,1]"> bins = {{0}, {2}, {0}, {2}, {1}, {0}};
  const x::tensor<"f32[6]"> vals = {3, 7, 5, 7, -1, 5};
  const x::tensor<"s32[6]"> pos = {0, 1, 2, 3, 4, 5};
  constexpr x::scatter_dims dims{.update_window_dims = x::idx{}, .inserted_window_dims = x::idx{0},
                                 .scatter_dims_to_operand_dims = x::idx{0}, .index_vector_dim = 1};
  const auto [v, p] = x::scatter<dims>(best, where, bins, vals, pos, [](float cv, int cp, float uv, int up) {
    return uv > cv ? std::tuple{uv, up} : std::tuple{cv, cp};
  });
  const x::tensor<"f32[3]"> want_v = {5, 0, 7};
  const x::tensor<"s32[3]"> want_p = {2, -1, 1};
  CHECK(v == want_v);
  CHECK(p == want_p);
}

TEST_CASE("scatter with batching dimensions: put_along_axis") {
  x::tensor<"f32[3,4]"> t;
  fill_positions(t);
  const x::tensor<"s32[3,2]"> ids = {{1, 1}, {3, -1}, {0, 4}};
  const x::tensor<"f32[3,2]"> u = {{0.5f, 0.25f}, {1, 2}, {4, 8}};
  constexpr x::scatter_dims dims{.update_window_dims = x::idx{}, .inserted_window_dims = x::idx{1},
                                 .scatter_dims_to_operand_dims = x::idx{1}, .index_vector_dim = 2,
                                 .input_batching_dims = x::idx{0}, .scatter_indices_batching_dims = x::idx{0}};
  const x::tensor<"f32[3,4]"> r = x::scatter<dims>(t, ids, u, [](float c, float v) { return c * 0.5f + v; });
  x::tensor<"f32[3,4]"> want = t;
  want(0, 1) = (want(0, 1) * 0.5f + 0.5f) * 0.5f + 0.25f;  // index 1 twice, in order
  want(1, 3) = want(1, 3) * 0.5f + 1;                      // -1 skipped
  want(2, 0) = want(2, 0) * 0.5f + 4;                      // 4 skipped
  CHECK(r == want);
}
