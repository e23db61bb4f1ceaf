// Tests for sxla/ops/math.hpp: the transcendental ops as XLA ops. Their kernels' accuracy
// is tested in tests/simd/math_test.cpp and against NumPy in tests/golden; here: every op
// in every layout gives, bit for bit, the kernel applied to each element (the vector path
// equals the scalar path); f16 and bf16 round the f32 result; complex functions agree with
// std::complex in long double; XLA's integer pow; special values at the op level.
#include "support/elementwise_check.hpp"

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
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

TEST_CASE_TEMPLATE("ops/math: each op equals its kernel element by element, in every layout", T, float, double) {
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
  check_binary<T, 1>(x::atan2, [](T u, T v) { return s::atan2(u, v); }, "atan2");
  // Larger arguments than the edge values give.
  const array<T, layout_kind::tiled> e = x::exp(a);
  check_all(e, [&](const auto& i) { return s::exp(a[i]); }, "exp over [-80, 80]");
  const array<T, layout_kind::col_major> p = x::pow(x::abs(a), b);
  check_all(p, [&](const auto& i) { return s::pow(std::abs(a[i]), b[i]); }, "pow over [0, 80] x [-4, 4]");
}

TEST_CASE_TEMPLATE("ops/math: f16 and bf16 compute in f32 and round back", T, x::f16, x::bf16) {
  check_unary<T, 0>(x::exp, [](T v) { return T(s::exp(static_cast<float>(v))); }, "exp");
  check_unary<T, 1>(x::tanh, [](T v) { return T(s::tanh(static_cast<float>(v))); }, "tanh");
  check_unary<T, 2>(x::log, [](T v) { return T(s::log(static_cast<float>(v))); }, "log");
  check_binary<T, 3>(x::pow, [](T u, T v) { return T(s::pow(static_cast<float>(u), static_cast<float>(v))); }, "pow");
}

TEST_CASE("ops/math: complex functions agree with std::complex in long double") {
  using C = std::complex<double>;
  using L = std::complex<long double>;
  const x::tensor<"c128[6]"> z = {C(0.5, 0.25), C(-1.5, 2), C(3, -0.75), C(-0.25, -0.5), C(2, 0), C(0, 1.25)};
  auto close = [](C got, L want) {
    const long double scale = std::abs(want) + 1e-300L;
    return std::abs(L(got.real(), got.imag()) - want) / scale < 1e-13L;
  };
  const auto e = x::eval(x::exp(z));
  const auto l = x::eval(x::log(z));
  const auto q = x::eval(x::sqrt(z));
  const auto sn = x::eval(x::sin(z));
  const auto cs = x::eval(x::cos(z));
  const auto tn = x::eval(x::tan(z));
  const auto th = x::eval(x::tanh(z));
  const auto em = x::eval(x::expm1(z));
  const auto lp = x::eval(x::log1p(z));
  const auto pw = x::eval(x::pow(z, z));
  const auto a2 = x::eval(x::atan2(z, x::tensor<"c128[6]">{C(1, 0), C(2, 0), C(-1, 0), C(0.5, 0), C(-2, 0), C(3, 0)}));
  for (int i = 0; i < 6; ++i) {
    const L w(z(i).real(), z(i).imag());
    INFO("z = " << z(i));
    CHECK(close(e(i), std::exp(w)));
    CHECK(close(l(i), std::log(w)));
    CHECK(close(q(i), std::sqrt(w)));
    CHECK(close(sn(i), std::sin(w)));
    CHECK(close(cs(i), std::cos(w)));
    CHECK(close(tn(i), std::tan(w)));
    CHECK(close(th(i), std::tanh(w)));
    CHECK(close(em(i), std::exp(w) - 1.0L));
    CHECK(close(lp(i), std::log(1.0L + w)));
    CHECK(close(pw(i), std::pow(w, w)));
    if (z(i).imag() == 0) {  // real operands: the real atan2, with a zero imaginary part
      const double xs[] = {1, 2, -1, 0.5, -2, 3};
      CHECK_EQ(a2(i).real(), doctest::Approx(std::atan2(z(i).real(), xs[i])));
    }
  }
  CHECK_EQ(x::eval(x::pow(x::tensor<"c64[2]">{x::c64(0, 0), x::c64(0, 0)},
                          x::tensor<"c64[2]">{x::c64(0, 0), x::c64(2, 0)})),
           x::tensor<"c64[2]">{x::c64(1, 0), x::c64(0, 0)});  // 0^0 = 1, 0^2 = 0
}

TEST_CASE("ops/math: integer pow by squaring; negative exponents give 1 for a base of 1, else 0") {
  const x::tensor<"s32[7]"> base = {2, 3, -2, 1, -1, 5, 0};
  const x::tensor<"s32[7]"> expo = {10, 4, 3, -7, -1, -2, 0};
  CHECK(x::eval(x::pow(base, expo)) == x::tensor<"s32[7]">{1024, 81, -8, 1, 0, 0, 1});
  CHECK(x::eval(x::pow(x::tensor<"u8[2]">{2, 3}, x::tensor<"u8[2]">{9, 5})) == x::tensor<"u8[2]">{0, 243});  // wraps
}

TEST_CASE("ops/math: special values") {
  constexpr float inf = std::numeric_limits<float>::infinity();
  const x::tensor<"f32[4]"> v = {-inf, -0.0f, 0.0f, inf};
  const auto e = x::eval(x::exp(v));
  CHECK(e == x::tensor<"f32[4]">{0, 1, 1, inf});
  const auto l = x::eval(x::log(v));
  CHECK(std::isnan(l(0)));
  CHECK_EQ(l(1), -inf);
  CHECK_EQ(l(3), inf);
  const auto t = x::eval(x::tanh(v));
  CHECK(t == x::tensor<"f32[4]">{-1, -0.0f, 0, 1});
  CHECK(std::signbit(t(1)));
  const auto r = x::eval(x::rsqrt(v));
  CHECK_EQ(r(1), -inf);
  CHECK_EQ(r(3), 0.0f);
  CHECK(std::isnan(x::eval(x::sqrt(x::tensor<"f32[1]">{-1.0f}))(0)));
}
