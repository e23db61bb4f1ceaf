// Tests for the elementwise ops on the 8-, 6- and 4-bit floats: add, subtract, multiply,
// divide, max, min, negate, abs, sqrt, comparisons and is_finite on every pair of values
// (every value, for unary ops), each against the exact result rounded to f32 (where XLA
// computes them) and then by the reference of float8_reference.hpp (the f32 step changes
// nothing but f8e8m0fnu's results beyond f32's range: f32 has more than twice the bits of
// any of these, plus two).
#include "ops/float8_reference.hpp"

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <string>

namespace x = sxla;
using namespace sxla_test::float8;

namespace {

template <class T>
constexpr x::index_t count = x::index_t{1} << T::bit_width;

// a[i], b[i]: every pair of encodings of T.
template <class T>
struct all_pairs {
  static constexpr x::index_t n = count<T> * count<T>;
  using array = x::tensor<x::shape_spec(x::primitive_type_of<T>, {n})>;
  array a, b;
  all_pairs() {
    for (x::index_t i = 0; i < n; ++i) {
      a(i) = T::from_bits(static_cast<std::uint8_t>(i / count<T>));
      b(i) = T::from_bits(static_cast<std::uint8_t>(i % count<T>));
    }
  }
};

// Whether the f32 result of an op may be a NaN whose sign the hardware picks: the MX
// types (no NaN) then convert it to +-0 by its sign, which the reference cannot know.
template <class T>
bool unsure(double exact) {
  return T::specials == x::float_specials::none && std::isnan(exact);
}

template <class T, class E, class F>
void check_binary(const all_pairs<T>& p, const E& e, F exact, const char* what) {
  auto got = std::make_unique<typename all_pairs<T>::array>();
  *got = e;
  int bad = 0;
  for (x::index_t i = 0; i < all_pairs<T>::n; ++i) {
    const double a = static_cast<float>(p.a(i)), b = static_cast<float>(p.b(i));
    // Computed in f32, as XLA's CPU backend computes these types: the f32 rounding is
    // innocuous for the others, but f8e8m0fnu spans 2^-127 .. 2^127, and a product or a
    // quotient beyond f32's range becomes 0 or inf there (then NaN), as it does in XLA.
    const double v = static_cast<float>(exact(a, b));
    if (unsure<T>(v)) continue;
    if (!matches((*got)(i), round_to<T>(v)) && ++bad <= 3)
      FAIL_CHECK(std::string(what) << "(" << a << ", " << b << ") = " << static_cast<float>((*got)(i)) << ", want "
                      << round_to<T>(v).value << (round_to<T>(v).nan ? " (NaN)" : ""));
  }
  CHECK_MESSAGE(bad == 0, what);
}

}  // namespace

TEST_CASE_TEMPLATE("ops on 8-, 6- and 4-bit floats: add, subtract, multiply, divide round once", T, x::f8e5m2,
                   x::f8e4m3, x::f8e3m4, x::f8e4m3fn, x::f8e4m3fnuz, x::f8e5m2fnuz, x::f8e4m3b11fnuz, x::f4e2m1fn,
                   x::f6e2m3fn, x::f6e3m2fn, x::f8e8m0fnu) {
  const auto p = std::make_unique<all_pairs<T>>();
  // The exact results are representable in double (sums and products of two values of
  // at most 5 significant bits, within a few hundred binades); the quotient is rounded
  // once to double, far below any of these formats' half ulps, and never to a tie.
  check_binary(*p, p->a + p->b, [](double a, double b) { return a + b; }, "add");
  check_binary(*p, p->a - p->b, [](double a, double b) { return a - b; }, "subtract");
  check_binary(*p, p->a * p->b, [](double a, double b) { return a * b; }, "multiply");
  check_binary(*p, p->a / p->b, [](double a, double b) { return a / b; }, "divide");
  check_binary(*p, x::max(p->a, p->b), [](double a, double b) {
    return std::isnan(a) || std::isnan(b) ? std::nan("") : std::max(a, b);
  }, "max");
  check_binary(*p, x::min(p->a, p->b), [](double a, double b) {
    return std::isnan(a) || std::isnan(b) ? std::nan("") : std::min(a, b);
  }, "min");
}

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
