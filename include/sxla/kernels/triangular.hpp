// sxla/kernels/triangular.hpp: the Cholesky factorisation and the triangular solve of one
// matrix, over strided matrices of any layout (element (i, j) at p[i * rs + j * cs]), the
// algorithms under x::cholesky and x::triangular_solve. Nothing here knows a shape or
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

#include "sxla/core/element_type.hpp"  // is_complex_v, complex_component_t
#include "sxla/core/index.hpp"         // index_t

namespace sxla::kernels {

// A strided matrix view of T whose elements read and write as conj(stored) when Conj.
template <class T, bool Conj = false>
struct strided_matrix {
  T* p;
  index_t rs;
  index_t cs;
  static constexpr bool conjugated = Conj && is_complex_v<T>;
  constexpr T get(index_t i, index_t j) const noexcept {
    const T v = p[i * rs + j * cs];
    if constexpr (conjugated) {
      return std::conj(v);
    } else {
      return v;
    }
  }
  constexpr void set(index_t i, index_t j, T v) const noexcept {
    if constexpr (conjugated) {
      p[i * rs + j * cs] = std::conj(v);
    } else {
      p[i * rs + j * cs] = v;
    }
  }
};

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
template <class T, bool Conj>
void cholesky_lower(strided_matrix<T, Conj> a, index_t n) noexcept {
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
template <class T, bool ConjA, bool ConjB>
void solve_left(strided_matrix<T, ConjA> a, strided_matrix<T, ConjB> b, index_t m, index_t k, bool lower,
                bool unit_diagonal) noexcept {
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

}  // namespace sxla::kernels

#endif  // SXLA_KERNELS_TRIANGULAR_HPP
