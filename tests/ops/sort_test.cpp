// x::sort beyond the element types: user comparators against
// std::stable_sort with many ties (stability), on two operands of different types and
// as tie breakers; a comparator that is no strict weak order (a plain < on NaNs, random
// answers) giving a permutation of the input; sort_into in place and into views; fused
// elementwise work; constant evaluation; the workspace's size.
#define SXLA_ALLOW_HEAP 1  // the user comparator sorts of 4097 records
#include "ops/sort_check.hpp"

#include <array>
#include <limits>
#include <tuple>

namespace x = sxla;

namespace {
// Two operands: keys with many ties, then a second key, then positions: a user
// comparator that breaks ties on the second operand, and one that looks only at the
// first (stability decides the rest).
template <x::index_t N>
void check_user(unsigned seed) {
  using K = x::tensor<x::shape_spec(x::primitive_type::s16, {N})>;
  using F = x::tensor<x::shape_spec(x::primitive_type::f64, {N})>;
  using P = x::tensor<x::shape_spec(x::primitive_type::u32, {N})>;
  auto k = std::make_unique<K>();
  auto f = std::make_unique<F>();
  auto p = std::make_unique<P>();
  std::mt19937 rng(seed);
  for (x::index_t i = 0; i < N; ++i) {
    (*k)(i) = static_cast<std::int16_t>(rng() % 7);
    (*f)(i) = static_cast<double>(rng() % 5) - 2.0;
    (*p)(i) = static_cast<std::uint32_t>(i);
  }
  struct rec {
    std::int16_t k;
    double f;
    std::uint32_t p;
  };
  std::vector<rec> in;
  for (x::index_t i = 0; i < N; ++i) in.push_back({(*k)(i), (*f)(i), (*p)(i)});
  auto rk = std::make_unique<K>();
  auto rf = std::make_unique<F>();
  auto rp = std::make_unique<P>();
  auto compare_with = [&](auto cmp, auto want_less) {
    x::sort_into<0, x::stable>(std::tie(*rk, *rf, *rp), *k, *f, *p, cmp);
    auto want = in;
    std::stable_sort(want.begin(), want.end(), want_less);
    std::size_t wrong = 0;
    for (x::index_t i = 0; i < N; ++i) {
      const auto& w = want[static_cast<std::size_t>(i)];
      wrong += (*rk)(i) != w.k || (*rf)(i) != w.f || (*rp)(i) != w.p;
    }
    CHECK(wrong == 0);
  };
  compare_with([](std::int16_t a, std::int16_t b, double, double, std::uint32_t, std::uint32_t) { return a < b; },
               [](const rec& a, const rec& b) { return a.k < b.k; });
  compare_with(
      [](std::int16_t a, std::int16_t b, double fa, double fb, std::uint32_t, std::uint32_t) {
        return a > b || (a == b && fa < fb);
      },
      [](const rec& a, const rec& b) { return a.k > b.k || (a.k == b.k && a.f < b.f); });
}
}  // namespace

TEST_CASE("sort: user comparators against std::stable_sort, with many ties") {
  check_user<1>(1);
  check_user<17>(2);
  check_user<1000>(3);
  check_user<4097>(4);
  // One operand, unstable by default: the same order as the stable sort here.
  const x::tensor<"s32[6]"> v = {4, -1, 7, 0, -1, 3};
  const x::tensor<"s32[6]"> s = x::sort(v, [](std::int32_t a, std::int32_t b) { return a * a < b * b; });
  CHECK(s == x::tensor<"s32[6]">{0, -1, -1, 3, 4, 7});
}

TEST_CASE("sort: one c64 or c128 operand by a user's comparator (lexicographic), stable and not, in place") {
  // The order of std::complex by (real, imaginary), as std::stable_sort gives it; rows of
  // 40 with repeated real parts, sorted into a new tensor and in place.
  const auto lex = [](const auto& p, const auto& q) {
    return p.real() < q.real() || (p.real() == q.real() && p.imag() < q.imag());
  };
  const auto run = [&](auto zero) {
    using C = decltype(zero);
    using T = std::conditional_t<sizeof(C) == 16, x::tensor<"c128[3,40]">, x::tensor<"c64[3,40]">>;
    T a;
    std::mt19937 rng(7);
    for (int r = 0; r < 3; ++r)
      for (int i = 0; i < 40; ++i)
        a(r, i) = C(static_cast<typename C::value_type>(rng() % 6), static_cast<typename C::value_type>(rng() % 9) - 4);
    const T s = x::sort<1>(a, [&](C p, C q) { return lex(p, q); });
    const T st = x::sort<1, x::stable>(a, [&](C p, C q) { return lex(p, q); });
    T b = a;
    b = x::sort<1>(b, [&](C p, C q) { return lex(p, q); });
    int wrong = 0;
    for (int r = 0; r < 3; ++r) {
      std::vector<C> want;
      for (int i = 0; i < 40; ++i) want.push_back(a(r, i));
      std::stable_sort(want.begin(), want.end(), lex);
      for (int i = 0; i < 40; ++i)
        wrong += s(r, i) != want[static_cast<std::size_t>(i)] || st(r, i) != want[static_cast<std::size_t>(i)] ||
                 b(r, i) != want[static_cast<std::size_t>(i)];
    }
    INFO((sizeof(C) == 16 ? "c128" : "c64"));
    CHECK(wrong == 0);
  };
  run(x::c64{});
  run(x::c128{});
}

TEST_CASE("sort: user comparators unstable (the introsort): sorted, a permutation, on hard inputs") {
  // Random with ties, sorted, reversed, organ pipe, all equal: 5000 elements each, two
  // operands; the keys must come out ascending and the (key, value) pairs a permutation.
  using K = x::tensor<"s32[5000]">;
  using V = x::tensor<"u16[5000]">;
  auto k = std::make_unique<K>(), rk = std::make_unique<K>();
  auto v = std::make_unique<V>(), rv = std::make_unique<V>();
  std::mt19937 rng(11);
  const auto by_key = [](std::int32_t a, std::int32_t b, std::uint16_t, std::uint16_t) { return a < b; };
  for (int pattern = 0; pattern < 5; ++pattern) {
    for (int i = 0; i < 5000; ++i) {
      const int key = pattern == 0   ? static_cast<int>(rng() % 300)
                      : pattern == 1 ? i
                      : pattern == 2 ? 5000 - i
                      : pattern == 3 ? (i < 2500 ? i : 5000 - i)
                                     : 7;
      (*k)(i) = key;
      (*v)(i) = static_cast<std::uint16_t>(i);
    }
    x::sort_into<0, x::unstable>(std::tie(*rk, *rv), *k, *v, by_key);
    std::vector<std::pair<std::int32_t, std::uint16_t>> in, out;
    bool ascending = true;
    for (int i = 0; i < 5000; ++i) {
      in.emplace_back((*k)(i), (*v)(i));
      out.emplace_back((*rk)(i), (*rv)(i));
      if (i > 0) ascending = ascending && (*rk)(i - 1) <= (*rk)(i);
    }
    std::sort(in.begin(), in.end());
    std::sort(out.begin(), out.end());
    INFO("pattern ", pattern);
    CHECK(ascending);
    CHECK(in == out);
  }
  // The heapsort the introsort falls back to, forced from the start (depth 0).
  std::vector<int> h(777);
  for (auto& e : h) e = static_cast<int>(rng() % 100);
  auto want = h;
  std::sort(want.begin(), want.end());
  x::kernels::sort_detail::intro_sort_range(h.data(), h.size(), 0, [](int a, int b) { return a < b; });
  CHECK(h == want);
  // The introsort needs one array of records less than the merge sort.
  struct by_value {
    bool operator()(float a, float b) const { return a < b; }
  };
  using T = x::tensor<"f32[1000]">;
  static_assert(x::workspace_bytes<decltype(x::sort<0, x::unstable>(std::declval<T&>(), by_value{})), T> +
                    x::scratch_round(1000 * sizeof(float)) ==
                x::workspace_bytes<decltype(x::sort<0, x::stable>(std::declval<T&>(), by_value{})), T>);
}

TEST_CASE("sort: a comparator that is no strict weak order gives a permutation, safely") {
  x::tensor<"f32[300]"> t;
  std::mt19937 rng(5);
  for (int i = 0; i < 300; ++i)
    t(i) = rng() % 3 == 0 ? std::numeric_limits<float>::quiet_NaN() : static_cast<float>(rng() % 50);
  const x::tensor<"f32[300]"> plain = x::sort(t, [](float a, float b) { return a < b; });
  std::mt19937 coin(9);
  const x::tensor<"f32[300]"> random_answers = x::sort(t, [&coin](float, float) { return coin() % 2 == 0; });
  const x::tensor<"f32[300]"> random_stable =
      x::sort<0, x::stable>(t, [&coin](float, float) { return coin() % 2 == 0; });
  auto as_multiset = [](const auto& v) {
    std::vector<std::uint32_t> bits;
    for (int i = 0; i < 300; ++i) bits.push_back(std::bit_cast<std::uint32_t>(v(i)));
    std::sort(bits.begin(), bits.end());
    return bits;
  };
  CHECK(as_multiset(plain) == as_multiset(t));
  CHECK(as_multiset(random_answers) == as_multiset(t));
  CHECK(as_multiset(random_stable) == as_multiset(t));
}

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
