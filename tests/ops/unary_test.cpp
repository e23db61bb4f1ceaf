// Tests for sxla/ops/unary.hpp: abs, neg, sign, ceil, floor, round (half away from
// zero), round_nearest_even and is_finite against plain references written from XLA's
// definitions (integers wrap; sign is -1, -0, NaN, +0 or 1 for floats; abs of a complex
// number is its magnitude), on random operands in every layout.
#include "support/elementwise_check.hpp"

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace x = sxla;
using namespace sxla_test;

namespace {
template <class T>
T ref_neg(T a) {
  if constexpr (std::is_integral_v<T>) return static_cast<T>(static_cast<std::make_unsigned_t<T>>(0) -
                                                             static_cast<std::make_unsigned_t<T>>(a));
  else if constexpr (small_float_t<T>::value) return T(-static_cast<float>(a));
  else return -a;
}
template <class T>
T ref_abs(T a) {
  if constexpr (std::is_unsigned_v<T>) return a;
  else if constexpr (std::is_integral_v<T>) return a < 0 ? ref_neg(a) : a;
  else if constexpr (small_float_t<T>::value) return T(std::fabs(static_cast<float>(a)));
  else return std::fabs(a);
}
template <class T>
T ref_sign(T a) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(a > 0 ? 1 : (a == 0 ? 0 : -1));
  } else {
    const double d = static_cast<double>(a);
    if (std::isnan(d) || d == 0) return a;
    return T(d > 0 ? 1.0 : -1.0);
  }
}
template <class T, class F>
T via_double(T a, F f) {
  return T(f(static_cast<double>(a)));
}
}  // namespace

#define INTEGERS std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t, std::uint32_t, \
                 std::int64_t, std::uint64_t

TEST_CASE_TEMPLATE("ops/unary: abs, neg and sign of integers", T, INTEGERS) {
  check_unary<T, 0>(x::abs, ref_abs<T>, "abs");
  check_unary<T, 1>(x::neg, ref_neg<T>, "neg");
  check_unary<T, 2>(x::sign, ref_sign<T>, "sign");
}

TEST_CASE_TEMPLATE("ops/unary: abs, neg, sign, roundings and is_finite of floats", T, float, double, x::f16,
                   x::bf16) {
  check_unary<T, 0>(x::abs, ref_abs<T>, "abs");
  check_unary<T, 1>(x::neg, ref_neg<T>, "neg");
  check_unary<T, 2>(x::sign, ref_sign<T>, "sign");
  check_unary<T, 3>(x::ceil, [](T a) { return via_double(a, [](double d) { return std::ceil(d); }); }, "ceil");
  check_unary<T, 0>(x::floor, [](T a) { return via_double(a, [](double d) { return std::floor(d); }); }, "floor");
  check_unary<T, 1>(x::round, [](T a) { return via_double(a, [](double d) { return std::round(d); }); }, "round");
  check_unary<T, 2>(x::round_nearest_even, [](T a) { return via_double(a, [](double d) { return std::nearbyint(d); }); },
                    "round_nearest_even");
  check_unary<T, 3>(x::is_finite, [](T a) { return static_cast<bool>(std::isfinite(static_cast<double>(a))); },
                    "is_finite");
}

TEST_CASE("ops/unary: round halves away from zero, round_nearest_even to even") {
  const x::tensor<"f32[8]"> v = {0.5f, 1.5f, 2.5f, -0.5f, -1.5f, -2.5f, 2.4999998f, -0.0f};
  const auto r = x::eval(x::round(v));
  const auto e = x::eval(x::round_nearest_even(v));
  CHECK(r == x::tensor<"f32[8]">{1, 2, 3, -1, -2, -3, 2, -0.0f});
  CHECK(e == x::tensor<"f32[8]">{0, 2, 2, -0.0f, -2, -2, 2, -0.0f});
  CHECK(std::signbit(e(3)));           // round_nearest_even(-0.5) is -0
  CHECK(std::signbit(r(7)));
}

TEST_CASE("ops/unary: abs and neg of INT_MIN wrap; abs of a complex number is its magnitude") {
  constexpr std::int32_t imin = std::numeric_limits<std::int32_t>::min();
  CHECK(x::eval(x::abs(x::tensor<"s32[2]">{imin, -3})) == x::tensor<"s32[2]">{imin, 3});
  CHECK(x::eval(x::neg(x::tensor<"s32[2]">{imin, -3})) == x::tensor<"s32[2]">{imin, 3});
  const auto m = x::eval(x::abs(x::tensor<"c64[3]">{x::c64(3, 4), x::c64(-1e30f, 1e30f),
                                                    x::c64(0, std::numeric_limits<float>::infinity())}));
  static_assert(std::is_same_v<decltype(m)::value_type, float>);
  CHECK_EQ(m(0), 5.0f);
  CHECK_EQ(m(1), doctest::Approx(1.41421356e30f));  // no overflow in the squares
  CHECK(std::isinf(m(2)));
  const auto s = x::eval(x::sign(x::tensor<"c64[2]">{x::c64(3, 4), x::c64(0, 0)}));
  CHECK_EQ(s(0), x::c64(0.6f, 0.8f));
  CHECK_EQ(s(1), x::c64(0, 0));
}
