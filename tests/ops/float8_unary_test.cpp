// Tests for the 8-, 6- and 4-bit floats' unary ops (negate, abs, sqrt), comparisons and
// is_finite on every value (every pair, for comparisons), against float8_reference.hpp,
// and the special values of each encoding family (float8_arith_test.cpp: + - * / max min).
#include "ops/float8_check.hpp"

namespace x = sxla;
using namespace sxla_test::float8;

TEST_CASE_TEMPLATE("ops on 8-, 6- and 4-bit floats: negate, abs, sqrt, comparisons and is_finite", T, x::f8e5m2,
                   x::f8e4m3fn, x::f8e4m3fnuz, x::f8e4m3b11fnuz, x::f4e2m1fn, x::f6e3m2fn, x::f8e8m0fnu) {
  const auto p = std::make_unique<all_pairs<T>>();
  check_binary(*p, -p->a, [](double a, double) { return -a; }, "negate");
  check_binary(*p, x::abs(p->a), [](double a, double) { return std::fabs(a); }, "abs");
  check_binary(*p, x::sqrt(p->b), [](double, double b) { return std::sqrt(b); }, "sqrt");

  auto lt = std::make_unique<x::tensor<x::shape_spec(x::primitive_type::pred, {all_pairs<T>::n})>>();
  auto eq = std::make_unique<x::tensor<x::shape_spec(x::primitive_type::pred, {all_pairs<T>::n})>>();
  auto fin = std::make_unique<x::tensor<x::shape_spec(x::primitive_type::pred, {all_pairs<T>::n})>>();
  *lt = p->a < p->b;
  *eq = x::eq(p->a, p->b);
  *fin = x::is_finite(p->a);
  int bad = 0;
  for (x::index_t i = 0; i < all_pairs<T>::n; ++i) {
    const double a = static_cast<float>(p->a(i)), b = static_cast<float>(p->b(i));
    if ((*lt)(i) != (a < b) || (*eq)(i) != (a == b) || (*fin)(i) != std::isfinite(a)) ++bad;
  }
  CHECK_EQ(bad, 0);
}

TEST_CASE("ops on 8-bit floats: the special values of each encoding family") {
  // fn: 448 + 32 rounds to 480, past the largest value: NaN (no infinity).
  const x::tensor<"f8e4m3fn[3]"> fn = {448.0f, -448.0f, 1.0f};
  const x::tensor<"f8e4m3fn[3]"> fn2 = fn + x::tensor<"f8e4m3fn[3]">{32.0f, -16.0f, 0.0f};
  CHECK(std::isnan(static_cast<float>(fn2(0))));
  CHECK_EQ(static_cast<float>(fn2(1)), -448.0f);  // 464 is a tie: to the even 448
  // fnuz: no negative zero (negating 0 is 0), the one NaN is 0x80.
  const x::tensor<"f8e4m3fnuz[2]"> z = {0.0f, 1.0f};
  const x::tensor<"f8e4m3fnuz[2]"> nz = -z;
  CHECK_EQ(nz(0).bits(), 0x00);
  CHECK_EQ(nz(1).bits(), 0x80 | 0x40);  // -1.0: sign, biased exponent 8
  const x::tensor<"f8e4m3fnuz[1]"> nan = x::tensor<"f8e4m3fnuz[1]">{0.0f} / x::tensor<"f8e4m3fnuz[1]">{0.0f};
  CHECK_EQ(nan(0).bits(), 0x80);
  // MX types saturate: 6 * 2 is 6 in f4e2m1fn; e8m0 has no negative values and no zero.
  const x::tensor<"f4e2m1fn[2]"> f4 = {6.0f, -6.0f};
  const x::tensor<"f4e2m1fn[2]"> f4x2 = f4 * x::tensor<"f4e2m1fn[2]">{2.0f, 2.0f};
  CHECK_EQ(static_cast<float>(f4x2(0)), 6.0f);
  CHECK_EQ(static_cast<float>(f4x2(1)), -6.0f);
  const x::tensor<"f8e8m0fnu[2]"> s = {0.5f, 4.0f};
  const x::tensor<"f8e8m0fnu[2]"> d = s - s;
  CHECK(std::isnan(static_cast<float>(d(0))));
  const x::tensor<"f8e8m0fnu[2]"> m = s * s;
  CHECK_EQ(static_cast<float>(m(0)), 0.25f);
  CHECK_EQ(static_cast<float>(m(1)), 16.0f);
}
