// x::sort with user comparators: against std::stable_sort with many ties (stability), on
// two operands of different types and as tie breakers, and on c64 and c128
// (lexicographic); the introsort of unstable user comparators on hard inputs, and its
// heapsort; a comparator that is no strict weak order (a plain < on NaNs, random answers)
// giving a permutation of the input. The forms of sort (in place, views, fusion, constant
// evaluation, several operands, the workspace): sort_test.cpp (split for compile time).
#define SXLA_ALLOW_HEAP 1  // the user comparator sorts of 4097 records
#include "ops/sort_check.hpp"

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
