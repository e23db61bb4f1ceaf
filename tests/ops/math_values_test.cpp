// Tests for sxla/ops/math.hpp, continued from math_test.cpp (split for compile time):
// complex functions agree with std::complex in long double; XLA's integer pow; special
// values at the op level; complex log1p near the circle |1 + z| = 1.
#include "support/elementwise_check.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace x = sxla;
namespace s = sxla::simd;
using namespace sxla_test;

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

namespace {
// a + b = s + e exactly, in long double.
void two_sum_ld(long double a, long double b, long double& s, long double& e) {
  s = a + b;
  const long double bb = s - a;
  e = (a - (s - bb)) + (b - bb);
}

// log1p(x + iy) in long double, for x and y of at most 24 significant bits (floats), or
// away from |1 + z| = 1. Real part: 0.5 log1p(u), u = |1 + z|^2 - 1 = 2x + x^2 + y^2,
// whose three terms are exact in long double for such x and y and are summed exactly
// into hi + lo (so the reference keeps its precision however much u cancels); below
// |1 + z|^2 = 1/2 it is 0.5 log((1 + x)^2 + y^2) instead (u near -1 would lose 1 + u's
// bits). Imaginary part: atan2(y, 1 + x), 1 + x exact in long double for these points.
struct log1p_reference {
  long double re, im;
};
log1p_reference reference_log1p(double x, double y) {
  const long double lx = x, ly = y, a = 1.0L + lx;
  long double s1, e1, s2, e2, hi, lo;
  two_sum_ld(2 * lx, lx * lx, s1, e1);
  two_sum_ld(s1, ly * ly, s2, e2);
  two_sum_ld(s2, e1 + e2, hi, lo);
  const long double re = hi >= -0.5L ? 0.5L * (std::log1p(hi) + lo / (1.0L + hi)) : 0.5L * std::log(a * a + ly * ly);
  return {re, std::atan2(ly, a)};
}

// |got - want| in units of the last place of want's type at want.
template <class F>
double ulps(F got, long double want) {
  if (std::isnan(static_cast<double>(want))) return std::isnan(got) ? 0 : 1e9;
  const long double w = std::fabs(want);
  const int e = w == 0 ? std::numeric_limits<F>::min_exponent : std::max(std::ilogb(w), std::numeric_limits<F>::min_exponent - 1);
  return static_cast<double>(std::fabs(static_cast<long double>(got) - want) /
                             std::ldexp(1.0L, e - std::numeric_limits<F>::digits + 1));
}

// Points near the circle |1 + z| = 1 (where log|1 + z| cancels), near 0, near -1, and far.
template <class F>
std::vector<std::complex<F>> log1p_points(int n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> angle(-3.14159265358979, 3.14159265358979), unit(0, 1);
  std::vector<std::complex<F>> z;
  for (int i = 0; i < n; ++i) {
    const double t = angle(rng);
    double r = 1;  // on the circle, up to rounding, or at a small distance from it
    switch (i % 4) {
      case 1: r += std::ldexp(unit(rng) - 0.5, -20); break;
      case 2: r += std::ldexp(unit(rng) - 0.5, -8); break;
      case 3: r = 0.7 + 0.7 * unit(rng); break;  // |1 + z|^2 from 0.49 to 1.96: the new formula's range and beyond
      default: break;
    }
    z.emplace_back(static_cast<F>(r * std::cos(t) - 1), static_cast<F>(r * std::sin(t)));
  }
  for (int i = 0; i < n / 4; ++i) {
    const double m = std::ldexp(unit(rng) + 0.5, -static_cast<int>(rng() % 30));  // near 0
    z.emplace_back(static_cast<F>(m * std::cos(angle(rng))), static_cast<F>(m * std::sin(angle(rng))));
    z.emplace_back(static_cast<F>(-1 + 0.6 * (unit(rng) - 0.5)), static_cast<F>(0.6 * (unit(rng) - 0.5)));  // near -1
    z.emplace_back(static_cast<F>(3 * (unit(rng) - 0.5)), static_cast<F>(3 * (unit(rng) - 0.5)));
  }
  return z;
}

// x::log1p at every point (each a rank-0 tensor of c64 or c128) within re_bound and
// im_bound ulp of reference_log1p; reports the worst errors.
template <class F>
void check_log1p(const std::vector<std::complex<F>>& pts, double re_bound, double im_bound, const char* type) {
  using tensor = std::conditional_t<std::is_same_v<F, float>, x::tensor<"c64[]">, x::tensor<"c128[]">>;
  double worst_re = 0, worst_im = 0;
  for (const std::complex<F> z : pts) {
    const std::complex<F> got = x::eval(x::log1p(tensor{z}))();
    const log1p_reference r = reference_log1p(z.real(), z.imag());
    CAPTURE(z.real());
    CAPTURE(z.imag());
    worst_re = std::max(worst_re, ulps(got.real(), r.re));
    worst_im = std::max(worst_im, ulps(got.imag(), r.im));
    REQUIRE_LE(ulps(got.real(), r.re), re_bound);
    REQUIRE_LE(ulps(got.imag(), r.im), im_bound);
  }
  MESSAGE(std::string(type) << " log1p over " << pts.size() << " points: max error " << worst_re << " ulp (real), " << worst_im
                            << " ulp (imaginary)");
}
}  // namespace

TEST_CASE("ops/math: complex log1p near the circle |1 + z| = 1, against long double") {
  using c64 = std::complex<float>;
  using c128 = std::complex<double>;
  // The point: the real part was 8 ulp from the correctly rounded 0.09045697.
  constexpr c64 z0(-1.2620574f, -1.0628443f);
  const log1p_reference r0 = reference_log1p(z0.real(), z0.imag());
  const c64 got0 = x::eval(x::log1p(x::tensor<"c64[]">{z0}))();
  CHECK_EQ(got0.real(), static_cast<float>(r0.re));
  CHECK_EQ(got0.real(), 0.09045697f);
  CHECK_LE(ulps(got0.imag(), r0.im), 0.5);
  constexpr c64 const0 = x::eval(x::log1p(x::tensor<"c64[]">{z0}))();  // and at compile time
  static_assert(const0.real() == 0.09045697f);

  // c64 runs in double and rounds once: within half an ulp (and a hair) everywhere. The
  // bounds here are the README's accuracy table.
  check_log1p(log1p_points<float>(4000, 131), 0.501, 0.501, "c64");
  // c128 on the same kind of points (values of float precision, so that the reference
  // is exact near the circle), and on points of full double precision away from it.
  {
    std::vector<c128> pts;
    for (const c64 z : log1p_points<float>(4000, 137)) pts.emplace_back(z.real(), z.imag());
    std::mt19937_64 rng(139);
    std::uniform_real_distribution<double> coordinate(-3, 3);
    for (int i = 0; i < 4000; ++i) {
      const c128 z(coordinate(rng), coordinate(rng));
      const long double m = std::norm(std::complex<long double>(1.0L + z.real(), z.imag()));
      if (m > 0.4L && m < 2.5L) continue;  // (x^2 and y^2 are not exact in long double)
      pts.push_back(z);
    }
    check_log1p(pts, 1.25, 1.5, "c128");
  }
  // Special values follow log(1 + z): the real axis matches the real log1p; -1 is -inf.
  const auto sp = x::eval(x::log1p(x::tensor<"c64[4]">{c64(0, 0), c64(-1, 0), c64(0.5f, 0),
                                                       c64(std::numeric_limits<float>::infinity(), 1)}));
  CHECK_EQ(sp(0), c64(0, 0));
  CHECK_EQ(sp(1).real(), -std::numeric_limits<float>::infinity());
  CHECK_LE(ulps(sp(2).real(), std::log1p(0.5L)), 0.501);
  CHECK_EQ(sp(2).imag(), 0.0f);
  CHECK_EQ(sp(3).real(), std::numeric_limits<float>::infinity());
}
