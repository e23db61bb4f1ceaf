// Tests for the binary arithmetic on the 8-, 6- and 4-bit floats: add, subtract,
// multiply, divide, max and min on every pair of values (float8_unary_test.cpp: negate,
// abs, sqrt, comparisons, is_finite and the special values), each against the exact
// result rounded to f32 (where XLA computes them) and then by float8_reference.hpp (the
// f32 step changes nothing but f8e8m0fnu's results beyond f32's range: f32 has more
// than twice the bits of any of these, plus two).
#include "ops/float8_check.hpp"

namespace x = sxla;
using namespace sxla_test::float8;

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

