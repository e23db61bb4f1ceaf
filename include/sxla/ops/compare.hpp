// sxla/ops/compare.hpp: XLA's comparisons, with pred results: eq, ne, ge, gt, le, lt
// (IEEE: ordered, so false with a NaN, except ne, which is true) and the total-order
// variants eq_total_order ... lt_total_order, under which floats are ordered
// -NaN < -Inf < -finite < -0 < +0 < +finite < +Inf < +NaN (NaNs among themselves by
// their bits). Integers compare by value (signed or unsigned), pred as false < true;
// complex numbers take eq and ne only (both parts).
// Example: x::lt(x::tensor<"s32[3]">{1, 5, 2}, 3) is pred[3] {true, false, true}.
#ifndef SXLA_OPS_COMPARE_HPP
#define SXLA_OPS_COMPARE_HPP

#include <type_traits>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/element_type.hpp"      // element, is_complex_v
#include "sxla/expr/make_elementwise.hpp"  // binary_fn
#include "sxla/simd/scalar.hpp"            // bitcast, shr, int_of, uint_of, mask ops
#include "sxla/simd/vec.hpp"               // vec, mask, is_vec_v, is_mask_v, has_vec

namespace sxla {

enum class comparison_direction { eq, ne, ge, gt, le, lt };

// The ops' names in compile errors (core/diagnostics.hpp).
namespace hlo {
struct eq;
struct ne;
struct ge;
struct gt;
struct le;
struct lt;
struct eq_total_order;
struct ne_total_order;
struct ge_total_order;
struct gt_total_order;
struct le_total_order;
struct lt_total_order;
}  // namespace hlo

namespace detail {
template <comparison_direction D, bool TotalOrder>
struct compare_name;
#define SXLA_COMPARE_NAME(d)                                                               \
  template <>                                                                              \
  struct compare_name<comparison_direction::d, false> {                                    \
    using type = hlo::d;                                                                   \
  };                                                                                       \
  template <>                                                                              \
  struct compare_name<comparison_direction::d, true> {                                     \
    using type = hlo::d##_total_order;                                                     \
  };
SXLA_COMPARE_NAME(eq)
SXLA_COMPARE_NAME(ne)
SXLA_COMPARE_NAME(ge)
SXLA_COMPARE_NAME(gt)
SXLA_COMPARE_NAME(le)
SXLA_COMPARE_NAME(lt)
#undef SXLA_COMPARE_NAME
}  // namespace detail

namespace detail {

// The total-order key of a float: its bits as a signed integer, with every bit but the
// sign flipped for negative values, so that integer order is the total order.
template <class V>
SXLA_FORCE_INLINE constexpr auto total_order_key(V x) noexcept {
  using T = simd::lane_t<V>;
  using S = simd::int_of<T>;
  using U = simd::uint_of<T>;
  constexpr int top = 8 * sizeof(T) - 1;
  const auto s = simd::bitcast<S>(x);
  const auto negative = simd::shr<top>(s);  // all ones for a negative value, else 0
  return simd::bit_xor(s, simd::bitcast<S>(simd::shr<1>(simd::bitcast<U>(negative))));
}

template <comparison_direction D, class V>
SXLA_FORCE_INLINE constexpr auto compare(V a, V b) noexcept {
  if constexpr (std::is_same_v<V, bool> || simd::is_mask_v<V>) {  // false < true
    using simd::mask_and;
    using simd::mask_not;
    using simd::mask_or;
    using simd::mask_xor;
    if constexpr (D == comparison_direction::eq) return mask_not(mask_xor(a, b));
    else if constexpr (D == comparison_direction::ne) return mask_xor(a, b);
    else if constexpr (D == comparison_direction::lt) return mask_and(mask_not(a), b);
    else if constexpr (D == comparison_direction::le) return mask_or(mask_not(a), b);
    else if constexpr (D == comparison_direction::gt) return mask_and(a, mask_not(b));
    else return mask_or(a, mask_not(b));
  } else if constexpr (is_complex_v<V>) {
    const bool equal = a.real() == b.real() && a.imag() == b.imag();
    return D == comparison_direction::eq ? equal : !equal;
  } else {
    if constexpr (D == comparison_direction::eq) return a == b;
    else if constexpr (D == comparison_direction::ne) return a != b;
    else if constexpr (D == comparison_direction::lt) return a < b;
    else if constexpr (D == comparison_direction::le) return a <= b;
    else if constexpr (D == comparison_direction::gt) return a > b;
    else return a >= b;
  }
}

}  // namespace detail

template <comparison_direction D, bool TotalOrder>
struct compare_op {
  using name = typename detail::compare_name<D, TotalOrder>::type;
  template <class T, class...>
  using result = bool;
  template <class T>
  static constexpr bool accepts =
      element<T> && (!is_complex_v<T> || D == comparison_direction::eq || D == comparison_direction::ne);
  template <class L, class T, class...>
  static constexpr bool vectorizable = simd::has_vec<T> || std::is_same_v<T, bool>;

  template <class V>
  SXLA_FORCE_INLINE constexpr auto operator()(V a, V b) const noexcept {
    if constexpr (TotalOrder && std::is_floating_point_v<simd::element_of<V>>) {
      return detail::compare<D>(detail::total_order_key(a), detail::total_order_key(b));
    } else if constexpr (TotalOrder && (is_small_float_v<V> || is_minifloat_v<V>)) {
      // One f16, bf16 or 8-bit float value: the key of its exact f32 value, as the
      // vectorised lines compute it on the lanes they widen to f32.
      return (*this)(static_cast<float>(a), static_cast<float>(b));
    } else {
      return detail::compare<D>(a, b);
    }
  }
};

using eq_op_t = compare_op<comparison_direction::eq, false>;
using ne_op_t = compare_op<comparison_direction::ne, false>;
using ge_op_t = compare_op<comparison_direction::ge, false>;
using gt_op_t = compare_op<comparison_direction::gt, false>;
using le_op_t = compare_op<comparison_direction::le, false>;
using lt_op_t = compare_op<comparison_direction::lt, false>;

inline constexpr binary_fn<eq_op_t> eq{};
inline constexpr binary_fn<ne_op_t> ne{};
inline constexpr binary_fn<ge_op_t> ge{};
inline constexpr binary_fn<gt_op_t> gt{};
inline constexpr binary_fn<le_op_t> le{};
inline constexpr binary_fn<lt_op_t> lt{};
inline constexpr binary_fn<compare_op<comparison_direction::eq, true>> eq_total_order{};
inline constexpr binary_fn<compare_op<comparison_direction::ne, true>> ne_total_order{};
inline constexpr binary_fn<compare_op<comparison_direction::ge, true>> ge_total_order{};
inline constexpr binary_fn<compare_op<comparison_direction::gt, true>> gt_total_order{};
inline constexpr binary_fn<compare_op<comparison_direction::le, true>> le_total_order{};
inline constexpr binary_fn<compare_op<comparison_direction::lt, true>> lt_total_order{};

// The functors as values, as arithmetic's x::add_op: plain callables on two elements, and
// sort's built-in comparators (x::sort(a, x::gt_op); ops/sort.hpp).
inline constexpr eq_op_t eq_op{};
inline constexpr ne_op_t ne_op{};
inline constexpr ge_op_t ge_op{};
inline constexpr gt_op_t gt_op{};
inline constexpr le_op_t le_op{};
inline constexpr lt_op_t lt_op{};
inline constexpr compare_op<comparison_direction::gt, true> gt_total_order_op{};
inline constexpr compare_op<comparison_direction::lt, true> lt_total_order_op{};

}  // namespace sxla

#endif  // SXLA_OPS_COMPARE_HPP
