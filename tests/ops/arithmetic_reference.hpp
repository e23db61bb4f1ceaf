// tests/ops/arithmetic_reference.hpp: plain references for the arithmetic ops, written
// from XLA's definitions (no sxla code but the element types): integers wrap; x / 0 = -1
// (all bits set), x % 0 = x, INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0; rem has the
// dividend's sign; float max and min propagate NaN and order -0 < +0; f16 and bf16
// compute in f32; pred add and max are or, mul and min are and.
#ifndef SXLA_TESTS_OPS_ARITHMETIC_REFERENCE_HPP
#define SXLA_TESTS_OPS_ARITHMETIC_REFERENCE_HPP

#include "support/elementwise_check.hpp"

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace sxla_test::arithmetic {

template <class T>
T wrap(std::uint64_t v) {
  return static_cast<T>(static_cast<std::make_unsigned_t<T>>(v));
}

template <class T>
T ref_add(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a || b;
  else if constexpr (std::is_integral_v<T>) return wrap<T>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
  else if constexpr (small_float_t<T>::value) return T(static_cast<float>(a) + static_cast<float>(b));
  else return a + b;
}
template <class T>
T ref_sub(T a, T b) {
  if constexpr (std::is_integral_v<T>) return wrap<T>(static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b));
  else if constexpr (small_float_t<T>::value) return T(static_cast<float>(a) - static_cast<float>(b));
  else return a - b;
}
template <class T>
T ref_mul(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a && b;
  else if constexpr (std::is_integral_v<T>) return wrap<T>(static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(b));
  else if constexpr (small_float_t<T>::value) return T(static_cast<float>(a) * static_cast<float>(b));
  else if constexpr (x::is_complex_v<T>) {
    volatile auto p1 = a.real() * b.real(), p2 = a.imag() * b.imag(), p3 = a.real() * b.imag(), p4 = a.imag() * b.real();
    return T(p1 - p2, p3 + p4);
  } else return a * b;
}
template <class T>
T ref_div(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    if (b == 0) return static_cast<T>(-1);
    if (std::is_signed_v<T> && a == std::numeric_limits<T>::min() && b == static_cast<T>(-1)) return a;
    return static_cast<T>(a / b);
  } else if constexpr (small_float_t<T>::value) {
    return T(static_cast<float>(a) / static_cast<float>(b));
  } else {
    return a / b;
  }
}
template <class T>
T ref_rem(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    if (b == 0) return a;
    if (std::is_signed_v<T> && a == std::numeric_limits<T>::min() && b == static_cast<T>(-1)) return 0;
    return static_cast<T>(a % b);
  } else if constexpr (small_float_t<T>::value) {
    return T(std::fmod(static_cast<float>(a), static_cast<float>(b)));
  } else {
    return std::fmod(a, b);
  }
}
template <class T, bool Max>
T ref_extreme(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) {
    return Max ? (a || b) : (a && b);
  } else if constexpr (is_floating<T>) {
    const double da = static_cast<double>(a), db = static_cast<double>(b);
    if (std::isnan(da)) return a;
    if (std::isnan(db)) return b;
    if (da == db) return (std::signbit(da) == Max) ? b : a;  // max prefers +0, min prefers -0
    return (Max ? da > db : da < db) ? a : b;
  } else {
    return (Max ? a > b : a < b) ? a : b;
  }
}

// add, sub, mul, div, max and min on the floating-point type T, each against its
// reference (NaN and signed zeros included).
template <class T>
void check_float_ops() {
  namespace x = sxla;
  check_binary<T, 0>(x::add, ref_add<T>, "add");
  check_binary<T, 1>(x::sub, ref_sub<T>, "sub");
  check_binary<T, 2>(x::mul, ref_mul<T>, "mul");
  check_binary<T, 3>(x::div, ref_div<T>, "div");
  check_binary<T, 1>(x::max, ref_extreme<T, true>, "max");
  check_binary<T, 2>(x::min, ref_extreme<T, false>, "min");
}

// The integer arithmetic ops on T, each against its reference (wrapping, and XLA's values
// where C++ would trap).
template <class T>
void check_integer_ops() {
  namespace x = sxla;
  check_binary<T, 0>(x::add, ref_add<T>, "add");
  check_binary<T, 1>(x::sub, ref_sub<T>, "sub");
  check_binary<T, 2>(x::mul, ref_mul<T>, "mul");
  check_binary<T, 3>(x::div, ref_div<T>, "div");
  check_binary<T, 0>(x::rem, ref_rem<T>, "rem");
  check_binary<T, 1>(x::max, ref_extreme<T, true>, "max");
  check_binary<T, 2>(x::min, ref_extreme<T, false>, "min");
}

}  // namespace sxla_test::arithmetic

#endif  // SXLA_TESTS_OPS_ARITHMETIC_REFERENCE_HPP
