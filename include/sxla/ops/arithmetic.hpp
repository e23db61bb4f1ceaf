// sxla/ops/arithmetic.hpp: XLA's elementwise arithmetic: add, sub, mul, div, rem, max,
// min (XlaBuilder's Add ... Min), as x::add(a, b) or x::add(a, b,
// x::broadcast_dimensions<...>), and their functors: the types add_op_t ... min_op_t and
// the values add_op ... min_op, the built-in computations of reductions. Semantics, as XLA's CPU backend:
//  - integers wrap; x / 0 == -1 (all bits set), x % 0 == x, INT_MIN / -1 == INT_MIN,
//    INT_MIN % -1 == 0: no input is undefined behaviour;
//  - rem takes the sign of the dividend (C's fmod for floats);
//  - max and min of floats propagate NaN and order -0 < +0 (IEEE 754-2019 maximum and
//    minimum); on pred, add and max are `or`, mul and min are `and`;
//  - f16 and bf16 compute in f32 and round back (the node does it, see
//    elementwise_node.hpp); complex numbers as XLA: plain products, Smith's division;
//  - a multiply feeding an add or sub of f32/f64 is one fused multiply-add, as XLA's CPU
//    backend compiles it (see fuse_multiply).
// Example (seed 003): x::add(x::tensor<"f32[2,3]">{{1, 2, 3}, {4, 5, 6}}, 7.0f) is
// {{8, 9, 10}, {11, 12, 13}}.
#ifndef SXLA_OPS_ARITHMETIC_HPP
#define SXLA_OPS_ARITHMETIC_HPP

#include <cmath>
#include <complex>
#include <limits>
#include <type_traits>

#include "sxla/config.hpp"                  // SXLA_FORCE_INLINE, SXLA_HAS_FMA
#include "sxla/core/element_type.hpp"       // primitive_type_of, is_complex_v, is_*
#include "sxla/expr/elementwise_node.hpp"   // detail::is_small_float_v
#include "sxla/expr/make_elementwise.hpp"   // binary_fn
#include "sxla/simd/scalar.hpp"             // add, sub, mul, min, max, select, bit ops
#include "sxla/simd/vec.hpp"                // vec, mask, is_vec_v, is_mask_v, has_vec

namespace sxla {

// The ops' names in compile errors (core/diagnostics.hpp).
namespace hlo {
struct add;
struct sub;
struct mul;
struct div;
struct rem;
struct max;
struct min;
}  // namespace hlo

namespace detail {

template <class T>
inline constexpr bool is_integral_element = std::is_integral_v<T> && !std::is_same_v<T, bool>;

// x / y and x % y of integers with XLA's values where C++ has none.
template <class T>
constexpr T xla_divide(T x, T y) noexcept {
  if (y == 0) return static_cast<T>(~T{0});
  if constexpr (std::is_signed_v<T>) {
    if (x == std::numeric_limits<T>::min() && y == T(-1)) return x;
  }
  return static_cast<T>(x / y);
}
template <class T>
constexpr T xla_remainder(T x, T y) noexcept {
  if (y == 0) return x;
  if constexpr (std::is_signed_v<T>) {
    if (x == std::numeric_limits<T>::min() && y == T(-1)) return T{0};
  }
  return static_cast<T>(x % y);
}

// fmod(x, y), exactly (the result is always representable), for constant evaluation.
template <class F>
constexpr F fmod_exact(F x, F y) noexcept {
  if (x != x || y != y || x - x != 0 || y == 0) return std::numeric_limits<F>::quiet_NaN();
  if (y - y != 0 || simd::abs(x) < simd::abs(y)) return x;  // y infinite, or |x| < |y|
  if (x == 0) return x;
  const simd::detail::unpacked ux = simd::detail::unpack(x), uy = simd::detail::unpack(y);
  // Significands normalised to 53 bits; then |x| >= |y| means ex >= ey.
  auto normalise = [](simd::detail::unpacked u) {
    while (u.sig < (std::uint64_t{1} << 52)) {
      u.sig <<= 1;
      --u.exp;
    }
    return u;
  };
  const simd::detail::unpacked nx = normalise(ux), ny = normalise(uy);
  std::uint64_t r = nx.sig % ny.sig;
  for (int d = nx.exp - ny.exp; d > 0;) {
    const int step = d < 10 ? d : 10;
    r = (r << step) % ny.sig;
    d -= step;
  }
  if (r == 0) return simd::copysign(F(0), x);
  return simd::detail::pack_rounded<F>(ux.negative, ny.exp, r);
}

// Complex products and quotients as XLA computes them.
template <class F>
constexpr std::complex<F> complex_multiply(std::complex<F> a, std::complex<F> b) noexcept {
  const F ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
  return {simd::sub(simd::mul(ar, br), simd::mul(ai, bi)), simd::add(simd::mul(ar, bi), simd::mul(ai, br))};
}

// Smith's algorithm, with C99 Annex G's recovery of infinite and zero-divisor results.
template <class F>
constexpr std::complex<F> complex_divide(std::complex<F> a, std::complex<F> b) noexcept {
  using simd::abs;
  using simd::add;
  using simd::copysign;
  using simd::mul;
  using simd::sub;
  const F ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
  F cr, ci;
  if (abs(br) >= abs(bi)) {
    const F r = bi / br, d = add(br, mul(bi, r));
    cr = add(ar, mul(ai, r)) / d;
    ci = sub(ai, mul(ar, r)) / d;
  } else {
    const F r = br / bi, d = add(bi, mul(br, r));
    cr = add(mul(ar, r), ai) / d;
    ci = sub(mul(ai, r), ar) / d;
  }
  if (cr != cr && ci != ci) {
    constexpr F inf = std::numeric_limits<F>::infinity();
    auto is_inf = [](F v) { return v - v != 0 && v == v; };
    auto is_fin = [](F v) { return v - v == 0; };
    if (br == 0 && bi == 0 && (ar == ar || ai == ai)) {
      cr = mul(copysign(inf, br), ar);
      ci = mul(copysign(inf, br), ai);
    } else if ((is_inf(ar) || is_inf(ai)) && is_fin(br) && is_fin(bi)) {
      const F xr = copysign(is_inf(ar) ? F(1) : F(0), ar), xi = copysign(is_inf(ai) ? F(1) : F(0), ai);
      cr = mul(inf, add(mul(xr, br), mul(xi, bi)));
      ci = mul(inf, sub(mul(xi, br), mul(xr, bi)));
    } else if ((is_inf(br) || is_inf(bi)) && is_fin(ar) && is_fin(ai)) {
      const F yr = copysign(is_inf(br) ? F(1) : F(0), br), yi = copysign(is_inf(bi) ? F(1) : F(0), bi);
      cr = mul(F(0), add(mul(ar, yr), mul(ai, yi)));
      ci = mul(F(0), sub(mul(ai, yr), mul(ar, yi)));
    }
  }
  return {cr, ci};
}

// max and min of floats (IEEE 754-2019 maximum and minimum): NaN if either is NaN, and
// -0 < +0. With the x86 rule min(a, b) = a < b ? a : b, min(a, b) and min(b, a) differ
// only for a NaN operand (one of them is the NaN) or for zeros of both signs (one is
// -0): their bitwise or is a NaN, resp. -0, in exactly those cases. Three instructions;
// max is min on the negated operands, negated.
template <class V>
SXLA_FORCE_INLINE constexpr V float_min(V a, V b) noexcept {
  return simd::bit_or(simd::min(a, b), simd::min(b, a));
}
template <class V>
SXLA_FORCE_INLINE constexpr V float_max(V a, V b) noexcept {
  return simd::neg(float_min(simd::neg(a), simd::neg(b)));
}

template <class V>
using lane_of = simd::element_of<V>;

// A functor called on two f16 or bf16 elements, as a built-in computation is
// (x::max_op(x::bf16(1.0f), x::bf16(2.0f))): computed in f32 and rounded back once, as
// the elementwise node computes these types.
template <class F, class V>
SXLA_FORCE_INLINE constexpr V in_f32(const F& f, V a, V b) noexcept {
  return static_cast<V>(f(static_cast<float>(a), static_cast<float>(b)));
}

}  // namespace detail

// a * b + c with one rounding, the operands negated as the template says. Not an XLA op:
// add and sub build it from a multiply of f32 or f64 (see fuse_multiply below).
template <bool NegateProduct, bool NegateAddend>
struct fma_op {
  template <class T, class...>
  using result = T;
  template <class L, class T, class...>
  static constexpr bool vectorizable = simd::has_vec<T>;

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a, V b, V c) const noexcept {
    if constexpr (NegateProduct) a = simd::neg(a);
    if constexpr (NegateAddend) c = simd::neg(c);
    return simd::fma(a, b, c);  // (built only where the target has FMA: fuse_multiply)
  }
};

struct mul_op_t;

namespace detail {
template <class T>
inline constexpr bool fusable_float = std::is_same_v<T, float> || std::is_same_v<T, double>;

template <class E>
inline constexpr bool is_float_product = false;
template <class A, class B>
inline constexpr bool is_float_product<elementwise_node<mul_op_t, A, B>> =
    fusable_float<typename elementwise_node<mul_op_t, A, B>::value_type>;

// XLA's CPU backend lets LLVM fuse any multiply feeding an add into one fma ("this
// increases precision"); sxla does the same, deterministically, so every backend and
// the scalar path round alike: add(mul(a, b), c) and add(c, mul(a, b)) are fma(a, b, c),
// sub(mul(a, b), c) is fma(a, b, -c) and sub(c, mul(a, b)) is fma(-a, b, c), for f32
// and f64 (f16 and bf16 round every op back to 16 bits, so they are left alone). As
// XLA, only where the target has FMA instructions (SXLA_HAS_FMA): elsewhere a multiply
// and an add round twice, and cost no software fma.
template <bool Subtract, class N>
constexpr N fuse_multiply(const N& n) noexcept {
  return n;
}
template <bool Subtract, class F, class X, class Y>
constexpr auto fuse_multiply(const elementwise_node<F, X, Y>& n) noexcept {
  if constexpr (!SXLA_HAS_FMA) {
    return n;
  } else if constexpr (is_float_product<X>) {
    const X& p = n.ops.template get<0>();
    using fma_t = fma_op<false, Subtract>;
    return make_nary_node(fma_t{}, p.ops.template get<0>(), p.ops.template get<1>(), n.ops.template get<1>());
  } else if constexpr (is_float_product<Y>) {
    const Y& p = n.ops.template get<1>();
    using fma_t = fma_op<Subtract, false>;
    return make_nary_node(fma_t{}, p.ops.template get<0>(), p.ops.template get<1>(), n.ops.template get<0>());
  } else {
    return n;
  }
}
}  // namespace detail

struct add_op_t {
  using name = hlo::add;
  template <class T, class...>
  using result = T;
  template <class N>
  static constexpr auto rewrite(const N& n) noexcept {
    return detail::fuse_multiply<false>(n);
  }
  template <class T>
  static constexpr bool accepts = element<T>;
  template <class L, class T, class...>
  static constexpr bool vectorizable = simd::has_vec<T> || std::is_same_v<T, bool>;

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a, V b) const noexcept {
    if constexpr (detail::is_small_float_v<V>) {
      return detail::in_f32(*this, a, b);
    } else if constexpr (std::is_same_v<V, bool>) {
      return a || b;
    } else if constexpr (simd::is_mask_v<V>) {
      return simd::mask_or(a, b);
    } else if constexpr (is_complex_v<V>) {
      return {simd::add(a.real(), b.real()), simd::add(a.imag(), b.imag())};
    } else {
      return simd::add(a, b);
    }
  }
};

struct sub_op_t {
  using name = hlo::sub;
  template <class T, class...>
  using result = T;
  template <class N>
  static constexpr auto rewrite(const N& n) noexcept {
    return detail::fuse_multiply<true>(n);
  }
  template <class T>
  static constexpr bool accepts = element<T> && !std::is_same_v<T, bool>;
  template <class L, class T, class...>
  static constexpr bool vectorizable = simd::has_vec<T>;

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a, V b) const noexcept {
    if constexpr (detail::is_small_float_v<V>) {
      return detail::in_f32(*this, a, b);
    } else if constexpr (is_complex_v<V>) {
      return {simd::sub(a.real(), b.real()), simd::sub(a.imag(), b.imag())};
    } else {
      return simd::sub(a, b);
    }
  }
};

struct mul_op_t {
  using name = hlo::mul;
  template <class T, class...>
  using result = T;
  template <class T>
  static constexpr bool accepts = element<T>;
  template <class L, class T, class...>
  static constexpr bool vectorizable = simd::has_vec<T> || std::is_same_v<T, bool>;

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a, V b) const noexcept {
    if constexpr (detail::is_small_float_v<V>) {
      return detail::in_f32(*this, a, b);
    } else if constexpr (std::is_same_v<V, bool>) {
      return a && b;
    } else if constexpr (simd::is_mask_v<V>) {
      return simd::mask_and(a, b);
    } else if constexpr (is_complex_v<V>) {
      return detail::complex_multiply(a, b);
    } else {
      return simd::mul(a, b);
    }
  }
};

struct div_op_t {
  using name = hlo::div;
  template <class T, class...>
  using result = T;
  template <class T>
  static constexpr bool accepts = element<T> && !std::is_same_v<T, bool>;
  template <class L, class T, class...>
  static constexpr bool vectorizable = simd::has_vec<T>;

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a, V b) const noexcept {
    if constexpr (detail::is_small_float_v<V>) {
      return detail::in_f32(*this, a, b);
    } else if constexpr (is_complex_v<V>) {
      return detail::complex_divide(a, b);
    } else if constexpr (simd::is_vec_v<V>) {
      using T = simd::lane_t<V>;
      if constexpr (std::is_floating_point_v<T>) {
        return simd::div(a, b);
      } else {
        return simd::per_lane<T>([](T x, T y) { return detail::xla_divide(x, y); }, a, b);
      }
    } else if constexpr (std::is_floating_point_v<V>) {
      return a / b;
    } else {
      return detail::xla_divide(a, b);
    }
  }
};

struct rem_op_t {
  using name = hlo::rem;
  template <class T, class...>
  using result = T;
  template <class T>
  static constexpr bool accepts = element<T> && !std::is_same_v<T, bool> && !is_complex_v<T>;
  template <class L, class T, class...>
  static constexpr bool vectorizable = simd::has_vec<T> && std::is_integral_v<T>;

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a, V b) const noexcept {
    if constexpr (detail::is_small_float_v<V>) {
      return detail::in_f32(*this, a, b);
    } else if constexpr (simd::is_vec_v<V>) {
      using T = simd::lane_t<V>;
      return simd::per_lane<T>([](T x, T y) { return detail::xla_remainder(x, y); }, a, b);
    } else if constexpr (std::is_floating_point_v<V>) {
      if (std::is_constant_evaluated()) return detail::fmod_exact(a, b);
      return std::fmod(a, b);
    } else {
      return detail::xla_remainder(a, b);
    }
  }
};

namespace detail {
// max(x, c) or min(x, c) for a fixed float c, as XLA's maximum and minimum: the x86
// max(c, x) (c > x ? c : x) is right but for three cases, repaired by a mask and a bit
// pattern chosen once: a NaN c makes every result NaN (or with a NaN's bits); for max, a
// +0 c must turn a -0 x into +0 (clear the sign); for min, a -0 c must turn a +0 x into
// -0 (set the sign). Two instructions instead of the general five.
template <class T, bool Max>
struct extremum_with {
  T c, keep, set;  // result = (max_or_min(c, x) & keep) | set, on the bits

  static constexpr extremum_with make(T c) noexcept {
    using U = simd::uint_of<T>;
    constexpr U sign = U{1} << (8 * sizeof(T) - 1);
    const U bits = simd::bitcast<U>(c);
    U keep = ~U{0}, set = 0;
    if (c != c) {
      set = simd::bitcast<U>(std::numeric_limits<T>::quiet_NaN());
    } else if (Max && bits == 0) {
      keep = static_cast<U>(~sign);
    } else if (!Max && bits == sign) {
      set = sign;
    }
    return {c, simd::bitcast<T>(keep), simd::bitcast<T>(set)};
  }

  template <class, class...>
  using result = T;
  template <class L, class, class...>
  static constexpr bool vectorizable = simd::has_vec<T>;

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V x) const noexcept {
    const V r = Max ? simd::max(simd::splat<V>(c), x) : simd::min(simd::splat<V>(c), x);
    return simd::bit_or(simd::bit_and(r, simd::splat<V>(keep)), simd::splat<V>(set));
  }
};
}  // namespace detail

// max (Max) and min: on pred, or and and; on floats, XLA's NaN-propagating extremum.
template <bool Max>
struct extremum_op {
  using name = std::conditional_t<Max, hlo::max, hlo::min>;
  template <class T, class...>
  using result = T;
  static constexpr bool commutes = true;
  template <class T>
    requires std::is_floating_point_v<T>
  static constexpr auto bind_constant(T c) noexcept {
    return detail::extremum_with<T, Max>::make(c);
  }
  template <class T>
  static constexpr bool accepts = element<T> && !is_complex_v<T>;
  template <class L, class T, class...>
  static constexpr bool vectorizable = simd::has_vec<T> || std::is_same_v<T, bool>;

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a, V b) const noexcept {
    if constexpr (detail::is_small_float_v<V>) {
      return detail::in_f32(*this, a, b);
    } else if constexpr (std::is_same_v<V, bool>) {
      return Max ? a || b : a && b;
    } else if constexpr (simd::is_mask_v<V>) {
      return Max ? simd::mask_or(a, b) : simd::mask_and(a, b);
    } else if constexpr (std::is_floating_point_v<detail::lane_of<V>>) {
      return Max ? detail::float_max(a, b) : detail::float_min(a, b);
    } else {
      return Max ? simd::max(a, b) : simd::min(a, b);
    }
  }
};
using max_op_t = extremum_op<true>;
using min_op_t = extremum_op<false>;

inline constexpr binary_fn<add_op_t> add{};
inline constexpr binary_fn<sub_op_t> sub{};
inline constexpr binary_fn<mul_op_t> mul{};
inline constexpr binary_fn<div_op_t> div{};
inline constexpr binary_fn<rem_op_t> rem{};
inline constexpr binary_fn<max_op_t> max{};
inline constexpr binary_fn<min_op_t> min{};

// The functors as values: the built-in computations of reductions (x::reduce<0>(a, 0.0f,
// x::add_op)); each is also a plain callable on two elements of a type it accepts (f16
// and bf16 computed in f32 and rounded back once).
inline constexpr add_op_t add_op{};
inline constexpr sub_op_t sub_op{};
inline constexpr mul_op_t mul_op{};
inline constexpr div_op_t div_op{};
inline constexpr rem_op_t rem_op{};
inline constexpr max_op_t max_op{};
inline constexpr min_op_t min_op{};

}  // namespace sxla

#endif  // SXLA_OPS_ARITHMETIC_HPP
