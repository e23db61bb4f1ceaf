// sxla/kernels/triangular_batch.hpp: the Cholesky factorisation and the triangular solve of
// batches of small matrices, vectorised across the matrices (one matrix per SIMD lane).
//
// A batch is `count` row-major matrices back to back. L = simd::lanes<T> of them at a time
// are read transposed into a local array of vectors (vector e holds element e of the L
// matrices: loads and transpose_square over chunks of L elements, gathers for matrices of
// fewer elements), factored or solved there, and stored back the same way. Left solves
// whose b has at least L columns are vectorised over b's columns instead, a few systems
// in step: the same arithmetic without the transpositions, right-looking with every row
// of x in registers where they fit (16 x 16 f32 on AVX-512), else row by row. Each lane follows
// the per-matrix kernel of triangular.hpp (cholesky_lower, solve_left) operation by
// operation with every product rounded (simd::mul, never fused into the subtraction): the
// results are those of cholesky() and triangular_solve() (unblocked) wherever the compiler
// has not contracted their `s - a * b` into an fma. (Whether it does depends on the
// compiler, its tuning and the statement: clang does; g++ -march=native on Zen 4 does in
// solve_left but not in cholesky_lower, -march=x86-64-v3 in both. Then the two differ by
// roundings.)
//
// Memory: a full group's L matrices are read whole, and a Cholesky group is stored back
// whole, its other triangle with the bits it was read with; the last count % L matrices go
// lane by lane, reading and writing only what the per-matrix kernel does (the missing
// lanes padded with identity matrices and zeros). The next group is prefetched while one
// is computed. Nothing is allocated; the local arrays take at most group_bytes each. Real
// T (float, double) with vectors only, and matrices of at most group_bytes / (L *
// sizeof(T)) elements (16 x 16 for f32 on AVX-512 and f64 on AVX2 and AVX-512); anything
// else (complex numbers, the scalar backend, larger matrices) loops over the per-matrix
// kernels, except the left solves on b's columns, which take any size.
#ifndef SXLA_KERNELS_TRIANGULAR_BATCH_HPP
#define SXLA_KERNELS_TRIANGULAR_BATCH_HPP

#include <cstddef>
#include <limits>
#include <type_traits>
#include <utility>

#include "sxla/config.hpp"              // SXLA_FORCE_INLINE, SXLA_LAMBDA_INLINE, SXLA_PREFETCH, SXLA_FULL_UNROLL
#include "sxla/core/index.hpp"          // index_t
#include "sxla/kernels/triangular.hpp"  // cholesky, triangular_solve, triangular_op
#include "sxla/simd/vec.hpp"  // vec, lanes, has_vec, load(_n), store(_n), gather, splat, zero, transpose_square, mul, sub, div, sqrt, select, element_of

namespace sxla::kernels {

namespace triangular_batch_detail {

// The largest local array of vectors (bytes): one matrix's elements for L matrices.
inline constexpr index_t group_bytes = 16384;
// Matrix sizes (operations per lane) up to which the loops are unrolled completely, and
// the longest loop of vectors repeat() unrolls; nothing without SXLA_FULL_UNROLL
// (unoptimised and sanitizer builds, config.hpp).
#if SXLA_FULL_UNROLL
inline constexpr index_t unroll_limit = 512;
inline constexpr index_t repeat_limit = 64;
#else
inline constexpr index_t unroll_limit = 0;
inline constexpr index_t repeat_limit = 0;
#endif

// Whether T is real (float, double) and has vectors.
template <class T>
constexpr bool real_vectors() noexcept {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    return simd::has_vec<T>;
  } else {
    return false;
  }
}

// Whether matrices of E elements of T go across vector lanes (a group's array of E
// vectors fits group_bytes).
template <class T, index_t E>
constexpr bool across() noexcept {
  if constexpr (real_vectors<T>()) {
    return E > 0 && E * static_cast<index_t>(simd::lanes<T> * sizeof(T)) <= group_bytes;
  } else {
    return false;
  }
}

template <index_t I>
using constant = std::integral_constant<index_t, I>;
template <class I>
inline constexpr bool is_constant = false;
template <index_t I>
inline constexpr bool is_constant<constant<I>> = true;

// f(i) for i in [b, e): unrolled completely, each i a constant, when both bounds are
// constants (so that the bounds of loops inside are constants too: g++ and clang then
// unroll triangular nests alike); else a loop.
template <class B, class E, class F>
SXLA_FORCE_INLINE void loop(B b, E e, F f) noexcept {
  if constexpr (is_constant<B> && is_constant<E>) {
    if constexpr (B::value < E::value) {
      [&]<index_t... I>(std::integer_sequence<index_t, I...>) SXLA_LAMBDA_INLINE {
        (f(constant<B::value + I>{}), ...);
      }(std::make_integer_sequence<index_t, E::value - B::value>{});
    }
  } else {
    for (index_t i = b; i < e; ++i) f(i);
  }
}
// i + 1, a constant if i is one.
template <class I>
SXLA_FORCE_INLINE constexpr auto next(I i) noexcept {
  if constexpr (is_constant<I>) {
    return constant<I::value + 1>{};
  } else {
    return i + 1;
  }
}
// V as a constant (Unroll), else as a number: a loop bound.
template <bool Unroll, index_t V>
SXLA_FORCE_INLINE constexpr auto bound() noexcept {
  if constexpr (Unroll) {
    return constant<V>{};
  } else {
    return V;
  }
}
// f(i) for i in [0, K), unrolled up to repeat_limit.
template <index_t K, class F>
SXLA_FORCE_INLINE void repeat(F f) noexcept {
  loop(bound<(K <= repeat_limit), 0>(), bound<(K <= repeat_limit), K>(), f);
}

// x[at(e)] = element e of the L matrices of E elements at p, p + E, ... (at a permutation
// of [0, E)): chunks of L elements of each, transposed (loads and transpose_square), or
// gathers below L elements. Reads the L matrices whole; prefetch: also brings the next L
// matrices' chunks into the cache.
template <index_t E, class T, class At>
SXLA_FORCE_INLINE void load_group(const T* p, simd::vec<T>* x, At at, bool prefetch) noexcept {
  using V = simd::vec<T>;
  constexpr auto l = static_cast<index_t>(simd::lanes<T>);
  if constexpr (E >= l) {
    for (index_t c0 = 0; c0 < E; c0 += l) {
      const index_t c = c0 + l <= E ? c0 : E - l;  // the last chunk overlaps the one before
      V v[l];
      if (prefetch) {
        _Pragma("GCC unroll 64") for (index_t k = 0; k < l; ++k) SXLA_PREFETCH(p + (l + k) * E + c);
      }
      _Pragma("GCC unroll 64") for (index_t k = 0; k < l; ++k) v[k] = simd::load(p + k * E + c);
      simd::transpose_square(v);
      _Pragma("GCC unroll 64") for (index_t j = 0; j < l; ++j) x[at(c + j)] = v[j];
    }
  } else {
    _Pragma("GCC unroll 64") for (index_t e = 0; e < E; ++e) x[at(e)] = simd::gather(p + e, E);
  }
}

// The inverse of load_group: writes the L matrices whole (transpose_square and stores, or
// stores of the first E lanes below L elements).
template <index_t E, class T, class At>
SXLA_FORCE_INLINE void store_group(const simd::vec<T>* x, T* p, At at) noexcept {
  using V = simd::vec<T>;
  constexpr auto l = static_cast<index_t>(simd::lanes<T>);
  if constexpr (E >= l) {
    for (index_t c0 = 0; c0 < E; c0 += l) {
      const index_t c = c0 + l <= E ? c0 : E - l;
      V v[l];
      _Pragma("GCC unroll 64") for (index_t j = 0; j < l; ++j) v[j] = x[at(c + j)];
      simd::transpose_square(v);
      _Pragma("GCC unroll 64") for (index_t k = 0; k < l; ++k) simd::store(v[k], p + k * E + c);
    }
  } else {
    V v[l];
    _Pragma("GCC unroll 64") for (index_t j = 0; j < l; ++j) v[j] = j < E ? x[at(j)] : simd::zero<T>();
    simd::transpose_square(v);
    _Pragma("GCC unroll 64") for (index_t k = 0; k < l; ++k) {
      simd::store_n(v[k], p + k * E, static_cast<std::size_t>(E));
    }
  }
}

// load_group for the first n < L matrices, lane by lane: only the elements e with used(e)
// (the others of x are left as they are), lanes from n on pad(e).
template <index_t E, class T, class At, class Used, class Pad>
void load_lanes(const T* p, index_t n, simd::vec<T>* x, At at, Used used, Pad pad) noexcept {
  constexpr auto l = static_cast<index_t>(simd::lanes<T>);
  alignas(64) T t[l];
  for (index_t e = 0; e < E; ++e) {
    if (!used(e)) continue;
    for (index_t k = 0; k < l; ++k) t[k] = k < n ? p[k * E + e] : pad(e);
    x[at(e)] = simd::load(static_cast<const T*>(t));
  }
}

// The inverse of load_lanes: writes the elements e with used(e) of the first n matrices.
template <index_t E, class T, class At, class Used>
void store_lanes(const simd::vec<T>* x, T* p, index_t n, At at, Used used) noexcept {
  constexpr auto l = static_cast<index_t>(simd::lanes<T>);
  alignas(64) T t[l];
  for (index_t e = 0; e < E; ++e) {
    if (!used(e)) continue;
    simd::store(x[at(e)], static_cast<T*>(t));
    for (index_t k = 0; k < n; ++k) p[k * E + e] = t[k];
  }
}

// cholesky_lower (triangular.hpp) in every lane: the lower factor of the N x N matrices
// whose element (i, j) is x[i * N + j] (Upper: x[j * N + i], the conjugate transposed view
// cholesky<true> factors), in place, column by column in the same order.
template <index_t N, bool Upper, class V>
SXLA_FORCE_INLINE void factor(V* x) noexcept {
  constexpr bool unroll = N * N * N <= 6 * unroll_limit;
  const auto at = [x](index_t i, index_t j) SXLA_LAMBDA_INLINE -> V& { return x[Upper ? j * N + i : i * N + j]; };
  const auto zero = bound<unroll, 0>();
  loop(zero, bound<unroll, N>(), [&](auto j) SXLA_LAMBDA_INLINE {
    V d = at(j, j);
    loop(zero, j, [&](auto k) SXLA_LAMBDA_INLINE { d = simd::sub(d, simd::mul(at(j, k), at(j, k))); });
    // NaN unless d > 0 (a zero, negative or NaN pivot), as cholesky_lower.
    using T = simd::element_of<V>;
    const V pivot = simd::select(d > simd::splat<V>(T(0)), simd::sqrt(d),
                                 simd::splat<V>(std::numeric_limits<T>::quiet_NaN()));
    at(j, j) = pivot;
    loop(next(j), bound<unroll, N>(), [&](auto i) SXLA_LAMBDA_INLINE {
      V s = at(i, j);
      loop(zero, j, [&](auto k) SXLA_LAMBDA_INLINE { s = simd::sub(s, simd::mul(at(i, k), at(j, k))); });
      at(i, j) = simd::div(s, pivot);
    });
  });
}

// solve_left (triangular.hpp) in every lane: op(a) x = b in place of x, the M x M view
// op(a) at a[i * M + p] (lower, else upper), x M x N at x[i * N + c]; Unit: the diagonal
// taken as 1 and not read. Each row of x is kept in registers (acc) while the rows solved
// before it are subtracted in order.
template <index_t M, index_t N, bool Lower, bool Unit, class V>
SXLA_FORCE_INLINE void substitute(const V* a, V* x) noexcept {
  constexpr bool unroll = M * M * N <= unroll_limit;
  const auto zero = bound<unroll, 0>();
  loop(zero, bound<unroll, M>(), [&](auto step) SXLA_LAMBDA_INLINE {
    const index_t i = Lower ? static_cast<index_t>(step) : M - 1 - step;
    V acc[N];
    repeat<N>([&](index_t c) SXLA_LAMBDA_INLINE { acc[c] = x[i * N + c]; });
    loop(zero, step, [&](auto q) SXLA_LAMBDA_INLINE {
      const index_t p = Lower ? static_cast<index_t>(q) : M - 1 - q;
      const V f = a[i * M + p];
      repeat<N>([&](index_t c) SXLA_LAMBDA_INLINE { acc[c] = simd::sub(acc[c], simd::mul(f, x[p * N + c])); });
    });
    if constexpr (!Unit) {
      const V pivot = a[i * M + i];
      repeat<N>([&](index_t c) SXLA_LAMBDA_INLINE { acc[c] = simd::div(acc[c], pivot); });
    }
    repeat<N>([&](index_t c) SXLA_LAMBDA_INLINE { x[i * N + c] = acc[c]; });
  });
}

template <index_t N, bool Upper, class T>
void cholesky_groups(T* p, index_t count) noexcept {
  using V = simd::vec<T>;
  constexpr index_t e = N * N;
  constexpr auto l = static_cast<index_t>(simd::lanes<T>);
  const auto same = [](index_t i) SXLA_LAMBDA_INLINE { return i; };
  V x[e];
  index_t k = 0;
  for (; k + l <= count; k += l) {
    load_group<e>(p + k * e, x, same, k + 2 * l <= count);
    factor<N, Upper>(x);
    store_group<e>(x, p + k * e, same);
  }
  if (k < count) {
    const auto named = [](index_t i) { return Upper ? i % N >= i / N : i % N <= i / N; };
    const auto identity = [](index_t i) { return i % N == i / N ? T(1) : T(0); };
    load_lanes<e>(p + k * e, count - k, x, same, named, identity);
    factor<N, Upper>(x);
    store_lanes<e>(x, p + k * e, count - k, same, named);
  }
}

// The solves of `count` systems in the form solve_left computes: ATrans, a's op(a) (left)
// or op(a)^T (right) is the transpose of a as stored; XTrans, x is b^T (right); Lower,
// Unit as solve_left sees them.
template <index_t M, index_t N, class T, bool ATrans, bool XTrans, bool Lower, bool Unit>
void solve_groups(const T* a, const T* b, T* x, index_t count) noexcept {
  using V = simd::vec<T>;
  constexpr index_t ea = M * M, eb = M * N;
  constexpr auto l = static_cast<index_t>(simd::lanes<T>);
  // Element e of a as stored, (e / M, e % M), is element (e % M, e / M) of the view.
  const auto at_a = [](index_t e) SXLA_LAMBDA_INLINE { return ATrans ? e % M * M + e / M : e; };
  // b is N x M when XTrans: its element (e / M, e % M) is x's (e % M, e / M).
  const auto at_x = [](index_t e) SXLA_LAMBDA_INLINE { return XTrans ? e % M * N + e / M : e; };
  V av[ea]{}, xv[eb]{};  // (zeroed: g++ cannot see that the loads fill every element)
  index_t k = 0;
  for (; k + l <= count; k += l) {
    load_group<ea>(a + k * ea, av, at_a, k + 2 * l <= count);
    load_group<eb>(b + k * eb, xv, at_x, k + 2 * l <= count);
    substitute<M, N, Lower, Unit>(av, xv);
    store_group<eb>(xv, x + k * eb, at_x);
  }
  if (k < count) {
    // The elements of a the solve reads: its triangle as stored, without the diagonal
    // when Unit.
    const auto read = [](index_t e) {
      const index_t r = e / M, c = e % M;
      const bool stored_lower = ATrans ? !Lower : Lower;
      return (stored_lower ? c <= r : c >= r) && !(Unit && r == c);
    };
    const auto all = [](index_t) { return true; };
    const auto identity = [](index_t e) { return e % M == e / M ? T(1) : T(0); };
    const auto zero = [](index_t) { return T(0); };
    load_lanes<ea>(a + k * ea, count - k, av, at_a, read, identity);
    load_lanes<eb>(b + k * eb, count - k, xv, at_x, all, zero);
    substitute<M, N, Lower, Unit>(av, xv);
    store_lanes<eb>(xv, x + k * eb, count - k, at_x, all);
  }
}

// The left solves of G systems at a time, vectorised over the columns of b (N of them, at
// least L) instead of across the systems: no transposition, the arithmetic of solve_groups
// without its shuffles. Columns [v0 * L, (v0 + VB) * L) (VB vectors, the last of the row
// possibly partial): each row of x kept in registers while the rows solved before it are
// subtracted, in solve_left's order (Lower, Unit as solve_left sees op(a); ATrans, op(a)
// is the transpose of a as stored). The G systems in step hide the latency of each row's
// chain of subtractions; prefetch: a share of the next G systems' cache lines at each row.
template <index_t M, index_t N, index_t G, index_t VB, class T, bool ATrans, bool Lower, bool Unit>
SXLA_FORCE_INLINE void solve_column_block(const T* a, const T* b, T* x, index_t v0, bool prefetch) noexcept {
  using V = simd::vec<T>;
  constexpr auto l = static_cast<index_t>(simd::lanes<T>);
  constexpr index_t nv = (N + l - 1) / l, last = N - (nv - 1) * l;  // vectors per row, lanes of the last
  const auto width = [v0](index_t v) SXLA_LAMBDA_INLINE { return v0 + v + 1 < nv ? l : last; };
  const auto ld = [&](const T* p, index_t v) SXLA_LAMBDA_INLINE {
    const T* q = p + (v0 + v) * l;
    return width(v) == l ? simd::load(q) : simd::load_n(q, static_cast<std::size_t>(width(v)));
  };
  const auto at = [a](index_t g, index_t i, index_t p) SXLA_LAMBDA_INLINE {
    return a[g * M * M + (ATrans ? p * M + i : i * M + p)];
  };
  constexpr index_t line = 64 / static_cast<index_t>(sizeof(T));
  constexpr index_t lines_a = (M * M + line - 1) / line, lines_b = (M * N + line - 1) / line;
  constexpr index_t per_step_a = (lines_a + M - 1) / M, per_step_b = (lines_b + M - 1) / M;
  for (index_t step = 0; step < M; ++step) {
    const index_t i = Lower ? step : M - 1 - step;
    if (prefetch) {
      repeat<G>([&](index_t g) SXLA_LAMBDA_INLINE {
        for (index_t r = step * per_step_a; r < (step + 1) * per_step_a && r < lines_a; ++r)
          SXLA_PREFETCH(a + (G + g) * M * M + r * line);
        for (index_t r = step * per_step_b; r < (step + 1) * per_step_b && r < lines_b; ++r)
          SXLA_PREFETCH(b + (G + g) * M * N + r * line);
      });
    }
    // Row i of b, minus the rows of x solved before it.
    V acc[G][VB];
    repeat<G>([&](index_t g) SXLA_LAMBDA_INLINE {
      repeat<VB>([&](index_t v) SXLA_LAMBDA_INLINE { acc[g][v] = ld(b + g * M * N + i * N, v); });
    });
    for (index_t q = 0; q < step; ++q) {
      const index_t p = Lower ? q : M - 1 - q;
      repeat<G>([&](index_t g) SXLA_LAMBDA_INLINE {
        const V f = simd::splat<V>(at(g, i, p));
        repeat<VB>([&](index_t v) SXLA_LAMBDA_INLINE {
          acc[g][v] = simd::sub(acc[g][v], simd::mul(f, ld(x + g * M * N + p * N, v)));
        });
      });
    }
    repeat<G>([&](index_t g) SXLA_LAMBDA_INLINE {
      if constexpr (!Unit) {
        const V pivot = simd::splat<V>(at(g, i, i));
        repeat<VB>([&](index_t v) SXLA_LAMBDA_INLINE { acc[g][v] = simd::div(acc[g][v], pivot); });
      }
      repeat<VB>([&](index_t v) SXLA_LAMBDA_INLINE {
        T* row = x + g * M * N + i * N + (v0 + v) * l;
        if (width(v) == l) {
          simd::store(acc[g][v], row);
        } else {
          simd::store_n(acc[g][v], row, static_cast<std::size_t>(width(v)));
        }
      });
    });
  }
}

// Vector registers the right-looking form below may hold its rows of x in.
inline constexpr index_t register_rows = 24;

// The left solves of G systems whose M rows of x (nv vectors each) all fit register_rows
// vectors: right-looking instead. Every row of b is loaded into registers first; once row
// i is divided by its pivot and stored, its multiples are subtracted from each row after
// it. Each row still receives its subtractions in solve_left's order (the rounding is the
// same), but the chain of dependent operations is one subtraction and one division per
// row, not a row's whole dot product: the rows after i are updated independently of each
// other. Unrolled completely (the registers are named by constants) where SXLA_FULL_UNROLL.
template <index_t M, index_t N, index_t G, class T, bool ATrans, bool Lower, bool Unit>
SXLA_FORCE_INLINE void solve_registers(const T* a, const T* b, T* x, bool prefetch) noexcept {
  using V = simd::vec<T>;
  constexpr auto l = static_cast<index_t>(simd::lanes<T>);
  constexpr index_t nv = (N + l - 1) / l, last = N - (nv - 1) * l;
  constexpr bool unroll = G * M * M * nv <= unroll_limit;
  const auto zero = bound<unroll, 0>();
  const auto rows = bound<unroll, M>();
  const auto at = [a](index_t g, index_t i, index_t p) SXLA_LAMBDA_INLINE {
    return a[g * M * M + (ATrans ? p * M + i : i * M + p)];
  };
  const auto row = [](index_t step) SXLA_LAMBDA_INLINE { return Lower ? step : M - 1 - step; };
  constexpr index_t line = 64 / static_cast<index_t>(sizeof(T));
  constexpr index_t lines = (M * M + M * N + line - 1) / line, per_step = (lines + M - 1) / M;
  V acc[G][M][nv];
  loop(zero, bound<unroll, G>(), [&](auto g) SXLA_LAMBDA_INLINE {
    loop(zero, rows, [&](auto i) SXLA_LAMBDA_INLINE {
      loop(zero, bound<unroll, nv>(), [&](auto v) SXLA_LAMBDA_INLINE {
        const T* q = b + g * M * N + i * N + v * l;
        acc[g][i][v] = v + 1 < nv ? simd::load(q) : simd::load_n(q, static_cast<std::size_t>(last));
      });
    });
  });
  loop(zero, rows, [&](auto step) SXLA_LAMBDA_INLINE {
    if (prefetch) {
      // The next G systems' a and b, as whole cache lines of the G * (M * M + M * N)
      // elements from a and from b (the two are separate arrays), a share per step.
      for (index_t r = step * per_step; r < (step + 1) * per_step && r < lines; ++r) {
        repeat<G>([&](index_t g) SXLA_LAMBDA_INLINE {
          if (r * line < M * M) SXLA_PREFETCH(a + (G + g) * M * M + r * line);
          if (r * line < M * N) SXLA_PREFETCH(b + (G + g) * M * N + r * line);
        });
      }
    }
    const index_t i = row(step);
    loop(zero, bound<unroll, G>(), [&](auto g) SXLA_LAMBDA_INLINE {
      if constexpr (!Unit) {
        const V pivot = simd::splat<V>(at(g, i, i));
        repeat<nv>([&](index_t v) SXLA_LAMBDA_INLINE { acc[g][i][v] = simd::div(acc[g][i][v], pivot); });
      }
      repeat<nv>([&](index_t v) SXLA_LAMBDA_INLINE {
        T* q = x + g * M * N + i * N + v * l;
        if (v + 1 < nv) {
          simd::store(acc[g][i][v], q);
        } else {
          simd::store_n(acc[g][i][v], q, static_cast<std::size_t>(last));
        }
      });
      loop(next(step), rows, [&](auto later) SXLA_LAMBDA_INLINE {
        const index_t j = row(later);
        const V f = simd::splat<V>(at(g, j, i));
        repeat<nv>([&](index_t v) SXLA_LAMBDA_INLINE {
          acc[g][j][v] = simd::sub(acc[g][j][v], simd::mul(f, acc[g][i][v]));
        });
      });
    });
  });
}

// G systems: their columns in blocks of at most 8 vectors.
template <index_t M, index_t N, index_t G, class T, bool ATrans, bool Lower, bool Unit>
SXLA_FORCE_INLINE void solve_columns_step(const T* a, const T* b, T* x, bool prefetch) noexcept {
  constexpr auto l = static_cast<index_t>(simd::lanes<T>);
  constexpr index_t nv = (N + l - 1) / l, vb = nv < 8 ? nv : 8;
  index_t v0 = 0;
  for (; v0 + vb <= nv; v0 += vb)
    solve_column_block<M, N, G, vb, T, ATrans, Lower, Unit>(a, b, x, v0, prefetch && v0 == 0);
  if constexpr (nv % vb != 0) solve_column_block<M, N, G, nv % vb, T, ATrans, Lower, Unit>(a, b, x, v0, false);
}

template <index_t M, index_t N, class T, bool ATrans, bool Lower, bool Unit>
void solve_columns(const T* a, const T* b, T* x, index_t count) noexcept {
  constexpr auto l = static_cast<index_t>(simd::lanes<T>);
  constexpr index_t nv = (N + l - 1) / l;
  // Counted down with pointer steps (an index times the matrix size makes g++ -O3 warn of
  // iterations it cannot reach).
  index_t left = count;
  if constexpr (M * nv <= register_rows) {
    constexpr index_t g = register_rows / (M * nv) < 4 ? register_rows / (M * nv) : 4;  // systems in step
    for (; left >= g; left -= g, a += g * M * M, b += g * M * N, x += g * M * N)
      solve_registers<M, N, g, T, ATrans, Lower, Unit>(a, b, x, left >= 2 * g);
    for (; left > 0; --left, a += M * M, b += M * N, x += M * N)
      solve_registers<M, N, 1, T, ATrans, Lower, Unit>(a, b, x, false);
  } else {
    constexpr index_t g = nv >= 4 ? 1 : 4 / nv;  // systems in step
    for (; left >= g; left -= g, a += g * M * M, b += g * M * N, x += g * M * N)
      solve_columns_step<M, N, g, T, ATrans, Lower, Unit>(a, b, x, left >= 2 * g);
    for (; left > 0; --left, a += M * M, b += M * N, x += M * N)
      solve_columns_step<M, N, 1, T, ATrans, Lower, Unit>(a, b, x, false);
  }
}

}  // namespace triangular_batch_detail

// cholesky<Upper>(p + k * N * N, N) for k in [0, count): p holds count row-major N x N
// matrices back to back, each replaced by its Cholesky factor in its named triangle (the
// upper one with Upper), the same operations in each lane as the per-matrix kernel.
template <index_t N, bool Upper, class T>
void cholesky_across(T* p, index_t count) noexcept {
  if constexpr (triangular_batch_detail::across<T, N * N>()) {
    triangular_batch_detail::cholesky_groups<N, Upper>(p, count);
  } else {
    for (index_t k = 0; k < count; ++k) cholesky<Upper>(p + k * N * N, N);
  }
}

// triangular_solve(a + k * M * M, x + k * M * N, M, N, Left, Lower, Unit, Op) for k in
// [0, count) on x = b: a holds count row-major M x M matrices, b and x count M x N (left)
// or N x M (right) ones; b is read and the solutions written to x (which may be b itself,
// not a partial overlap), the same operations in each lane as the per-matrix kernel (its
// unblocked form). The form is a template argument: only it is instantiated.
template <index_t M, index_t N, bool Left, bool Lower, bool Unit, triangular_op Op, class T>
void solve_across(const T* a, const T* b, T* x, index_t count) noexcept {
  if constexpr (triangular_batch_detail::real_vectors<T>() && M > 0 && N > 0) {
    // As triangular_solve: x op(a) = b is op(a)^T x^T = b^T; for real T the adjoint is
    // the transpose.
    constexpr bool transposed = Left == (Op != triangular_op::none);
    constexpr bool view_lower = transposed ? !Lower : Lower;
    if constexpr (Left && N >= static_cast<index_t>(simd::lanes<T>)) {
      triangular_batch_detail::solve_columns<M, N, T, transposed, view_lower, Unit>(a, b, x, count);
      return;
    } else if constexpr (triangular_batch_detail::across<T, M * M>() && triangular_batch_detail::across<T, M * N>()) {
      triangular_batch_detail::solve_groups<M, N, T, transposed, !Left, view_lower, Unit>(a, b, x, count);
      return;
    }
  }
  for (index_t k = 0; k < count; ++k) {
    if (x != b)
      for (index_t e = 0; e < M * N; ++e) x[k * M * N + e] = b[k * M * N + e];
    triangular_solve(a + k * M * M, x + k * M * N, M, N, Left, Lower, Unit, Op);
  }
}

// The same in place: b := x.
template <index_t M, index_t N, bool Left, bool Lower, bool Unit, triangular_op Op, class T>
void solve_across(const T* a, T* b, index_t count) noexcept {
  solve_across<M, N, Left, Lower, Unit, Op>(a, static_cast<const T*>(b), b, count);
}

}  // namespace sxla::kernels

#endif  // SXLA_KERNELS_TRIANGULAR_BATCH_HPP
