// sxla/kernels/gemv.hpp: matrix-vector products for dot and dot_general (one row of the
// result, or one column), and products with a few rows (gemm_few_rows), straight on the
// operands: no packing, no workspace, every size and stride a compile-time constant.
//   y[j * YS] = sum_p x[p * XS] * M(p, j)     j < N, p < K
// M is the operand that is a matrix; x, the vector, may have any element type (each
// element is converted once, when broadcast). Two forms, chosen from M's layout:
//
//   gemv_axpy  M(p, j) = m[p * RS + j]: M's rows contiguous along j (x . W for W[K, N]
//              row-major, W . v for W[N, K] column-major). y is NV vectors at a time in
//              registers; for each p, one broadcast of x[p] and NV fmas with row p of M:
//              M streams through once, in order of its rows within each panel.
//   gemv_dot   M(p, j) = m[j * RS + p]: M's rows contiguous along p (W . v for W[N, K]
//              row-major, x . W^T). lanes<T> rows of M at a time, read as squares
//              transposed in registers (simd::load_transposed), so that each lane
//              accumulates one y[j] over p in order.
//   gemv_stream  gemv_axpy for matrices larger than L2: M read once, row after row.
//   gemm_few_rows  C = A B for up to a few tens of rows of A, B's rows contiguous: blocks
//              of rows x vectors of accumulators, B read in place (no packing).
//
// All keep the engine's order of summation (kernels/gemm.hpp): blocks of
// block_sum_order<T>() terms, fma from zero within a block in order of p, the blocks'
// sums added in order; so their results equal the engine's and dot's element-by-element
// path bit for bit. XLeft says which operand of the product the vector is (the lhs:
// madd(x, m), or the rhs: madd(m, x); the two differ for complex numbers).
//
// done(j0, count) is called once y[j0, j0 + count) is final (dot's fused epilogues).
// Memory: none. Threads: none.
#ifndef SXLA_KERNELS_GEMV_HPP
#define SXLA_KERNELS_GEMV_HPP

#include <cstddef>

#include "sxla/config.hpp"          // SXLA_FORCE_INLINE
#include "sxla/core/index.hpp"      // index_t
#include "sxla/kernels/gemm.hpp"    // gemm_detail::{lane_vec, width, ld, ld_n, st, st_n, bcast, plus, madd}, block_sum_order
#include "sxla/simd/vec.hpp"        // vec, load_transposed

namespace sxla::kernels {

namespace gemv_detail {
using namespace gemm_detail;

// x[p] * m or m * x[p] added to acc, the vector's element on its side of the product.
template <bool XLeft, class V>
SXLA_FORCE_INLINE V term(V xv, V mv, V acc) noexcept {
  if constexpr (XLeft) {
    return madd(xv, mv, acc);
  } else {
    return madd(mv, xv, acc);
  }
}

// y[0, n) (y[t * YS]) := the first n lanes of v.
template <class T, index_t YS>
SXLA_FORCE_INLINE void store_lanes(lane_vec<T> v, T* y, std::size_t n) noexcept {
  constexpr std::size_t L = width<T>;
  if constexpr (YS == 1) {
    if (n == L) {
      st(v, y);
    } else {
      st_n(v, y, n);
    }
  } else {
    alignas(64) T lane[L];
    st(v, lane);
    for (std::size_t t = 0; t < n; ++t) y[static_cast<index_t>(t) * YS] = lane[t];
  }
}

// y[0, n) (y[t * YS]) as the first n lanes of a vector, the others zero.
template <class T, index_t YS>
SXLA_FORCE_INLINE lane_vec<T> load_lanes(const T* y, std::size_t n) noexcept {
  constexpr std::size_t L = width<T>;
  if constexpr (YS == 1) {
    return n == L ? ld(y) : ld_n(y, n);
  } else {
    alignas(64) T lane[L] = {};
    for (std::size_t t = 0; t < n; ++t) lane[t] = y[static_cast<index_t>(t) * YS];
    return ld(lane);
  }
}

// y[0, NV * L) (the last vector Tail lanes) of the axpy form: each block of the
// contraction summed in NV vector registers from zero, over p in order (one broadcast
// of x[p], NV fmas with row p of M), then stored (the first block) or added to y.
template <class T, bool XLeft, std::size_t NV, std::size_t Tail, index_t K, index_t XS, index_t RS, index_t YS,
          class SX>
SXLA_FORCE_INLINE void axpy_panel(const SX* x, const T* m, T* y) noexcept {
  using V = lane_vec<T>;
  constexpr std::size_t L = width<T>;
  constexpr index_t kc = block_sum_order<T>();
  for (index_t p0 = 0; p0 < K; p0 += kc) {
    const index_t p1 = K - p0 < kc ? K : p0 + kc;
    V acc[NV];
#pragma GCC unroll 32
    for (std::size_t v = 0; v < NV; ++v) acc[v] = bcast<T>(T{});
    for (index_t p = p0; p < p1; ++p) {
      const V xv = bcast<T>(static_cast<T>(x[p * XS]));
      const T* row = m + p * RS;
#pragma GCC unroll 32
      for (std::size_t v = 0; v < NV; ++v) {
        const V mv = v + 1 < NV || Tail == L ? ld(row + v * L) : ld_n(row + v * L, Tail);
        acc[v] = term<XLeft>(xv, mv, acc[v]);
      }
    }
#pragma GCC unroll 32
    for (std::size_t v = 0; v < NV; ++v) {
      T* o = y + static_cast<index_t>(v * L) * YS;
      const std::size_t n = v + 1 < NV ? L : Tail;
      store_lanes<T, YS>(p0 == 0 ? acc[v] : plus(load_lanes<T, YS>(o, n), acc[v]), o, n);
    }
  }
}

// Rows [0, MR) x columns [0, NV * L) of C = A B (the last vector Tail lanes), A's
// element (i, p) at a[i * ARS + p * ACS], B's rows at stride BRS and C's at LDC, columns
// contiguous: per block of the contraction, MR x NV vector accumulators from zero, and
// for each p one load of NV vectors of B, MR broadcasts and MR x NV fmas; then stored
// (the first block) or added to C.
template <class T, std::size_t MR, std::size_t NV, std::size_t Tail, index_t K, index_t ARS, index_t ACS,
          index_t BRS, index_t LDC, class SA>
SXLA_FORCE_INLINE void rows_panel(const SA* a, const T* b, T* c) noexcept {
  using V = lane_vec<T>;
  constexpr std::size_t L = width<T>;
  constexpr index_t kc = block_sum_order<T>();
  for (index_t p0 = 0; p0 < K; p0 += kc) {
    const index_t p1 = K - p0 < kc ? K : p0 + kc;
    V acc[MR][NV];
#pragma GCC unroll 32
    for (std::size_t r = 0; r < MR; ++r)
#pragma GCC unroll 32
      for (std::size_t v = 0; v < NV; ++v) acc[r][v] = bcast<T>(T{});
    for (index_t p = p0; p < p1; ++p) {
      V bv[NV];
      const T* row = b + p * BRS;
#pragma GCC unroll 32
      for (std::size_t v = 0; v < NV; ++v) bv[v] = v + 1 < NV || Tail == L ? ld(row + v * L) : ld_n(row + v * L, Tail);
#pragma GCC unroll 32
      for (std::size_t r = 0; r < MR; ++r) {
        const V av = bcast<T>(static_cast<T>(a[static_cast<index_t>(r) * ARS + p * ACS]));
#pragma GCC unroll 32
        for (std::size_t v = 0; v < NV; ++v) acc[r][v] = madd(av, bv[v], acc[r][v]);
      }
    }
#pragma GCC unroll 32
    for (std::size_t r = 0; r < MR; ++r) {
#pragma GCC unroll 32
      for (std::size_t v = 0; v < NV; ++v) {
        T* o = c + static_cast<index_t>(r) * LDC + static_cast<index_t>(v * L);
        const std::size_t n = v + 1 < NV ? L : Tail;
        store_lanes<T, 1>(p0 == 0 ? acc[r][v] : plus(load_lanes<T, 1>(o, n), acc[r][v]), o, n);
      }
    }
  }
}

// Columns [0, w) of the rows [p0, p1) of M summed into dst in order, G rows at a time
// through memory (the streaming form of gemv_axpy): dst := the first row's terms (First)
// or dst + each row's, in order of p.
template <class T, bool XLeft, std::size_t G, bool First, index_t XS, index_t RS, class SX>
SXLA_FORCE_INLINE void stream_rows(const SX* x, const T* m, index_t p, index_t w, T* SXLA_RESTRICT dst) noexcept {
  using V = simd::vec<T>;
  constexpr auto l = static_cast<index_t>(width<T>);
  V xv[G];
  const T* row[G];
#pragma GCC unroll 16
  for (std::size_t g = 0; g < G; ++g) {
    xv[g] = bcast<T>(static_cast<T>(x[(p + static_cast<index_t>(g)) * XS]));
    row[g] = m + (p + static_cast<index_t>(g)) * RS;
  }
  index_t j = 0;
  for (; j + l <= w; j += l) {
    V acc = First ? bcast<T>(T{}) : simd::load(dst + j);
#pragma GCC unroll 16
    for (std::size_t g = 0; g < G; ++g) acc = term<XLeft>(xv[g], simd::load(row[g] + j), acc);
    simd::store(acc, dst + j);
  }
  if (j < w) {
    const auto n = static_cast<std::size_t>(w - j);
    V acc = First ? bcast<T>(T{}) : simd::load_n(dst + j, n);
#pragma GCC unroll 16
    for (std::size_t g = 0; g < G; ++g) acc = term<XLeft>(xv[g], simd::load_n(row[g] + j, n), acc);
    simd::store_n(acc, dst + j, n);
  }
}

// lanes<T> rows of M (rows[r]: the row of lane r), over p in [p0, p1): the sums in
// order from zero. Whole squares through load_transposed; the last columns (fewer than
// a vector) one lane at a time through memory.
template <class T, bool XLeft, index_t XS, class SX>
SXLA_FORCE_INLINE simd::vec<T> dot_block(const SX* x, const T* const (&rows)[width<T>], index_t p0,
                                        index_t p1) noexcept {
  constexpr std::size_t L = width<T>;
  using V = simd::vec<T>;
  V acc = bcast<T>(T{});
  const index_t squares = (p1 - p0) / static_cast<index_t>(L);
  for (index_t s = 0; s < squares; ++s) {
    const index_t p = p0 + s * static_cast<index_t>(L);
    const T* at[L];
#pragma GCC unroll 16
    for (std::size_t r = 0; r < L; ++r) at[r] = rows[r] + p;
    V col[L];
    simd::load_transposed(at, col);
#pragma GCC unroll 16
    for (std::size_t q = 0; q < L; ++q)
      acc = term<XLeft>(bcast<T>(static_cast<T>(x[(p + static_cast<index_t>(q)) * XS])), col[q], acc);
  }
  const index_t rest = p0 + squares * static_cast<index_t>(L);
  for (index_t q = 0; q < p1 - rest; ++q) {
    alignas(64) T lane[L];
    for (std::size_t r = 0; r < L; ++r) lane[r] = rows[r][rest + q];
    acc = term<XLeft>(bcast<T>(static_cast<T>(x[(rest + q) * XS])), simd::load(lane), acc);
  }
  return acc;
}
}  // namespace gemv_detail

// The axpy form's streaming variant, for matrices larger than L2 (they come from L3 or
// DRAM, and only the order of reading matters): M read once, row after row, 8 rows at a
// time, in panels of a 4 KiB page of each row; y's panel holds the sums of the first
// block of the contraction, `part` (on the stack) those of each later block, added to
// y's when complete.
template <class T, bool XLeft, index_t N, index_t K, index_t XS, index_t RS, class SX, class Done>
void gemv_stream(const SX* x, const T* m, T* y, Done&& done) noexcept {
  constexpr index_t kc = block_sum_order<T>();
  constexpr index_t pw = static_cast<index_t>(8192 / sizeof(T));
  constexpr std::size_t g = 8;
  alignas(64) T part[static_cast<std::size_t>(pw)];
  for (index_t j0 = 0; j0 < N; j0 += pw) {
    const index_t w = N - j0 < pw ? N - j0 : pw;
    for (index_t p0 = 0; p0 < K; p0 += kc) {
      const index_t p1 = K - p0 < kc ? K : p0 + kc;
      T* dst = p0 == 0 ? y + j0 : part;
      gemv_detail::stream_rows<T, XLeft, 1, true, XS, RS>(x, m + j0, p0, w, dst);
      index_t p = p0 + 1;
      for (; p + static_cast<index_t>(g) <= p1; p += static_cast<index_t>(g))
        gemv_detail::stream_rows<T, XLeft, g, false, XS, RS>(x, m + j0, p, w, dst);
      for (; p < p1; ++p) gemv_detail::stream_rows<T, XLeft, 1, false, XS, RS>(x, m + j0, p, w, dst);
      if (p0 != 0)
        for (index_t j = 0; j < w; ++j) y[j0 + j] = gemm_detail::plus(y[j0 + j], part[j]);
    }
    done(j0, w);
  }
}

// The axpy form (see the top): y[j * YS] = sum_p x[p * XS] * m[p * RS + j].
template <class T, bool XLeft, index_t N, index_t K, index_t XS, index_t RS, index_t YS, class SX, class Done>
void gemv_axpy(const SX* x, const T* m, T* y, Done&& done) noexcept {
  if constexpr (gemm_detail::vectors<T> && YS == 1 &&
                static_cast<std::size_t>(N) * static_cast<std::size_t>(K) * sizeof(T) > SXLA_L2_BYTES) {
    gemv_stream<T, XLeft, N, K, XS, RS>(x, m, y, done);
    return;
  }
  constexpr std::size_t L = gemm_detail::width<T>;
  // Panels of equal numbers of vectors, as many as the register file holds beside a
  // broadcast and a load (24 of AVX-512's 32, 12 of 16 elsewhere): each row of a panel
  // read as one contiguous run, and at least 8 independent chains of fmas where N has
  // them (the latency of 4 cycles at 2 per cycle).
  constexpr std::size_t most = L * sizeof(T) >= 64 ? 24 : 12;
  constexpr std::size_t vectors = (static_cast<std::size_t>(N) + L - 1) / L;
  constexpr std::size_t panels = (vectors + most - 1) / most;
  constexpr std::size_t nv = (vectors + panels - 1) / panels;
  constexpr auto panel = static_cast<index_t>(nv * L);
  index_t j0 = 0;
  for (; j0 + panel <= N; j0 += panel) {
    gemv_detail::axpy_panel<T, XLeft, nv, L, K, XS, RS, YS>(x, m + j0, y + j0 * YS);
    done(j0, panel);
  }
  if constexpr (N % panel != 0) {
    constexpr auto rest = static_cast<std::size_t>(N % panel);
    constexpr std::size_t v = (rest + L - 1) / L;
    gemv_detail::axpy_panel<T, XLeft, v, rest - (v - 1) * L, K, XS, RS, YS>(x, m + j0, y + j0 * YS);
    done(j0, static_cast<index_t>(rest));
  }
}

// C = A B for a few rows of A (M up to a few tens), straight on the operands: rows in
// blocks of at most a third of the register budget (8 on AVX-512), columns in panels of
// as many vectors as the rest of the budget holds; B's columns and C's contiguous.
// done(i, j0, count) once row i's columns [j0, j0 + count) are final.
template <class T, index_t M, index_t N, index_t K, index_t ARS, index_t ACS, index_t BRS, index_t LDC, class SA,
          class Done>
void gemm_few_rows(const SA* a, const T* b, T* c, Done&& done) noexcept {
  constexpr std::size_t L = gemm_detail::width<T>;
  constexpr std::size_t most = L * sizeof(T) >= 64 ? 24 : 12;
  constexpr auto max_rows = static_cast<index_t>(most / 3);
  constexpr index_t blocks = (M + max_rows - 1) / max_rows;
  constexpr index_t mr = (M + blocks - 1) / blocks;
  constexpr std::size_t vectors = (static_cast<std::size_t>(N) + L - 1) / L;
  constexpr std::size_t budget = most / static_cast<std::size_t>(mr) < 1 ? 1 : most / static_cast<std::size_t>(mr);
  constexpr std::size_t panels = (vectors + budget - 1) / budget;
  constexpr std::size_t nv = (vectors + panels - 1) / panels;
  constexpr auto panel = static_cast<index_t>(nv * L);
  auto row_block = [&]<std::size_t MR>(index_t i0) {
    index_t j0 = 0;
    for (; j0 + panel <= N; j0 += panel) {
      gemv_detail::rows_panel<T, MR, nv, L, K, ARS, ACS, BRS, LDC>(a + i0 * ARS, b + j0, c + i0 * LDC + j0);
      for (std::size_t r = 0; r < MR; ++r) done(i0 + static_cast<index_t>(r), j0, panel);
    }
    if constexpr (N % panel != 0) {
      constexpr auto rest = static_cast<std::size_t>(N % panel);
      constexpr std::size_t v = (rest + L - 1) / L;
      gemv_detail::rows_panel<T, MR, v, rest - (v - 1) * L, K, ARS, ACS, BRS, LDC>(a + i0 * ARS, b + j0,
                                                                                   c + i0 * LDC + j0);
      for (std::size_t r = 0; r < MR; ++r) done(i0 + static_cast<index_t>(r), j0, static_cast<index_t>(rest));
    }
  };
  index_t i0 = 0;
  for (; i0 + mr <= M; i0 += mr) row_block.template operator()<static_cast<std::size_t>(mr)>(i0);
  if constexpr (M % mr != 0) row_block.template operator()<static_cast<std::size_t>(M % mr)>(i0);
}

// The dot form (see the top): y[j * YS] = sum_p x[p * XS] * m[j * RS + p].
template <class T, bool XLeft, index_t N, index_t K, index_t XS, index_t RS, index_t YS, class SX, class Done>
void gemv_dot(const SX* x, const T* m, T* y, Done&& done) noexcept {
  if constexpr (gemm_detail::vectors<T>) {
    constexpr std::size_t L = gemm_detail::width<T>;
    constexpr auto l = static_cast<index_t>(L);
    constexpr index_t kc = block_sum_order<T>();
    for (index_t j0 = 0; j0 < N; j0 += l) {
      const auto count = static_cast<std::size_t>(N - j0 < l ? N - j0 : l);
      // Rows past the last read the last one again (their lanes are not stored).
      const T* rows[L];
      for (std::size_t r = 0; r < L; ++r)
        rows[r] = m + (r < count ? j0 + static_cast<index_t>(r) : N - 1) * RS;
      simd::vec<T> total = gemv_detail::dot_block<T, XLeft, XS>(x, rows, 0, K < kc ? K : kc);
      for (index_t p0 = kc; p0 < K; p0 += kc)
        total = simd::add(total, gemv_detail::dot_block<T, XLeft, XS>(x, rows, p0, K - p0 < kc ? K : p0 + kc));
      gemv_detail::store_lanes<T, YS>(total, y + j0 * YS, count);
      done(j0, static_cast<index_t>(count));
    }
  } else {
    // One element at a time (complex numbers, the scalar backend).
    constexpr index_t kc = block_sum_order<T>();
    for (index_t j = 0; j < N; ++j) {
      const T* row = m + j * RS;
      T total{};
      for (index_t p0 = 0; p0 < K; p0 += kc) {
        T part{};
        for (index_t p = p0; p < (K - p0 < kc ? K : p0 + kc); ++p)
          part = gemv_detail::term<XLeft>(static_cast<T>(x[p * XS]), row[p], part);
        total = p0 == 0 ? part : gemm_detail::plus(total, part);
      }
      y[j * YS] = total;
      done(j, index_t{1});
    }
  }
}

}  // namespace sxla::kernels

#endif  // SXLA_KERNELS_GEMV_HPP
