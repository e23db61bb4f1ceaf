// Tests for sxla/ops/reduce.hpp, the forms of reduce, continued from reduce_forms_test.cpp
// (split for compile time): user computations (not associative, not commutative) against
// the sequential row-major fold from init, exactly, and reduce over no dimensions; fused
// operand expressions; the variadic form (a tuple of results, argmax with an iota); the
// documented order of a full f32 and f64 sum, bit for bit. References:
// tests/ops/reduce_check.hpp.
#include "ops/reduce_check.hpp"

#include <cstdint>

namespace x = sxla;
using x::index_t;
using namespace sxla_test::reduce_check;

TEST_CASE("ops/reduce: a user computation folds sequentially in row-major order from init") {
  // Not associative and not commutative: a running mean weighs later elements more.
  const auto mean = [](float a, float b) { return (a + b) * 0.5f; };
  const auto plus = [](float a, float b) { return a + b; };  // sequential, unlike add_op
  const auto max_abs = [](float a, float b) { return std::max(a, std::fabs(b)); };
  const auto hash = [](std::int32_t a, std::int32_t b) {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) * 31u + static_cast<std::uint32_t>(b));
  };
  const auto k = op_kind::user;
  check_shape<float, lay::row, I{0}>(dims<1000>{}, 0.25f, mean, k, 600);
  check_shape<float, lay::row, I{0}, I{1}, I{0, 1}, I{}>(dims<5, 37>{}, 0.25f, mean, k, 601);
  check_shape<float, lay::col, I{1}, I{0, 1}>(dims<5, 37>{}, 0.25f, mean, k, 602);
  check_shape<float, lay::pad, I{0}>(dims<5, 37>{}, 0.25f, mean, k, 603);
  check_shape<float, lay::tiled, I{0, 1}>(dims<5, 37>{}, 0.25f, mean, k, 604);
  check_shape<float, lay::row, I{1}, I{0, 2}>(dims<4, 5, 37>{}, 0.25f, mean, k, 605);
  check_shape<float, lay::row, I{1, 3}>(dims<2, 3, 4, 5>{}, 0.25f, mean, k, 606);
  check_shape<float, lay::row, I{0}>(dims<1000>{}, 0.25f, plus, k, 612);
  check_shape<float, lay::row, I{1}, I{0, 1}>(dims<5, 37>{}, 0.25f, plus, k, 613);
  check_shape<float, lay::row, I{1}, I{0, 1}>(dims<5, 37>{}, 0.5f, max_abs, k, 607);
  check_shape<float, lay::tiled, I{0}>(dims<5, 37>{}, 0.5f, max_abs, k, 608);
  check_shape<std::int32_t, lay::row, I{0}, I{1}, I{0, 1}>(dims<5, 37>{}, 7, hash, k, 609);
  check_shape<std::int32_t, lay::col, I{0, 2}>(dims<4, 5, 37>{}, 7, hash, k, 610);

  // No dimensions: f(init, x) elementwise.
  const auto d = random_operand<float>({5, 37}, k, 611);
  const auto a = make<x::tensor<"f32[5,37]{0,1}">>(d);
  const x::tensor<"f32[5,37]"> none = x::reduce<>(a, 0.25f, mean);
  std::vector<float> want;
  for (float v : d.v) want.push_back((0.25f + v) * 0.5f);
  compare(gather(none, d.sizes), want, nullptr, "reduce<>(a, 0.25, mean)");
}

TEST_CASE("ops/reduce: an operand expression is fused: sum(a * b), sum(a + v)") {
  const auto da = random_operand<float>({5, 37}, op_kind::add, 700);
  const auto db = random_operand<float>({5, 37}, op_kind::add, 701);
  const auto dv = random_operand<float>({37}, op_kind::add, 702);
  const auto a = make<x::tensor<"f32[5,37]">>(da);
  const auto b = make<x::tensor<"f32[5,37]{0,1}">>(db);
  const auto v = make<x::tensor<"f32[37]">>(dv);
  // The reference: each term in double, summed over the reduced dimension.
  const auto ref = [&](int dim, bool product) {
    std::vector<double> want(dim == 0 ? 37 : 5, 0.0), tol(want.size(), 0.0);
    for (std::size_t i = 0; i < 5; ++i) {
      for (std::size_t j = 0; j < 37; ++j) {
        const double t = product ? static_cast<double>(da.v[i * 37 + j]) * static_cast<double>(db.v[i * 37 + j])
                                 : static_cast<double>(da.v[i * 37 + j]) + static_cast<double>(dv.v[j]);
        want[dim == 0 ? j : i] += t;
        tol[dim == 0 ? j : i] += std::fabs(t);
      }
    }
    const double n = dim == 0 ? 5 : 37;
    for (double& t : tol) t = (n + 2) * std::numeric_limits<float>::epsilon() * t + 1e-30;
    return std::pair{want, tol};
  };
  const x::tensor<"f32[5]"> p1 = x::reduce<1>(x::mul(a, b), 0.0f, x::add_op);
  const x::tensor<"f32[37]"> p0 = x::reduce<0>(x::mul(a, b), 0.0f, x::add_op);
  const x::tensor<"f32[5]"> s1 = x::reduce<1>(x::add(a, v, x::broadcast_dimensions<1>), 0.0f, x::add_op);
  const x::tensor<"f32[37]"> s0 = x::reduce<0>(x::add(a, v, x::broadcast_dimensions<1>), 0.0f, x::add_op);
  const auto [w1, t1] = ref(1, true);
  const auto [w0, t0] = ref(0, true);
  const auto [v1, u1] = ref(1, false);
  const auto [v0, u0] = ref(0, false);
  compare(gather(p1, {5}), w1, &t1, "reduce<1>(a * b)");
  compare(gather(p0, {37}), w0, &t0, "reduce<0>(a * b)");
  compare(gather(s1, {5}), v1, &u1, "reduce<1>(a + v)");
  compare(gather(s0, {37}), v0, &u0, "reduce<0>(a + v)");

  // All of it: sum(a * b) over both dimensions.
  double total = 0, magnitude = 0;
  for (std::size_t l = 0; l < da.v.size(); ++l) {
    total += static_cast<double>(da.v[l]) * static_cast<double>(db.v[l]);
    magnitude += std::fabs(static_cast<double>(da.v[l]) * static_cast<double>(db.v[l]));
  }
  const float dot = x::eval(x::reduce<0, 1>(x::mul(a, b), 0.0f, x::add_op))();
  CHECK(std::fabs(static_cast<double>(dot) - total) <= 186 * std::numeric_limits<float>::epsilon() * magnitude);
}

TEST_CASE("ops/reduce: variadic, a tuple of results") {
  const auto da = random_operand<float>({5, 37}, op_kind::add, 800);
  const auto db = random_operand<std::int32_t>({5, 37}, op_kind::add, 801);
  const auto a = make<x::tensor<"f32[5,37]">>(da);
  const auto b = make<x::tensor<"s32[5,37]{0,1}">>(db);
  // The sum of a, and the wrapping sum of b where a is positive.
  const auto f = [](float s, std::int32_t c, float u, std::int32_t w) {
    const auto next_c = u > 0 ? static_cast<std::int32_t>(static_cast<std::uint32_t>(c) + static_cast<std::uint32_t>(w)) : c;
    return std::tuple<float, std::int32_t>{s + u, next_c};
  };
  const auto reference = [&](const reduction& red) {
    using pair = std::pair<float, std::int32_t>;
    data<pair> d{da.sizes, {}};
    for (std::size_t l = 0; l < da.v.size(); ++l) d.v.push_back({da.v[l], db.v[l]});
    const auto acc = fold(d, red, pair{0.5f, 3}, [&](pair p, pair e) {
      const auto r = f(p.first, p.second, e.first, e.second);
      return pair{std::get<0>(r), std::get<1>(r)};
    });
    std::pair<std::vector<float>, std::vector<std::int32_t>> out;
    for (const pair& p : acc) {
      out.first.push_back(p.first);
      out.second.push_back(p.second);
    }
    return out;
  };

  auto [s, c] = x::reduce<1>(a, b, 0.5f, 3, f);
  using f32_5 = x::tensor<"f32[5]">;
  using s32_5 = x::tensor<"s32[5]">;
  static_assert(std::is_same_v<decltype(s), f32_5>);
  static_assert(std::is_same_v<decltype(c), s32_5>);
  const reduction r1(da.sizes, {1});
  const auto [want_s1, want_c1] = reference(r1);
  compare(gather(s, {5}), want_s1, nullptr, "variadic reduce<1>: sum");
  compare(gather(c, {5}), want_c1, nullptr, "variadic reduce<1>: conditional sum");

  const auto t = x::reduce<0>(a, b, 0.5f, 3, f);
  const reduction r0(da.sizes, {0});
  const auto [want_s0, want_c0] = reference(r0);
  compare(gather(x::get_tuple_element<0>(t), {37}), want_s0, nullptr, "variadic reduce<0>: get_tuple_element<0>");
  compare(gather(std::get<1>(t), {37}), want_c0, nullptr, "variadic reduce<0>: std::get<1>");

  const auto [s_all, c_all] = x::reduce<1, 0>(a, b, 0.5f, 3, f);
  const reduction r01(da.sizes, {0, 1});
  const auto [want_s, want_c] = reference(r01);
  compare(gather(s_all, {}), want_s, nullptr, "variadic reduce<1,0>: sum");
  compare(gather(c_all, {}), want_c, nullptr, "variadic reduce<1,0>: conditional sum");

  // Argmax along the rows with an iota operand: the first index of the largest value.
  const auto argmax = [](float m, std::int32_t i, float u, std::int32_t j) {
    return u > m ? std::tuple<float, std::int32_t>{u, j} : std::tuple<float, std::int32_t>{m, i};
  };
  const auto [m, i] = x::reduce<1>(a, x::iota<"s32[5,37]", 1>(), -std::numeric_limits<float>::infinity(), 0, argmax);
  for (std::size_t row = 0; row < 5; ++row) {
    std::size_t best = 0;
    for (std::size_t j = 1; j < 37; ++j)
      if (da.v[row * 37 + j] > da.v[row * 37 + best]) best = j;
    CHECK(m(row) == da.v[row * 37 + best]);
    CHECK(i(row) == static_cast<std::int32_t>(best));
  }
}

TEST_CASE("ops/reduce: a full f32 sum of 1000 elements is the documented order, bit for bit") {
  // Values over 20 binades (40 for f64), random signs, drawn in a fixed order; the seed is
  // one whose sums differ in every other order checked below.
  std::mt19937_64 rng(2028);
  const auto wide = [&rng](unsigned binades) {
    const double mantissa = std::uniform_real_distribution<double>(0.5, 1.0)(rng);
    const int e = static_cast<int>(rng() % binades) - static_cast<int>(binades / 2);
    const double m = std::ldexp(mantissa, e);
    return rng() % 2 ? -m : m;
  };
  data<float> d{{1000}, {}};
  for (int l = 0; l < 1000; ++l) d.v.push_back(static_cast<float>(wide(20)));
  // The documented order, written out: W = 64 partials from -0, halved.
  const auto order = [&](std::size_t w) {
    std::vector<float> p(w, -0.0f);
    for (std::size_t l = 0; l < d.v.size(); ++l) p[l % w] += d.v[l];
    for (std::size_t h = w / 2; h >= 1; h /= 2)
      for (std::size_t k = 0; k < h; ++k) p[k] += p[k + h];
    return 0.0f + p[0];
  };
  const float want = order(64);
  // The data tell the orders apart: a sequential sum and other widths give other bits.
  float sequential = 0.0f;
  for (float v : d.v) sequential += v;
  CHECK_FALSE(same_bits(want, sequential));
  for (std::size_t w : {4, 8, 16, 32, 128}) CHECK_FALSE(same_bits(want, order(w)));

  const auto row = make<x::tensor<"f32[1000]">>(d);
  const auto pad = make<x::tensor<"f32[1000]{0:pad(1003,highest)}">>(d);
  const auto til = make<x::tensor<"f32[1000]{0:T(8)}">>(d);
  data<float> d2 = d;
  d2.sizes = {8, 125};
  const auto row2 = make<x::tensor<"f32[8,125]">>(d2);
  const auto til2 = make<x::tensor<"f32[8,125]{1,0:T(2,8)}">>(d2);
  const auto col2 = make<x::tensor<"f32[8,125]{0,1}">>(d2);
  const float got[] = {
      x::eval(x::reduce<0>(row, 0.0f, x::add_op))(),
      x::eval(x::reduce<0>(row, 0.0f, x::add_op))(),
      x::eval(x::reduce<0>(pad, 0.0f, x::add_op))(),
      x::eval(x::reduce<0>(til, 0.0f, x::add_op))(),
      x::eval(x::reduce<0>(row + -0.0f, 0.0f, x::add_op))(),  // fused: x + -0 == x
      x::eval(x::reduce<0, 1>(row2, 0.0f, x::add_op))(),
      x::eval(x::reduce<1, 0>(til2, 0.0f, x::add_op))(),
      x::eval(x::reduce<0, 1>(col2, 0.0f, x::add_op))(),
  };
  for (std::size_t k = 0; k < std::size(got); ++k) {
    CAPTURE(k);
    CHECK(same_bits(got[k], want));
  }

  // f64: W = 32.
  data<double> dd{{1000}, {}};
  for (int l = 0; l < 1000; ++l) dd.v.push_back(wide(40));
  const auto order_d = [&](std::size_t w) {
    std::vector<double> p(w, -0.0);
    for (std::size_t l = 0; l < dd.v.size(); ++l) p[l % w] += dd.v[l];
    for (std::size_t h = w / 2; h >= 1; h /= 2)
      for (std::size_t k = 0; k < h; ++k) p[k] += p[k + h];
    return 0.0 + p[0];
  };
  const double want_d = order_d(32);
  double sequential_d = 0.0;
  for (double v : dd.v) sequential_d += v;
  CHECK_FALSE(same_bits(want_d, sequential_d));
  for (std::size_t w : {4, 8, 16, 64}) CHECK_FALSE(same_bits(want_d, order_d(w)));
  const auto rowd = make<x::tensor<"f64[1000]">>(dd);
  const auto tild = make<x::tensor<"f64[1000]{0:T(8)}">>(dd);
  CHECK(same_bits(x::eval(x::reduce<0>(rowd, 0.0, x::add_op))(), want_d));
  CHECK(same_bits(x::eval(x::reduce<0>(tild, 0.0, x::add_op))(), want_d));
}
