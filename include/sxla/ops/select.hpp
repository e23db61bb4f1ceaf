// sxla/ops/select.hpp: XLA's Select and Clamp. select(pred, on_true, on_false) takes
// on_true where pred is true; clamp(min, operand, max) is min(max, max(min, operand))
// with XLA's NaN-propagating max and min for floats. As XlaBuilder does, a rank-0
// operand (a C++ number too) broadcasts: select(p, a, 0.0f), clamp(0, x, 6).
// Examples (seed): select({true, false, false, true}, {1, 2, 3, 4}, {100, 200, 300, 400})
// is {1, 200, 300, 4}; clamp(0, s32[3]{-1, 5, 9}, 6) is {0, 5, 6}.
#ifndef SXLA_OPS_SELECT_HPP
#define SXLA_OPS_SELECT_HPP

#include <type_traits>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"       // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"      // element, is_complex_v
#include "sxla/expr/leaf.hpp"              // as_operand, operand, scalar_value
#include "sxla/expr/make_elementwise.hpp"  // make_nary, detail::scalar_as
#include "sxla/ops/arithmetic.hpp"         // detail::float_max, detail::float_min
#include "sxla/simd/vec.hpp"               // mask_cast, select, is_mask_v

namespace sxla {

namespace hlo {
struct select;
struct clamp;
}  // namespace hlo

struct select_op {
  using name = hlo::select;
  static constexpr bool promotes_small_floats = false;  // it only picks: f16 stays f16
  template <class P, class T, class...>
  using result = T;
  template <class L, class P, class T, class...>
  static constexpr bool vectorizable = simd::has_vec<T> && sizeof(T) == sizeof(L);

  template <class P, class V>
  SXLA_FORCE_INLINE constexpr V operator()(P p, V a, V b) const noexcept {
    if constexpr (simd::is_mask_v<P>) {
      return simd::select(simd::mask_cast<simd::lane_t<V>>(p), a, b);
    } else {
      return p ? a : b;
    }
  }
};

struct clamp_op {
  using name = hlo::clamp;
  template <class T, class...>
  using result = T;
  template <class L, class T, class...>
  static constexpr bool vectorizable = simd::has_vec<T>;

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V lo, V a, V hi) const noexcept {
    if constexpr (std::is_floating_point_v<detail::lane_of<V>>) {
      return detail::float_min(hi, detail::float_max(lo, a));
    } else {
      return simd::min(hi, simd::max(lo, a));  // hi's bound wins when lo > hi, as XLA's
    }
  }
};

namespace detail {

// An operand of element type T: a number becomes T, an array stays as it is.
template <class T, class X>
constexpr auto operand_as(X&& x) noexcept {
  if constexpr (scalar_value<X>) {
    return scalar_as<T>(x);
  } else {
    return as_operand(static_cast<X&&>(x));
  }
}

}  // namespace detail

// select(pred, on_true, on_false).
template <class P, class A, class B>
  requires((operand<P> || std::is_same_v<std::remove_cvref_t<P>, bool>) && (operand<A> || operand<B>) &&
           (operand<A> || scalar_value<A>) && (operand<B> || scalar_value<B>))
constexpr auto select(P&& pred, A&& on_true, B&& on_false) noexcept {
  auto p = detail::operand_as<bool>(static_cast<P&&>(pred));
  using T = typename operand_t<std::conditional_t<scalar_value<A>, B, A>>::value_type;
  auto a = detail::operand_as<T>(static_cast<A&&>(on_true));
  auto b = detail::operand_as<T>(static_cast<B&&>(on_false));
  constexpr bool is_pred = std::is_same_v<typename decltype(p)::value_type, bool>;
  if constexpr (!is_pred) {
    SXLA_DIAGNOSE(hlo::select, "{}: the predicate must have element type pred", (decltype(p)), ());
    return a;
  } else if constexpr (!std::is_same_v<typename decltype(a)::value_type, typename decltype(b)::value_type>) {
    SXLA_DIAGNOSE(hlo::select, "{} and {}: on_true and on_false must have one element type (use x::convert)",
                  (decltype(a), decltype(b)), ());
    return a;
  } else {
    return make_nary<select_op>(p, a, b);
  }
}

// clamp(min, operand, max).
template <class Lo, class A, class Hi>
  requires((operand<Lo> || scalar_value<Lo>) && operand<A> && (operand<Hi> || scalar_value<Hi>))
constexpr auto clamp(Lo&& lo, A&& a, Hi&& hi) noexcept {
  auto x = as_operand(static_cast<A&&>(a));
  using T = typename decltype(x)::value_type;
  auto l = detail::operand_as<T>(static_cast<Lo&&>(lo));
  auto h = detail::operand_as<T>(static_cast<Hi&&>(hi));
  constexpr bool accepted = element<T> && !std::is_same_v<T, bool> && !is_complex_v<T>;
  if constexpr (!accepted) {
    SXLA_DIAGNOSE(hlo::clamp, "{}: the operand must be a real number (not pred, not complex)", (decltype(x)), ());
    return x;
  } else if constexpr (!std::is_same_v<typename decltype(l)::value_type, T> ||
                       !std::is_same_v<typename decltype(h)::value_type, T>) {
    SXLA_DIAGNOSE(hlo::clamp, "{}, {} and {}: min, operand and max must have one element type (use x::convert)",
                  (decltype(l), decltype(x), decltype(h)), ());
    return x;
  } else {
    return make_nary<clamp_op>(l, x, h);
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_SELECT_HPP
