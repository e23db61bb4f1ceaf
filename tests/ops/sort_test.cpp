// x::sort beyond the element types, its forms: sort_into in place and into views and
// other layouts; one operand sorted in place on every path (keys alone or gathered by
// position); fused elementwise work; constant evaluation; several operands, temporaries
// among them; the workspace's size and a caller's workspace. User comparators:
// sort_comparators_test.cpp (split for compile time).
#include "ops/sort_check.hpp"

#include <array>
#include <limits>
#include <tuple>

namespace x = sxla;

TEST_CASE("sort: sort_into in place, into views and other layouts") {
  x::tensor<"f32[2,40]"> k;
  x::tensor<"s32[2,40]"> v;
  for (int r = 0; r < 2; ++r)
    for (int i = 0; i < 40; ++i) {
      k(r, i) = static_cast<float>((i * 13 + r * 7) % 40);
      v(r, i) = 1000 * r + i;
    }
  const x::tensor<"f32[2,40]"> k0 = k;
  const x::tensor<"s32[2,40]"> v0 = v;
  x::sort_into(std::tie(k, v), k, v);  // in place
  for (int r = 0; r < 2; ++r)
    for (int i = 0; i < 40; ++i) {
      CHECK(k(r, i) == static_cast<float>(i));
      CHECK(k0(v(r, i) / 1000, v(r, i) % 1000) == k(r, i));
    }
  // Destinations swapped between the operands' storage would alias: the same in
  // column-major tensors and through a view.
  x::tensor<"f32[2,40]{0,1}"> kc;
  std::array<std::int32_t, 80> raw{};
  x::tensor_view<"s32[2,40]"> vv(raw.data());
  x::sort_into<1>(std::tie(kc, vv), k0, v0, x::gt_op);
  for (int r = 0; r < 2; ++r)
    for (int i = 0; i < 40; ++i) {
      CHECK(kc(r, i) == static_cast<float>(39 - i));
      CHECK(k0(r, vv(r, i) % 1000) == kc(r, i));
    }
  // A sort of one operand assigned to its own storage.
  x::tensor<"s32[5]"> w = {5, 1, 4, 2, 3};
  w = x::sort(w, x::gt_op);
  CHECK(w == x::tensor<"s32[5]">{5, 4, 3, 2, 1});
}

namespace {
// x::lt_op's order written out (README): by value, -0 equal to +0, NaNs after every
// number; a built-in comparator's sort is stable. The bits of a row in place.
template <class T, std::size_t Rows, std::size_t N>
std::array<std::array<T, N>, Rows> lt_sorted_rows(std::array<std::array<T, N>, Rows> rows) {
  for (auto& row : rows)
    std::stable_sort(row.begin(), row.end(), [](T a, T b) { return !std::isnan(a) && (std::isnan(b) || a < b); });
  return rows;
}

template <x::shape_spec S, class T, std::size_t Rows, std::size_t N>
void check_in_place(const std::array<std::array<T, N>, Rows>& rows) {
  x::tensor<S> t;
  for (std::size_t r = 0; r < Rows; ++r)
    for (std::size_t i = 0; i < N; ++i) t(static_cast<x::index_t>(r), static_cast<x::index_t>(i)) = rows[r][i];
  x::sort_into(std::tie(t), t);
  const auto want = lt_sorted_rows(rows);
  for (std::size_t r = 0; r < Rows; ++r)
    for (std::size_t i = 0; i < N; ++i)
      CHECK(std::bit_cast<std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>(t(static_cast<x::index_t>(r), static_cast<x::index_t>(i))) ==
            std::bit_cast<std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>(want[r][i]));
}

template <class T, std::size_t Rows, std::size_t N>
std::array<std::array<T, N>, Rows> rows_with_specials(unsigned seed) {
  std::array<std::array<T, N>, Rows> rows{};
  for (std::size_t r = 0; r < Rows; ++r)
    for (std::size_t i = 0; i < N; ++i) {
      seed = seed * 1664525u + 1013904223u;
      rows[r][i] = static_cast<T>(static_cast<int>(seed >> 26) - 32);  // many ties
    }
  // Row 0 keeps its numbers (the keys alone give them back); the others get -0, +0 and
  // NaNs of both signs, which only positions give back.
  for (std::size_t r = 1; r < Rows; ++r) {
    rows[r][r % N] = std::numeric_limits<T>::quiet_NaN();
    rows[r][(r + 3) % N] = -std::numeric_limits<T>::quiet_NaN();
    rows[r][(r + 5) % N] = static_cast<T>(-0.0);
    rows[r][(r + 7) % N] = static_cast<T>(0.0);
  }
  return rows;
}
}  // namespace

TEST_CASE("sort: one operand sorted in place on every path (keys alone or gathered by position)") {
  // f32 lines of up to 64 go through the sorting network with positions; longer f32
  // lines through keys alone unless a NaN or -0 is on them, then the radix sort with
  // positions; f64 lines through the quicksort on keys, or positions likewise. Each
  // reads the line before it writes it (a sort in place once read written elements).
  check_in_place<"f32[3,4]">(rows_with_specials<float, 3, 4>(1));
  check_in_place<"f32[3,64]">(rows_with_specials<float, 3, 64>(2));
  check_in_place<"f32[3,100]">(rows_with_specials<float, 3, 100>(3));
  check_in_place<"f64[3,9]">(rows_with_specials<double, 3, 9>(4));
  check_in_place<"f64[3,300]">(rows_with_specials<double, 3, 300>(5));
  x::tensor<"f32[4]"> t = {4, 3, 1, 2};
  x::sort_into(std::tie(t), t);
  CHECK(t == x::tensor<"f32[4]">{1, 2, 3, 4});
}

TEST_CASE("sort: elementwise work fused on top, and constant evaluation") {
  const x::tensor<"f32[3,20]"> t = [] {
    x::tensor<"f32[3,20]"> r;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 20; ++j) r(i, j) = static_cast<float>((j * 7 + i) % 20) - 10.0f;
    return r;
  }();
  const x::tensor<"f32[3,20]"> fused = x::max(x::sort(t), 0.0f);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 20; ++j) CHECK(fused(i, j) == std::max(static_cast<float>(j) - 10.0f, 0.0f));
  static_assert(x::workspace_bytes<decltype(x::sort(t)), x::tensor<"f32[3,20]">> > 0);
  constexpr x::tensor<"s32[5]"> c = x::sort(x::tensor<"s32[5]">{3, -1, 4, 1, -5}, x::gt_op);
  static_assert(c(0) == 4 && c(1) == 3 && c(2) == 1 && c(3) == -1 && c(4) == -5);
  constexpr x::tensor<"s32[4]"> u =
      x::sort(x::tensor<"s32[4]">{3, -1, 4, -2}, [](std::int32_t a, std::int32_t b) { return a * a < b * b; });
  static_assert(u(0) == -1 && u(1) == -2 && u(2) == 3 && u(3) == 4);
}

TEST_CASE("sort: several operands, temporaries among them") {
  // Each operand is read where it is (a named tensor) or kept by the sort (a temporary):
  // clang++ 14 once rejected a temporary beside a named operand.
  const x::tensor<"s32[4]"> keys = {3, 1, 2, 1};
  const x::tensor<"f32[4]"> values = {30, 10, 20, 11};
  const auto [k1, v1] = x::sort<0, x::stable>(x::tensor<"s32[4]">{3, 1, 2, 1}, values);
  const auto [k2, v2] = x::sort<0, x::stable>(keys, x::tensor<"f32[4]">{30, 10, 20, 11});
  const auto [k3, v3] =
      x::sort<0, x::stable>(x::tensor<"s32[4]">{3, 1, 2, 1}, x::tensor<"f32[4]">{30, 10, 20, 11});
  const x::tensor<"s32[4]"> want_keys = {1, 1, 2, 3};
  const x::tensor<"f32[4]"> want_values = {10, 11, 20, 30};  // ties keep their order
  CHECK(k1 == want_keys);
  CHECK(v1 == want_values);
  CHECK(k2 == want_keys);
  CHECK(v2 == want_values);
  CHECK(k3 == want_keys);
  CHECK(v3 == want_values);
}

TEST_CASE("sort: the workspace names its size, and a caller's workspace serves sort_into") {
  using T = x::tensor<"f32[4096]">;
  using S = x::tensor<"s32[4096]">;
  auto a = std::make_unique<T>();
  auto b = std::make_unique<S>();
  for (int i = 0; i < 4096; ++i) {
    (*a)(i) = static_cast<float>((i * 37) % 4096);
    (*b)(i) = i;
  }
  constexpr std::size_t bytes = x::sort_workspace_bytes<-1, T&, S&>;
  // Two key and two position arrays, the histograms and the line's records.
  static_assert(bytes >= 4 * 4096 * 4);
  auto ws = std::make_unique<x::workspace<bytes>>();
  auto ra = std::make_unique<T>();
  auto rb = std::make_unique<S>();
  x::sort_into(*ws, std::tie(*ra, *rb), *a, *b);
  for (int i = 0; i < 4096; ++i) {
    CHECK((*ra)(i) == static_cast<float>(i));
    CHECK((*a)((*rb)(i)) == (*ra)(i));
  }
}
