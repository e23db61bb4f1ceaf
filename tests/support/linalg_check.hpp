// Checks for Cholesky factors and triangular solves, written from the definitions and
// independent of sxla's kernels: inputs (Hermitian positive definite matrices, triangular
// matrices with garbage in the triangle that must not be read) and residuals computed in
// long double by multiplying back. Matrices are row-major std::vectors.
//
// Tolerance: a backward-stable factorisation or substitution leaves a residual of at
// most about n u |l| |l^H| (|op(a)| |x|) elementwise, u the unit roundoff of the element
// type (Higham, Accuracy and Stability of Numerical Algorithms, Theorems 10.3 and 8.5):
// the tests allow 4 (n + 1) u relative to that scale.
#ifndef SXLA_TESTS_SUPPORT_LINALG_CHECK_HPP
#define SXLA_TESTS_SUPPORT_LINALG_CHECK_HPP

#include <sxla/core/element_type.hpp>
#include <sxla/core/index.hpp>
#include <sxla/expr/expression.hpp>
#include <sxla/tensor/tensor.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <random>
#include <vector>

namespace linalg_check {

using sxla::index_t;
using ld = long double;
using cld = std::complex<long double>;
template <class T>
using real_t = sxla::complex_component_t<T>;

// The tensor of element type T and dimensions D..., row-major.
template <class T, index_t... D>
using tensor_of = sxla::tensor<sxla::logical_spec<T>(sxla::dimension_list{D...})>;

template <class T>
T random_value(std::mt19937_64& g) {
  std::uniform_real_distribution<double> d(-1.0, 1.0);
  if constexpr (sxla::is_complex_v<T>) {
    const double re = d(g), im = d(g);
    return T(static_cast<real_t<T>>(re), static_cast<real_t<T>>(im));
  } else {
    return static_cast<T>(d(g));
  }
}

template <class T>
cld wide(T v) {
  if constexpr (sxla::is_complex_v<T>) {
    return cld(v.real(), v.imag());
  } else {
    return cld(v, 0);
  }
}

template <class T>
T real_value(double v) {
  return T(static_cast<real_t<T>>(v));
}

template <class T>
double unit_roundoff() {
  return static_cast<double>(std::numeric_limits<real_t<T>>::epsilon()) / 2;
}

// The tests' bound for a residual relative to its scale at size n (see the top).
template <class T>
double bound(index_t n) {
  return 4.0 * static_cast<double>(n + 1) * unit_roundoff<T>();
}

// A Hermitian positive definite n x n matrix: m m^H + n I, m uniform in [-1, 1]; from 65
// rows (where that product takes seconds unoptimised) diagonally dominant instead: off
// the diagonal uniform in [-1, 1], the diagonal n.
template <class T>
std::vector<T> spd(index_t n, std::mt19937_64& g) {
  if (n > 64) {
    std::vector<T> a(static_cast<std::size_t>(n * n));
    for (index_t i = 0; i < n; ++i) {
      a[i * n + i] = real_value<T>(static_cast<double>(n));
      for (index_t j = 0; j < i; ++j) {
        a[i * n + j] = random_value<T>(g);
        if constexpr (sxla::is_complex_v<T>) {
          a[j * n + i] = std::conj(a[i * n + j]);
        } else {
          a[j * n + i] = a[i * n + j];
        }
      }
    }
    return a;
  }
  std::vector<T> m(static_cast<std::size_t>(n * n)), a(m.size());
  for (T& v : m) v = random_value<T>(g);
  for (index_t i = 0; i < n; ++i)
    for (index_t j = 0; j < n; ++j) {
      cld s = i == j ? cld(static_cast<ld>(n), 0) : cld(0, 0);
      for (index_t p = 0; p < n; ++p) s += wide(m[i * n + p]) * std::conj(wide(m[j * n + p]));
      if constexpr (sxla::is_complex_v<T>) {
        a[i * n + j] = T(static_cast<real_t<T>>(s.real()), static_cast<real_t<T>>(i == j ? 0 : s.imag()));
      } else {
        a[i * n + j] = static_cast<T>(s.real());
      }
    }
  return a;
}

// a with the triangle a factorisation must not read (strictly above the diagonal for
// lower) set to garbage.
template <class T>
std::vector<T> with_garbage(std::vector<T> a, index_t n, bool upper, double garbage = 1e30) {
  for (index_t i = 0; i < n; ++i)
    for (index_t j = 0; j < n; ++j)
      if (upper ? j < i : j > i) a[i * n + j] = real_value<T>(garbage);
  return a;
}

// The largest |l l^H - a| / (|l| |l^H|) over the named triangle, l (i, p) read from the
// named triangle of f only: the lower factor, or conj(u (p, i)) for upper.
template <class T>
double factor_error(const T* a, const T* f, index_t n, bool upper) {
  const auto l = [&](index_t i, index_t p) -> cld {
    if (p > i) return cld(0, 0);
    return upper ? std::conj(wide(f[p * n + i])) : wide(f[i * n + p]);
  };
  ld err = 0;
  for (index_t i = 0; i < n; ++i)
    for (index_t j = 0; j <= i; ++j) {
      cld s(0, 0);
      ld sa = 0;
      for (index_t p = 0; p <= j; ++p) {
        s += l(i, p) * std::conj(l(j, p));
        sa += std::abs(l(i, p)) * std::abs(l(j, p));
      }
      const cld want = upper ? std::conj(wide(a[j * n + i])) : wide(a[i * n + j]);
      err = std::max(err, std::abs(s - want) / std::max(sa, ld(1e-300)));
    }
  return static_cast<double>(err);
}

// A triangular m x m matrix (lower, else upper): entries uniform in [-1, 1], diagonal
// 2 to 4 (well conditioned), the other triangle garbage, and with unit_diagonal the
// diagonal garbage too (it must not be read).
template <class T>
std::vector<T> triangular(index_t m, bool lower, bool unit, std::mt19937_64& g) {
  std::vector<T> a(static_cast<std::size_t>(m * m));
  for (index_t i = 0; i < m; ++i)
    for (index_t j = 0; j < m; ++j) {
      const bool in = lower ? j <= i : j >= i;
      a[i * m + j] = in ? random_value<T>(g) : real_value<T>(7e29);
      if (i == j) a[i * m + j] = unit ? real_value<T>(5e29) : real_value<T>(2 + static_cast<double>(i % 3));
    }
  return a;
}

// The largest |op(a) x - b| / (|op(a)| |x|) (left) or |x op(a) - b| / (|x| |op(a)|):
// a m x m read from its named triangle only (the diagonal as ones with unit), op 0 as
// is, 1 transposed, 2 adjoint; x and b m x n (left) or n x m.
template <class T>
double solve_error(const T* a, const T* x, const T* b, index_t m, index_t n, bool left, bool lower, bool unit,
                   int op) {
  const auto opa = [&](index_t i, index_t p) -> cld {
    const index_t r = op == 0 ? i : p, c = op == 0 ? p : i;
    if (r == c) return unit ? cld(1, 0) : wide(a[r * m + c]);
    if (lower ? c > r : c < r) return cld(0, 0);
    const cld v = wide(a[r * m + c]);
    return op == 2 ? std::conj(v) : v;
  };
  ld err = 0;
  const index_t rows = left ? m : n, cols = left ? n : m;
  for (index_t i = 0; i < rows; ++i)
    for (index_t c = 0; c < cols; ++c) {
      cld s(0, 0);
      ld sa = 0;
      for (index_t p = 0; p < m; ++p) {
        const cld t = left ? opa(i, p) * wide(x[p * cols + c]) : wide(x[i * cols + p]) * opa(p, c);
        s += t;
        sa += std::abs(t);
      }
      err = std::max(err, std::abs(s - wide(b[i * cols + c])) / std::max(sa, ld(1e-300)));
    }
  return static_cast<double>(err);
}

}  // namespace linalg_check

#endif  // SXLA_TESTS_SUPPORT_LINALG_CHECK_HPP
