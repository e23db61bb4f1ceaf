// sxla/ops/mulhi.hpp: XLA's Mulhi: the high half of the full (double-width) product of two
// integers of one type, signed or unsigned: x::mulhi(a, b). s8 ... s32 and u8 ... u32
// through the next wider type; 64-bit from 32-bit halves (no 128-bit type needed, so
// every target builds it), the signed high half from the unsigned one. Fused
// elementwise, one element at a time.
// Example: x::mulhi(x::tensor<"u32[1]">{0x80000000u}, x::tensor<"u32[1]">{6u}) is {3}.
#ifndef SXLA_OPS_MULHI_HPP
#define SXLA_OPS_MULHI_HPP

#include <cstdint>
#include <type_traits>

#include "sxla/expr/make_elementwise.hpp"  // binary_fn

namespace sxla {

namespace hlo {
struct mulhi;
}  // namespace hlo

namespace detail {

template <class T>
constexpr T mulhi(T a, T b) noexcept {
  constexpr int bits = 8 * sizeof(T);
  if constexpr (sizeof(T) < 8) {
    using W = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
    return static_cast<T>((static_cast<W>(a) * static_cast<W>(b)) >> bits);  // exact; >> is arithmetic when signed
  } else {
    using U = std::uint64_t;
    constexpr U low = 0xffffffffu;
    const U ua = static_cast<U>(a), ub = static_cast<U>(b);
    const U ll = (ua & low) * (ub & low), hl = (ua >> 32) * (ub & low);
    const U lh = (ua & low) * (ub >> 32), hh = (ua >> 32) * (ub >> 32);
    const U mid = (ll >> 32) + (hl & low) + lh;  // below 2^64: (2^32 - 1) (2^32 + 1) at most
    U hi = hh + (hl >> 32) + (mid >> 32);
    if constexpr (std::is_signed_v<T>) {  // a b = ua ub - 2^64 (b [a < 0] + a [b < 0]) modulo 2^128
      hi -= (a < 0 ? ub : 0) + (b < 0 ? ua : 0);
    }
    return static_cast<T>(hi);
  }
}

}  // namespace detail

struct mulhi_op {
  static constexpr bool promotes_small_floats = false;
  using name = hlo::mulhi;
  template <class T, class...>
  using result = T;
  template <class T>
  static constexpr bool accepts = std::is_integral_v<T> && !std::is_same_v<T, bool>;
  template <class L, class T, class...>
  static constexpr bool vectorizable = false;

  template <class V>
  constexpr V operator()(V a, V b) const noexcept {
    return detail::mulhi(a, b);
  }
};

inline constexpr binary_fn<mulhi_op> mulhi{};

}  // namespace sxla

#endif  // SXLA_OPS_MULHI_HPP
