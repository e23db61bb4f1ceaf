// sxla/kernels/triangular.hpp: the Cholesky factorisation and the triangular solve of one
// matrix, the algorithms under x::cholesky and x::triangular_solve. The unblocked forms run
// over any matrix accessor (get(i, j), set(i, j, v), value_type: a strided_matrix of any
// layout, or the element-by-element reading of an expression). Nothing here knows a shape or
// an op. First version: unblocked, in the element type (what LAPACK's unblocked potf2 and
// trsm do); the blocked forms on the GEMM engine come next (issue 18).
//
// Conventions: a Conj view reads and writes the conjugate of what is stored, so that the
// upper factor u = l^H of a Hermitian matrix is the lower factor of the conjugated
// transposed view (swap rs and cs, Conj = true). Nothing is allocated; nothing throws. A
// matrix that is not positive definite gives a non-positive pivot: its square root is NaN
// (or 0, then the divisions give Inf and NaN), which propagates to every entry computed
// from it, as in XLA; a zero pivot of a triangular solve gives Inf/NaN the same way.
#ifndef SXLA_KERNELS_TRIANGULAR_HPP
#define SXLA_KERNELS_TRIANGULAR_HPP

#include <cmath>
#include <complex>
#include <cstddef>

#include "sxla/core/element_type.hpp"      // is_complex_v, complex_component_t
#include "sxla/core/index.hpp"             // index_t
#include "sxla/kernels/strided_matrix.hpp"  // strided_matrix

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
    const R pivot = std::sqrt(d);  // NaN for d < 0 (not positive definite)
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

// The Cholesky factor of the row-major n x n matrix at p, in place: Upper, u with
// u^H u = a from (and into) the upper triangle; else l with l l^H = a in the lower one.
// The other triangle is neither read nor written.
template <bool Upper, class T>
void cholesky(T* p, index_t n) noexcept {
  if constexpr (Upper) {
    cholesky_lower(strided_matrix<T, true>{p, 1, n}, n);
  } else {
    cholesky_lower(strided_matrix<T>{p, n, 1}, n);
  }
}

// XLA's TriangularSolve of one matrix, in place of the row-major b: Left, op(a) x = b
// with b m x n; else x op(a) = b with b n x m. a is row-major m x m, lower (else upper)
// triangular, its other triangle not read; unit_diagonal: its diagonal not read.
template <class T>
void triangular_solve(const T* a, T* b, index_t m, index_t n, bool left, bool lower, bool unit_diagonal,
                      triangular_op op) noexcept {
  const strided_matrix<const T> as_is{a, m, 1};
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
