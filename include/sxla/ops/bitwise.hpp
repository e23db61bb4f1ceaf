// sxla/ops/bitwise.hpp: XLA's logical and bit operations: and_, or_, xor_, not_ (logical
// on pred, bitwise on integers; the trailing underscore because `and`, `or`, `xor` and
// `not` are C++ keywords), shift_left, shift_right_logical, shift_right_arithmetic,
// popcnt and clz. Shifts follow XLA's CPU backend for every amount: an amount that is
// negative or at least the bit width gives 0 for shift_left and shift_right_logical and
// the sign fill (0 or -1) for shift_right_arithmetic; the logical shift treats the bits
// as unsigned and the arithmetic one as signed, whatever the element type. clz(0) is the
// bit width.
#ifndef SXLA_OPS_BITWISE_HPP
#define SXLA_OPS_BITWISE_HPP

#include <bit>
#include <cstdint>
#include <type_traits>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/element_type.hpp"      // element
#include "sxla/expr/make_elementwise.hpp"  // unary_fn, binary_fn
#include "sxla/simd/scalar.hpp"            // bit ops, shl, shr, uint_of, int_of
#include "sxla/simd/vec.hpp"               // vec, per_lane, is_vec_v, is_mask_v, has_vec

namespace sxla {

// The ops' names in compile errors (core/diagnostics.hpp).
namespace hlo {
struct and_;
struct or_;
struct xor_;
struct not_;
struct shift_left;
struct shift_right_logical;
struct shift_right_arithmetic;
struct popcnt;
struct clz;
}  // namespace hlo

namespace detail {
template <class T>
inline constexpr bool is_bits_element = (std::is_integral_v<T> && !std::is_same_v<T, bool>) || is_intn_v<T>;
template <class T>
inline constexpr bool is_logical_element = std::is_integral_v<T> || is_intn_v<T>;  // pred and integers

// The shifts and bit counts of s2, s4, u2 and u4 work on the N-bit pattern (the ops that
// use these see the sub-byte values themselves, not their int computing type): amounts
// are unsigned, those of N or more shift everything out; an arithmetic shift fills with
// the pattern's top bit, for u2 and u4 too (as for u8 and the other unsigned types).
template <class T>
constexpr T intn_shift(T a, T n, int kind) noexcept {  // kind: 0 left, 1 logical, 2 arithmetic
  constexpr int N = T::bit_width;
  const unsigned k = n.bits();
  const unsigned p = a.bits();
  if (kind == 0) return k >= N ? T(0) : T::from_bits(static_cast<std::uint8_t>(p << k));
  if (kind == 1) return k >= N ? T(0) : T::from_bits(static_cast<std::uint8_t>(p >> k));
  const int top = 1 << (N - 1);
  const int s = static_cast<int>(p ^ static_cast<unsigned>(top)) - top;  // the pattern, sign-extended
  return T::from_bits(static_cast<std::uint8_t>(s >> (k >= N ? N - 1 : static_cast<int>(k))));
}

// What and_, or_, xor_ and not_ share: the operand type is the result, pred or integers,
// vectorized for every integer type with vectors and for pred (as masks).
struct logical_op_traits {
  template <class T, class...>
  using result = T;
  template <class T>
  static constexpr bool accepts = is_logical_element<T>;
  template <class L, class T, class...>
  static constexpr bool vectorizable = simd::has_vec<T> || std::is_same_v<T, bool>;
};
}  // namespace detail

struct and_op_t : detail::logical_op_traits {
  using name = hlo::and_;
  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a, V b) const noexcept {
    if constexpr (std::is_same_v<V, bool>) {
      return a && b;
    } else if constexpr (simd::is_mask_v<V>) {
      return simd::mask_and(a, b);
    } else {
      return simd::bit_and(a, b);
    }
  }
};

struct or_op_t : detail::logical_op_traits {
  using name = hlo::or_;
  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a, V b) const noexcept {
    if constexpr (std::is_same_v<V, bool>) {
      return a || b;
    } else if constexpr (simd::is_mask_v<V>) {
      return simd::mask_or(a, b);
    } else {
      return simd::bit_or(a, b);
    }
  }
};

struct xor_op_t : detail::logical_op_traits {
  using name = hlo::xor_;
  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a, V b) const noexcept {
    if constexpr (std::is_same_v<V, bool>) {
      return a != b;
    } else if constexpr (simd::is_mask_v<V>) {
      return simd::mask_xor(a, b);
    } else {
      return simd::bit_xor(a, b);
    }
  }
};

struct not_op : detail::logical_op_traits {
  using name = hlo::not_;
  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a) const noexcept {
    if constexpr (std::is_same_v<V, bool>) {
      return !a;
    } else if constexpr (simd::is_mask_v<V>) {
      return simd::mask_not(a);
    } else {
      return simd::bit_not(a);
    }
  }
};

struct shift_left_op {
  static constexpr bool promotes_small_floats = false;  // s4 etc. on their own bits
  using name = hlo::shift_left;
  template <class T, class...>
  using result = T;
  template <class T>
  static constexpr bool accepts = detail::is_bits_element<T>;
  template <class L, class T, class...>
  static constexpr bool vectorizable = simd::has_vec<T> && simd::native_variable_shifts<T>;

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a, V n) const noexcept {
    if constexpr (is_intn_v<V>) {
      return detail::intn_shift(a, n, 0);
    } else {
      return simd::shl(a, n);  // amounts outside [0, bits) give 0
    }
  }
};

struct shift_right_logical_op {
  static constexpr bool promotes_small_floats = false;  // s4 etc. on their own bits
  using name = hlo::shift_right_logical;
  template <class T, class...>
  using result = T;
  template <class T>
  static constexpr bool accepts = detail::is_bits_element<T>;
  template <class L, class T, class...>
  static constexpr bool vectorizable = simd::has_vec<T> && simd::native_variable_shifts<T>;

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a, V n) const noexcept {
    if constexpr (is_intn_v<V>) {
      return detail::intn_shift(a, n, 1);
    } else {
      using U = simd::uint_of<simd::lane_t<V>>;
      return simd::bitcast<simd::lane_t<V>>(simd::shr(simd::bitcast<U>(a), simd::bitcast<U>(n)));
    }
  }
};

struct shift_right_arithmetic_op {
  static constexpr bool promotes_small_floats = false;  // s4 etc. on their own bits
  using name = hlo::shift_right_arithmetic;
  template <class T, class...>
  using result = T;
  template <class T>
  static constexpr bool accepts = detail::is_bits_element<T>;
  template <class L, class T, class...>
  static constexpr bool vectorizable = simd::has_vec<T> && simd::native_variable_shifts<T>;

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a, V n) const noexcept {
    if constexpr (is_intn_v<V>) {
      return detail::intn_shift(a, n, 2);
    } else {
      // simd::shr on signed lanes treats the amount as unsigned and fills with the sign
      // bit from bits - 1 on.
      using S = simd::int_of<simd::lane_t<V>>;
      return simd::bitcast<simd::lane_t<V>>(simd::shr(simd::bitcast<S>(a), simd::bitcast<S>(n)));
    }
  }
};

struct popcnt_op {
  static constexpr bool promotes_small_floats = false;  // s4 etc. on their own bits
  using name = hlo::popcnt;
  template <class T>
  using result = T;
  template <class T>
  static constexpr bool accepts = detail::is_bits_element<T>;
  template <class L, class T>
  static constexpr bool vectorizable = simd::has_vec<T>;

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a) const noexcept {
    if constexpr (is_intn_v<V>) {
      return V(std::popcount(a.bits()));
    } else {
      return simd::popcount(a);
    }
  }
};

struct clz_op {
  static constexpr bool promotes_small_floats = false;  // s4 etc. on their own bits
  using name = hlo::clz;
  template <class T>
  using result = T;
  template <class T>
  static constexpr bool accepts = detail::is_bits_element<T>;
  template <class L, class T>
  static constexpr bool vectorizable = simd::has_vec<T>;

  template <class T>
  static constexpr T count(T a) noexcept {
    if constexpr (is_intn_v<T>) {
      return T(std::countl_zero(a.bits()) - (8 - T::bit_width));
    } else {
      return static_cast<T>(std::countl_zero(static_cast<simd::uint_of<T>>(a)));
    }
  }
  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a) const noexcept {
    if constexpr (simd::is_vec_v<V>) {
      using T = simd::lane_t<V>;
      return simd::per_lane<T>([](T x) { return count(x); }, a);
    } else {
      return count(a);
    }
  }
};

inline constexpr binary_fn<and_op_t> and_{};
inline constexpr binary_fn<or_op_t> or_{};
inline constexpr binary_fn<xor_op_t> xor_{};
inline constexpr unary_fn<not_op> not_{};
inline constexpr binary_fn<shift_left_op> shift_left{};
inline constexpr binary_fn<shift_right_logical_op> shift_right_logical{};
inline constexpr binary_fn<shift_right_arithmetic_op> shift_right_arithmetic{};
inline constexpr unary_fn<popcnt_op> popcnt{};
inline constexpr unary_fn<clz_op> clz{};

// The functors as values, built-in computations of reductions: x::and_op, or_op, xor_op.
inline constexpr and_op_t and_op{};
inline constexpr or_op_t or_op{};
inline constexpr xor_op_t xor_op{};

}  // namespace sxla

#endif  // SXLA_OPS_BITWISE_HPP
