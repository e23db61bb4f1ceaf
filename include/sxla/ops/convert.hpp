// sxla/ops/convert.hpp: XLA's element-type ops: convert<U> (ConvertElementType),
// bitcast_convert<U> (BitcastConvertType) and reduce_precision<M, E> (ReducePrecision).
//
// convert, as XLA's CPU backend: a C++ static_cast, except that float to integer
// saturates (above the maximum: the maximum; below the minimum: the minimum; NaN: 0;
// otherwise truncation), to pred is x != 0 (NaN gives true; a complex number is non-zero
// when either part is), pred to a number is 0 or 1, to f16 and bf16 rounds to nearest
// even once from the source value (f64 and s64 too, never through f32), complex to a
// non-complex type converts the real part, a real number to complex gives (x, 0). The
// 8-, 6- and 4-bit floats convert as f16 does (one rounding from the source value; their
// out-of-range and NaN rules in core/float8.hpp); to s2, s4, u2 and u4 integers keep the
// low bits and floats saturate.
// bitcast_convert reinterprets the bits: same width elementwise; to a narrower type the
// result gains a minor dimension of width(T) / width(U) pieces in memory order (widths in
// bits, as XLA's: s4 is 4, f6e2m3fn 6; sub-byte pieces from the least significant bits
// up); to a wider one the operand's last dimension (of that many pieces) is joined and
// dropped.
// reduce_precision is XLA's EmitReducePrecisionIR: mantissa rounded to nearest even by
// the integer bias trick, exponents out of the reduced range to +-inf (above) and +-0
// (at or below the reduced minimum: no denormals), NaN kept (+inf with no mantissa bit).
// Seed example: convert<f32>(s32[3] {0, 1, 2}) is f32[3] {0.0, 1.0, 2.0};
// bitcast_convert<f16>(f32[10]) is f16[10,2], and back.
#ifndef SXLA_OPS_CONVERT_HPP
#define SXLA_OPS_CONVERT_HPP

#include <array>
#include <bit>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"       // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"      // element, is_complex_v, primitive_type_of
#include "sxla/core/float16.hpp"           // small_float (f16, bf16)
#include "sxla/core/index.hpp"             // index_t, multi_index, max_rank
#include "sxla/expr/elementwise_node.hpp"  // elementwise_node, detail::pack, detail::is_small_float_v
#include "sxla/expr/expression.hpp"        // logical_spec
#include "sxla/expr/leaf.hpp"              // as_operand, operand, operand_t
#include "sxla/expr/line.hpp"              // make_gather_line
#include "sxla/shape/broadcast_rules.hpp"  // dimension_list
#include "sxla/shape/print.hpp"            // diagnostic_display of shapes
#include "sxla/simd/scalar.hpp"            // convert, bitcast, min, max, select, bit ops, shifts
#include "sxla/simd/vec.hpp"               // vec, mask, has_vec, mask_cast, zero, is_vec_v, is_mask_v

namespace sxla {

// The ops' names in compile errors (core/diagnostics.hpp).
namespace hlo {
struct convert;
struct bitcast_convert;
struct reduce_precision;
}  // namespace hlo

// ---- convert ------------------------------------------------------------------------------
namespace detail {

// 2^k in F (exact).
template <class F>
constexpr F power_of_two(int k) noexcept {
  F p = 1;
  for (int i = 0; i < k; ++i) p = p * 2;
  return p;
}

// The largest F not above I's maximum (2^k - 1): the maximum itself when F holds it.
template <class F, class I>
inline constexpr F float_below_max = [] {
  constexpr int k = std::numeric_limits<I>::digits;
  constexpr int d = std::numeric_limits<F>::digits;
  if constexpr (k <= d) {
    return static_cast<F>(std::numeric_limits<I>::max());
  } else {
    return power_of_two<F>(k) - power_of_two<F>(k - d);
  }
}();

// A mask of a comparison of F lanes as a mask of I lanes (a bool for one lane).
template <class I, class M>
SXLA_FORCE_INLINE constexpr auto mask_as(M m) noexcept {
  if constexpr (std::is_same_v<M, bool>) {
    return m;
  } else {
    return simd::mask_cast<I>(m);
  }
}

// c (F or vec<F>, in I's range, not NaN) truncated to I. On vectors, unsigned lanes go
// through the signed conversion: values from 2^(n-1) on are converted less 2^(n-1)
// (exact: Sterbenz) and get the top bit back.
template <class I, class V>
SXLA_FORCE_INLINE constexpr auto in_range_to_int(V c) noexcept {
  if constexpr (!simd::is_vector_v<V> || std::is_signed_v<I>) {
    return simd::convert<I>(c);
  } else {
    using F = simd::lane_t<V>;
    using S = std::make_signed_t<I>;
    constexpr F half = power_of_two<F>(8 * sizeof(I) - 1);
    const auto big = c >= simd::splat<V>(half);
    const V low = simd::select(big, simd::sub(c, simd::splat<V>(half)), c);
    const simd::vec<I> r = simd::bitcast<I>(simd::convert<S>(low));
    const simd::vec<I> top = simd::splat<simd::vec<I>>(static_cast<I>(I{1} << (8 * sizeof(I) - 1)));
    return simd::bit_or(r, simd::select(simd::mask_cast<I>(big), top, simd::zero<I>()));
  }
}

// a (F or vec<F>) to the integer type I, saturating: above I's maximum the maximum,
// below its minimum the minimum, NaN 0, otherwise truncated. The clamp follows the
// vocabulary's x86 rule, max(NaN, lo) = lo, so the conversion only sees values in range.
template <class I, class V>
SXLA_FORCE_INLINE constexpr auto float_to_int(V a) noexcept {
  using F = simd::lane_t<V>;
  using R = simd::rebind_t<V, I>;
  constexpr F lo = static_cast<F>(std::numeric_limits<I>::min());  // 0 or -2^k: exact
  constexpr F hi = float_below_max<F, I>;
  const V c = simd::min(simd::max(a, simd::splat<V>(lo)), simd::splat<V>(hi));
  R r = in_range_to_int<I>(c);
  r = simd::select(mask_as<I>(a > simd::splat<V>(hi)), simd::splat<R>(std::numeric_limits<I>::max()), r);
  if constexpr (std::is_signed_v<I>) {
    r = simd::select(mask_as<I>(simd::is_nan(a)), simd::splat<R>(I{0}), r);
  }
  return r;
}

// Integer lanes to F of the same width, rounded to nearest even. Unsigned lanes from
// 2^(n-1) on are halved keeping the lost bit as a sticky bit (round to odd), converted
// as signed (the one rounding: n - 1 bits to F's, at least two fewer) and doubled.
template <class F, class T>
SXLA_FORCE_INLINE simd::vec<F> int_to_float(simd::vec<T> a) noexcept {
  using S = std::make_signed_t<T>;
  if constexpr (std::is_signed_v<T>) {
    return simd::convert<F>(a);
  } else {
    using V = simd::vec<T>;
    const simd::vec<S> s = simd::bitcast<S>(a);
    const V halved = simd::bit_or(simd::shr<1>(a), simd::bit_and(a, simd::splat<V>(T{1})));
    const simd::vec<F> h = simd::convert<F>(simd::bitcast<S>(halved));
    return simd::select(simd::mask_cast<F>(s < simd::zero<S>()), simd::add(h, h), simd::convert<F>(s));
  }
}

// Which conversions have a vector form: pred to and from types with vectors (masks),
// and between lane types of one width: identity, integers (the same bits), integer and
// float (s32, u32 and f32; s64, u64 and f64).
template <class U, class T>
inline constexpr bool convert_vectorizes = [] {
  if constexpr (std::is_same_v<T, bool> || std::is_same_v<U, bool>) {
    return (std::is_same_v<T, bool> || simd::has_vec<T>) && (std::is_same_v<U, bool> || simd::has_vec<U>);
  } else if constexpr (!simd::has_vec<T> || !simd::has_vec<U> || sizeof(T) != sizeof(U)) {
    return false;
  } else {
    return std::is_same_v<T, U> || std::is_integral_v<T> || std::is_integral_v<U>;
  }
}();
template <class T, class L>
inline constexpr bool convert_lane_fits = std::is_same_v<T, bool> || sizeof(T) == sizeof(L);

template <class U, class T>
SXLA_FORCE_INLINE auto convert_vector(simd::vec<T> a) noexcept {
  if constexpr (std::is_same_v<U, T>) {
    return a;
  } else if constexpr (std::is_same_v<U, bool>) {
    return a != simd::zero<T>();  // unordered: NaN is non-zero
  } else if constexpr (std::is_integral_v<T> && std::is_integral_v<U>) {
    return simd::bitcast<U>(a);  // same width: modular, the same bits
  } else if constexpr (std::is_integral_v<T>) {
    return int_to_float<U>(a);
  } else {
    return float_to_int<U>(a);
  }
}
template <class U, class L>
SXLA_FORCE_INLINE auto convert_vector(simd::mask<L> m) noexcept {
  if constexpr (std::is_same_v<U, bool>) {
    return m;
  } else {
    return simd::select(simd::mask_cast<U>(m), simd::splat<simd::vec<U>>(U{1}), simd::zero<U>());
  }
}

// One element of T as U.
template <class U, class T>
constexpr U convert_value(T x) noexcept {
  if constexpr (std::is_same_v<U, T>) {
    return x;
  } else if constexpr (is_complex_v<T>) {
    if constexpr (is_complex_v<U>) {
      using C = typename U::value_type;
      return U(convert_value<C>(x.real()), convert_value<C>(x.imag()));
    } else if constexpr (std::is_same_v<U, bool>) {
      return x.real() != 0 || x.imag() != 0;
    } else {
      return convert_value<U>(x.real());
    }
  } else if constexpr (is_complex_v<U>) {
    using C = typename U::value_type;
    return U(convert_value<C>(x), C(0));
  } else if constexpr (is_small_float_v<T>) {
    return convert_value<U>(static_cast<float>(x));  // exact widening
  } else if constexpr (is_intn_v<T>) {
    return convert_value<U>(static_cast<int>(x));  // exact widening
  } else if constexpr (is_intn_v<U>) {
    if constexpr (std::is_floating_point_v<T>) {  // saturating, NaN to 0, as for s8
      return !(x == x)                   ? U(0)
             : x <= T(U::min_value) ? U(U::min_value)
             : x >= T(U::max_value) ? U(U::max_value)
                                    : U(static_cast<int>(x));
    } else {
      return U(x);  // pred: 0 or 1; integers: the low N bits
    }
  } else if constexpr (std::is_same_v<U, bool>) {
    return x != T(0);  // NaN != 0
  } else if constexpr (std::is_same_v<T, bool>) {
    return x ? U(1) : U(0);
  } else if constexpr (is_small_float_v<U>) {
    return U(x);  // one rounding to nearest even, from any arithmetic type
  } else if constexpr (std::is_integral_v<U> && std::is_floating_point_v<T>) {
    return float_to_int<U>(x);
  } else {
    return static_cast<U>(x);  // integers wrap; to floats: nearest even; f32 to f64 exact
  }
}

}  // namespace detail

template <class U>
struct convert_op {
  using name = hlo::convert;
  static constexpr bool promotes_small_floats = false;  // f16 and bf16 are converted here
  template <class T>
  using result = U;
  template <class L, class T>
  static constexpr bool vectorizable = detail::convert_vectorizes<U, T> && detail::convert_lane_fits<T, L> &&
                                       detail::convert_lane_fits<U, L>;

  template <class V>
  SXLA_FORCE_INLINE constexpr auto operator()(V a) const noexcept {
    if constexpr (simd::is_vec_v<V> || simd::is_mask_v<V>) {
      return detail::convert_vector<U>(a);
    } else {
      return detail::convert_value<U>(a);
    }
  }
};

// ConvertElementType(operand, U): x::convert<x::f32>(a).
template <class U, operand X>
constexpr auto convert(X&& x) noexcept {
  auto e = as_operand(static_cast<X&&>(x));
  using E = decltype(e);
  constexpr bool ok = element<U> && std::is_same_v<U, std::remove_cv_t<U>>;
  if constexpr (!ok) {
    SXLA_DIAGNOSE(hlo::convert,
                  "{} to {}: the target type is not an XLA element type (bool, std::int8_t ... std::uint64_t, "
                  "x::f16, x::bf16, float, double, std::complex<float>, std::complex<double>)",
                  (E, U), ());
    return e;
  } else {
    return elementwise_node<convert_op<U>, E>{convert_op<U>{}, detail::pack<E>(e)};
  }
}

// ---- bitcast_convert ------------------------------------------------------------------------
namespace detail {
// Whether T is narrower than a byte or a one-byte float of XLA's: s2 ... u4, f8e5m2 ...
template <class T>
inline constexpr bool is_narrow_v = is_intn_v<T> || is_minifloat_v<T>;

// The bits of a value of T (XLA's primitive_util::BitWidth of them): 4 for s4 and
// f4e2m1fn, 6 for the f6 types, the size in bits otherwise.
template <class T>
inline constexpr std::size_t value_bits = [] {
  if constexpr (is_narrow_v<T>) {
    return static_cast<std::size_t>(T::bit_width);
  } else {
    return 8 * sizeof(T);
  }
}();

// A value's bit pattern (a real number's; complex numbers are split by their parts).
template <class T>
SXLA_FORCE_INLINE constexpr std::uint64_t bit_pattern(T v) noexcept {
  if constexpr (is_narrow_v<T>) {
    return v.bits();
  } else {
    return std::bit_cast<simd::uint_of<T>>(v);
  }
}
template <class U>
SXLA_FORCE_INLINE constexpr U from_bit_pattern(std::uint64_t b) noexcept {
  if constexpr (is_narrow_v<U>) {
    return U::from_bits(static_cast<std::uint8_t>(b));
  } else {
    return std::bit_cast<U>(static_cast<simd::uint_of<U>>(b));
  }
}
}  // namespace detail

template <class U>
struct bitcast_convert_op {
  using name = hlo::bitcast_convert;
  static constexpr bool promotes_small_floats = false;
  template <class T>
  using result = U;
  template <class L, class T>
  static constexpr bool vectorizable =
      simd::has_vec<T> && simd::has_vec<U> && sizeof(T) == sizeof(L) && sizeof(U) == sizeof(L);

  template <class V>
  SXLA_FORCE_INLINE constexpr auto operator()(V a) const noexcept {
    if constexpr (simd::is_vec_v<V>) {
      return simd::bitcast<U>(a);
    } else if constexpr (std::is_same_v<V, U>) {
      return a;
    } else {
      return detail::from_bit_pattern<U>(detail::bit_pattern(a));
    }
  }
};

namespace detail {
// The index of piece k (of n, in memory order) counted from the least significant end.
constexpr std::size_t piece_slot(std::size_t k, std::size_t n) noexcept {
  return std::endian::native == std::endian::little ? k : n - 1 - k;
}

// A complex number's bytes are its real part's, then its imaginary part's (as C++ and
// XLA store it): piece k of a c128 is the c64 whose parts are the two halves, in memory
// order, of its k-th double; two c64 join into a c128 the same way.

// Piece k, in memory order, of v's bytes, as U (sizeof(U) < sizeof(T)).
template <class U, class T>
SXLA_FORCE_INLINE constexpr U bitcast_piece(T v, index_t k) noexcept {
  if constexpr (is_complex_v<T>) {
    using G = typename U::value_type;
    const auto part = k == 0 ? v.real() : v.imag();
    return U(bitcast_piece<G>(part, 0), bitcast_piece<G>(part, 1));
  } else {
    constexpr std::size_t n = value_bits<T> / value_bits<U>;
    const std::uint64_t bits = bit_pattern(v);
    const std::size_t shift = value_bits<U> * piece_slot(static_cast<std::size_t>(k), n);
    constexpr std::uint64_t mask = value_bits<U> == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << value_bits<U>) - 1;
    return from_bit_pattern<U>((bits >> shift) & mask);
  }
}

// The U whose bytes are piece(0), piece(1), ... in memory order (sizeof(U) > sizeof(T)).
template <class U, class T, class Piece>
SXLA_FORCE_INLINE constexpr U bitcast_join(const Piece& piece) noexcept {
  if constexpr (is_complex_v<U>) {
    using F = typename U::value_type;
    using G = typename T::value_type;
    const T re = static_cast<T>(piece(0)), im = static_cast<T>(piece(1));
    return U(bitcast_join<F, G>([re](std::size_t k) { return k == 0 ? re.real() : re.imag(); }),
             bitcast_join<F, G>([im](std::size_t k) { return k == 0 ? im.real() : im.imag(); }));
  } else {
    constexpr std::size_t n = value_bits<U> / value_bits<T>;
    std::uint64_t bits = 0;
    for (std::size_t k = 0; k < n; ++k)
      bits |= bit_pattern(static_cast<T>(piece(k))) << (value_bits<T> * piece_slot(k, n));
    return from_bit_pattern<U>(bits);
  }
}
}  // namespace detail

// BitcastConvertType to a narrower U: element (i..., k) is piece k of operand element i.
// A line reads the operand element by element (pieces of one element along the new
// dimension, one piece of successive elements along the others).
template <class Op, class U>
struct bitcast_split_node {
  static constexpr bool is_expression = true;
  using operand_type = typename Op::value_type;
  using value_type = U;
  using lane_type = std::conditional_t<simd::has_vec<U>, U, void>;
  static constexpr std::size_t operand_rank = Op::rank;
  static constexpr std::size_t rank = Op::rank + 1;
  static constexpr index_t pieces = static_cast<index_t>(detail::value_bits<operand_type> / detail::value_bits<U>);
  static constexpr dimension_list dims = [] {
    dimension_list d = Op::spec.dimensions;
    d.push_back(pieces);
    return d;
  }();
  static constexpr shape_spec spec = logical_spec(primitive_type_of<U>, dims);

  Op operand;

  SXLA_FORCE_INLINE static constexpr multi_index<operand_rank> source(const multi_index<rank>& idx) noexcept {
    multi_index<operand_rank> s{};
    for (std::size_t i = 0; i < operand_rank; ++i) s[i] = idx[i];
    return s;
  }

  SXLA_FORCE_INLINE constexpr U at(const multi_index<rank>& idx) const noexcept {
    return detail::bitcast_piece<U>(operand.at(source(idx)), idx[rank - 1]);
  }

  template <std::size_t M>
  SXLA_FORCE_INLINE constexpr auto line(const multi_index<rank>& start) const noexcept {
    const index_t k = start[rank - 1];
    if constexpr (M == rank - 1) {
      const operand_type v = operand.at(source(start));
      return make_gather_line<U>([v, k](index_t j) { return detail::bitcast_piece<U>(v, k + j); });
    } else {
      const auto l = operand.template line<M>(source(start));
      return make_gather_line<U>([l, k](index_t j) { return detail::bitcast_piece<U>(l.get(j), k); });
    }
  }

  // Never merged nor periodic (so periodic_line is never asked for); always gathered.
  template <std::size_t, std::size_t>
  static constexpr bool mergeable = false;
  template <std::size_t, std::size_t>
  static constexpr bool periodic_mergeable = false;
  template <std::size_t>
  static constexpr bool strided_along = true;
  template <class L>
  static constexpr bool vectorizable = simd::has_vec<U> && sizeof(U) == sizeof(L);

  template <class F>
  constexpr void for_each_leaf(F&& f, bool) const {
    operand.for_each_leaf(f, false);
  }
  template <class V>
  static constexpr void visit_leaves(V& v, bool) {
    decltype(operand)::visit_leaves(v, false);
  }
};

// BitcastConvertType to a wider U: element i joins operand elements (i..., 0 .. n-1).
template <class Op, class U>
struct bitcast_merge_node {
  static constexpr bool is_expression = true;
  using operand_type = typename Op::value_type;
  using value_type = U;
  using lane_type = std::conditional_t<simd::has_vec<U>, U, void>;
  static constexpr std::size_t operand_rank = Op::rank;
  static constexpr std::size_t rank = Op::rank - 1;
  static constexpr std::size_t pieces = detail::value_bits<U> / detail::value_bits<operand_type>;
  static constexpr dimension_list dims = [] {
    dimension_list d = Op::spec.dimensions;
    d.pop_back();
    return d;
  }();
  static constexpr shape_spec spec = logical_spec(primitive_type_of<U>, dims);

  Op operand;

  SXLA_FORCE_INLINE static constexpr multi_index<operand_rank> source(const multi_index<rank>& idx,
                                                                       std::size_t k) noexcept {
    multi_index<operand_rank> s{};
    for (std::size_t i = 0; i < rank; ++i) s[i] = idx[i];
    s[rank] = static_cast<index_t>(k);
    return s;
  }

  SXLA_FORCE_INLINE constexpr U at(const multi_index<rank>& idx) const noexcept {
    return detail::bitcast_join<U, operand_type>([&](std::size_t k) { return operand.at(source(idx, k)); });
  }

  template <std::size_t M>
  SXLA_FORCE_INLINE constexpr auto line(const multi_index<rank>& start) const noexcept {
    const auto ls = [&]<std::size_t... K>(std::index_sequence<K...>) {
      return std::array{operand.template line<M>(source(start, K))...};
    }(std::make_index_sequence<pieces>{});
    return make_gather_line<U>([ls](index_t j) {
      return detail::bitcast_join<U, operand_type>([&](std::size_t k) { return ls[k].get(j); });
    });
  }

  template <std::size_t, std::size_t>
  static constexpr bool mergeable = false;
  template <std::size_t, std::size_t>
  static constexpr bool periodic_mergeable = false;
  template <std::size_t>
  static constexpr bool strided_along = true;
  template <class L>
  static constexpr bool vectorizable = simd::has_vec<U> && sizeof(U) == sizeof(L);

  template <class F>
  constexpr void for_each_leaf(F&& f, bool) const {
    operand.for_each_leaf(f, false);
  }
  template <class V>
  static constexpr void visit_leaves(V& v, bool) {
    decltype(operand)::visit_leaves(v, false);
  }
};

namespace detail {
enum class bitcast_error { none, target_not_element, pred, complex_width, width_ratio, last_dimension, rank_too_high };

template <class T, class U>
constexpr bitcast_error bitcast_check(const dimension_list& dims) noexcept {
  if constexpr (!element<U> || !std::is_same_v<U, std::remove_cv_t<U>>) {
    return bitcast_error::target_not_element;
  } else if constexpr (std::is_same_v<T, bool> || std::is_same_v<U, bool>) {
    return bitcast_error::pred;
  } else if constexpr (is_complex_v<T> != is_complex_v<U>) {
    return bitcast_error::complex_width;
  } else if constexpr (value_bits<U> % value_bits<T> != 0 && value_bits<T> % value_bits<U> != 0) {
    return bitcast_error::width_ratio;
  } else if constexpr (value_bits<U> > value_bits<T>) {
    return dims.empty() || dims.back() != static_cast<index_t>(value_bits<U> / value_bits<T>)
               ? bitcast_error::last_dimension
               : bitcast_error::none;
  } else if constexpr (value_bits<U> < value_bits<T>) {
    return dims.size() >= max_rank ? bitcast_error::rank_too_high : bitcast_error::none;
  } else {
    return bitcast_error::none;
  }
}

// The error of bitcast_convert of E to U.
template <class E, class U, bitcast_error Error>
constexpr void report_bitcast_convert() noexcept {
  using T = typename E::value_type;
  if constexpr (Error == bitcast_error::target_not_element) {
    SXLA_DIAGNOSE(hlo::bitcast_convert, "{} to {}: the target type is not an XLA element type", (E, U), ());
  } else if constexpr (Error == bitcast_error::pred) {
    SXLA_DIAGNOSE(hlo::bitcast_convert, "{} to {}: pred has no bit layout to reinterpret", (E, U), ());
  } else if constexpr (Error == bitcast_error::complex_width) {
    SXLA_DIAGNOSE(hlo::bitcast_convert,
                  "{} to {}: a complex number converts only to a complex type (XLA rejects bitcasts between "
                  "complex and real types)",
                  (E, U), ());
  } else if constexpr (Error == bitcast_error::width_ratio) {
    SXLA_DIAGNOSE(hlo::bitcast_convert, "{} to {}: the bit widths ({} and {}) must divide one another", (E, U),
                  (value_bits<T>, value_bits<U>));
  } else if constexpr (Error == bitcast_error::last_dimension) {
    SXLA_DIAGNOSE(hlo::bitcast_convert,
                  "{} to {}: to a type {} times wider, the last dimension must have size {}", (E, U),
                  (value_bits<U> / value_bits<T>, value_bits<U> / value_bits<T>));
  } else if constexpr (Error == bitcast_error::rank_too_high) {
    SXLA_DIAGNOSE(hlo::bitcast_convert,
                  "{} to {}: to a narrower type the result gains a dimension: rank {}, above SXLA_MAX_RANK ({})",
                  (E, U), (E::rank + 1, max_rank));
  }
}
}  // namespace detail

// BitcastConvertType(operand, U): x::bitcast_convert<x::u32>(a).
template <class U, operand X>
constexpr auto bitcast_convert(X&& x) noexcept {
  auto e = as_operand(static_cast<X&&>(x));
  using E = decltype(e);
  using T = typename E::value_type;
  constexpr detail::bitcast_error err = detail::bitcast_check<T, U>(E::spec.dimensions);
  if constexpr (err != detail::bitcast_error::none) {
    detail::report_bitcast_convert<E, U, err>();
    return e;
  } else if constexpr (detail::value_bits<U> == detail::value_bits<T>) {
    return elementwise_node<bitcast_convert_op<U>, E>{bitcast_convert_op<U>{}, detail::pack<E>(e)};
  } else if constexpr (detail::value_bits<U> < detail::value_bits<T>) {
    return bitcast_split_node<E, U>{e};
  } else {
    return bitcast_merge_node<E, U>{e};
  }
}

// ---- reduce_precision ---------------------------------------------------------------------
namespace detail {
// XLA's EmitReducePrecisionIR on the bits x (signed lanes, S or vec<S>) of a float with
// SE exponent and SM mantissa bits, to E exponent and M mantissa bits.
template <int SE, int SM, int E, int M, class V>
SXLA_FORCE_INLINE constexpr V reduce_precision_bits(V x) noexcept {
  using S = simd::lane_t<V>;
  using B = std::make_unsigned_t<S>;
  constexpr int nbits = 8 * sizeof(S);
  constexpr S sign_bit = static_cast<S>(static_cast<B>(B{1} << (nbits - 1)));
  constexpr S exp_mask = static_cast<S>(static_cast<B>(((B{1} << SE) - 1) << SM));  // also +inf
  // Signed comparisons of values without the sign bit: as the unsigned ones XLA makes.
  const auto is_nan = simd::bit_and(x, simd::splat<V>(static_cast<S>(~sign_bit))) > simd::splat<V>(exp_mask);
  V r = x;
  if constexpr (M < SM) {
    // Round to nearest even: add 0111.. (plus the last kept bit), drop the rest; a carry
    // into the exponent is the right result.
    constexpr int drop = SM - M;
    constexpr S last_bit = static_cast<S>(B{1} << drop);
    constexpr S base_bias = static_cast<S>((last_bit >> 1) - 1);
    const V last = simd::shr<drop>(simd::bit_and(r, simd::splat<V>(last_bit)));
    r = simd::add(r, simd::add(last, simd::splat<V>(base_bias)));
    r = simd::bit_and(r, simd::splat<V>(static_cast<S>(~(last_bit - 1))));
  }
  if constexpr (E < SE) {
    constexpr std::int64_t bias = (std::int64_t{1} << (SE - 1)) - 1;
    constexpr std::int64_t reduced_bias = (std::int64_t{1} << (E - 1)) - 1;
    constexpr S max_exponent = static_cast<S>((bias + reduced_bias) << SM);
    constexpr S min_exponent = static_cast<S>((bias - reduced_bias) << SM);
    const V exponent = simd::bit_and(r, simd::splat<V>(exp_mask));
    const V signed_zero = simd::bit_and(r, simd::splat<V>(sign_bit));
    const V signed_inf = simd::bit_or(signed_zero, simd::splat<V>(exp_mask));
    r = simd::select(exponent > simd::splat<V>(max_exponent), signed_inf, r);
    r = simd::select(exponent <= simd::splat<V>(min_exponent), signed_zero, r);
  }
  if constexpr (M > 0) {
    return simd::select(is_nan, x, r);
  } else {
    return simd::select(is_nan, simd::splat<V>(exp_mask), r);  // no NaN without mantissa: +inf
  }
}
}  // namespace detail

template <int MantissaBits, int ExponentBits>
struct reduce_precision_op {
  using name = hlo::reduce_precision;
  static constexpr bool promotes_small_floats = false;  // f16 and bf16 on their own bits
  template <class T>
  using result = T;
  template <class L, class T>
  static constexpr bool vectorizable = simd::has_vec<T>;

  template <class V>
  SXLA_FORCE_INLINE constexpr V operator()(V a) const noexcept {
    if constexpr (is_minifloat_v<V>) {  // on the exact f32 value (the encodings are not all IEEE's)
      return V(reduce_precision_op{}(static_cast<float>(a)));
    } else if constexpr (detail::is_small_float_v<V>) {
      const auto bits = detail::reduce_precision_bits<V::exponent_bits, V::mantissa_bits, ExponentBits, MantissaBits>(
          static_cast<std::int16_t>(a.bits()));
      return V::from_bits(static_cast<std::uint16_t>(bits));
    } else {
      using F = simd::lane_t<V>;
      using S = simd::int_of<F>;
      constexpr int sm = std::numeric_limits<F>::digits - 1;
      constexpr int se = static_cast<int>(8 * sizeof(F)) - 1 - sm;
      return simd::bitcast<F>(
          detail::reduce_precision_bits<se, sm, ExponentBits, MantissaBits>(simd::bitcast<S>(a)));
    }
  }
};

// ReducePrecision(operand, ExponentBits, MantissaBits): x::reduce_precision<10, 5>(a)
// rounds f32 values as f16 would (flushing its denormals).
template <int MantissaBits, int ExponentBits, operand X>
constexpr auto reduce_precision(X&& x) noexcept {
  using Op = reduce_precision_op<MantissaBits, ExponentBits>;
  auto e = as_operand(static_cast<X&&>(x));
  using E = decltype(e);
  using T = typename E::value_type;
  constexpr bool bits_ok = ExponentBits >= 1 && MantissaBits >= 0;
  constexpr bool type_ok = std::is_floating_point_v<T> || detail::is_small_float_v<T>;
  if constexpr (!bits_ok) {
    SXLA_DIAGNOSE(hlo::reduce_precision,
                  "{}: the exponent bits must be at least 1 and the mantissa bits at least 0 (here {} and {})", (E),
                  (ExponentBits, MantissaBits));
    return e;
  } else if constexpr (!type_ok) {
    SXLA_DIAGNOSE(hlo::reduce_precision, "{}: the operand must be floating point (f16, bf16, f32, f64)", (E), ());
    return e;
  } else {
    return elementwise_node<Op, E>{Op{}, detail::pack<E>(e)};
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_CONVERT_HPP
