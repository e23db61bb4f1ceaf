// Tests for sxla/simd/math.hpp. The reference is <cmath> in long double (64-bit
// significand), far more precise than float and double; nothing here uses the kernels'
// own constants or algorithms. For each function and lane type:
//   - the error in ulps over a few hundred thousand inputs (log-uniform magnitudes, both
//     signs, and the neighbourhoods where kernels go wrong: near 0, near the overflow and
//     underflow thresholds, subnormal results, near multiples of pi/2, x near 1) stays
//     within the bound the header states;
//   - the vector instance gives, lane by lane, the bits the one-lane instance gives;
//   - the IEEE special cases of C99 Annex F (NaN, infinities, signed zeros, pow's and
//     atan2's tables) hold, in both instances;
//   - constant evaluation gives the run-time results.
#include "simd/math_check.hpp"

TEST_CASE_TEMPLATE("simd/math: exp, expm1 and logistic stay within their ulp bounds", T, float, double) {
  const ld hi = ln_max<T>, lo = ln_min<T>;
  inputs<T> in;
  in.add_log_uniform(n_main, 1e-30L, 800);
  in.add_uniform(n_main / 2, lo - 2, hi + 2);
  for (ld c : {hi, lo, std::log(static_cast<ld>(std::numeric_limits<T>::min())), ld(0.5) * std::log(ld(2)),
               -ld(0.5) * std::log(ld(2)), ld(1), ld(-1)})
    in.add_around(c, n_near, 1e-3L);
  const double b1 = 1, b2 = 2;
  check_unary<T>("exp", in.xs, [](auto x) { return s::exp(x); }, [](ld x) { return std::exp(x); }, b1);
  check_unary<T>("expm1", in.xs, [](auto x) { return s::expm1(x); }, [](ld x) { return std::expm1(x); },
                 is_f32<T> ? b1 : b2);
  check_unary<T>("logistic", in.xs, [](auto x) { return s::logistic(x); },
                 [](ld x) { return 1 / (1 + std::exp(-x)); }, b2);
}

TEST_CASE_TEMPLATE("simd/math: log and log1p stay within their ulp bounds", T, float, double) {
  using L = std::numeric_limits<T>;
  inputs<T> in;
  in.add_log_uniform(n_main, static_cast<ld>(L::denorm_min()), static_cast<ld>(L::max()), false);
  in.add_uniform(n_main / 4, 0.5, 2);
  in.add_around(1, n_near, 1e-4L);
  in.add_around(1, n_near, 1e-1L);
  in.add_around(std::sqrt(ld(0.5)), n_near, 1e-3L);
  in.add_around(std::sqrt(ld(2)), n_near, 1e-3L);
  check_unary<T>("log", in.xs, [](auto x) { return s::log(x); }, [](ld x) { return std::log(x); },
                 is_f32<T> ? 1 : 2);
  inputs<T> p;
  p.add_log_uniform(n_main, 1e-40L, static_cast<ld>(L::max()), false);
  p.add_log_uniform(n_main / 2, 1e-40L, 1, false);
  for (auto& x : p.xs) x = (p.rng() & 1) ? x : -x;
  for (auto& x : p.xs)
    if (x <= -1) x = -x;
  p.add_around(-1 + ld(1) / 1024, n_near, 1e-3L);
  p.add_around(std::sqrt(ld(2)) - 1, n_near, 1e-3L);
  p.add_around(std::sqrt(ld(0.5)) - 1, n_near, 1e-3L);
  for (int i = 0; i < n_near; ++i)  // just above -1
    p.xs.push_back(static_cast<T>(-1 + std::ldexp(ld(p.rng() % 1000 + 1), -30 - int(p.rng() % 30))));
  check_unary<T>("log1p", p.xs, [](auto x) { return s::log1p(x); }, [](ld x) { return std::log1p(x); },
                 is_f32<T> ? 1 : 2);
}

TEST_CASE_TEMPLATE("simd/math: sin, cos and tan stay within their ulp bounds", T, float, double) {
  const ld limit = is_f32<T> ? 0x1p24L : 0x1p52L;  // the range the header states
  inputs<T> in;
  in.add_log_uniform(n_main, 1e-30L, limit);
  in.add_uniform(n_main / 2, -10, 10);
  // Near multiples of pi/2, where the reduced argument cancels.
  for (int i = 0; i < 3000; ++i) {
    const ld m = std::floor(std::exp2(std::uniform_real_distribution<ld>(0, std::log2(limit / 2))(in.rng)));
    const T x = static_cast<T>(m * pi_l / 2);
    if (std::fabs(x) > limit) continue;
    T y = x;
    for (int j = 0; j < 3; ++j) y = std::nextafter(y, inf_v<T>);
    for (int j = 0; j < 7; ++j) in.xs.push_back(y = std::nextafter(y, -inf_v<T>));
  }
  check_unary<T>("sin", in.xs, [](auto x) { return s::sin(x); }, [](ld x) { return std::sin(x); }, 2);
  check_unary<T>("cos", in.xs, [](auto x) { return s::cos(x); }, [](ld x) { return std::cos(x); }, 2);
  check_unary<T>("tan", in.xs, [](auto x) { return s::tan(x); }, [](ld x) { return std::tan(x); }, 3);
  // Beyond the stated range: finite, in [-1, 1], and the same in both instances.
  inputs<T> big;
  big.add_log_uniform(20000, limit, static_cast<ld>(std::numeric_limits<T>::max()));
  check_unary<T>("sin beyond the range", big.xs, [](auto x) { return s::sin(x); },
                 [](ld x) { return std::sin(x); }, 1e29);  // only: finite, and vector == scalar
  check_unary<T>("cos beyond the range", big.xs, [](auto x) { return s::cos(x); },
                 [](ld x) { return std::cos(x); }, 1e29);
  int out_of_range = 0;
  for (T x : big.xs) {
    const T a = s::sin(x), b = s::cos(x);
    out_of_range += !(a >= -1 && a <= 1) + !(b >= -1 && b <= 1) + !std::isfinite(s::tan(x));
  }
  CHECK_EQ(out_of_range, 0);

  // sincos: bitwise sin and cos, one lane and every lane of a vector, special values too.
  std::vector<T> all = in.xs;
  all.insert(all.end(), big.xs.begin(), big.xs.end());
  for (T v : {T(0), -T(0), inf_v<T>, -inf_v<T>, std::numeric_limits<T>::quiet_NaN()}) all.push_back(v);
  int differ = 0;
  for (T x : all) {
    T sn, cs;
    s::sincos(x, sn, cs);
    differ += !same_bits(sn, s::sin(x)) + !same_bits(cs, s::cos(x));
  }
  if constexpr (s::has_vec<T>) {
    constexpr std::size_t l = s::lanes<T>;
    for (std::size_t i = 0; i + l <= all.size(); i += l) {
      s::vec<T> sn, cs;
      s::sincos(s::load(all.data() + i), sn, cs);
      alignas(64) T a[l], b[l];
      s::store(sn, a);
      s::store(cs, b);
      for (std::size_t j = 0; j < l; ++j)
        differ += !same_bits(a[j], s::sin(all[i + j])) + !same_bits(b[j], s::cos(all[i + j]));
    }
  }
  CHECK_EQ(differ, 0);
}

TEST_CASE_TEMPLATE("simd/math: tanh, cbrt and atan stay within their ulp bounds", T, float, double) {
  using L = std::numeric_limits<T>;
  inputs<T> in;
  in.add_log_uniform(n_main, static_cast<ld>(L::denorm_min()), 50);
  in.add_uniform(n_main / 2, -10, 10);
  // the worst case (2.6 ulps) is just below 1/16, where w / (w + 1) rounds w and w + 1
  // in the upper binade of the result; 9 and 19 border on the saturation
  for (ld c : {ld(0.0625), ld(-0.125), ld(0.25), ld(9), ld(19)}) in.add_around(c, n_near, 1e-2L);
  check_unary<T>("tanh", in.xs, [](auto x) { return s::tanh(x); }, [](ld x) { return std::tanh(x); }, 3);
  inputs<T> c;
  c.add_log_uniform(n_main, static_cast<ld>(L::denorm_min()), static_cast<ld>(L::max()));
  c.add_uniform(n_main / 4, -10, 10);
  check_unary<T>("cbrt", c.xs, [](auto x) { return s::cbrt(x); }, [](ld x) { return std::cbrt(x); },
                 is_f32<T> ? 1 : 2);
  inputs<T> a;
  a.add_log_uniform(n_main, 1e-30L, 1e30L);
  for (ld t : {std::tan(pi_l / 8), std::tan(3 * pi_l / 8), ld(1)}) a.add_around(t, n_near, 1e-2L);
  check_unary<T>("atan", a.xs, [](auto x) { return s::atan(x); }, [](ld x) { return std::atan(x); }, 3);
}

TEST_CASE_TEMPLATE("simd/math: pow and atan2 stay within their ulp bounds", T, float, double) {
  std::mt19937_64 rng(99);
  auto uni = [&](ld lo, ld hi) { return std::uniform_real_distribution<ld>(lo, hi)(rng); };
  std::vector<T> xs, ys;
  const ld hi = ln_max<T>, lo = ln_min<T>;
  for (int i = 0; i < 2 * n_main; ++i) {
    T x, y;
    switch (i % 6) {
      case 0:  // any magnitude, result in range or just out of it
        x = static_cast<T>(std::exp2(uni(-60, 60)));
        y = static_cast<T>(uni(lo - 5, hi + 5) / std::log(static_cast<ld>(x)));
        break;
      case 1:  // x near 1, large y
        x = static_cast<T>(1 + std::ldexp(uni(-1, 1), -int(rng() % 20) - 4));
        y = static_cast<T>(uni(lo, hi) / std::log(static_cast<ld>(x)));
        break;
      case 2:  // negative x, integer y
        x = -static_cast<T>(std::exp2(uni(-8, 8)));
        y = static_cast<T>(std::round(uni(-30, 30)));
        break;
      case 3:  // subnormal x or subnormal results
        x = static_cast<T>(std::exp2(uni(std::log2(static_cast<ld>(tiny_v<T>)), -10)));
        y = static_cast<T>(uni(0.5, 1.5));
        break;
      case 4:  // x^y within 2^-16 of the overflow and underflow thresholds
        x = static_cast<T>(std::exp2(uni(-60, 60)));
        y = static_cast<T>(((rng() & 1) ? hi : lo + 1) * (1 + uni(-0x1p-16L, 0x1p-16L)) / std::log(static_cast<ld>(x)));
        break;
      default:  // moderate values
        x = static_cast<T>(uni(0, 10));
        y = static_cast<T>(uni(-10, 10));
    }
    xs.push_back(x);
    ys.push_back(y);
  }
  check_binary<T>("pow", xs, ys, [](auto x, auto y) { return s::pow(x, y); },
                  [](ld x, ld y) { return std::pow(x, y); }, 3);
  std::vector<T> as, bs;
  for (int i = 0; i < 2 * n_main; ++i) {
    T y = static_cast<T>(std::ldexp(uni(-1, 1), int(rng() % 80) - 40));
    T x = static_cast<T>(std::ldexp(uni(-1, 1), int(rng() % 80) - 40));
    if (i % 4 == 0) {  // near the reduction's break points
      const ld t = i % 8 == 0 ? std::tan(pi_l / 8) : std::tan(3 * pi_l / 8);
      y = static_cast<T>(x * t * (1 + uni(-1e-3, 1e-3)));
    }
    as.push_back(y);
    bs.push_back(x);
  }
  check_binary<T>("atan2", as, bs, [](auto y, auto x) { return s::atan2(y, x); },
                  [](ld y, ld x) { return std::atan2(y, x); }, 3);
}

TEST_CASE_TEMPLATE("simd/math: special values follow C99 Annex F", T, float, double) {
  using L = std::numeric_limits<T>;
  const T i = inf_v<T>, n = nan_v<T>, z = 0, mz = -T(0), one = 1, max = L::max();
  auto exp_ = [](auto x) { return s::exp(x); };
  expect<T>("exp", exp_, n, n);
  expect<T>("exp", exp_, i, i);
  expect<T>("exp", exp_, -i, z);
  expect<T>("exp", exp_, z, one);
  expect<T>("exp", exp_, mz, one);
  expect<T>("exp", exp_, T(1000), i);
  expect<T>("exp", exp_, T(-1000), z);
  expect<T>("exp", exp_, max, i);
  expect<T>("exp", exp_, -max, z);
  // exp of ln(denorm_min) rounds to the smallest subnormal.
  expect<T>("exp", exp_, static_cast<T>(std::log(static_cast<ld>(tiny_v<T>))), tiny_v<T>);
  auto expm1_ = [](auto x) { return s::expm1(x); };
  expect<T>("expm1", expm1_, n, n);
  expect<T>("expm1", expm1_, i, i);
  expect<T>("expm1", expm1_, -i, -one);
  expect<T>("expm1", expm1_, mz, mz);
  expect<T>("expm1", expm1_, z, z);
  expect<T>("expm1", expm1_, tiny_v<T>, tiny_v<T>);
  expect<T>("expm1", expm1_, -tiny_v<T>, -tiny_v<T>);
  expect<T>("expm1", expm1_, T(-100), -one);
  expect<T>("expm1", expm1_, max, i);
  auto log_ = [](auto x) { return s::log(x); };
  expect<T>("log", log_, n, n);
  expect<T>("log", log_, z, -i);
  expect<T>("log", log_, mz, -i);
  expect<T>("log", log_, -one, n);
  expect<T>("log", log_, -i, n);
  expect<T>("log", log_, i, i);
  expect<T>("log", log_, one, z);
  expect<T>("log", log_, tiny_v<T>, static_cast<T>(std::log(static_cast<ld>(tiny_v<T>))));
  auto log1p_ = [](auto x) { return s::log1p(x); };
  expect<T>("log1p", log1p_, n, n);
  expect<T>("log1p", log1p_, -one, -i);
  expect<T>("log1p", log1p_, T(-2), n);
  expect<T>("log1p", log1p_, -i, n);
  expect<T>("log1p", log1p_, i, i);
  expect<T>("log1p", log1p_, mz, mz);
  expect<T>("log1p", log1p_, z, z);
  expect<T>("log1p", log1p_, -tiny_v<T>, -tiny_v<T>);
  auto sin_ = [](auto x) { return s::sin(x); };
  auto cos_ = [](auto x) { return s::cos(x); };
  auto tan_ = [](auto x) { return s::tan(x); };
  auto odd_trig = [&](const char* name, auto f) {
    expect<T>(name, f, n, n);
    expect<T>(name, f, i, n);
    expect<T>(name, f, -i, n);
    expect<T>(name, f, mz, mz);
    expect<T>(name, f, z, z);
    expect<T>(name, f, tiny_v<T>, tiny_v<T>);
    expect<T>(name, f, -tiny_v<T>, -tiny_v<T>);
  };
  odd_trig("sin", sin_);
  odd_trig("tan", tan_);
  expect<T>("cos", cos_, n, n);
  expect<T>("cos", cos_, i, n);
  expect<T>("cos", cos_, -i, n);
  expect<T>("cos", cos_, mz, one);
  auto tanh_ = [](auto x) { return s::tanh(x); };
  expect<T>("tanh", tanh_, n, n);
  expect<T>("tanh", tanh_, i, one);
  expect<T>("tanh", tanh_, -i, -one);
  expect<T>("tanh", tanh_, mz, mz);
  expect<T>("tanh", tanh_, z, z);
  expect<T>("tanh", tanh_, max, one);
  expect<T>("tanh", tanh_, -tiny_v<T>, -tiny_v<T>);
  auto logistic_ = [](auto x) { return s::logistic(x); };
  expect<T>("logistic", logistic_, n, n);
  expect<T>("logistic", logistic_, i, one);
  expect<T>("logistic", logistic_, -i, z);
  expect<T>("logistic", logistic_, z, T(0.5));
  expect<T>("logistic", logistic_, -max, z);
  auto cbrt_ = [](auto x) { return s::cbrt(x); };
  expect<T>("cbrt", cbrt_, n, n);
  expect<T>("cbrt", cbrt_, i, i);
  expect<T>("cbrt", cbrt_, -i, -i);
  expect<T>("cbrt", cbrt_, mz, mz);
  expect<T>("cbrt", cbrt_, z, z);
  expect<T>("cbrt", cbrt_, T(-8), T(-2));
  expect<T>("cbrt", cbrt_, T(27), T(3));
  expect<T>("cbrt", cbrt_, T(0.125), T(0.5));
  constexpr int cube_exp = (L::min_exponent - L::digits) / 3;  // 2^(3 cube_exp) is subnormal
  expect<T>("cbrt", cbrt_, std::ldexp(T(1), 3 * cube_exp), std::ldexp(T(1), cube_exp));
  auto atan_ = [](auto x) { return s::atan(x); };
  const T pio2 = static_cast<T>(pi_l / 2), pi = static_cast<T>(pi_l), pio4 = static_cast<T>(pi_l / 4);
  expect<T>("atan", atan_, n, n);
  expect<T>("atan", atan_, i, pio2);
  expect<T>("atan", atan_, -i, -pio2);
  expect<T>("atan", atan_, mz, mz);
  expect<T>("atan", atan_, one, pio4);
  auto atan2_ = [](auto y, auto x) { return s::atan2(y, x); };
  expect2<T>("atan2", atan2_, z, mz, pi);
  expect2<T>("atan2", atan2_, mz, mz, -pi);
  expect2<T>("atan2", atan2_, z, z, z);
  expect2<T>("atan2", atan2_, mz, z, mz);
  expect2<T>("atan2", atan2_, z, -one, pi);
  expect2<T>("atan2", atan2_, mz, -one, -pi);
  expect2<T>("atan2", atan2_, z, one, z);
  expect2<T>("atan2", atan2_, mz, one, mz);
  expect2<T>("atan2", atan2_, -one, z, -pio2);
  expect2<T>("atan2", atan2_, -one, mz, -pio2);
  expect2<T>("atan2", atan2_, one, z, pio2);
  expect2<T>("atan2", atan2_, one, -i, pi);
  expect2<T>("atan2", atan2_, -one, -i, -pi);
  expect2<T>("atan2", atan2_, one, i, z);
  expect2<T>("atan2", atan2_, -one, i, mz);
  expect2<T>("atan2", atan2_, i, one, pio2);
  expect2<T>("atan2", atan2_, -i, one, -pio2);
  expect2<T>("atan2", atan2_, i, -i, static_cast<T>(3 * pi_l / 4));
  expect2<T>("atan2", atan2_, -i, -i, static_cast<T>(-3 * pi_l / 4));
  expect2<T>("atan2", atan2_, i, i, pio4);
  expect2<T>("atan2", atan2_, -i, i, -pio4);
  expect2<T>("atan2", atan2_, n, one, n);
  expect2<T>("atan2", atan2_, one, n, n);
  expect2<T>("atan2", atan2_, one, one, pio4);
  expect2<T>("atan2", atan2_, -one, -one, static_cast<T>(-3 * pi_l / 4));
  auto pow_ = [](auto x, auto y) { return s::pow(x, y); };
  for (T x : {n, i, -i, z, mz, T(-3), T(0.5)}) {
    expect2<T>("pow", pow_, x, z, one);
    expect2<T>("pow", pow_, x, mz, one);
  }
  for (T y : {n, i, -i, T(2.5), T(-7)}) expect2<T>("pow", pow_, one, y, one);
  expect2<T>("pow", pow_, T(-8), static_cast<T>(1.0L / 3), n);
  expect2<T>("pow", pow_, T(-2), T(3), T(-8));
  expect2<T>("pow", pow_, T(-2), T(-3), T(-0.125));
  expect2<T>("pow", pow_, T(-2), T(2), T(4));
  expect2<T>("pow", pow_, T(2), T(10), T(1024));
  expect2<T>("pow", pow_, T(3), T(5), T(243));
  expect2<T>("pow", pow_, T(4), T(0.5), T(2));
  expect2<T>("pow", pow_, z, T(-3), i);
  expect2<T>("pow", pow_, mz, T(-3), -i);
  expect2<T>("pow", pow_, z, T(-2), i);
  expect2<T>("pow", pow_, mz, T(-2), i);
  expect2<T>("pow", pow_, mz, T(-0.5), i);
  expect2<T>("pow", pow_, mz, -i, i);
  expect2<T>("pow", pow_, z, T(3), z);
  expect2<T>("pow", pow_, mz, T(3), mz);
  expect2<T>("pow", pow_, mz, T(2), z);
  expect2<T>("pow", pow_, mz, T(0.5), z);
  expect2<T>("pow", pow_, mz, i, z);
  expect2<T>("pow", pow_, T(-1), i, one);
  expect2<T>("pow", pow_, T(-1), -i, one);
  expect2<T>("pow", pow_, T(0.5), -i, i);
  expect2<T>("pow", pow_, T(-0.5), -i, i);
  expect2<T>("pow", pow_, T(2), -i, z);
  expect2<T>("pow", pow_, T(-2), -i, z);
  expect2<T>("pow", pow_, T(0.5), i, z);
  expect2<T>("pow", pow_, T(-2), i, i);
  expect2<T>("pow", pow_, -i, T(-3), mz);
  expect2<T>("pow", pow_, -i, T(-2), z);
  expect2<T>("pow", pow_, -i, T(-0.5), z);
  expect2<T>("pow", pow_, -i, T(3), -i);
  expect2<T>("pow", pow_, -i, T(2), i);
  expect2<T>("pow", pow_, -i, T(0.5), i);
  expect2<T>("pow", pow_, i, T(-1), z);
  expect2<T>("pow", pow_, i, T(0.5), i);
  expect2<T>("pow", pow_, n, one, n);
  expect2<T>("pow", pow_, T(2), n, n);
  expect2<T>("pow", pow_, T(-1), n, n);
  expect2<T>("pow", pow_, T(10), T(1000), i);
  expect2<T>("pow", pow_, T(10), T(-1000), z);
  expect2<T>("pow", pow_, T(-10), T(1001), -i);
  expect2<T>("pow", pow_, T(-10), T(-1001), mz);
  expect2<T>("pow", pow_, max, T(2), i);
  expect2<T>("pow", pow_, T(2), static_cast<T>(L::min_exponent - L::digits), tiny_v<T>);
  expect2<T>("pow", pow_, static_cast<T>(1 + L::epsilon()), max, i);
  expect2<T>("pow", pow_, static_cast<T>(1 - L::epsilon()), max, z);
}

namespace {
// Compile-time values (each a constant expression, or this file does not compile).
template <class T>
struct at_compile_time {
  static constexpr T values[] = {
      s::exp(T(1)),       s::exp(T(-50)),      s::expm1(T(1e-3)),     s::log(T(10)),        s::log1p(T(-0.25)),
      s::sin(T(1000)),    s::cos(T(0.5)),      s::tan(T(-2)),         s::tanh(T(0.3)),      s::tanh(T(-3)),
      s::logistic(T(-4)), s::cbrt(T(100)),     s::pow(T(1.5), T(-7.25)), s::atan2(T(-1), T(-3)), s::atan(T(7)),
      s::exp(-inf_v<T>),    s::log(T(0)),        s::log(nan_v<T>),      s::sin(inf_v<T>),     s::pow(T(-8), T(1) / 3),
      s::tanh(nan_v<T>),    s::logistic(-inf_v<T>), s::cbrt(-tiny_v<T>), s::atan2(nan_v<T>, T(1)), s::expm1(-inf_v<T>)};
};
// Special inputs in constant evaluation: no step may compute with a NaN or overflow.
template <class T>
constexpr bool specials_are_constant() {
  constexpr T i = inf_v<T>, n = nan_v<T>, max = std::numeric_limits<T>::max();
  constexpr T v[] = {s::exp(i),       s::exp(n),        s::expm1(i),       s::expm1(n),         s::log(-i),
                     s::log(i),       s::log1p(n),      s::log1p(-i),      s::sin(n),           s::cos(-i),
                     s::tan(max),     s::sin(max),      s::tanh(max),      s::tanh(-i),         s::logistic(n),
                     s::logistic(i),  s::cbrt(i),       s::cbrt(n),        s::atan(n),          s::atan(-i),
                     s::atan2(i, -i), s::atan2(T(1), i), s::atan2(-i, T(2)), s::pow(n, T(0)),   s::pow(i, T(-1)),
                     s::pow(T(0), T(-3)), s::pow(T(10), T(1000)), s::pow(T(2), -i), s::pow(n, n), s::pow(max, max),
                     s::pow(-max, T(3)), s::exp(max),  s::log(max),       s::cos(max),         s::atan(max)};
  return std::size(v) == 35;
}
static_assert(specials_are_constant<float>() && specials_are_constant<double>());
static_assert(s::exp(0.0f) == 1.0f && s::exp(0.0) == 1.0);
static_assert(s::cbrt(-8.0f) == -2.0f && s::cbrt(27.0) == 3.0);
static_assert(s::pow(-2.0, 3.0) == -8.0 && s::pow(2.0f, 10.0f) == 1024.0f);
static_assert(s::log(1.0) == 0.0 && s::log(0.0f) == -std::numeric_limits<float>::infinity());
static_assert(s::exp(-std::numeric_limits<double>::infinity()) == 0.0);
static_assert(s::log1p(-1.0f) == -std::numeric_limits<float>::infinity());
static_assert(s::atan2(0.0, -0.0) == 3.141592653589793);
static_assert(s::tanh(std::numeric_limits<float>::infinity()) == 1.0f);
}  // namespace

TEST_CASE_TEMPLATE("simd/math: compile-time results equal run-time ones", T, float, double) {
  volatile T v1 = 1, v50 = -50, vm3 = 1e-3, v10 = 10, vq = -0.25, v1000 = 1000, vh = 0.5, v2 = -2, v03 = 0.3,
             v3 = -3, v4 = -4, v100 = 100, v15 = 1.5, v725 = -7.25, vm1 = -1, v7 = 7, vinf = inf_v<T>, v0 = 0,
             vnan = nan_v<T>, vm8 = -8, vthird = T(1) / 3, vtiny = tiny_v<T>;
  const T run[] = {s::exp(T(v1)),        s::exp(T(v50)),          s::expm1(T(vm3)),       s::log(T(v10)),
                   s::log1p(T(vq)),      s::sin(T(v1000)),        s::cos(T(vh)),          s::tan(T(v2)),
                   s::tanh(T(v03)),      s::tanh(T(v3)),          s::logistic(T(v4)),     s::cbrt(T(v100)),
                   s::pow(T(v15), T(v725)), s::atan2(T(vm1), T(v3)), s::atan(T(v7)),      s::exp(-T(vinf)),
                   s::log(T(v0)),        s::log(T(vnan)),         s::sin(T(vinf)),        s::pow(T(vm8), T(vthird)),
                   s::tanh(T(vnan)),     s::logistic(-T(vinf)),   s::cbrt(-T(vtiny)),     s::atan2(T(vnan), T(v1)),
                   s::expm1(-T(vinf))};
  static_assert(std::size(at_compile_time<T>::values) == std::size(run));
  for (std::size_t i = 0; i < std::size(run); ++i) {
    INFO("value ", i);
    // (Without FMA the run-time values are the C library's: within its bound.)
    CHECK(meets(run[i], at_compile_time<T>::values[i]));
  }
}
