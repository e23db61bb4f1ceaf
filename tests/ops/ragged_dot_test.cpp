// x::ragged_dot (XLA's RaggedDot, a ragged lhs non-contracting dimension) against
// jax.lax.ragged_dot's answers on a worked case (jax 0.10.2, CPU: group sizes that fit,
// fall short, overshoot, and negative ones whose ranges overlap) and against the
// definition in long double on random operands (f32, f64, bf16, s8 summed in s32), lazy
// and column-major operands, and group sizes of another integer type. Then
// x::ragged_dot_general in each of its three forms (ragged non-contracting, contracting
// and batch dimensions, with batch dimensions, dimensions before the ragged one, group
// sizes per batch row or shared) on random operands and random group sizes (negative
// ones and sums that overshoot among them) against the definition written out here from
// jax's: the ragged operand masked group by group (position p in group i when
// e_(i-1) <= p < e_i, unclipped), then dot_general.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <type_traits>
#include <vector>

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

namespace {
// The definition of RaggedDot (Dims) of tensors lhs, rhs and group sizes gs, each result
// element in long double, against out: every element equal to the exact sum rounded (or
// wrapped) once to the result type. The values are small integers, so each sum is exact
// in the accumulation type as well.
template <class Dims, class L, class R, class G, class O>
int count_wrong(const L& lhs, const R& rhs, const G& gs, const O& out) {
  using Out = typename O::value_type;
  constexpr std::size_t lr = L::rank, rr = R::rank, gr = G::rank;
  const auto has = [](const x::idx& l, index_t d) {
    for (index_t v : l)
      if (v == d) return true;
    return false;
  };
  const index_t ragged = Dims::lhs_ragged[0];
  const int mode = has(Dims::lhs_batch, ragged) ? 3 : has(Dims::lhs_contracting, ragged) ? 2 : 1;
  std::vector<index_t> lfree, rfree, prefix;
  for (index_t d = 0; d < static_cast<index_t>(lr); ++d)
    if (!has(Dims::lhs_contracting, d) && !has(Dims::lhs_batch, d)) lfree.push_back(d);
  for (index_t d = 0; d < static_cast<index_t>(rr); ++d)
    if (!has(Dims::rhs_contracting, d) && !has(Dims::rhs_batch, d) && !has(Dims::rhs_group, d)) rfree.push_back(d);
  // group_sizes [b.., x.., g]: the batch dimensions (form 3: those listed before the
  // ragged one), then (form 1) the free or (form 2) the listed contracting dimensions
  // before the ragged one.
  for (index_t d : Dims::lhs_batch) {
    if (mode == 3 && d == ragged) break;
    prefix.push_back(d);
  }
  if (mode == 1)
    for (index_t d : lfree) {
      if (d == ragged) break;
      prefix.push_back(d);
    }
  if (mode == 2)
    for (index_t d : Dims::lhs_contracting) {
      if (d == ragged) break;
      prefix.push_back(d);
    }
  constexpr index_t groups = G::spec.dimensions[gr - 1];
  // Whether lhs index li's ragged position is in group i.
  const auto in_group = [&](const x::multi_index<lr>& li, index_t i) {
    x::multi_index<gr> gi{};
    if constexpr (gr > 1)
      for (std::size_t t = 0; t < prefix.size(); ++t) gi[t] = li[static_cast<std::size_t>(prefix[t])];
    std::int64_t start = 0;
    for (index_t j = 0; j < i; ++j) {
      gi[gr - 1] = j;
      start += static_cast<std::int64_t>(gs[gi]);
    }
    gi[gr - 1] = i;
    const std::int64_t end = start + static_cast<std::int64_t>(gs[gi]);
    const auto p = static_cast<std::int64_t>(li[static_cast<std::size_t>(ragged)]);
    return start <= p && p < end;
  };
  const auto value = [](auto v) { return static_cast<long double>(static_cast<double>(v)); };
  int wrong = 0;
  x::for_each_index<typename O::shape_type>([&](const x::multi_index<O::rank>& o) {
    x::multi_index<lr> li{};
    x::multi_index<rr> ri{};
    std::size_t at = 0;
    index_t group = -1;
    if (mode == 2) group = o[at++];
    for (std::size_t t = 0; t < Dims::lhs_batch.size(); ++t, ++at) {
      li[static_cast<std::size_t>(Dims::lhs_batch[t])] = o[at];
      ri[static_cast<std::size_t>(Dims::rhs_batch[t])] = o[at];
    }
    for (index_t d : lfree) li[static_cast<std::size_t>(d)] = o[at++];
    for (index_t d : rfree) ri[static_cast<std::size_t>(d)] = o[at++];
    long double want = 0;
    // Every contracting index, as an odometer.
    const std::size_t nk = Dims::lhs_contracting.size();
    index_t count = 1;
    for (index_t d : Dims::lhs_contracting) count *= L::spec.dimensions[static_cast<std::size_t>(d)];
    for (index_t f = 0; f < count; ++f) {
      index_t rest = f;
      for (std::size_t t = nk; t-- > 0;) {
        const auto ld = static_cast<std::size_t>(Dims::lhs_contracting[t]);
        li[ld] = rest % L::spec.dimensions[ld];
        ri[static_cast<std::size_t>(Dims::rhs_contracting[t])] = li[ld];
        rest /= L::spec.dimensions[ld];
      }
      if (mode == 1) {
        for (index_t i = 0; i < groups; ++i) {
          if (!in_group(li, i)) continue;
          ri[static_cast<std::size_t>(Dims::rhs_group[0])] = i;
          want += value(lhs[li]) * value(rhs[ri]);
        }
      } else if (mode == 3 || in_group(li, group)) {
        want += value(lhs[li]) * value(rhs[ri]);
      }
    }
    Out expected;
    if constexpr (std::is_integral_v<Out>) {
      expected = static_cast<Out>(static_cast<std::int64_t>(want));
    } else {
      expected = static_cast<Out>(static_cast<double>(want));
    }
    if (!(out[o] == expected)) ++wrong;
  });
  return wrong;
}

// Random small integers into lhs and rhs, random group sizes in [-1, limit], then the
// op (result type Preferred) against the definition.
template <class Dims, class Preferred, class L, class R, class G>
void check_general(unsigned seed) {
  using T = typename L::value_type;
  std::mt19937 gen(seed);
  L lhs;
  R rhs;
  G sizes;
  x::for_each_index<typename L::shape_type>([&](const auto& i) { lhs[i] = T(static_cast<int>(gen() % 9) - 4); });
  x::for_each_index<typename R::shape_type>([&](const auto& i) { rhs[i] = T(static_cast<int>(gen() % 7) - 3); });
  const index_t ragged = L::spec.dimensions[static_cast<std::size_t>(Dims::lhs_ragged[0])];
  const auto limit = static_cast<unsigned>(ragged / 2 + 2);
  x::for_each_index<typename G::shape_type>([&](const auto& i) {
    using V = typename G::value_type;
    const int v = static_cast<int>(gen() % (limit + 1));
    sizes[i] = static_cast<V>(std::is_signed_v<V> ? v - 1 : v);
  });
  const auto out = x::ragged_dot_general<Dims, Preferred>(lhs, rhs, sizes);
  INFO("seed ", seed);
  CHECK(count_wrong<Dims>(lhs, rhs, sizes, out) == 0);
}
}  // namespace

TEST_CASE("ragged_dot_general: ragged non-contracting dimension, random operands against the definition") {
  // lhs [m, b, k] ragged in m; rhs [b, g, k, n]; group sizes [b, g]: result [b, m, n].
  using D1 = x::ragged_dot_dims<x::dot_dims<x::idx{2}, x::idx{2}, x::idx{1}, x::idx{0}>, x::idx{0}, x::idx{1}>;
  check_general<D1, void, x::tensor<"f32[9,3,4]">, x::tensor<"f32[3,4,4,5]">, x::tensor<"s32[3,4]">>(11);
  check_general<D1, void, x::tensor<"f32[9,3,4]{0,1,2}">, x::tensor<"f32[3,4,4,5]{1,3,2,0}">, x::tensor<"s32[4]">>(12);
  check_general<D1, std::int32_t, x::tensor<"s8[9,3,4]">, x::tensor<"s8[3,4,4,5]">, x::tensor<"u8[3,4]">>(13);
  // lhs [x, b, m, k] ragged in m: group sizes [b, x, g]; rhs [g, b, k, n]; two contracting
  // dimensions.
  using D2 = x::ragged_dot_dims<x::dot_dims<x::idx{3, 4}, x::idx{2, 3}, x::idx{1}, x::idx{1}>, x::idx{2}, x::idx{0}>;
  check_general<D2, void, x::tensor<"f64[2,3,7,2,2]">, x::tensor<"f64[3,3,2,2,4]">, x::tensor<"s64[3,2,3]">>(14);
  check_general<D2, float, x::tensor<"bf16[2,3,7,2,2]">, x::tensor<"bf16[3,3,2,2,4]">, x::tensor<"s16[3]">>(15);
  check_general<D2, void, x::tensor<"bf16[2,3,7,2,2]">, x::tensor<"bf16[3,3,2,2,4]">, x::tensor<"s32[3,2,3]">>(16);
}

TEST_CASE("ragged_dot_general: ragged contracting dimension, random operands against the definition") {
  // lhs [b, m, k] ragged in k; rhs [b, k, n]; group sizes [b, g]: result [g, b, m, n].
  using D1 = x::ragged_dot_dims<x::dot_dims<x::idx{2}, x::idx{1}, x::idx{0}, x::idx{0}>, x::idx{2}>;
  check_general<D1, void, x::tensor<"f32[2,3,9]">, x::tensor<"f32[2,9,4]">, x::tensor<"s32[2,4]">>(21);
  check_general<D1, void, x::tensor<"f32[2,3,9]">, x::tensor<"f32[2,9,4]{1,2,0}">, x::tensor<"s32[4]">>(22);
  check_general<D1, void, x::tensor<"s16[2,3,9]">, x::tensor<"s16[2,9,4]">, x::tensor<"s8[2,4]">>(23);
  // lhs [m, k1, k2], contracting dimensions listed {2, 1}, ragged in k1: group sizes
  // [k2, g]; rhs [n, k2, k1].
  using D2 = x::ragged_dot_dims<x::dot_dims<x::idx{2, 1}, x::idx{1, 2}>, x::idx{1}>;
  check_general<D2, void, x::tensor<"f64[3,8,3]">, x::tensor<"f64[2,3,8]">, x::tensor<"s32[3,3]">>(24);
  check_general<D2, float, x::tensor<"bf16[3,8,3]{0,2,1}">, x::tensor<"bf16[2,3,8]">, x::tensor<"u8[3]">>(25);
}

TEST_CASE("ragged_dot_general: ragged batch dimension, random operands against the definition") {
  // lhs [b0, b1, m, k] ragged in b1; group sizes [b0, g] (or [g]); rhs [b1, k, b0, n].
  using D = x::ragged_dot_dims<x::dot_dims<x::idx{3}, x::idx{1}, x::idx{0, 1}, x::idx{2, 0}>, x::idx{1}>;
  check_general<D, void, x::tensor<"f32[2,3,4,5]">, x::tensor<"f32[3,5,2,3]">, x::tensor<"s32[2,5]">>(31);
  check_general<D, std::int64_t, x::tensor<"s8[2,3,4,5]">, x::tensor<"s8[3,5,2,3]">, x::tensor<"s32[1]">>(32);
}
