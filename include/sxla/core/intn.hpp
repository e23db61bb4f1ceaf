// sxla/core/intn.hpp: XLA's sub-byte integers s2, s4, u2 and u4 as value types of one
// byte (a tensor holds one per byte; tensor/packed.hpp packs them as XLA's layouts with
// element_size_in_bits do). Arithmetic wraps modulo 2^N, as XLA's does: the value is
// kept sign-extended (s2, s4) or zero-extended (u2, u4) in the byte, operations compute
// in int and narrowing keeps the low N bits. bits() is the N-bit two's complement
// pattern. Not here: the element-type table (element_type.hpp), conversions from floats
// (ops/convert.hpp: they saturate, as for the wider integers).
#ifndef SXLA_CORE_INTN_HPP
#define SXLA_CORE_INTN_HPP

#include <cstdint>
#include <limits>
#include <type_traits>

namespace sxla {

template <int N, bool Signed>
class intn {
  static_assert(N >= 1 && N < 8, "intn: 1 to 7 bits");

 public:
  using storage_type = std::conditional_t<Signed, std::int8_t, std::uint8_t>;
  static constexpr int bit_width = N;
  static constexpr bool is_signed = Signed;
  static constexpr std::uint8_t mask = static_cast<std::uint8_t>((1u << N) - 1);
  static constexpr int min_value = Signed ? -(1 << (N - 1)) : 0;
  static constexpr int max_value = Signed ? (1 << (N - 1)) - 1 : (1 << N) - 1;

  constexpr intn() noexcept = default;
  // From an integer or bool: the low N bits (wrapping). From a floating-point value:
  // truncated towards zero first, as static_cast does (ops/convert.hpp saturates).
  template <class A>
    requires std::is_arithmetic_v<A>
  constexpr intn(A value) noexcept : v_(wrap(value)) {}  // NOLINT: implicit by design

  static constexpr intn from_bits(std::uint8_t b) noexcept {
    intn r;
    r.v_ = wrap(static_cast<unsigned>(b));
    return r;
  }
  // The N-bit pattern (upper bits zero).
  constexpr std::uint8_t bits() const noexcept { return static_cast<std::uint8_t>(v_) & mask; }

  constexpr operator int() const noexcept { return v_; }  // NOLINT: implicit by design

  // Operators: those of int, through the conversion (a + b is an int, as for std::int8_t);
  // assigning the result back wraps.
  constexpr intn& operator+=(intn b) noexcept { return *this = intn(int(*this) + int(b)); }
  constexpr intn& operator-=(intn b) noexcept { return *this = intn(int(*this) - int(b)); }
  constexpr intn& operator*=(intn b) noexcept { return *this = intn(int(*this) * int(b)); }

 private:
  template <class A>
  static constexpr storage_type wrap(A value) noexcept {
    std::uint64_t u;
    if constexpr (std::is_same_v<A, bool>) {
      u = value ? 1 : 0;
    } else if constexpr (std::is_integral_v<A>) {
      u = static_cast<std::uint64_t>(value);  // modulo 2^64: the low bits are kept
    } else {
      // Floating point: truncation; out-of-range and NaN wrap from the int64 range's
      // nearest value (ops/convert.hpp saturates before it gets here).
      using F = std::conditional_t<std::is_same_v<A, float>, float, double>;
      const F x = static_cast<F>(value);
      const std::int64_t i = !(x == x)                   ? 0
                             : x >= F(9.2233720368547758e18) ? std::numeric_limits<std::int64_t>::max()
                             : x <= F(-9.2233720368547758e18) ? std::numeric_limits<std::int64_t>::min()
                                                         : static_cast<std::int64_t>(x);
      u = static_cast<std::uint64_t>(i);
    }
    const unsigned low = static_cast<unsigned>(u & mask);
    if constexpr (Signed) {
      return static_cast<storage_type>((low & (1u << (N - 1))) != 0 ? static_cast<int>(low) - (1 << N)
                                                                    : static_cast<int>(low));
    } else {
      return static_cast<storage_type>(low);
    }
  }

  storage_type v_ = 0;
};

using s2 = intn<2, true>;
using s4 = intn<4, true>;
using u2 = intn<2, false>;
using u4 = intn<4, false>;

// Whether T is one of these types.
template <class T>
inline constexpr bool is_intn_v = false;
template <int N, bool Signed>
inline constexpr bool is_intn_v<intn<N, Signed>> = true;

static_assert(sizeof(s4) == 1 && std::is_trivially_copyable_v<s4>);

}  // namespace sxla

template <int N, bool Signed>
class std::numeric_limits<sxla::intn<N, Signed>> {
  using T = sxla::intn<N, Signed>;

 public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = Signed;
  static constexpr bool is_integer = true;
  static constexpr bool is_exact = true;
  static constexpr bool has_infinity = false;
  static constexpr bool has_quiet_NaN = false;
  static constexpr bool has_signaling_NaN = false;
  static constexpr std::float_denorm_style has_denorm = std::denorm_absent;
  static constexpr bool has_denorm_loss = false;
  static constexpr std::float_round_style round_style = std::round_toward_zero;
  static constexpr bool is_iec559 = false;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = true;  // XLA's integer arithmetic wraps
  static constexpr int digits = Signed ? N - 1 : N;
  static constexpr int digits10 = 0;
  static constexpr int max_digits10 = 0;
  static constexpr int radix = 2;
  static constexpr int min_exponent = 0;
  static constexpr int min_exponent10 = 0;
  static constexpr int max_exponent = 0;
  static constexpr int max_exponent10 = 0;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;

  static constexpr T min() noexcept { return T(T::min_value); }
  static constexpr T max() noexcept { return T(T::max_value); }
  static constexpr T lowest() noexcept { return min(); }
  static constexpr T epsilon() noexcept { return T(0); }
  static constexpr T round_error() noexcept { return T(0); }
  static constexpr T infinity() noexcept { return T(0); }
  static constexpr T quiet_NaN() noexcept { return T(0); }
  static constexpr T signaling_NaN() noexcept { return T(0); }
  static constexpr T denorm_min() noexcept { return T(0); }
};

#endif  // SXLA_CORE_INTN_HPP
