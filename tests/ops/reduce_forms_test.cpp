// Tests for sxla/ops/reduce.hpp, the forms of reduce: operands written as shape strings in
// the four layouts, results in row-major, column-major, padded and tiled destinations and
// read by other expressions; user computations (not associative, not commutative) against
// the sequential row-major fold from init, exactly, and reduce over no dimensions; fused
// operand expressions; the init value; the variadic form (a tuple of results, argmax with
// an iota); the documented order of a full f32 and f64 sum, bit for bit; constant
// evaluation. References: tests/ops/reduce_check.hpp.
#include "ops/reduce_check.hpp"

#include <cstdint>

namespace x = sxla;
using x::index_t;
using namespace sxla_test::reduce_check;

TEST_CASE("ops/reduce: f32[5,37] operands written as shape strings, results in four layouts") {
  const auto d = random_operand<float>({5, 37}, op_kind::add, 200);
  const auto row = make<x::tensor<"f32[5,37]">>(d);
  const auto col = make<x::tensor<"f32[5,37]{0,1}">>(d);
  const auto pad = make<x::tensor<"f32[5,37]{1,0:pad(7,40,highest)}">>(d);
  const auto til = make<x::tensor<"f32[5,37]{1,0:T(2,8)}">>(d);
  check_sets<I{0}, I{1}, I{0, 1}, I{}>(row, d, 0.0f, x::add_op, op_kind::add, "row-major operand");
  check_sets<I{0}, I{1}, I{0, 1}, I{}>(col, d, 0.0f, x::add_op, op_kind::add, "column-major operand");
  check_sets<I{0}, I{1}, I{0, 1}, I{}>(pad, d, 0.0f, x::add_op, op_kind::add, "padded operand");
  check_sets<I{0}, I{1}, I{0, 1}, I{}>(til, d, 0.0f, x::add_op, op_kind::add, "tiled operand");

  // Column reductions (no row part) and row reductions of rank 3 into every destination
  // layout: each equals the documented order bit for bit.
  const auto d3 = random_operand<float>({4, 5, 37}, op_kind::add, 201);
  const auto a3 = make<x::tensor<"f32[4,5,37]">>(d3);
  const reduction columns(d3.sizes, {1}), rows(d3.sizes, {2}), both(d3.sizes, {0, 2});
  const auto want_columns = documented(d3, columns, 0.0f, op_kind::add);
  const auto want_rows = documented(d3, rows, 0.0f, op_kind::add);
  const auto want_both = documented(d3, both, 0.0f, op_kind::add);
  const x::tensor<"f32[4,37]{0,1}"> c_col = x::reduce<1>(a3, 0.0f, x::add_op);
  const x::tensor<"f32[4,37]{1,0:pad(6,40,highest)}"> c_pad = x::reduce<1>(a3, 0.0f, x::add_op);
  const x::tensor<"f32[4,37]{1,0:T(2,8)}"> c_til = x::reduce<1>(a3, 0.0f, x::add_op);
  const x::tensor<"f32[4,37]{0,1:T(8,2)}"> c_til_col = x::reduce<1>(a3, 0.0f, x::add_op);
  compare(gather(c_col, columns.kept_sizes), want_columns, nullptr, "reduce<1> into f32[4,37]{0,1}");
  compare(gather(c_pad, columns.kept_sizes), want_columns, nullptr, "reduce<1> into a padded f32[4,37]");
  compare(gather(c_til, columns.kept_sizes), want_columns, nullptr, "reduce<1> into f32[4,37]{1,0:T(2,8)}");
  compare(gather(c_til_col, columns.kept_sizes), want_columns, nullptr, "reduce<1> into f32[4,37]{0,1:T(8,2)}");
  const x::tensor<"f32[4,5]{0,1}"> r_col = x::reduce<2>(a3, 0.0f, x::add_op);
  const x::tensor<"f32[4,5]{1,0:T(2,8)}"> r_til = x::reduce<2>(a3, 0.0f, x::add_op);
  compare(gather(r_col, rows.kept_sizes), want_rows, nullptr, "reduce<2> into f32[4,5]{0,1}");
  compare(gather(r_til, rows.kept_sizes), want_rows, nullptr, "reduce<2> into f32[4,5]{1,0:T(2,8)}");
  const x::tensor<"f32[5]{0:T(8)}"> b_til = x::reduce<0, 2>(a3, 0.0f, x::add_op);
  const x::tensor<"f32[5]{0:pad(9,lowest)}"> b_pad = x::reduce<2, 0>(a3, 0.0f, x::add_op);
  compare(gather(b_til, both.kept_sizes), want_both, nullptr, "reduce<0,2> into f32[5]{0:T(8)}");
  compare(gather(b_pad, both.kept_sizes), want_both, nullptr, "reduce<2,0> into a padded f32[5]");

  // A reduction read by another expression (its lines: vectors of columns, or elements).
  std::vector<float> twice_columns, twice_rows;
  for (float v : want_columns) twice_columns.push_back(v * 2.0f);
  for (float v : want_rows) twice_rows.push_back(-v);
  const x::tensor<"f32[4,37]"> e1 = x::reduce<1>(a3, 0.0f, x::add_op) * 2.0f;
  const x::tensor<"f32[4,37]{0,1}"> e2 = x::reduce<1>(a3, 0.0f, x::add_op) * 2.0f;
  const x::tensor<"f32[4,5]"> e3 = -x::reduce<2>(a3, 0.0f, x::add_op);
  compare(gather(e1, columns.kept_sizes), twice_columns, nullptr, "2 * reduce<1>");
  compare(gather(e2, columns.kept_sizes), twice_columns, nullptr, "2 * reduce<1> into column-major");
  compare(gather(e3, rows.kept_sizes), twice_rows, nullptr, "-reduce<2>");
}

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

TEST_CASE("ops/reduce: the init value is applied once per result") {
  const x::tensor<"f32[4]"> ones = {1, 1, 1, 1};
  CHECK(x::eval(x::reduce<0>(ones, 10.0f, x::add_op))() == 14.0f);
  const x::tensor<"f32[]"> ten(10.0f);
  CHECK(x::eval(x::reduce<0>(ones, ten, x::add_op))() == 14.0f);
  CHECK(x::eval(x::reduce<0>(ones, 10.0f, [](float a, float b) { return a + b; }))() == 14.0f);
  CHECK(x::eval(x::reduce<0>(ones * 2.0f, 10.0f, x::mul_op))() == 160.0f);
  CHECK(x::eval(x::reduce<0>(ones, 10.0f, x::max_op))() == 10.0f);
  CHECK(x::eval(x::reduce<0>(ones, -10.0f, x::min_op))() == -10.0f);

  x::tensor<"f32[4,3,5]"> block;
  for (auto& e : block.storage()) e = 1.0f;
  const auto columns = x::eval(x::reduce<0>(block, 10.0f, x::add_op));        // f32[3,5]
  const auto mixed = x::eval(x::reduce<0, 2>(block, 10.0f, x::add_op));       // f32[3]
  const auto rows = x::eval(x::reduce<2>(block, 10.0f, x::add_op));           // f32[4,3]
  const auto all = x::eval(x::reduce<0, 1, 2>(block, 10.0f, x::add_op));      // f32[]
  for (float e : columns.storage()) CHECK(e == 14.0f);
  for (float e : mixed.storage()) CHECK(e == 30.0f);
  for (float e : rows.storage()) CHECK(e == 15.0f);
  CHECK(all() == 70.0f);

  const x::tensor<"s32[4]"> ints = {1, 1, 1, 1};
  CHECK(x::eval(x::reduce<0>(ints, 10, x::add_op))() == 14);
  const auto [s, c] = x::reduce<0>(ones, ints, 10.0f, 10, [](float p, std::int32_t q, float u, std::int32_t w) {
    return std::tuple<float, std::int32_t>{p + u, q + w};
  });
  CHECK(s() == 14.0f);
  CHECK(c() == 14);
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

TEST_CASE("ops/reduce: constant evaluation gives the run-time bits") {
  // Row sums of 130 elements (two blocks of W = 64 and a tail) and a column sum.
  constexpr x::tensor<"f32[3,130]"> c = x::eval(x::iota<"f32[3,130]", 1>() * 0.37f - x::iota<"f32[3,130]", 0>() * 11.3f);
  constexpr auto rows = x::eval(x::reduce<1>(c, 0.5f, x::add_op));
  constexpr auto columns = x::eval(x::reduce<0>(c, 0.5f, x::add_op));
  constexpr auto total = x::eval(x::reduce<0, 1>(c, 0.5f, x::add_op));
  static_assert(x::eval(x::reduce<1>(x::tensor<"s32[2,3]">{{1, 2, 3}, {4, 5, 6}}, 100, x::add_op))(1) == 115);
  data<float> d{{3, 130}, {}};
  for (x::index_t i = 0; i < 3; ++i)
    for (x::index_t j = 0; j < 130; ++j) d.v.push_back(c(i, j));
  const auto a = make<x::tensor<"f32[3,130]">>(d);  // the same values, at run time
  const reduction by_row(d.sizes, {1}), by_column(d.sizes, {0}), whole(d.sizes, {0, 1});
  const auto want_rows = documented(d, by_row, 0.5f, op_kind::add);
  const auto want_columns = documented(d, by_column, 0.5f, op_kind::add);
  const auto want_total = documented(d, whole, 0.5f, op_kind::add);
  compare(gather(rows, by_row.kept_sizes), want_rows, nullptr, "constexpr reduce<1>");
  compare(gather(columns, by_column.kept_sizes), want_columns, nullptr, "constexpr reduce<0>");
  compare(gather(total, whole.kept_sizes), want_total, nullptr, "constexpr reduce<0,1>");
  compare(gather(x::eval(x::reduce<1>(a, 0.5f, x::add_op)), by_row.kept_sizes), want_rows, nullptr, "reduce<1>");
  compare(gather(x::eval(x::reduce<0>(a, 0.5f, x::add_op)), by_column.kept_sizes), want_columns, nullptr,
          "reduce<0>");
  compare(gather(x::eval(x::reduce<0, 1>(a, 0.5f, x::add_op)), whole.kept_sizes), want_total, nullptr,
          "reduce<0,1>");
}
