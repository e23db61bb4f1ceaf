// Tests for sxla/simd/math.hpp's erf and its inverse trigonometric and hyperbolic
// functions (asin, acos, sinh, cosh, asinh, acosh, atanh), as math_test.cpp tests the
// other kernels (simd/math_check.hpp): against <cmath> in long double, the vector
// instance against the one-lane instance, special values, constant evaluation.
#include "simd/math_check.hpp"

TEST_CASE_TEMPLATE("simd/math: erf stays within 2 ulps (f32: a dense sweep of the floats below 4)", T, float, double) {
  using L = std::numeric_limits<T>;
  inputs<T> in;
  in.add_log_uniform(n_main, static_cast<ld>(L::denorm_min()), 10);
  in.add_uniform(n_main / 2, -5, 5);
  // 1: the split between the two polynomials; 4: the clamp (erf rounds to 1 from 3.92).
  for (ld c : {ld(1), ld(-1), ld(4), ld(3.92)}) in.add_around(c, n_near, 1e-3L);
  if constexpr (is_f32<T>) {
    // Every 1009th float of [0, 4] and their negatives (2.1 million values): every float
    // runs in bench/math_ulp.cpp (1.03 ulps at most).
    for (std::uint32_t b = 0; b <= std::bit_cast<std::uint32_t>(4.0f); b += 1009) {
      in.xs.push_back(std::bit_cast<float>(b));
      in.xs.push_back(-std::bit_cast<float>(b));
    }
  }
  check_unary<T>("erf", in.xs, [](auto x) { return s::erf(x); }, [](ld x) { return std::erf(x); }, 2);
  auto erf_ = [](auto x) { return s::erf(x); };
  expect<T>("erf", erf_, T(0), T(0));
  expect<T>("erf", erf_, -T(0), -T(0));
  expect<T>("erf", erf_, inf_v<T>, T(1));
  expect<T>("erf", erf_, -inf_v<T>, T(-1));
  expect<T>("erf", erf_, T(10), T(1));
  expect<T>("erf", erf_, L::max(), T(1));
  expect<T>("erf", erf_, -L::max(), T(-1));
  CHECK(std::isnan(erf_(nan_v<T>)));
  if constexpr (s::has_vec<T>) {
    T out[s::lanes<T>];
    s::store(erf_(s::splat<s::vec<T>>(nan_v<T>)), out);
    CHECK(std::isnan(out[0]));
  }
}
static_assert(s::erf(0.5f) > 0.5204998f && s::erf(0.5f) < 0.5205f);  // constant evaluation (f32)
static_assert(s::erf(-std::numeric_limits<float>::infinity()) == -1.0f);

TEST_CASE_TEMPLATE("simd/math: asin, acos, sinh, cosh, asinh, acosh and atanh stay within 3 ulps", T, float, double) {
  using L = std::numeric_limits<T>;
  inputs<T> unit;  // [-1, 1], dense near 0 and near +-1
  unit.add_log_uniform(n_main, static_cast<ld>(L::denorm_min()), 1);
  unit.add_uniform(n_main / 2, -1, 1);
  for (ld c : {ld(1), ld(-1), ld(0.5), ld(-0.5)}) unit.add_around(c, n_near, 1e-4L);
  std::erase_if(unit.xs, [](T v) { return !(std::fabs(v) <= T(1)); });
  check_unary<T>("asin", unit.xs, [](auto x) { return s::asin(x); }, [](ld x) { return std::asin(x); }, 3);
  check_unary<T>("acos", unit.xs, [](auto x) { return s::acos(x); }, [](ld x) { return std::acos(x); }, 3);
  inputs<T> open;  // (-1, 1)
  for (T v : unit.xs)
    if (std::fabs(v) < T(1)) open.xs.push_back(v);
  check_unary<T>("atanh", open.xs, [](auto x) { return s::atanh(x); }, [](ld x) { return std::atanh(x); }, 3);
  inputs<T> wide;
  wide.add_log_uniform(n_main, static_cast<ld>(L::denorm_min()), static_cast<ld>(L::max()));
  wide.add_uniform(n_main / 2, -100, 100);
  const ld hi = std::log(static_cast<ld>(L::max()));
  for (ld c : {hi, ld(1), ld(20)}) wide.add_around(c, n_near, 1e-3L);
  std::vector<T> not_over;  // sinh and cosh: below their overflow, ln(2 max)
  for (T v : wide.xs)
    if (std::fabs(static_cast<ld>(v)) < hi + std::log(ld(2))) not_over.push_back(v);
  check_unary<T>("sinh", not_over, [](auto x) { return s::sinh(x); }, [](ld x) { return std::sinh(x); }, 3);
  check_unary<T>("cosh", not_over, [](auto x) { return s::cosh(x); }, [](ld x) { return std::cosh(x); }, 3);
  check_unary<T>("asinh", wide.xs, [](auto x) { return s::asinh(x); }, [](ld x) { return std::asinh(x); }, 3);
  std::vector<T> from_one;
  for (T v : wide.xs)
    if (v >= T(1)) from_one.push_back(v);
  for (T v : unit.xs) from_one.push_back(T(1) + std::fabs(v));
  check_unary<T>("acosh", from_one, [](auto x) { return s::acosh(x); }, [](ld x) { return std::acosh(x); }, 3);
  // Special values.
  const T inf = inf_v<T>, z = T(0), mz = -T(0), one = T(1);
  expect<T>("asin", [](auto x) { return s::asin(x); }, mz, mz);
  expect<T>("asin", [](auto x) { return s::asin(x); }, one, static_cast<T>(pi_l / 2));
  expect<T>("acos", [](auto x) { return s::acos(x); }, one, z);
  expect<T>("acos", [](auto x) { return s::acos(x); }, -one, static_cast<T>(pi_l));
  expect<T>("sinh", [](auto x) { return s::sinh(x); }, mz, mz);
  expect<T>("sinh", [](auto x) { return s::sinh(x); }, -inf, -inf);
  expect<T>("sinh", [](auto x) { return s::sinh(x); }, L::max(), inf);
  expect<T>("cosh", [](auto x) { return s::cosh(x); }, mz, one);
  expect<T>("cosh", [](auto x) { return s::cosh(x); }, -inf, inf);
  expect<T>("asinh", [](auto x) { return s::asinh(x); }, mz, mz);
  expect<T>("asinh", [](auto x) { return s::asinh(x); }, -inf, -inf);
  expect<T>("acosh", [](auto x) { return s::acosh(x); }, one, z);
  expect<T>("acosh", [](auto x) { return s::acosh(x); }, inf, inf);
  expect<T>("atanh", [](auto x) { return s::atanh(x); }, mz, mz);
  expect<T>("atanh", [](auto x) { return s::atanh(x); }, -one, -inf);
  for (T bad : {T(1.5), -T(2), nan_v<T>}) {
    CHECK(std::isnan(s::asin(bad)));
    CHECK(std::isnan(s::acos(bad)));
    CHECK(std::isnan(s::atanh(bad)));
  }
  CHECK(std::isnan(s::acosh(T(0.5))));
  if constexpr (s::has_vec<T>) {
    T out[s::lanes<T>];
    s::store(s::acosh(s::splat<s::vec<T>>(T(0.5))), out);
    CHECK(std::isnan(out[0]));
    s::store(s::asin(s::splat<s::vec<T>>(T(1.5))), out);
    CHECK(std::isnan(out[0]));
  }
}
static_assert(s::asin(1.0f) == static_cast<float>(3.14159265358979323846L / 2));  // constant evaluation
static_assert(s::cosh(0.0) == 1.0);

