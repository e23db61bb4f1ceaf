// Tests for sxla/ops/math.hpp: the transcendental ops as XLA ops. Their kernels' accuracy
// is tested in tests/simd/math_test.cpp and against NumPy in tests/golden; here: exp,
// expm1, log, log1p, sin, cos, tan, tanh, logistic, cbrt, sqrt, rsqrt and pow in every
// layout give, bit for bit, the kernel applied to each element (the vector path equals the
// scalar path). erf, asin, acos, atan, atan2, sinh, cosh, asinh, acosh, atanh, and f16 and
// bf16 (which round the f32 result): math_functions_test.cpp (split for compile time);
// complex functions, integer pow and special values: math_values_test.cpp.
#include "support/elementwise_check.hpp"

#include <cmath>
#include <random>

namespace x = sxla;
namespace s = sxla::simd;
using namespace sxla_test;

namespace {
// Random values of T over [-r, r], log-uniform in magnitude, with the edges mixed in.
template <class T>
array<T, layout_kind::row_major> random_array(double r, unsigned seed) {
  std::mt19937_64 rng(seed);
  array<T, layout_kind::row_major> a;
  x::for_each_index<typename decltype(a)::shape_type>([&](const auto& i) {
    a[i] = rng() % 8 == 0 ? random_value<T>(rng)
                          : static_cast<T>((rng() % 2 ? -1 : 1) * r * std::exp2(-static_cast<double>(rng() % 30)) *
                                           std::uniform_real_distribution<double>(0.5, 1)(rng));
  });
  return a;
}
}  // namespace

TEST_CASE_TEMPLATE("ops/math: exp ... rsqrt and pow equal their kernels element by element, in every layout",
                   T, float, double) {
  const auto a = random_array<T>(80, 1);
  const auto b = random_array<T>(4, 2);
  check_unary<T, 0>(x::exp, [](T v) { return s::exp(v); }, "exp");
  check_unary<T, 1>(x::expm1, [](T v) { return s::expm1(v); }, "expm1");
  check_unary<T, 2>(x::log, [](T v) { return s::log(v); }, "log");
  check_unary<T, 3>(x::log1p, [](T v) { return s::log1p(v); }, "log1p");
  check_unary<T, 0>(x::sin, [](T v) { return s::sin(v); }, "sin");
  check_unary<T, 1>(x::cos, [](T v) { return s::cos(v); }, "cos");
  check_unary<T, 2>(x::tan, [](T v) { return s::tan(v); }, "tan");
  check_unary<T, 3>(x::tanh, [](T v) { return s::tanh(v); }, "tanh");
  check_unary<T, 0>(x::logistic, [](T v) { return s::logistic(v); }, "logistic");
  check_unary<T, 1>(x::cbrt, [](T v) { return s::cbrt(v); }, "cbrt");
  check_unary<T, 2>(x::sqrt, [](T v) { return std::sqrt(v); }, "sqrt");
  check_unary<T, 3>(x::rsqrt, [](T v) { return T(1) / std::sqrt(v); }, "rsqrt");
  check_binary<T, 0>(x::pow, [](T u, T v) { return s::pow(u, v); }, "pow");
  // Larger arguments than the edge values give.
  const array<T, layout_kind::tiled> e = x::exp(a);
  check_all(e, [&](const auto& i) { return s::exp(a[i]); }, "exp over [-80, 80]");
  const array<T, layout_kind::col_major> p = x::pow(x::abs(a), b);
  check_all(p, [&](const auto& i) { return s::pow(std::abs(a[i]), b[i]); }, "pow over [0, 80] x [-4, 4]");
}
