// sxla/kernels/triangular.hpp: the Cholesky factorisation and the triangular solve of one
// matrix, the algorithms under x::cholesky and x::triangular_solve. The unblocked forms run
// over any matrix accessor (get(i, j), set(i, j, v), value_type: a strided_matrix of any
// layout, or the element-by-element reading of an expression), in the element type (what
// LAPACK's unblocked potf2 and trsm do). From blocked_from rows the pointer forms are
// recursive on the GEMM engine: the matrix split in two, the halves done recursively and
// the coupling between them at once as C -= A B (gemm.hpp), down to blocks of at most
// leaf_rows rows, solved vectorised over the columns of b (solve_rows) or factored
// unblocked; the lower factor's panels are right-side solves whose leaves transpose
// squares of rows into vector registers. Nothing here knows a shape or an op.
//
// Conventions: a Conj view reads and writes the conjugate of what is stored, so that the
// upper factor u = l^H of a Hermitian matrix is the lower factor of the conjugated
// transposed view (swap rs and cs, Conj = true). Nothing is allocated; nothing throws. A
// matrix that is not positive definite gives a pivot that is not positive (zero included):
// the factor's diagonal entry is NaN there, which propagates to every entry computed from
// it, as in XLA; a zero pivot of a triangular solve gives Inf/NaN by its divisions.
#ifndef SXLA_KERNELS_TRIANGULAR_HPP
#define SXLA_KERNELS_TRIANGULAR_HPP

#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <type_traits>

#include "sxla/core/element_type.hpp"      // is_complex_v, complex_component_t
#include "sxla/core/index.hpp"             // index_t
#include "sxla/kernels/gemm.hpp"            // gemm, gemm_workspace_size, gemm_detail::vectors
#include "sxla/kernels/strided_matrix.hpp"  // strided_matrix
#include "sxla/simd/vec.hpp"                // vec, lanes, load, store, load_n, store_n, splat, mul_add, div, transpose_square

namespace sxla::kernels {

namespace triangular_detail {
template <class T>
constexpr T conj_if_complex(T v) noexcept {
  if constexpr (is_complex_v<T>) {
    return std::conj(v);
  } else {
    return v;
  }
}
template <class T>
constexpr complex_component_t<T> real_part(T v) noexcept {
  if constexpr (is_complex_v<T>) {
    return v.real();
  } else {
    return v;
  }
}
}  // namespace triangular_detail

// The lower Cholesky factor l of the n x n Hermitian matrix whose lower triangle a holds
// (a = l l^H), in place of that triangle; the strictly upper triangle is neither read nor
// written. Row by row (Cholesky-Crout): l[j][j] = sqrt(a[j][j] - sum_k |l[j][k]|^2),
// l[i][j] = (a[i][j] - sum_{k<j} l[i][k] conj(l[j][k])) / l[j][j], the diagonal's
// imaginary part ignored.
template <class A>
constexpr void cholesky_lower(A a, index_t n) noexcept {
  using T = typename A::value_type;
  using R = complex_component_t<T>;
  using triangular_detail::conj_if_complex;
  using triangular_detail::real_part;
  for (index_t j = 0; j < n; ++j) {
    R d = real_part(a.get(j, j));
    for (index_t k = 0; k < j; ++k) {
      const T v = a.get(j, k);
      d -= real_part(v * conj_if_complex(v));
    }
    // NaN unless d > 0: a zero, negative or NaN pivot (not positive definite), as LAPACK's
    // potrf stops at a pivot that is not positive.
    const R pivot = d > R(0) ? std::sqrt(d) : std::numeric_limits<R>::quiet_NaN();
    a.set(j, j, T(pivot));
    for (index_t i = j + 1; i < n; ++i) {
      T s = a.get(i, j);
      for (index_t k = 0; k < j; ++k) s -= a.get(i, k) * conj_if_complex(a.get(j, k));
      a.set(i, j, s / T(pivot));
    }
  }
}

// op(a) x = b for x, in place of b (m x k): a m x m, lower (else upper) triangular as
// viewed (transposes and adjoints are views: swapped strides, Conj), its other triangle
// not read; unit_diagonal: the diagonal taken as 1 and not read.
template <class A, class B>
constexpr void solve_left(A a, B b, index_t m, index_t k, bool lower, bool unit_diagonal) noexcept {
  using T = typename B::value_type;
  for (index_t step = 0; step < m; ++step) {
    const index_t i = lower ? step : m - 1 - step;
    // Row i of x: b[i][:] minus the rows already solved, then divided by the pivot.
    for (index_t q = 0; q < step; ++q) {
      const index_t p = lower ? q : m - 1 - q;
      const T f = a.get(i, p);
      for (index_t c = 0; c < k; ++c) b.set(i, c, b.get(i, c) - f * b.get(p, c));
    }
    if (!unit_diagonal) {
      const T pivot = a.get(i, i);
      for (index_t c = 0; c < k; ++c) b.set(i, c, b.get(i, c) / pivot);
    }
  }
}

// What a triangular solve applies to its matrix a: a itself, a^T or a^H.
enum class triangular_op { none, transpose, adjoint };

namespace triangular_detail {

// The blocked forms are recursive: a matrix of more than leaf_rows rows is split in two
// (the first part a multiple of 16 rows), the halves solved or factored recursively and
// the coupling between them done at once on the GEMM engine (C -= A B). The recursion is
// used from blocked_from rows; below, the unblocked forms run alone.
inline constexpr index_t leaf_rows = 16;
inline constexpr index_t blocked_from = 128;

constexpr index_t split(index_t n) noexcept { return (n / 2 + 15) / 16 * 16; }

struct no_finish {
  constexpr void operator()(index_t, index_t, index_t) const noexcept {}
};

// Rows [i0, i1) of op(a) x = b, in place of b (row stride ldb, columns [0, n)), once the
// rows solved before them have been subtracted: a is the view of op(a), lower (else
// upper) as viewed. Vectorised over b's columns, four vectors at a time; each element
// in the order of solve_left (the earlier rows subtracted in order, then the division).
template <class T, class A>
void solve_rows(A a, T* b, index_t ldb, index_t i0, index_t i1, index_t n, bool lower, bool unit) noexcept {
  if constexpr (gemm_detail::vectors<T>) {
    using V = simd::vec<T>;
    constexpr auto l = static_cast<index_t>(simd::lanes<T>);
    constexpr index_t w = 4 * l;
    const index_t rows = i1 - i0;
    for (index_t c0 = 0; c0 < n; c0 += w) {
      const index_t cols = n - c0 < w ? n - c0 : w;
      const index_t nv = (cols + l - 1) / l;
      const auto lanes_of = [&](index_t v) { return static_cast<std::size_t>(cols - v * l < l ? cols - v * l : l); };
      for (index_t step = 0; step < rows; ++step) {
        const index_t i = lower ? i0 + step : i1 - 1 - step;
        T* bi = b + i * ldb + c0;
        V acc[4];
        for (index_t v = 0; v < nv; ++v) acc[v] = simd::load_n(bi + v * l, lanes_of(v));
        for (index_t q = 0; q < step; ++q) {
          const index_t p = lower ? i0 + q : i1 - 1 - q;
          const V f = simd::splat<V>(-a.get(i, p));
          const T* bp = b + p * ldb + c0;
          if (cols == w) {
#pragma GCC unroll 4
            for (index_t v = 0; v < 4; ++v) acc[v] = simd::mul_add(f, simd::load(bp + v * l), acc[v]);
          } else {
            for (index_t v = 0; v < nv; ++v) acc[v] = simd::mul_add(f, simd::load_n(bp + v * l, lanes_of(v)), acc[v]);
          }
        }
        if (!unit) {
          const V d = simd::splat<V>(a.get(i, i));
          for (index_t v = 0; v < nv; ++v) acc[v] = simd::div(acc[v], d);
        }
        for (index_t v = 0; v < nv; ++v) simd::store_n(acc[v], bi + v * l, lanes_of(v));
      }
    }
  } else {
    using S = std::remove_const_t<std::remove_pointer_t<decltype(a.p)>>;
    const strided_matrix<const S, A::conjugated> diag{a.p + i0 * a.rs + i0 * a.cs, a.rs, a.cs};
    solve_left(diag, strided_matrix<T>{b + i0 * ldb, ldb, 1}, i1 - i0, n, lower, unit);
  }
}

// op(a) x = b in place of b (m x n, row stride ldb): a the view of op(a), m x m, lower
// (else upper) as viewed; recursive (see above). work: gemm_workspace_size<T>(m, n, m).
template <class T, class S, bool Conj>
void solve_left_blocked(strided_matrix<const S, Conj> a, T* b, index_t ldb, index_t m, index_t n, bool lower,
                        bool unit, T* work) noexcept {
  if (m <= leaf_rows) {
    solve_rows(a, b, ldb, 0, m, n, lower, unit);
    return;
  }
  const index_t m1 = split(m), m2 = m - m1;
  const auto sub = [&](index_t r, index_t c) { return strided_matrix<const S, Conj>{a.p + r * a.rs + c * a.cs, a.rs, a.cs}; };
  if (lower) {
    solve_left_blocked(a, b, ldb, m1, n, lower, unit, work);
    gemm<T, true>(m2, n, m1, sub(m1, 0), strided_matrix<const T>{b, ldb, 1}, b + m1 * ldb, ldb, work, no_finish{});
    solve_left_blocked(sub(m1, m1), b + m1 * ldb, ldb, m2, n, lower, unit, work);
  } else {
    solve_left_blocked(sub(m1, m1), b + m1 * ldb, ldb, m2, n, lower, unit, work);
    gemm<T, true>(m1, n, m2, sub(0, m1), strided_matrix<const T>{b + m1 * ldb, ldb, 1}, b, ldb, work, no_finish{});
    solve_left_blocked(a, b, ldb, m1, n, lower, unit, work);
  }
}

// The upper triangle of c (n x n, row stride ldc) -= a^H a, a k x n (row stride lda):
// recursive, so that the triangle below is (almost) not computed; the blocks on the
// diagonal of at most 2 leaf_rows rows are computed whole (their lower part gets
// meaningless values).
template <class T>
void herk_upper(T* c, index_t ldc, const T* a, index_t lda, index_t n, index_t k, T* work) noexcept {
  if (n <= 2 * leaf_rows) {
    gemm<T, true>(n, n, k, strided_matrix<const T, true>{a, 1, lda}, strided_matrix<const T>{a, lda, 1}, c, ldc, work,
                  no_finish{});
    return;
  }
  const index_t n1 = split(n), n2 = n - n1;
  herk_upper(c, ldc, a, lda, n1, k, work);
  gemm<T, true>(n1, n2, k, strided_matrix<const T, true>{a, 1, lda}, strided_matrix<const T>{a + n1, lda, 1}, c + n1,
                ldc, work, no_finish{});
  herk_upper(c + n1 * ldc + n1, ldc, a + n1, lda, n2, k, work);
}

// The upper factor u (u^H u = a) of the n x n matrix at p (row stride ld), in place,
// recursive: u11 of the leading block, u12 = u11^-H a12, then the trailing block
// a22 - u12^H u12 factored. The other triangle gets meaningless values.
template <class T>
void cholesky_upper_blocked(T* p, index_t ld, index_t n, T* work) noexcept {
  if (n <= leaf_rows) {
    cholesky_lower(strided_matrix<T, true>{p, 1, ld}, n);
    return;
  }
  const index_t n1 = split(n), n2 = n - n1;
  cholesky_upper_blocked(p, ld, n1, work);
  solve_left_blocked(strided_matrix<const T, true>{p, 1, ld}, p + n1, ld, n1, n2, true, false, work);
  herk_upper(p + n1 * ld + n1, ld, p + n1, ld, n2, n1, work);
  cholesky_upper_blocked(p + n1 * ld + n1, ld, n2, work);
}

// The width of the leaves of the right-side solve below: one vector's lanes (the leaf
// transposes a square of vectors), 16 for types not on vectors.
template <class T>
inline constexpr index_t right_leaf = gemm_detail::vectors<T> ? static_cast<index_t>(simd::lanes<T>) : 16;

// x l^H = a for x, in place of a (m x c, row stride ldx): l lower, c x c (row stride
// ldl), c <= right_leaf<T>. Row r: x[j] = (a[j] - sum_{k<j} x[k] conj(l[j][k])) /
// conj(l[j][j]); for a real type on vectors, right_leaf rows at a time, transposed into
// registers (one vector per column, one lane per row).
template <class T>
void solve_right_leaf(const T* l, index_t ldl, T* x, index_t ldx, index_t m, index_t c) noexcept {
  index_t r0 = 0;
  if constexpr (gemm_detail::vectors<T>) {
    using V = simd::vec<T>;
    constexpr index_t w = right_leaf<T>;
    const auto cols = static_cast<std::size_t>(c);
    // Two squares at a time (their dependency chains interleave), then one; a full leaf
    // (c == w) with every index a constant, so that the squares stay in registers.
    const auto solve = [&]<index_t G, index_t C>(index_t first, index_t cc) {
      const index_t cn = C > 0 ? C : cc;
      V u[G][w];
#pragma GCC unroll 2
      for (index_t g = 0; g < G; ++g) {
#pragma GCC unroll 16
        for (index_t r = 0; r < w; ++r)
          u[g][r] = C > 0 ? simd::load(x + (first + g * w + r) * ldx) : simd::load_n(x + (first + g * w + r) * ldx, cols);
        simd::transpose_square(u[g]);
      }
#pragma GCC unroll 16
      for (index_t j = 0; j < cn; ++j) {
        const V d = simd::splat<V>(l[j * ldl + j]);
#pragma GCC unroll 16
        for (index_t k = 0; k < j; ++k) {
          const V f = simd::splat<V>(-l[j * ldl + k]);
#pragma GCC unroll 2
          for (index_t g = 0; g < G; ++g) u[g][j] = simd::mul_add(f, u[g][k], u[g][j]);
        }
#pragma GCC unroll 2
        for (index_t g = 0; g < G; ++g) u[g][j] = simd::div(u[g][j], d);
      }
#pragma GCC unroll 2
      for (index_t g = 0; g < G; ++g) {
        simd::transpose_square(u[g]);
#pragma GCC unroll 16
        for (index_t r = 0; r < w; ++r) {
          if constexpr (C > 0) {
            simd::store(u[g][r], x + (first + g * w + r) * ldx);
          } else {
            simd::store_n(u[g][r], x + (first + g * w + r) * ldx, cols);
          }
        }
      }
    };
    if (c == w) {
      for (; r0 + 2 * w <= m; r0 += 2 * w) solve.template operator()<2, w>(r0, c);
      for (; r0 + w <= m; r0 += w) solve.template operator()<1, w>(r0, c);
    } else {
      for (; r0 + w <= m; r0 += w) solve.template operator()<1, 0>(r0, c);
    }
  }
  for (index_t r = r0; r < m; ++r) {
    T* xr = x + r * ldx;
    for (index_t j = 0; j < c; ++j) {
      T acc = xr[j];
      for (index_t k = 0; k < j; ++k) acc -= xr[k] * conj_if_complex(l[j * ldl + k]);
      xr[j] = acc / conj_if_complex(l[j * ldl + j]);
    }
  }
}

// x l^H = a in place of a (m x c, row stride ldx), l lower c x c (row stride ldl):
// recursive on the columns (x = [x1 x2]: x1 from the leading block of l, then
// a2 -= x1 l21^H on the GEMM engine, then x2). work: gemm_workspace_size<T>(m, c, c).
template <class T>
void solve_right_lower_adjoint(const T* l, index_t ldl, T* x, index_t ldx, index_t m, index_t c, T* work) noexcept {
  constexpr index_t w = right_leaf<T>;
  if (c <= w) {
    solve_right_leaf(l, ldl, x, ldx, m, c);
    return;
  }
  const index_t c1 = (c / 2 + w - 1) / w * w, c2 = c - c1;
  solve_right_lower_adjoint(l, ldl, x, ldx, m, c1, work);
  gemm<T, true>(m, c2, c1, strided_matrix<const T>{x, ldx, 1}, strided_matrix<const T, true>{l + c1 * ldl, 1, ldl},
                x + c1, ldx, work, no_finish{});
  solve_right_lower_adjoint(l + c1 * ldl + c1, ldl, x + c1, ldx, m, c2, work);
}

// The lower triangle of c (n x n, row stride ldc) -= a a^H, a n x k (row stride lda):
// recursive like herk_upper (the blocks on the diagonal computed whole).
template <class T>
void herk_lower(T* c, index_t ldc, const T* a, index_t lda, index_t n, index_t k, T* work) noexcept {
  if (n <= 2 * leaf_rows) {
    gemm<T, true>(n, n, k, strided_matrix<const T>{a, lda, 1}, strided_matrix<const T, true>{a, 1, lda}, c, ldc, work,
                  no_finish{});
    return;
  }
  const index_t n1 = split(n), n2 = n - n1;
  herk_lower(c, ldc, a, lda, n1, k, work);
  gemm<T, true>(n2, n1, k, strided_matrix<const T>{a + n1 * lda, lda, 1}, strided_matrix<const T, true>{a, 1, lda},
                c + n1 * ldc, ldc, work, no_finish{});
  herk_lower(c + n1 * ldc + n1, ldc, a + n1 * lda, lda, n2, k, work);
}

// The lower factor l (l l^H = a) of the n x n matrix at p (row stride ld), in place,
// recursive: l11 of the leading block, l21 = a21 l11^-H, then the trailing block
// a22 - l21 l21^H factored. The other triangle gets meaningless values.
template <class T>
void cholesky_lower_blocked(T* p, index_t ld, index_t n, T* work) noexcept {
  if (n <= leaf_rows) {
    cholesky_lower(strided_matrix<T>{p, ld, 1}, n);
    return;
  }
  const index_t n1 = split(n), n2 = n - n1;
  cholesky_lower_blocked(p, ld, n1, work);
  solve_right_lower_adjoint(p, ld, p + n1 * ld, ld, n2, n1, work);
  herk_lower(p + n1 * ld + n1, ld, p + n1 * ld, ld, n2, n1, work);
  cholesky_lower_blocked(p + n1 * ld + n1, ld, n2, work);
}

}  // namespace triangular_detail

// The workspace (elements of T) of cholesky() for n x n matrices, and of
// triangular_solve() for m x m matrices and n right-hand sides (the right side also
// holds a transposed copy of b).
template <class T>
constexpr std::size_t cholesky_workspace(index_t n) noexcept {
  return n < triangular_detail::blocked_from ? 0 : gemm_workspace_size<T>(n, n, n);
}
template <class T>
constexpr std::size_t triangular_solve_workspace(index_t m, index_t n, bool left) noexcept {
  if (m < triangular_detail::blocked_from) return 0;
  return gemm_workspace_size<T>(m, n, m) + (left ? 0 : static_cast<std::size_t>(m * n));
}

// The Cholesky factor of the row-major n x n matrix at p, in place: Upper, u with
// u^H u = a from (and into) the upper triangle; else l with l l^H = a in the lower one.
// Below blocked_from the other triangle is neither read nor written; from it (blocked)
// it is overwritten with meaningless values. work: cholesky_workspace<T>(n) elements
// (without it, unblocked).
template <bool Upper, class T>
void cholesky(T* p, index_t n, T* work = nullptr) noexcept {
  if (n >= triangular_detail::blocked_from && work != nullptr) {
    if constexpr (Upper) {
      triangular_detail::cholesky_upper_blocked(p, n, n, work);
    } else {
      triangular_detail::cholesky_lower_blocked(p, n, n, work);
    }
  } else if constexpr (Upper) {
    cholesky_lower(strided_matrix<T, true>{p, 1, n}, n);
  } else {
    cholesky_lower(strided_matrix<T>{p, n, 1}, n);
  }
}

// XLA's TriangularSolve of one matrix, in place of the row-major b: Left, op(a) x = b
// with b m x n; else x op(a) = b with b n x m. a is row-major m x m, lower (else upper)
// triangular, its other triangle not read; unit_diagonal: its diagonal not read. work:
// triangular_solve_workspace<T>(m, n, left) elements (from blocked_from: blocked on the
// GEMM engine, the right side through a transposed copy of b; without it, unblocked).
template <class T>
void triangular_solve(const T* a, T* b, index_t m, index_t n, bool left, bool lower, bool unit_diagonal,
                      triangular_op op, T* work = nullptr) noexcept {
  const strided_matrix<const T> as_is{a, m, 1};
  const bool blocked = m >= triangular_detail::blocked_from && work != nullptr;
  if (blocked) {
    // op(a) (left) or op(a)^T (right) as a view, and whether it is lower as viewed.
    T* x = left ? b : work + gemm_workspace_size<T>(m, n, m);
    if (!left)
      for (index_t r = 0; r < n; ++r)
        for (index_t c = 0; c < m; ++c) x[c * n + r] = b[r * m + c];
    const bool transposed = left == (op != triangular_op::none);
    const bool view_lower = transposed ? !lower : lower;
    if (op == triangular_op::adjoint) {
      triangular_detail::solve_left_blocked(transposed ? as_is.adjoint() : strided_matrix<const T, true>{a, m, 1}, x,
                                            n, m, n, view_lower, unit_diagonal, work);
    } else {
      triangular_detail::solve_left_blocked(transposed ? as_is.transposed() : as_is, x, n, m, n, view_lower,
                                            unit_diagonal, work);
    }
    if (!left)
      for (index_t r = 0; r < n; ++r)
        for (index_t c = 0; c < m; ++c) b[r * m + c] = x[c * n + r];
    return;
  }
  // x op(a) = b is op(a)^T x^T = b^T: a view of x^T (m x n) and of op(a)^T.
  if (left) {
    const strided_matrix<T> x{b, n, 1};
    if (op == triangular_op::none) {
      solve_left(as_is, x, m, n, lower, unit_diagonal);
    } else if (op == triangular_op::transpose) {
      solve_left(as_is.transposed(), x, m, n, !lower, unit_diagonal);
    } else {
      solve_left(as_is.adjoint(), x, m, n, !lower, unit_diagonal);
    }
  } else {
    const strided_matrix<T> xt{b, 1, m};
    if (op == triangular_op::none) {
      solve_left(as_is.transposed(), xt, m, n, !lower, unit_diagonal);
    } else if (op == triangular_op::transpose) {
      solve_left(as_is, xt, m, n, lower, unit_diagonal);
    } else {
      solve_left(strided_matrix<const T, true>{a, m, 1}, xt, m, n, lower, unit_diagonal);
    }
  }
}

}  // namespace sxla::kernels

#endif  // SXLA_KERNELS_TRIANGULAR_HPP
