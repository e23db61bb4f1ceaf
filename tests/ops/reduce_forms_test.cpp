// Tests for sxla/ops/reduce.hpp, the forms of reduce: operands written as shape strings in
// the four layouts, results in row-major, column-major, padded and tiled destinations and
// read by other expressions; the init value; constant evaluation. User computations, fused
// operands, the variadic form and the documented order of a full sum:
// reduce_forms_user_test.cpp (split for compile time). References:
// tests/ops/reduce_check.hpp.
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
