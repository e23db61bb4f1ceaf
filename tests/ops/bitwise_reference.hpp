// tests/ops/bitwise_reference.hpp: plain references for the bitwise ops, written from
// XLA's definitions (no sxla code): and, or, xor, not (logical on pred, bitwise on
// integers); shifts as XLA's CPU backend does them: the amount taken as unsigned, an
// amount of at least the bit width (a negative one too) gives 0, or for the arithmetic
// shift the sign fill; the logical shift treats the bits as unsigned, the arithmetic one as
// signed, whatever the element type.
#ifndef SXLA_TESTS_OPS_BITWISE_REFERENCE_HPP
#define SXLA_TESTS_OPS_BITWISE_REFERENCE_HPP

#include "support/elementwise_check.hpp"

#include <bit>
#include <type_traits>

namespace sxla_test::bitwise {

template <class T>
using U = std::make_unsigned_t<T>;

template <class T>
T ref_and(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a && b;
  else return static_cast<T>(a & b);
}
template <class T>
T ref_or(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a || b;
  else return static_cast<T>(a | b);
}
template <class T>
T ref_xor(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a != b;
  else return static_cast<T>(a ^ b);
}
template <class T>
T ref_not(T a) {
  if constexpr (std::is_same_v<T, bool>) return !a;
  else return static_cast<T>(~a);
}

template <class T>
using S = std::make_signed_t<T>;
template <class T>
constexpr unsigned bits = 8 * sizeof(T);

template <class T>
T ref_shl(T a, T n) {
  const auto count = static_cast<U<T>>(n);
  if (count >= bits<T>) return T{0};
  return static_cast<T>(static_cast<U<T>>(static_cast<U<T>>(a) << count));
}
template <class T>
T ref_shr_logical(T a, T n) {
  const auto count = static_cast<U<T>>(n);
  if (count >= bits<T>) return T{0};
  return static_cast<T>(static_cast<U<T>>(a) >> count);
}
template <class T>
T ref_shr_arithmetic(T a, T n) {
  const auto count = static_cast<U<T>>(n);
  const auto s = static_cast<S<T>>(a);
  if (count >= bits<T>) return static_cast<T>(s < 0 ? S<T>(-1) : S<T>(0));
  return static_cast<T>(static_cast<S<T>>(s >> count));  // arithmetic (C++20)
}

// and, or, xor, not, popcnt and clz on the integer type T.
template <class T>
void check_integer_bitwise() {
  namespace x = sxla;
  check_binary<T, 0>(x::and_, ref_and<T>, "and");
  check_binary<T, 1>(x::or_, ref_or<T>, "or");
  check_binary<T, 2>(x::xor_, ref_xor<T>, "xor");
  check_unary<T, 3>(x::not_, ref_not<T>, "not");
  check_unary<T, 0>(x::popcnt, [](T a) { return static_cast<T>(std::popcount(static_cast<U<T>>(a))); }, "popcnt");
  check_unary<T, 1>(x::clz, [](T a) { return static_cast<T>(std::countl_zero(static_cast<U<T>>(a))); }, "clz");
}

// The three shifts on the integer type T.
template <class T>
void check_shifts() {
  namespace x = sxla;
  check_binary<T, 0>(x::shift_left, ref_shl<T>, "shift_left");
  check_binary<T, 1>(x::shift_right_logical, ref_shr_logical<T>, "shift_right_logical");
  check_binary<T, 2>(x::shift_right_arithmetic, ref_shr_arithmetic<T>, "shift_right_arithmetic");
}

}  // namespace sxla_test::bitwise

#endif  // SXLA_TESTS_OPS_BITWISE_REFERENCE_HPP
