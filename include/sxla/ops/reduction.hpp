// sxla/ops/reduction.hpp: what reduce and reduce_window share: the built-in monoids
// (x::add_op, mul_op, max_op, min_op, and_op, or_op, xor_op, each with its identity),
// the order in which a monoid combines a run of elements, and the odometer that walks
// a set of dimensions.
//
// The order, which is part of a floating-point result (add and mul do not associate):
// a run x_0 ... x_{n-1} is split into W interleaved partial results, W = 256 bytes /
// sizeof(element) (64 for f32, 32 for f64), P_k = f(...f(f(e, x_k), x_{k+W})..., ...)
// with e the identity; they are then halved, P_k = f(P_k, P_{k+h}) for h = W/2, W/4, ...,
// 1, and the run's value is P_0. A vector backend keeps the partials in W / lanes
// vectors, the scalar backend (and constant evaluation) in an array: every backend
// computes the same bits, run after run. The identity of add is -0 (x + -0 == x for
// every x, +0 and -0 included), so padding a partial with it changes nothing.
#ifndef SXLA_OPS_REDUCTION_HPP
#define SXLA_OPS_REDUCTION_HPP

#include <array>
#include <complex>
#include <cstddef>
#include <limits>
#include <type_traits>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/index.hpp"             // index_t, multi_index, idx
#include "sxla/expr/elementwise_node.hpp"  // detail::compute_t
#include "sxla/ops/arithmetic.hpp"         // add_op_t, mul_op_t, max_op_t, min_op_t
#include "sxla/ops/bitwise.hpp"            // and_op_t, or_op_t, xor_op_t
#include "sxla/simd/vec.hpp"               // vec, splat, select, first_n, store

namespace sxla::detail {

template <class F>
inline constexpr bool is_builtin_monoid =
    std::is_same_v<F, add_op_t> || std::is_same_v<F, mul_op_t> || std::is_same_v<F, max_op_t> ||
    std::is_same_v<F, min_op_t> || std::is_same_v<F, and_op_t> || std::is_same_v<F, or_op_t> ||
    std::is_same_v<F, xor_op_t>;

// What a built-in monoid accumulates T in: f16 and bf16 in f32, rounded once at the end
// (XLA's CPU backend also sums them in f32); every other type in itself.
template <class T>
using accumulate_t = compute_t<T>;

// The identity of monoid F on T.
template <class F, class T>
constexpr T monoid_identity() noexcept {
  if constexpr (std::is_same_v<T, bool>) {
    return std::is_same_v<F, mul_op_t> || std::is_same_v<F, min_op_t> || std::is_same_v<F, and_op_t>;
  } else if constexpr (std::is_same_v<F, add_op_t>) {
    if constexpr (is_complex_v<T>) {
      return T(-0.0, -0.0);
    } else if constexpr (std::is_floating_point_v<T>) {
      return T(-0.0);
    } else {
      return T(0);
    }
  } else if constexpr (std::is_same_v<F, mul_op_t>) {
    return T(1);
  } else if constexpr (std::is_same_v<F, max_op_t>) {
    if constexpr (std::is_floating_point_v<T>) {
      return -std::numeric_limits<T>::infinity();
    } else {
      return std::numeric_limits<T>::lowest();
    }
  } else if constexpr (std::is_same_v<F, min_op_t>) {
    if constexpr (std::is_floating_point_v<T>) {
      return std::numeric_limits<T>::infinity();
    } else {
      return std::numeric_limits<T>::max();
    }
  } else if constexpr (std::is_same_v<F, and_op_t>) {
    return static_cast<T>(~T(0));
  } else {  // or, xor
    return T(0);
  }
}

// Whether a and b have the same bits (floats: -0 is not +0, a NaN is itself).
template <class T>
constexpr bool same_bits(T a, T b) noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    return simd::bitcast<simd::uint_of<T>>(a) == simd::bitcast<simd::uint_of<T>>(b);
  } else {
    return a == b;
  }
}

// W, the number of interleaved partial results of a run of T.
template <class T>
inline constexpr index_t partial_count = static_cast<index_t>(256 / sizeof(T));

// Whether runs of lines with elements of type V reduce into T with vectors.
template <class F, class T, class V, bool Vectorizable>
inline constexpr bool vector_runs = [] {
  if constexpr (!Vectorizable || !is_builtin_monoid<F> || !std::is_same_v<T, V> || std::is_same_v<T, bool>) {
    return false;
  } else {
    return simd::has_vec<T> && partial_count<T> % static_cast<index_t>(simd::lanes<T>) == 0;
  }
}();

// The halving of W partials in place; the result is p[0].
template <class F, class T, std::size_t W>
SXLA_FORCE_INLINE constexpr T halve(const F& f, T (&p)[W]) noexcept {
  for (std::size_t h = W / 2; h >= 1; h /= 2) {
    for (std::size_t k = 0; k < h; ++k) p[k] = f(p[k], p[k + h]);
  }
  return p[0];
}

template <class F, class T, index_t MaxRun, class LineOf>
SXLA_FORCE_INLINE T reduce_runs_vector(const F& f, index_t runs, index_t n, const LineOf& line_of) noexcept {
  using V = simd::vec<T>;
  constexpr index_t lanes = static_cast<index_t>(simd::lanes<T>);
  constexpr index_t w = partial_count<T>;
  constexpr index_t vectors = w / lanes;
  const V e = simd::splat<V>(monoid_identity<F, T>());
  V acc[vectors];
  for (index_t q = 0; q < vectors; ++q) acc[q] = e;
  for (index_t k = 0; k < runs; ++k) {
    const auto line = line_of(k);
    index_t j = 0;
    if constexpr (MaxRun >= w) {  // (the bounds let g++ see that no load passes the operand)
      for (; j + w <= n; j += w) {
        for (index_t q = 0; q < vectors; ++q) acc[q] = f(acc[q], line.template load<T>(j + q * lanes));
      }
    }
    constexpr index_t tail_vectors = (MaxRun < w ? MaxRun : w) / lanes + 1;
    for (index_t q = 0; q < tail_vectors && q < vectors && j < n; ++q, j += lanes) {
      const auto count = static_cast<std::size_t>(n - j < lanes ? n - j : lanes);
      V v = e;
      if constexpr (MaxRun >= lanes) {
        if (count == static_cast<std::size_t>(lanes)) v = line.template load<T>(j);
      }
      if (count < static_cast<std::size_t>(lanes)) {
        v = simd::select(simd::first_n<T>(count), line.template load_n<T>(j, count), e);
      }
      acc[q] = f(acc[q], v);
    }
  }
  for (index_t h = vectors / 2; h >= 1; h /= 2) {
    for (index_t q = 0; q < h; ++q) acc[q] = f(acc[q], acc[q + h]);
  }
  alignas(64) T a[lanes];
  simd::store(acc[0], a);
  return halve(f, a);
}

// Monoid f over `runs` lines of n elements each (line_of(k) is the k-th), as one run of
// runs * n elements in the order above, converted to T; n <= MaxRun. Vectors need every
// line to begin at a partial of index 0 (runs == 1 or n a multiple of W), except for
// integers, whose result does not depend on the order.
template <bool Vectorizable, class F, class T, index_t MaxRun, class LineOf>
SXLA_FORCE_INLINE constexpr T reduce_runs(const F& f, index_t runs, index_t n, const LineOf& line_of) noexcept {
  constexpr index_t w = partial_count<T>;
  using V = std::remove_cvref_t<decltype(line_of(0).get(0))>;
  if constexpr (vector_runs<F, T, V, Vectorizable>) {
    if (!std::is_constant_evaluated() && (runs == 1 || n % w == 0 || !std::is_floating_point_v<T>)) {
      return reduce_runs_vector<F, T, MaxRun>(f, runs, n, line_of);
    }
  }
  T p[w];
  for (index_t k = 0; k < w; ++k) p[k] = monoid_identity<F, T>();
  index_t at = 0;
  for (index_t k = 0; k < runs; ++k) {
    const auto line = line_of(k);
    for (index_t j = 0; j < n; ++j) {
      p[at] = f(p[at], static_cast<T>(line.get(j)));
      if (++at == w) at = 0;
    }
  }
  return halve(f, p);
}

// The dimension numbers 0 .. R-1.
template <std::size_t R>
constexpr idx all_dimensions() noexcept {
  idx a;
  for (std::size_t k = 0; k < R; ++k) a.push_back(static_cast<index_t>(k));
  return a;
}

// g() for every index over `dims` of i (row-major, the others of i fixed), each from 0 to
// extent[d]; nothing when one extent is 0, once when dims is empty.
template <std::size_t R, class G>
SXLA_FORCE_INLINE constexpr void odometer(const idx& dims, const multi_index<R>& extent, multi_index<R>& i, G&& g) {
  for (index_t d : dims) {
    if (extent[static_cast<std::size_t>(d)] <= 0) return;
    i[static_cast<std::size_t>(d)] = 0;
  }
  while (true) {
    g();
    std::size_t k = dims.size();
    while (k > 0) {
      const auto d = static_cast<std::size_t>(dims[k - 1]);
      if (++i[d] < extent[d]) break;
      i[d] = 0;
      --k;
    }
    if (k == 0) return;
  }
}

// finish(start, count) for every row along the last dimension of an array of the given
// sizes (rank R > 0): what a producer that writes its whole result before any of it is
// final reports (expr/producer.hpp).
template <std::size_t R, class Finish>
void finish_every_row(const idx& sizes, Finish&& finish) {
  multi_index<R> i{}, extent{};
  for (std::size_t d = 0; d < R; ++d) extent[d] = sizes[d];
  idx outer;
  for (std::size_t d = 0; d + 1 < R; ++d) outer.push_back(static_cast<index_t>(d));
  odometer(outer, extent, i, [&] { finish(i, extent[R - 1]); });
}

}  // namespace sxla::detail

#endif  // SXLA_OPS_REDUCTION_HPP
