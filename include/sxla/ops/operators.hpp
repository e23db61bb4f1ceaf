// sxla/ops/operators.hpp: C++ operators on expressions, tensors and views, where XLA's
// implicit broadcasting allows (a scalar, or operands of one rank with size-1
// dimensions; a rank change needs x::add(a, b, x::broadcast_dimensions<...>)):
//   + - * / %     add, sub, mul, div, rem        unary -   neg
//   < <= > >=     lt, le, gt, ge (pred results)
//   == !=         eq, ne, except between two tensors or views, where == and != compare
//                 the whole arrays and give a bool (tensor/storage_array.hpp); use
//                 x::eq(a, b) for the elementwise comparison of two arrays.
// A C++ number takes the element type of the array it meets: a * 2 on f32 is a * 2.0f.
#ifndef SXLA_OPS_OPERATORS_HPP
#define SXLA_OPS_OPERATORS_HPP

#include "sxla/expr/leaf.hpp"              // operand, storage_array
#include "sxla/expr/make_elementwise.hpp"  // binary_operands
#include "sxla/ops/arithmetic.hpp"         // add, sub, mul, div, rem
#include "sxla/ops/compare.hpp"            // eq, ne, lt, le, gt, ge
#include "sxla/ops/unary.hpp"              // neg

namespace sxla {

template <class A, class B>
  requires binary_operands<A, B>
constexpr auto operator+(A&& a, B&& b) noexcept {
  return add(static_cast<A&&>(a), static_cast<B&&>(b));
}
template <class A, class B>
  requires binary_operands<A, B>
constexpr auto operator-(A&& a, B&& b) noexcept {
  return sub(static_cast<A&&>(a), static_cast<B&&>(b));
}
template <class A, class B>
  requires binary_operands<A, B>
constexpr auto operator*(A&& a, B&& b) noexcept {
  return mul(static_cast<A&&>(a), static_cast<B&&>(b));
}
template <class A, class B>
  requires binary_operands<A, B>
constexpr auto operator/(A&& a, B&& b) noexcept {
  return div(static_cast<A&&>(a), static_cast<B&&>(b));
}
template <class A, class B>
  requires binary_operands<A, B>
constexpr auto operator%(A&& a, B&& b) noexcept {
  return rem(static_cast<A&&>(a), static_cast<B&&>(b));
}
template <operand A>
constexpr auto operator-(A&& a) noexcept {
  return neg(static_cast<A&&>(a));
}

template <class A, class B>
  requires binary_operands<A, B>
constexpr auto operator<(A&& a, B&& b) noexcept {
  return lt(static_cast<A&&>(a), static_cast<B&&>(b));
}
template <class A, class B>
  requires binary_operands<A, B>
constexpr auto operator<=(A&& a, B&& b) noexcept {
  return le(static_cast<A&&>(a), static_cast<B&&>(b));
}
template <class A, class B>
  requires binary_operands<A, B>
constexpr auto operator>(A&& a, B&& b) noexcept {
  return gt(static_cast<A&&>(a), static_cast<B&&>(b));
}
template <class A, class B>
  requires binary_operands<A, B>
constexpr auto operator>=(A&& a, B&& b) noexcept {
  return ge(static_cast<A&&>(a), static_cast<B&&>(b));
}
template <class A, class B>
  requires(binary_operands<A, B> && !(stored_array<A> && stored_array<B>))
constexpr auto operator==(A&& a, B&& b) noexcept {
  return eq(static_cast<A&&>(a), static_cast<B&&>(b));
}
template <class A, class B>
  requires(binary_operands<A, B> && !(stored_array<A> && stored_array<B>))
constexpr auto operator!=(A&& a, B&& b) noexcept {
  return ne(static_cast<A&&>(a), static_cast<B&&>(b));
}

}  // namespace sxla

#endif  // SXLA_OPS_OPERATORS_HPP
