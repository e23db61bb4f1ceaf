// kernels/triangular.hpp on single matrices: the Cholesky factor multiplied back in long
// double (l l^H = a, the upper factor through the conjugated transposed view: u^H u = a),
// non-positive-definite matrices giving NaN from the failing pivot on, and triangular
// solves op(a) x = b checked by multiplying back, for f32, f64, c64 and c128 at sizes 1,
// 2, 3, 4, 7, 16 and 33. Tolerance: the residual relative to |a| |x| (or |l| |l^H|) at
// most 4 n u, u the unit roundoff of the element type (Higham, Theorems 10.3 and 8.5).
#include <sxla/kernels/triangular.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace k = sxla::kernels;
using sxla::index_t;

namespace {

using ld = long double;
using cld = std::complex<long double>;

template <class T>
using R = sxla::complex_component_t<T>;

template <class T>
T random_value(std::mt19937_64& g) {
  std::uniform_real_distribution<double> d(-1.0, 1.0);
  if constexpr (sxla::is_complex_v<T>) {
    const double re = d(g), im = d(g);
    return T(static_cast<R<T>>(re), static_cast<R<T>>(im));
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
double eps() {
  return static_cast<double>(std::numeric_limits<R<T>>::epsilon()) / 2;
}

// A Hermitian positive definite n x n matrix, row-major: m m^H + n I.
template <class T>
std::vector<T> spd(index_t n, std::mt19937_64& g) {
  std::vector<T> m(static_cast<std::size_t>(n * n)), a(m.size());
  for (T& v : m) v = random_value<T>(g);
  for (index_t i = 0; i < n; ++i)
    for (index_t j = 0; j < n; ++j) {
      cld s = i == j ? cld(static_cast<ld>(n), 0) : cld(0, 0);
      for (index_t p = 0; p < n; ++p) s += wide(m[i * n + p]) * std::conj(wide(m[j * n + p]));
      if constexpr (sxla::is_complex_v<T>) {
        a[i * n + j] = T(static_cast<R<T>>(s.real()), static_cast<R<T>>(i == j ? 0 : s.imag()));
      } else {
        a[i * n + j] = static_cast<T>(s.real());
      }
    }
  return a;
}

template <class T>
void check_cholesky(index_t n, bool upper, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  const std::vector<T> a = spd<T>(n, g);
  std::vector<T> f = a;
  // The triangle not read holds garbage.
  for (index_t i = 0; i < n; ++i)
    for (index_t j = 0; j < n; ++j)
      if (upper ? j < i : j > i) f[i * n + j] = T(static_cast<R<T>>(1e30));
  if (upper) {
    k::cholesky_lower(k::strided_matrix<T, true>{f.data(), 1, n}, n);
  } else {
    k::cholesky_lower(k::strided_matrix<T, false>{f.data(), n, 1}, n);
  }
  // l (i, p) for p <= i: the lower factor, or conj(u (p, i)).
  const auto l = [&](index_t i, index_t p) -> cld {
    if (p > i) return cld(0, 0);
    return upper ? std::conj(wide(f[p * n + i])) : wide(f[i * n + p]);
  };
  ld err = 0, scale = 0;
  for (index_t i = 0; i < n; ++i)
    for (index_t j = 0; j <= i; ++j) {
      cld s(0, 0);
      ld sa = 0;
      for (index_t p = 0; p < n; ++p) {
        s += l(i, p) * std::conj(l(j, p));
        sa += std::abs(l(i, p)) * std::abs(l(j, p));
      }
      const cld want = upper ? std::conj(wide(a[j * n + i])) : wide(a[i * n + j]);
      err = std::max(err, std::abs(s - want) / std::max(sa, ld(1e-300)));
      scale = std::max(scale, sa);
    }
  INFO("cholesky n ", n, upper ? " upper" : " lower", ": largest |l l^H - a| / (|l| |l^H|) ", static_cast<double>(err));
  CHECK(static_cast<double>(err) <= 4.0 * static_cast<double>(n + 1) * eps<T>());
  // The factor's other triangle was not written.
  for (index_t i = 0; i < n; ++i)
    for (index_t j = 0; j < n; ++j)
      if (upper ? j < i : j > i) CHECK(wide(f[i * n + j]) == cld(static_cast<R<T>>(1e30), 0));
}

template <class T>
void check_solve(index_t m, index_t kk, bool lower, bool unit, int op, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  std::vector<T> a(static_cast<std::size_t>(m * m)), b(static_cast<std::size_t>(m * kk));
  for (index_t i = 0; i < m; ++i)
    for (index_t j = 0; j < m; ++j) {
      const bool in = lower ? j <= i : j >= i;
      a[i * m + j] = in ? random_value<T>(g) : T(static_cast<R<T>>(7e29));  // garbage outside
      if (i == j) a[i * m + j] = unit ? T(static_cast<R<T>>(5e29)) : T(static_cast<R<T>>(2 + static_cast<double>(i % 3)));
    }
  for (T& v : b) v = random_value<T>(g);
  std::vector<T> x = b;
  // op(a): 0 as is, 1 transposed, 2 adjoint; as viewed, lower iff lower == (op == 0).
  const bool view_lower = op == 0 ? lower : !lower;
  if (op == 0) {
    k::solve_left(k::strided_matrix<T, false>{a.data(), m, 1}, k::strided_matrix<T, false>{x.data(), kk, 1}, m, kk,
                  view_lower, unit);
  } else if (op == 1) {
    k::solve_left(k::strided_matrix<T, false>{a.data(), 1, m}, k::strided_matrix<T, false>{x.data(), kk, 1}, m, kk,
                  view_lower, unit);
  } else {
    k::solve_left(k::strided_matrix<T, true>{a.data(), 1, m}, k::strided_matrix<T, false>{x.data(), kk, 1}, m, kk,
                  view_lower, unit);
  }
  // op(a) (i, p) from the named triangle of a only.
  const auto opa = [&](index_t i, index_t p) -> cld {
    const index_t r = op == 0 ? i : p, c = op == 0 ? p : i;
    if (r == c) return unit ? cld(1, 0) : wide(a[r * m + c]);
    if (lower ? c > r : c < r) return cld(0, 0);
    const cld v = wide(a[r * m + c]);
    return op == 2 ? std::conj(v) : v;
  };
  ld err = 0;
  for (index_t i = 0; i < m; ++i)
    for (index_t c = 0; c < kk; ++c) {
      cld s(0, 0);
      ld sa = 0;
      for (index_t p = 0; p < m; ++p) {
        s += opa(i, p) * wide(x[p * kk + c]);
        sa += std::abs(opa(i, p)) * std::abs(wide(x[p * kk + c]));
      }
      err = std::max(err, std::abs(s - wide(b[i * kk + c])) / std::max(sa, ld(1e-300)));
    }
  INFO("solve m ", m, " k ", kk, lower ? " lower" : " upper", unit ? " unit" : "", " op ", op,
       ": largest |op(a) x - b| / (|op(a)| |x|) ", static_cast<double>(err));
  CHECK(static_cast<double>(err) <= 4.0 * static_cast<double>(m + 1) * eps<T>());
}

template <class T>
void all_cases() {
  std::uint64_t seed = 1;
  for (index_t n : {1, 2, 3, 4, 7, 16, 33}) {
    check_cholesky<T>(n, false, seed++);
    check_cholesky<T>(n, true, seed++);
    for (int op = 0; op < 3; ++op)
      for (bool lower : {true, false})
        for (bool unit : {false, true}) check_solve<T>(n, 5, lower, unit, op, seed++);
  }
}

}  // namespace

TEST_CASE("kernels/triangular: cholesky and solves, f32 and f64") {
  all_cases<float>();
  all_cases<double>();
}

TEST_CASE("kernels/triangular: cholesky and solves, c64 and c128") {
  all_cases<std::complex<float>>();
  all_cases<std::complex<double>>();
}

TEST_CASE("kernels/triangular: a matrix that is not positive definite gives NaN from the failing pivot on") {
  // [[4, 2, 0], [2, 1, 0], [0, 0, 9]]: l00 = 2, l10 = 1, then 1 - 1 = 0: l11 = 0 and the
  // column below divides by it (0/0: NaN); l22 = sqrt(9 - |l21|^2) is NaN.
  std::vector<double> a = {4, 0, 0, 2, 1, 0, 0, 0, 9};
  k::cholesky_lower(k::strided_matrix<double, false>{a.data(), 3, 1}, 3);
  CHECK(a[0] == 2.0);
  CHECK(a[3] == 1.0);
  CHECK(a[4] == 0.0);
  CHECK(std::isnan(a[7]));
  CHECK(std::isnan(a[8]));
  // [[1, 0], [0, -1]]: sqrt(-1) is NaN.
  std::vector<float> b = {1, 0, 0, -1};
  k::cholesky_lower(k::strided_matrix<float, false>{b.data(), 2, 1}, 2);
  CHECK(b[0] == 1.0f);
  CHECK(std::isnan(b[3]));
}
