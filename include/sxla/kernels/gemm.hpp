// sxla/kernels/gemm.hpp: the matrix-multiply engine under dot and dot_general, written
// over the SIMD vocabulary (simd/vec.hpp); the kernels layer holds whole algorithms,
// the vocabulary only operations on vectors.
//   C[i, j] = sum_p A[i, p] * B[p, j]     A: m x k, B: k x n, C: m x n, row stride ldc
// Operands are strided matrices of any element type (matrix_ref: element (r, c) at
// p[r * rs + c * cs]), converted to the computing type T while packed (bf16 -> f32,
// s8 -> s32). The engine follows Goto and BLIS:
//
//   for each block of mc rows of A                  A panel  mc x kc  (L3)
//     for each block of kc of the contraction       packed in MR-row strips
//       for each block of nc columns of B           B block  kc x nc  (L2)
//         for each strip of MR rows                 A strip  MR x kc  (L1)
//           for each strip of NR columns            B strip  kc x NR  (streamed from L2)
//             micro-kernel: MR x NR of C in registers (MR x NV vectors), kc rank-1 updates
//
// MR x NV is chosen for the register file (12 x 2 vectors on AVX-512: 24 accumulators,
// 2 loads and 12 broadcasts per 24 fmas), kc, nc and mc from the cache sizes of
// config.hpp. Edges are not special: packing pads the last strips with zeros and the
// kernel stores only the rows and columns that exist (masked stores).
//
// Summation order (what makes the result deterministic and the same on every backend,
// vector or scalar): C[i, j] is the sum over consecutive blocks of kc terms; within a
// block the terms are accumulated in order by fma from 0 (acc = fma(a, b, acc)), and the
// blocks' sums are added in order (C = b_0, C = C + b_1, ...). block_sum_order() tells
// kc for a type; dot's element-by-element path (and the test's reference) follows it.
// On targets without FMA instructions (SXLA_HAS_FMA 0) each term is a rounded product
// added to the accumulator (mul_add), in the same order.
//
// Small static products (every dimension at most small_gemm_limit) skip packing: the
// same register blocking runs straight on the operands, every loop bound a constant.
//
// Memory: gemm() takes a caller's workspace of gemm_workspace_size<T>(m, n, k)
// elements. Threads: none.
#ifndef SXLA_KERNELS_GEMM_HPP
#define SXLA_KERNELS_GEMM_HPP

#include <complex>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "sxla/config.hpp"         // SXLA_FORCE_INLINE, SXLA_L1D_BYTES, SXLA_L2_BYTES, SXLA_L3_BYTES
#include "sxla/core/element_type.hpp"  // is_complex_v
#include "sxla/core/index.hpp"     // index_t
#include "sxla/kernels/strided_matrix.hpp"  // strided_matrix
#include "sxla/simd/vec.hpp"       // vec, load, store, load_n, store_n, mul_add, splat, lanes, transpose_square

namespace sxla::kernels {

// A read-only strided matrix: element (r, c) is p[r * rs + c * cs] (a strided_matrix of
// const S; the engine also takes conjugated ones, strided_matrix<const S, true>).
template <class S>
using matrix_ref = strided_matrix<const S>;

namespace gemm_detail {

// Whether T runs on vectors (else on one lane at a time: complex numbers, the scalar
// backend).
template <class T>
inline constexpr bool vectors = simd::has_vec<T> && !is_complex_v<T>;

template <class T>
using lane_vec = std::conditional_t<vectors<T>, simd::vec<T>, T>;

template <class T>
inline constexpr std::size_t width = vectors<T> ? simd::lanes<T> : 1;

template <class T>
SXLA_FORCE_INLINE lane_vec<T> ld(const T* p) noexcept {
  if constexpr (vectors<T>) {
    return simd::load(p);
  } else {
    return *p;
  }
}
template <class T>
SXLA_FORCE_INLINE lane_vec<T> ld_n(const T* p, std::size_t n) noexcept {
  if constexpr (vectors<T>) {
    return simd::load_n(p, n);
  } else {
    return *p;
  }
}
template <class T>
SXLA_FORCE_INLINE void st(lane_vec<T> v, T* p) noexcept {
  if constexpr (vectors<T>) {
    simd::store(v, p);
  } else {
    *p = v;
  }
}
template <class T>
SXLA_FORCE_INLINE void st_n(lane_vec<T> v, T* p, std::size_t n) noexcept {
  if constexpr (vectors<T>) {
    simd::store_n(v, p, n);
  } else {
    *p = v;
  }
}
template <class T>
SXLA_FORCE_INLINE lane_vec<T> bcast(T x) noexcept {
  if constexpr (vectors<T>) {
    return simd::splat<simd::vec<T>>(x);
  } else {
    return x;
  }
}
template <class V>
SXLA_FORCE_INLINE constexpr V plus(V a, V b) noexcept {
  if constexpr (is_complex_v<V>) {
    return {a.real() + b.real(), a.imag() + b.imag()};
  } else {
    return simd::add(a, b);
  }
}
template <class V>
SXLA_FORCE_INLINE constexpr V minus(V a, V b) noexcept {
  if constexpr (is_complex_v<V>) {
    return {a.real() - b.real(), a.imag() - b.imag()};
  } else {
    return simd::sub(a, b);
  }
}
// How the micro-kernel stores its block of C: C = AB, C += AB or C -= AB.
enum class store_mode { assign, add, subtract };
// acc + a * b, rounded as the engine's order says: fused for reals (integers wrap);
// for complex numbers (x + iy)(u + iv) = (xu - yv) + i(xv + yu), each part two fmas.
template <class V>
SXLA_FORCE_INLINE constexpr V madd(V a, V b, V acc) noexcept {
  if constexpr (is_complex_v<V>) {
    using R = typename V::value_type;
    const R re = simd::mul_add(-a.imag(), b.imag(), simd::mul_add(a.real(), b.real(), acc.real()));
    const R im = simd::mul_add(a.imag(), b.real(), simd::mul_add(a.real(), b.imag(), acc.imag()));
    return {re, im};
  } else {
    return simd::mul_add(a, b, acc);
  }
}
}  // namespace gemm_detail

// The register blocking and cache blocking for computing type T.
template <class T>
struct gemm_params {
  static constexpr std::size_t lanes = gemm_detail::width<T>;
  // MR rows x NV vectors of accumulators; 24 of the 32 registers of AVX-512 (16 of 16
  // otherwise), leaving room for the B vectors and a broadcast.
  static constexpr std::size_t nv = gemm_detail::vectors<T> ? 2 : 4;
  static constexpr std::size_t mr = gemm_detail::vectors<T> ? (lanes * sizeof(T) >= 64 ? 12 : 6) : 4;
  static constexpr std::size_t nr = nv * lanes;
  // kc: an A strip (mr x kc) takes half of L1; nc: a B block (kc x nc) half of L2;
  // mc: an A panel (mc x kc) a quarter of L3.
  static constexpr index_t kc = [] {
    index_t k = static_cast<index_t>(SXLA_L1D_BYTES / 2 / (mr * sizeof(T)));
    k -= k % 16;
    return k < 16 ? index_t{16} : (k > 512 ? index_t{512} : k);
  }();
  static constexpr index_t nc = [] {
    index_t n = static_cast<index_t>(SXLA_L2_BYTES / 2 / (static_cast<std::size_t>(kc) * sizeof(T)));
    n -= n % static_cast<index_t>(nr);
    return n < static_cast<index_t>(nr) ? static_cast<index_t>(nr) : n;
  }();
  static constexpr index_t mc = [] {
    index_t m = static_cast<index_t>(SXLA_L3_BYTES / 4 / (static_cast<std::size_t>(kc) * sizeof(T)));
    m -= m % static_cast<index_t>(mr);
    return m < static_cast<index_t>(mr) ? static_cast<index_t>(mr) : m;
  }();
};

// The length of the blocks of the summation order (see the top).
template <class T>
constexpr index_t block_sum_order() noexcept {
  return gemm_params<T>::kc;
}

// The workspace gemm() needs, in elements of T.
template <class T>
constexpr std::size_t gemm_workspace_size(index_t m, index_t n, index_t k) noexcept {
  using P = gemm_params<T>;
  auto round_up = [](index_t x, index_t r) { return (x + r - 1) / r * r; };
  const index_t kc = k < P::kc ? k : P::kc;
  const index_t mc = round_up(m < P::mc ? m : P::mc, static_cast<index_t>(P::mr));
  const index_t nc = round_up(n < P::nc ? n : P::nc, static_cast<index_t>(P::nr));
  return static_cast<std::size_t>(kc * (mc + nc));
}

namespace gemm_detail {

// Rows [i0, i0 + mc) x columns [p0, p0 + kc) of A, in strips of MR rows: strip s holds,
// for each p, the MR values of column p (zero past the last row). B's strips of NR
// columns are the same packing of B transposed (rows and columns strides swapped).
template <class T, bool Conj, class S>
SXLA_FORCE_INLINE T packed(S v) noexcept {
  if constexpr (Conj && is_complex_v<S>) {
    return static_cast<T>(std::conj(v));
  } else {
    return static_cast<T>(v);
  }
}

// Whether strips of MR rows of S can be packed by transposing squares of vectors.
template <class T, class S, std::size_t MR>
inline constexpr bool transposing_pack = [] {
  if constexpr (vectors<T> && std::is_same_v<S, T>) {
    return MR % width<T> == 0;
  } else {
    return false;
  }
}();

template <class T, std::size_t MR, class S, bool Conj>
void pack_strips(strided_matrix<const S, Conj> a, index_t i0, index_t mc, index_t p0, index_t kc, T* out) noexcept {
  for (index_t s = 0; s < mc; s += static_cast<index_t>(MR)) {
    const index_t rows = mc - s < static_cast<index_t>(MR) ? mc - s : static_cast<index_t>(MR);
    const S* src = a.p + (i0 + s) * a.rs + p0 * a.cs;
    if (rows == static_cast<index_t>(MR) && a.rs == 1) {
      for (index_t p = 0; p < kc; ++p, out += MR, src += a.cs)
        for (std::size_t r = 0; r < MR; ++r) out[r] = packed<T, Conj>(src[r]);
    } else if (a.cs == 1) {
      if constexpr (transposing_pack<T, S, MR>) {
        if (rows == static_cast<index_t>(MR)) {
          // A whole number of vectors per strip: squares of vectors loaded along the
          // rows, transposed in registers, stored along the strip.
          constexpr std::size_t L = width<T>;
          for (std::size_t rb = 0; rb < MR; rb += L) {
            const S* rows_at = src + static_cast<index_t>(rb) * a.rs;
            index_t p = 0;
            for (; p + static_cast<index_t>(L) <= kc; p += static_cast<index_t>(L)) {
              simd::vec<T> v[L];
              for (std::size_t j = 0; j < L; ++j) v[j] = simd::load(rows_at + static_cast<index_t>(j) * a.rs + p);
              simd::transpose_square(v);
              for (std::size_t j = 0; j < L; ++j) simd::store(v[j], out + (static_cast<std::size_t>(p) + j) * MR + rb);
            }
            for (; p < kc; ++p)
              for (std::size_t j = 0; j < L; ++j)
                out[static_cast<std::size_t>(p) * MR + rb + j] = rows_at[static_cast<index_t>(j) * a.rs + p];
          }
          out += static_cast<std::size_t>(kc) * MR;
          continue;
        }
      }
      // Each row contiguous along the contraction: read the rows in order.
      for (std::size_t r = 0; r < MR; ++r) {
        const S* row = src + static_cast<index_t>(r) * a.rs;
        if (static_cast<index_t>(r) < rows) {
          for (index_t p = 0; p < kc; ++p) out[static_cast<std::size_t>(p) * MR + r] = packed<T, Conj>(row[p]);
        } else {
          for (index_t p = 0; p < kc; ++p) out[static_cast<std::size_t>(p) * MR + r] = T{};
        }
      }
      out += static_cast<std::size_t>(kc) * MR;
    } else {
      for (index_t p = 0; p < kc; ++p, out += MR, src += a.cs) {
        for (std::size_t r = 0; r < MR; ++r)
          out[r] = static_cast<index_t>(r) < rows ? packed<T, Conj>(src[static_cast<index_t>(r) * a.rs]) : T{};
      }
    }
  }
}

template <class T>
SXLA_FORCE_INLINE lane_vec<T> result(store_mode mode, const T* o, lane_vec<T> acc) noexcept {
  if (mode == store_mode::assign) return acc;
  return mode == store_mode::add ? plus(ld(o), acc) : minus(ld(o), acc);
}

// The micro-kernel: C[0, rows) x [0, cols) (row stride ldc) :=, += or -= (mode) the
// product of an A strip (kc x MR, packed) and a B strip (kc x NV vectors, packed).
template <class T, std::size_t MR, std::size_t NV>
#if defined(__GNUC__)
__attribute__((noinline))
#endif
void micro_kernel(index_t kc, const T* SXLA_RESTRICT a, const T* SXLA_RESTRICT b, T* SXLA_RESTRICT c, index_t ldc,
                  std::size_t rows, std::size_t cols, store_mode mode) noexcept {
  using V = lane_vec<T>;
  constexpr std::size_t L = width<T>;
  V acc[MR][NV];
#pragma GCC unroll 32
  for (std::size_t r = 0; r < MR; ++r)
#pragma GCC unroll 8
    for (std::size_t v = 0; v < NV; ++v) acc[r][v] = bcast<T>(T{});
  for (index_t p = 0; p < kc; ++p) {
    V bv[NV];
#pragma GCC unroll 8
    for (std::size_t v = 0; v < NV; ++v) bv[v] = ld(b + v * L);
#pragma GCC unroll 32
    for (std::size_t r = 0; r < MR; ++r) {
      const V av = bcast<T>(a[r]);
#pragma GCC unroll 8
      for (std::size_t v = 0; v < NV; ++v) acc[r][v] = madd(av, bv[v], acc[r][v]);
    }
    a += MR;
    b += NV * L;
  }
  if (rows == MR && cols == NV * L) {
#pragma GCC unroll 32
    for (std::size_t r = 0; r < MR; ++r) {
      T* o = c + static_cast<index_t>(r) * ldc;
#pragma GCC unroll 8
      for (std::size_t v = 0; v < NV; ++v) st(result(mode, o + v * L, acc[r][v]), o + v * L);
    }
  } else {
    for (std::size_t r = 0; r < rows; ++r) {
      T* o = c + static_cast<index_t>(r) * ldc;
      for (std::size_t v = 0; v < NV && v * L < cols; ++v) {
        const std::size_t n = cols - v * L < L ? cols - v * L : L;
        const V old = mode == store_mode::assign ? acc[r][v] : ld_n(o + v * L, n);
        st_n(mode == store_mode::assign ? acc[r][v] : mode == store_mode::add ? plus(old, acc[r][v]) : minus(old, acc[r][v]),
             o + v * L, n);
      }
    }
  }
}
}  // namespace gemm_detail

// C := A B (Subtract: C -= A B) for A m x k, B k x n, C m x n at row stride ldc (columns
// contiguous), with work holding gemm_workspace_size<T>(m, n, k) elements; A and B may be
// conjugated views (packed conjugated). finish(i, j0, count) is called once each row's
// columns [j0, j0 + count) are final, while they are still in cache (dot's fused
// epilogues).
template <class T, bool Subtract = false, class SA, bool CA, class SB, bool CB, class Finish>
void gemm(index_t m, index_t n, index_t k, strided_matrix<const SA, CA> a, strided_matrix<const SB, CB> b, T* c,
          index_t ldc, T* work, Finish&& finish) noexcept {
  using P = gemm_params<T>;
  constexpr auto mr = static_cast<index_t>(P::mr);
  constexpr auto nr = static_cast<index_t>(P::nr);
  if (m <= 0 || n <= 0) return;
  if (k <= 0) {
    for (index_t i = 0; i < m; ++i) {
      if (!Subtract)
        for (index_t j = 0; j < n; ++j) c[i * ldc + j] = T{};
      finish(i, index_t{0}, n);
    }
    return;
  }
  const index_t kc_max = k < P::kc ? k : P::kc;
  const index_t mc_max = m < P::mc ? m : P::mc;
  T* apack = work;
  T* bpack = work + kc_max * ((mc_max + mr - 1) / mr * mr);
  for (index_t i0 = 0; i0 < m; i0 += P::mc) {
    const index_t mc = m - i0 < P::mc ? m - i0 : P::mc;
    for (index_t p0 = 0; p0 < k; p0 += P::kc) {
      const index_t kc = k - p0 < P::kc ? k - p0 : P::kc;
      const bool last = p0 + kc == k;
      gemm_detail::pack_strips<T, P::mr>(a, i0, mc, p0, kc, apack);
      const auto mode = Subtract ? gemm_detail::store_mode::subtract
                                 : (p0 != 0 ? gemm_detail::store_mode::add : gemm_detail::store_mode::assign);
      for (index_t j0 = 0; j0 < n; j0 += P::nc) {
        const index_t nc = n - j0 < P::nc ? n - j0 : P::nc;
        gemm_detail::pack_strips<T, P::nr>(b.transposed(), j0, nc, p0, kc, bpack);
        for (index_t ir = 0; ir < mc; ir += mr) {
          const auto rows = static_cast<std::size_t>(mc - ir < mr ? mc - ir : mr);
          T* crow = c + (i0 + ir) * ldc + j0;
          for (index_t jr = 0; jr < nc; jr += nr) {
            const auto cols = static_cast<std::size_t>(nc - jr < nr ? nc - jr : nr);
            gemm_detail::micro_kernel<T, P::mr, P::nv>(kc, apack + ir * kc, bpack + jr * kc, crow + jr, ldc, rows,
                                                       cols, mode);
          }
          if (last)
            for (index_t r = 0; r < static_cast<index_t>(rows); ++r) finish(i0 + ir + r, j0, nc);
        }
      }
    }
  }
}

// The largest dimension for which small_gemm applies.
inline constexpr index_t small_gemm_limit = 32;

namespace gemm_detail {
// Rows [0, MR) of a small product (see small_gemm), every bound a constant.
template <class T, std::size_t MR, index_t N, index_t K, index_t ARS, index_t ACS, index_t BRS, index_t LDC, class SA>
SXLA_FORCE_INLINE void small_rows(const SA* a, const T* b, T* c) noexcept {
  using V = lane_vec<T>;
  constexpr std::size_t L = width<T>;
  constexpr std::size_t nv = (static_cast<std::size_t>(N) + L - 1) / L;
  constexpr std::size_t tail = static_cast<std::size_t>(N) - (nv - 1) * L;  // lanes of the last vector
  V acc[MR][nv];
#pragma GCC unroll 32
  for (std::size_t r = 0; r < MR; ++r)
#pragma GCC unroll 8
    for (std::size_t v = 0; v < nv; ++v) acc[r][v] = bcast<T>(T{});
  // The contraction loop unrolls by 16 at most (a full unroll of long ones makes g++
  // keep the accumulators in memory).
#pragma GCC unroll 16
  for (index_t p = 0; p < K; ++p) {
    V bv[nv];
#pragma GCC unroll 8
    for (std::size_t v = 0; v < nv; ++v)
      bv[v] = v + 1 < nv || tail == L ? ld(b + p * BRS + static_cast<index_t>(v * L))
                                      : ld_n(b + p * BRS + static_cast<index_t>(v * L), tail);
#pragma GCC unroll 32
    for (std::size_t r = 0; r < MR; ++r) {
      const V av = bcast<T>(static_cast<T>(a[static_cast<index_t>(r) * ARS + p * ACS]));
#pragma GCC unroll 8
      for (std::size_t v = 0; v < nv; ++v) acc[r][v] = madd(av, bv[v], acc[r][v]);
    }
  }
#pragma GCC unroll 32
  for (std::size_t r = 0; r < MR; ++r) {
#pragma GCC unroll 8
    for (std::size_t v = 0; v < nv; ++v) {
      T* o = c + static_cast<index_t>(r) * LDC + static_cast<index_t>(v * L);
      if (v + 1 < nv || tail == L) {
        st(acc[r][v], o);
      } else {
        st_n(acc[r][v], o, tail);
      }
    }
  }
}
}  // namespace gemm_detail

// C := A B for static sizes up to small_gemm_limit, without packing: A, B and C strided
// with constant strides (B's and C's columns contiguous), every loop bound a constant:
// blocks of rows whose accumulators fill at most 24 registers, the last block smaller.
// The same order of summation as gemm() (k <= kc: one block).
template <class T, index_t M, index_t N, index_t K, index_t ARS, index_t ACS, index_t BRS, index_t LDC, class SA,
          class SB>
SXLA_FORCE_INLINE void small_gemm(const SA* a, const SB* b, T* c) noexcept {
  static_assert(std::is_same_v<SB, T>, "small_gemm: B is read as vectors of T");
  constexpr std::size_t L = gemm_detail::width<T>;
  constexpr auto l = static_cast<index_t>(L);
  if constexpr (gemm_detail::vectors<T> && std::is_same_v<SA, T> && M == K && K == N && M * N == l && ARS == K &&
                ACS == 1 && BRS == N && LDC == N) {
    // A, B and C each one vector (4 x 4 f32 on AVX-512): C += (column p of A spread over
    // each row) * (row p of B repeated, a broadcast load where the row is 16 bytes), p in
    // order.
    const simd::vec<T> va = simd::load(a);
    simd::vec<T> acc = gemm_detail::bcast<T>(T{});
    const auto g = static_cast<std::size_t>(N);
#pragma GCC unroll 8
    for (std::size_t p = 0; p < static_cast<std::size_t>(K); ++p)
      acc = gemm_detail::madd(simd::broadcast_in_groups(va, g, p), simd::load_repeated(b + p * g, g), acc);
    simd::store(acc, c);
    return;
  }
  constexpr std::size_t nv = (static_cast<std::size_t>(N) + L - 1) / L;
  constexpr index_t most = static_cast<index_t>(24 / nv) < 1 ? 1 : static_cast<index_t>(24 / nv);
  // Rows per block: M in equal blocks of at most `most` rows.
  constexpr index_t blocks = (M + most - 1) / most;
  constexpr index_t mr = (M + blocks - 1) / blocks;
  index_t i0 = 0;
  for (; i0 + mr <= M; i0 += mr)
    gemm_detail::small_rows<T, static_cast<std::size_t>(mr), N, K, ARS, ACS, BRS, LDC>(a + i0 * ARS, b, c + i0 * LDC);
  if constexpr (M % mr != 0)
    gemm_detail::small_rows<T, static_cast<std::size_t>(M % mr), N, K, ARS, ACS, BRS, LDC>(a + i0 * ARS, b,
                                                                                           c + i0 * LDC);
}

}  // namespace sxla::kernels

#endif  // SXLA_KERNELS_GEMM_HPP
