// kernels/triangular.hpp on single matrices: the Cholesky factor multiplied back in long
// double (l l^H = a, u^H u = a), non-positive-definite matrices giving NaN from the
// failing pivot on, and triangular solves op(a) x = b and x op(a) = b checked by
// multiplying back, for f32, f64, c64 and c128 at sizes 1, 2, 3, 4, 7, 16 and 33
// (unblocked, every option) and 130 (blocked on the GEMM engine, each side and triangle;
// 37 right-hand sides: full vectors and a tail). Inputs, residuals and tolerance: tests/support/linalg_check.hpp.
#include <sxla/kernels/triangular.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <random>
#include <vector>

#include "support/linalg_check.hpp"

namespace k = sxla::kernels;
namespace lc = linalg_check;
using sxla::index_t;

namespace {

template <class T>
void check_cholesky(index_t n, bool upper, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  const std::vector<T> a = lc::spd<T>(n, g);
  std::vector<T> f = lc::with_garbage(a, n, upper);
  std::vector<T> work(k::cholesky_workspace<T>(n));  // from 128 rows: blocked
  if (upper) {
    k::cholesky<true>(f.data(), n, work.data());
  } else {
    k::cholesky<false>(f.data(), n, work.data());
  }
  const double err = lc::factor_error(a.data(), f.data(), n, upper);
  INFO("cholesky n ", n, upper ? " upper" : " lower", ": largest |l l^H - a| / (|l| |l^H|) ", err);
  CHECK(err <= lc::bound<T>(n));
  // Unblocked, the factor's other triangle was not written.
  if (!work.empty()) return;
  const std::vector<T> garbage = lc::with_garbage(std::vector<T>(f.size()), n, upper);
  for (index_t i = 0; i < n; ++i)
    for (index_t j = 0; j < n; ++j)
      if (upper ? j < i : j > i) CHECK(f[i * n + j] == garbage[i * n + j]);
}

template <class T>
void check_solve(index_t m, index_t n, bool left, bool lower, bool unit, int op, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  const std::vector<T> a = lc::triangular<T>(m, lower, unit, g);
  std::vector<T> b(static_cast<std::size_t>(m * n));
  for (T& v : b) v = lc::random_value<T>(g);
  std::vector<T> x = b;
  const auto kop = op == 0 ? k::triangular_op::none : op == 1 ? k::triangular_op::transpose : k::triangular_op::adjoint;
  std::vector<T> work(k::triangular_solve_workspace<T>(m, n, left));  // from 128 rows: blocked
  k::triangular_solve(a.data(), x.data(), m, n, left, lower, unit, kop, work.data());
  const double err = lc::solve_error(a.data(), x.data(), b.data(), m, n, left, lower, unit, op);
  INFO("solve m ", m, " n ", n, left ? " left" : " right", lower ? " lower" : " upper", unit ? " unit" : "", " op ", op,
       ": largest residual / scale ", err);
  CHECK(err <= lc::bound<T>(m));
}

template <class T>
void all_cases() {
  std::uint64_t seed = 1;
  for (index_t n : {1, 2, 3, 4, 7, 16, 33}) {
    check_cholesky<T>(n, false, seed++);
    check_cholesky<T>(n, true, seed++);
    for (int op = 0; op < 3; ++op)
      for (bool left : {true, false})
        for (bool lower : {true, false})
          for (bool unit : {false, true}) check_solve<T>(n, 5, left, lower, unit, op, seed++);
  }
  // Blocked: each side and triangle once, the transposes and unit diagonals in turn.
  check_cholesky<T>(130, false, seed++);
  check_cholesky<T>(130, true, seed++);
  int op = 0;
  for (bool left : {true, false})
    for (bool lower : {true, false}) {
      check_solve<T>(130, 37, left, lower, op == 1, op, seed++);
      op = (op + 1) % 3;
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
  // [[4, 2, 0], [2, 1, 0], [0, 0, 9]]: l00 = 2, l10 = 1, then the pivot 1 - 1 = 0 is not
  // positive: l11 is NaN (as LAPACK's potrf stops there), and so are l21 and l22 after it.
  std::vector<double> a = {4, 0, 0, 2, 1, 0, 0, 0, 9};
  k::cholesky<false>(a.data(), 3);
  CHECK(a[0] == 2.0);
  CHECK(a[3] == 1.0);
  CHECK(std::isnan(a[4]));
  CHECK(std::isnan(a[7]));
  CHECK(std::isnan(a[8]));
  // [[1, 0], [0, -1]]: sqrt(-1) is NaN.
  std::vector<float> b = {1, 0, 0, -1};
  k::cholesky<false>(b.data(), 2);
  CHECK(b[0] == 1.0f);
  CHECK(std::isnan(b[3]));
}
