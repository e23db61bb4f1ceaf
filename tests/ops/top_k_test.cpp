// x::top_k (XLA's TopK) against a reference written from its definition: each row's
// elements as (value, index) pairs, std::stable_sort by XLA's total order (largest first,
// or smallest), the first k. Random rows with many ties, NaNs of both signs, infinities
// and zeros of both signs; f32, f64, s32, u8, f16, bf16 and pred; k = 0, 1, some and the
// whole row; row-major and column-major operands, a lazy operand, batches of rank 3.
// The worked case is jax.lax.top_k's answer on the same input (jax 0.10.2, CPU).
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace x = sxla;
using x::index_t;

namespace {

// The total order as a comparison of doubles (the types here widen exactly): -NaN < -Inf
// < ... < -0 < +0 < ... < +Inf < +NaN; NaNs of one sign equal (the test's NaNs have one
// payload per sign).
int order(double a, double b) {
  const auto rank = [](double v) { return std::isnan(v) ? (std::signbit(v) ? 0 : 2) : 1; };
  if (rank(a) != rank(b)) return rank(a) < rank(b) ? -1 : 1;
  if (rank(a) != 1) return 0;
  if (a == b) return std::signbit(a) == std::signbit(b) ? 0 : (std::signbit(a) ? -1 : 1);
  return a < b ? -1 : 1;
}

template <class T>
double widen(T v) {
  if constexpr (std::is_same_v<T, bool>) {
    return v ? 1.0 : 0.0;
  } else {
    return static_cast<double>(static_cast<std::conditional_t<std::is_integral_v<T>, double, float>>(v));
  }
}

template <class T>
T value_from(std::mt19937& g) {
  if constexpr (std::is_same_v<T, bool>) {
    return g() % 2 == 0;
  } else if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(static_cast<int>(g() % 9) - (std::is_signed_v<T> ? 4 : 0));  // many ties
  } else {
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    const float special[] = {nan, -nan, inf, -inf, 0.0f, -0.0f};
    const unsigned pick = g() % 16;
    return T(pick < 6 ? special[pick] : static_cast<float>(static_cast<int>(g() % 11) - 5) / 2);
  }
}

// x::top_k<K, Largest> of A (random values; Lazy: of A + A, evaluated element by element)
// against the reference, every row.
template <class A, index_t K, bool Largest, bool Lazy = false>
void check(unsigned seed) {
  using T = typename A::value_type;
  constexpr std::size_t r = A::rank;
  constexpr index_t n = A::spec.dimensions[r - 1];
  auto a = std::make_unique<A>();
  std::mt19937 g(seed);
  x::for_each_index<typename A::shape_type>([&](const auto& i) { (*a)[i] = value_from<T>(g); });
  const auto result = [&] {
    if constexpr (Lazy) {
      return x::top_k<K, Largest>(*a + *a);
    } else {
      return x::top_k<K, Largest>(*a);
    }
  }();
  const auto& values = std::get<0>(result);
  const auto& indices = std::get<1>(result);
  using V = std::remove_cvref_t<decltype(values)>;
  static_assert(V::spec.dimensions[r - 1] == K && std::is_same_v<typename V::value_type, T>);
  int wrong = 0;
  x::multi_index<r> at{};
  const index_t rows = A::spec.element_count() / n;
  for (index_t row = 0; row < rows; ++row) {
    index_t rest = row;
    for (std::size_t d = r - 1; d-- > 0;) {
      at[d] = rest % A::spec.dimensions[d];
      rest /= A::spec.dimensions[d];
    }
    std::vector<std::pair<double, index_t>> line;
    for (index_t j = 0; j < n; ++j) {
      at[r - 1] = j;
      const double v = widen((*a)[at]);
      line.push_back({Lazy ? widen(static_cast<T>((*a)[at] + (*a)[at])) : v, j});
    }
    std::stable_sort(line.begin(), line.end(), [](const auto& p, const auto& q) {
      return Largest ? order(p.first, q.first) > 0 : order(p.first, q.first) < 0;
    });
    for (index_t j = 0; j < K; ++j) {
      at[r - 1] = j;
      const auto& want = line[static_cast<std::size_t>(j)];
      if (indices[at] != want.second || order(widen(values[at]), want.first) != 0) ++wrong;
    }
  }
  INFO("k ", K, Largest ? " largest" : " smallest", Lazy ? " lazy" : "", " seed ", seed);
  CHECK(wrong == 0);
}

}  // namespace

TEST_CASE("top_k: the worked case, as jax.lax.top_k gives it") {
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  const x::tensor<"f32[9]"> a = {1.0f, nan, 3.0f, -nan, 3.0f, -0.0f, 0.0f, -inf, inf};
  const auto [v, i] = x::top_k<9>(a);
  const std::int32_t want_i[9] = {1, 8, 2, 4, 0, 6, 5, 7, 3};
  for (int j = 0; j < 9; ++j) CHECK(i(j) == want_i[j]);
  CHECK(std::isnan(v(0)));
  CHECK(!std::signbit(v(0)));
  CHECK(v(1) == inf);
  CHECK((v(5) == 0.0f && !std::signbit(v(5))));
  CHECK((v(6) == 0.0f && std::signbit(v(6))));
  CHECK((std::isnan(v(8)) && std::signbit(v(8))));
  // s32 [[2, 1, 2, 5, 5, 0]]: [[5, 5, 2]] at [[3, 4, 0]]; the smallest [[0, 1, 2]] at [[5, 1, 0]].
  const x::tensor<"s32[1,6]"> b = {{2, 1, 2, 5, 5, 0}};
  const auto [bv, bi] = x::top_k<3>(b);
  CHECK((bv == x::tensor<"s32[1,3]">{{5, 5, 2}}));
  CHECK((bi == x::tensor<"s32[1,3]">{{3, 4, 0}}));
  const auto [sv, si] = x::top_k<3, false>(b);
  CHECK((sv == x::tensor<"s32[1,3]">{{0, 1, 2}}));
  CHECK((si == x::tensor<"s32[1,3]">{{5, 1, 0}}));
}

TEST_CASE("top_k: random rows with ties, NaNs, infinities and signed zeros, against the definition") {
  check<x::tensor<"f32[7,40]">, 5, true>(1);
  check<x::tensor<"f32[7,40]">, 5, false>(2);
  check<x::tensor<"f32[3,1000]">, 17, true>(3);
  check<x::tensor<"f32[4,33]">, 33, true>(4);  // the whole row: a sort
  check<x::tensor<"f32[4,33]">, 1, false>(5);
  check<x::tensor<"f32[4,33]">, 0, true>(6);
  check<x::tensor<"f64[2,3,50]">, 8, true>(7);
  check<x::tensor<"s32[5,64]">, 10, true>(8);
  check<x::tensor<"u8[5,64]">, 10, false>(9);
  check<x::tensor<"f16[3,70]">, 9, true>(10);
  check<x::tensor<"bf16[3,70]">, 9, false>(11);
  check<x::tensor<"pred[4,20]">, 6, true>(12);
  check<x::tensor<"f32[6,40]{0,1}">, 7, true>(13);  // a column-major operand
  check<x::tensor<"f32[5,30]">, 4, true, true>(14);  // a lazy operand
  check<x::tensor<"f32[1]">, 1, true>(15);
}

TEST_CASE("top_k: zero-size operands give empty results") {
  const x::tensor<"f32[0,5]"> a;
  const auto [v, i] = x::top_k<2>(a);
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(v)>, x::tensor<"f32[0,2]">>);
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(i)>, x::tensor<"s32[0,2]">>);
  const x::tensor<"f32[3,0]"> b;
  const auto [w, j] = x::top_k<0>(b);
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(w)>, x::tensor<"f32[3,0]">>);
  static_assert(decltype(j)::spec.element_count() == 0);
}
