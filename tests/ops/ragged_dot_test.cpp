// x::ragged_dot (XLA's RaggedDot, a ragged lhs non-contracting dimension) against
// jax.lax.ragged_dot's answers on a worked case (jax 0.10.2, CPU: group sizes that fit,
// fall short, overshoot, and negative ones whose ranges overlap) and against the
// definition in long double on random operands (f32, f64, bf16, s8 summed in s32), lazy
// and column-major operands, and group sizes of another integer type.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <type_traits>

namespace x = sxla;
using x::index_t;

TEST_CASE("ragged_dot: jax.lax.ragged_dot's answers, group sizes that fit and that do not") {
  // lhs = arange(12).reshape(6, 2); rhs[i] = (i + 1) I.
  x::tensor<"f32[6,2]"> lhs;
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 2; ++j) lhs(i, j) = static_cast<float>(2 * i + j);
  x::tensor<"f32[3,2,2]"> rhs{};
  for (int g = 0; g < 3; ++g)
    for (int j = 0; j < 2; ++j) rhs(g, j, j) = static_cast<float>(g + 1);
  const auto run = [&](std::int32_t a, std::int32_t b, std::int32_t c) {
    return x::ragged_dot(lhs, rhs, x::tensor<"s32[3]">{a, b, c});
  };
  CHECK(run(2, 3, 1) == x::tensor<"f32[6,2]">{{0, 1}, {2, 3}, {8, 10}, {12, 14}, {16, 18}, {30, 33}});
  CHECK(run(2, 1, 1) == x::tensor<"f32[6,2]">{{0, 1}, {2, 3}, {8, 10}, {18, 21}, {0, 0}, {0, 0}});
  CHECK(run(4, 4, 4) == x::tensor<"f32[6,2]">{{0, 1}, {2, 3}, {4, 5}, {6, 7}, {16, 18}, {20, 22}});
  CHECK(run(-1, 3, 2) == x::tensor<"f32[6,2]">{{0, 2}, {4, 6}, {12, 15}, {18, 21}, {0, 0}, {0, 0}});
  CHECK(run(2, -1, 3) == x::tensor<"f32[6,2]">{{0, 1}, {8, 12}, {12, 15}, {18, 21}, {0, 0}, {0, 0}});
  CHECK(run(0, 0, 0) == x::tensor<"f32[6,2]">{});
}

namespace {
template <class L, class R, class G>
void check_random(unsigned seed, double tolerance) {
  using T = typename L::value_type;
  constexpr index_t m = L::spec.dimensions[0], k = L::spec.dimensions[1];
  constexpr index_t groups = R::spec.dimensions[0], n = R::spec.dimensions[2];
  std::mt19937 gen(seed);
  L lhs;
  R rhs;
  G sizes;
  x::for_each_index<typename L::shape_type>([&](const auto& i) { lhs[i] = T(static_cast<int>(gen() % 9) - 4); });
  x::for_each_index<typename R::shape_type>([&](const auto& i) { rhs[i] = T(static_cast<int>(gen() % 7) - 3); });
  for (index_t i = 0; i < groups; ++i) sizes(i) = static_cast<typename G::value_type>(gen() % (m / 2 + 1));
  const auto out = x::ragged_dot(lhs, rhs, sizes);
  int wrong = 0;
  long double start = 0;
  long double want[m][n] = {};
  for (index_t i = 0; i < groups; ++i) {
    const long double end = start + static_cast<long double>(sizes(i));
    for (index_t row = 0; row < m; ++row)
      if (row >= start && row < end)
        for (index_t j = 0; j < n; ++j)
          for (index_t c = 0; c < k; ++c)
            want[row][j] += static_cast<long double>(static_cast<double>(lhs(row, c))) *
                            static_cast<long double>(static_cast<double>(rhs(i, c, j)));
    start = end;
  }
  for (index_t row = 0; row < m; ++row)
    for (index_t j = 0; j < n; ++j) {
      long double w = want[row][j];
      if constexpr (std::is_integral_v<T>) w = static_cast<long double>(static_cast<T>(static_cast<std::int64_t>(w)));
      if (std::fabs(static_cast<long double>(static_cast<double>(out(row, j))) - w) > tolerance) ++wrong;
    }
  INFO("seed ", seed);
  CHECK(wrong == 0);
}
}  // namespace

TEST_CASE("ragged_dot: random operands against the definition, several types") {
  // Small integer values: every product and sum is exact in f32, f64 and s32; bf16
  // results (up to 8 bits) are rounded once, so within half an ulp of them (<= 2 here).
  check_random<x::tensor<"f32[17,5]">, x::tensor<"f32[4,5,9]">, x::tensor<"s32[4]">>(1, 0.0);
  check_random<x::tensor<"f64[9,3]">, x::tensor<"f64[3,3,16]">, x::tensor<"s64[3]">>(2, 0.0);
  check_random<x::tensor<"bf16[12,4]">, x::tensor<"bf16[5,4,7]">, x::tensor<"u8[5]">>(3, 1.0);
  check_random<x::tensor<"s8[10,6]">, x::tensor<"s8[2,6,3]">, x::tensor<"s32[2]">>(4, 0.0);
  check_random<x::tensor<"f32[8,4]{0,1}">, x::tensor<"f32[2,4,5]">, x::tensor<"s16[2]">>(5, 0.0);
}

TEST_CASE("ragged_dot: a lazy operand is read element by element") {
  const x::tensor<"f32[4,2]"> a = {{1, 2}, {3, 4}, {5, 6}, {7, 8}};
  x::tensor<"f32[2,2,1]"> w = {{{1}, {1}}, {{2}, {0}}};
  const auto r = x::ragged_dot(a * 2.0f, w, x::tensor<"s32[2]">{1, 3});
  CHECK(r == x::tensor<"f32[4,1]">{{6}, {12}, {20}, {28}});
}
