// kernels/triangular_batch.hpp checked (shared by triangular_batch_test.cpp, and
// triangular_batch_{f32,f64}{,_sizes,_large}_test.cpp for the solves): cholesky_across and
// solve_across against the per-matrix kernels of kernels/triangular.hpp on random batches
// (counts 1, 17 and 37: a partial group alone, and full groups of lanes with a partial
// one after them), matrices of 1, 2, 3, 4, 7 and 16 rows (solves also with 20 and 70
// columns), both triangles, every solve option, f32 and f64. Each lane of the vector paths must be bitwise the per-matrix
// algorithm with every product rounded (the references below: cholesky_lower and
// solve_left with simd::mul and simd::sub); where the batch kernels loop over the
// per-matrix ones (the scalar backend, larger matrices, complex numbers) the result must
// be theirs. The per-matrix kernels may differ from the references by roundings where the
// compiler contracts their products into fmas (clang does; g++ does or not depending on
// the tuning and the statement), so they are compared elementwise within 16 times the
// residual bound (a forward error). The residuals are multiplied back in long double, and
// the other triangle must keep its bits (tests/support/linalg_check.hpp). Matrices that
// are not positive definite give NaN where the reference does.
#ifndef SXLA_TESTS_LINALG_TRIANGULAR_BATCH_CHECK_HPP
#define SXLA_TESTS_LINALG_TRIANGULAR_BATCH_CHECK_HPP

#include <sxla/kernels/triangular_batch.hpp>

#include <doctest/doctest.h>

#include <sxla/simd/vec.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "support/linalg_check.hpp"

namespace k = sxla::kernels;
namespace lc = linalg_check;
namespace simd = sxla::simd;
using sxla::index_t;

namespace batch_check {

// cholesky<Upper>(p, n), each product rounded: element (i, j) of the view it factors is
// p[i * rs + j * cs].
template <bool Upper, class T>
void reference_cholesky(T* p, index_t n) {
  const index_t rs = Upper ? 1 : n, cs = Upper ? n : 1;
  const auto at = [&](index_t i, index_t j) -> T& { return p[i * rs + j * cs]; };
  for (index_t j = 0; j < n; ++j) {
    T d = at(j, j);
    for (index_t q = 0; q < j; ++q) d = simd::sub(d, simd::mul(at(j, q), at(j, q)));
    // LAPACK's potrf stops at a pivot that is not positive: NaN from there on.
    const T pivot = d > T(0) ? std::sqrt(d) : std::numeric_limits<T>::quiet_NaN();
    at(j, j) = pivot;
    for (index_t i = j + 1; i < n; ++i) {
      T s = at(i, j);
      for (index_t q = 0; q < j; ++q) s = simd::sub(s, simd::mul(at(i, q), at(j, q)));
      at(i, j) = s / pivot;
    }
  }
}

// triangular_solve (unblocked), each product rounded.
template <class T>
void reference_solve(const T* a, T* b, index_t m, index_t n, bool left, bool lower, bool unit, int op) {
  // solve_left on the views: a (i, p) at a[i * ars + p * acs], x (i, c) at b[i * xrs + c * xcs].
  const bool transposed = left == (op != 0);
  const index_t ars = transposed ? 1 : m, acs = transposed ? m : 1;
  const index_t xrs = left ? n : 1, xcs = left ? 1 : m;
  const bool view_lower = transposed ? !lower : lower;
  for (index_t step = 0; step < m; ++step) {
    const index_t i = view_lower ? step : m - 1 - step;
    for (index_t q = 0; q < step; ++q) {
      const index_t p = view_lower ? q : m - 1 - q;
      const T f = a[i * ars + p * acs];
      for (index_t c = 0; c < n; ++c)
        b[i * xrs + c * xcs] = simd::sub(b[i * xrs + c * xcs], simd::mul(f, b[p * xrs + c * xcs]));
    }
    if (!unit) {
      const T pivot = a[i * ars + i * acs];
      for (index_t c = 0; c < n; ++c) b[i * xrs + c * xcs] = b[i * xrs + c * xcs] / pivot;
    }
  }
}

template <class T>
bool same_bits(const std::vector<T>& x, const std::vector<T>& y) {
  return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * sizeof(T)) == 0;
}

// The largest |x - y| / max(|y|, 1), elementwise (x and y of the same size).
template <class T>
double difference(const std::vector<T>& x, const std::vector<T>& y) {
  double d = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const auto e = static_cast<double>(std::abs(x[i] - y[i])), m = static_cast<double>(std::abs(y[i]));
    d = std::max(d, e / std::max(m, 1.0));
  }
  return d;
}

// Whether the batch kernels take their vector paths (else they loop over the per-matrix
// kernels, and the compiler may contract these differently in each place they are
// inlined: no bitwise comparison then).
template <index_t N, class T>
constexpr bool cholesky_vectorised() {
  return k::triangular_batch_detail::across<T, N * N>();
}
template <index_t M, index_t N, class T>
bool solve_vectorised(bool left) {
  if constexpr (k::triangular_batch_detail::real_vectors<T>()) {
    if (left && N >= static_cast<index_t>(simd::lanes<T>)) return true;
  }
  return k::triangular_batch_detail::across<T, M * M>() && k::triangular_batch_detail::across<T, M * N>();
}

template <index_t N, bool Upper, class T>
void check_cholesky(index_t count, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  constexpr index_t e = N * N;
  std::vector<T> a, in;
  for (index_t c = 0; c < count; ++c) {
    const std::vector<T> m = lc::spd<T>(N, g);
    a.insert(a.end(), m.begin(), m.end());
    const std::vector<T> mg = lc::with_garbage(m, N, Upper);
    in.insert(in.end(), mg.begin(), mg.end());
  }
  std::vector<T> across = in, kernel = in, reference = in;
  k::cholesky_across<N, Upper>(across.data(), count);
  for (index_t c = 0; c < count; ++c) {
    k::cholesky<Upper>(kernel.data() + c * e, N);
    reference_cholesky<Upper>(reference.data() + c * e, N);
  }
  INFO("cholesky_across N ", N, std::string(Upper ? " upper" : " lower"), " count ", count, " lanes ",
       sxla::simd::lanes<T>);
  if (cholesky_vectorised<N, T>()) CHECK(same_bits(across, reference));
  CHECK(difference(across, kernel) <= 16 * lc::bound<T>(N));
  double worst = 0;
  for (index_t c = 0; c < count; ++c) {
    const double err = lc::factor_error(a.data() + c * e, across.data() + c * e, N, Upper);
    worst = err > worst ? err : worst;
  }
  INFO("largest |l l^H - a| / (|l| |l^H|) ", worst);
  CHECK(worst <= lc::bound<T>(N));
  // The other triangle keeps its bits.
  bool kept = true;
  for (index_t c = 0; c < count; ++c)
    for (index_t i = 0; i < N; ++i)
      for (index_t j = 0; j < N; ++j)
        if (Upper ? j < i : j > i) {
          const std::size_t at = static_cast<std::size_t>(c * e + i * N + j);
          kept = kept && std::memcmp(&across[at], &in[at], sizeof(T)) == 0;
        }
  CHECK(kept);
}

constexpr k::triangular_op kernel_op(int op) {
  return op == 0 ? k::triangular_op::none : op == 1 ? k::triangular_op::transpose : k::triangular_op::adjoint;
}

template <index_t M, index_t N, class T, bool Left, bool Lower, bool Unit, int Op>
void check_solve(index_t count, std::uint64_t seed) {
  constexpr bool left = Left, lower = Lower, unit = Unit;
  constexpr int op = Op;
  std::mt19937_64 g(seed);
  constexpr index_t ea = M * M, eb = M * N;
  std::vector<T> a, b;
  for (index_t c = 0; c < count; ++c) {
    const std::vector<T> m = lc::triangular<T>(M, lower, unit, g);
    a.insert(a.end(), m.begin(), m.end());
    for (index_t i = 0; i < eb; ++i) b.push_back(lc::random_value<T>(g));
  }
  constexpr k::triangular_op kop = kernel_op(Op);
  std::vector<T> across = b, kernel = b, reference = b;
  k::solve_across<M, N, Left, Lower, Unit, kop>(a.data(), across.data(), count);
  for (index_t c = 0; c < count; ++c) {
    k::triangular_solve(a.data() + c * ea, kernel.data() + c * eb, M, N, left, lower, unit, kop);
    reference_solve(a.data() + c * ea, reference.data() + c * eb, M, N, left, lower, unit, op);
  }
  INFO("solve_across M ", M, " N ", N, " count ", count, std::string(left ? " left" : " right"),
       std::string(lower ? " lower" : " upper"), std::string(unit ? " unit" : ""), " op ", op, " lanes ",
       sxla::simd::lanes<T>);
  if (solve_vectorised<M, N, T>(left)) CHECK(same_bits(across, reference));
  CHECK(difference(across, kernel) <= 16 * lc::bound<T>(M));
  double worst = 0;
  for (index_t c = 0; c < count; ++c) {
    const double err = lc::solve_error(a.data() + c * ea, across.data() + c * eb, b.data() + c * eb, M, N, left,
                                       lower, unit, op);
    worst = err > worst ? err : worst;
  }
  INFO("largest residual / scale ", worst);
  CHECK(worst <= lc::bound<T>(M));
}

template <index_t N, class T>
void cholesky_cases(std::uint64_t& seed) {
  for (index_t count : {1, 17, 37}) {
    check_cholesky<N, false, T>(count, seed++);
    check_cholesky<N, true, T>(count, seed++);
  }
}

template <index_t M, index_t N, class T, bool Left, bool Lower, bool Unit, int Op>
void solve_counts(std::uint64_t& seed) {
  for (index_t count : {1, 17, 37}) check_solve<M, N, T, Left, Lower, Unit, Op>(count, seed++);
}

// Every form: left_side, lower, unit_diagonal and the three transpose_a.
template <index_t M, index_t N, class T>
void every_form(std::uint64_t& seed) {
  [&]<int... F>(std::integer_sequence<int, F...>) {
    (solve_counts<M, N, T, (F & 1) != 0, (F & 2) != 0, (F & 4) != 0, F / 8>(seed), ...);
  }(std::make_integer_sequence<int, 24>{});
}

// Four forms: both sides, both triangles, each transpose_a, a unit diagonal.
template <index_t M, index_t N, class T>
void some_forms(std::uint64_t& seed) {
  solve_counts<M, N, T, true, true, false, 0>(seed);
  solve_counts<M, N, T, false, false, true, 1>(seed);
  solve_counts<M, N, T, true, false, false, 2>(seed);
  solve_counts<M, N, T, false, true, false, 0>(seed);
}

template <class T>
void all_cholesky() {
  std::uint64_t seed = 1;
  cholesky_cases<1, T>(seed);
  cholesky_cases<2, T>(seed);
  cholesky_cases<3, T>(seed);
  cholesky_cases<4, T>(seed);
  cholesky_cases<7, T>(seed);
  cholesky_cases<16, T>(seed);
  cholesky_cases<24, T>(seed);  // beyond the batch kernels' size: the per-matrix loop
}

// The solves in three parts (three translation units per type, for compile time): 4 x 4
// and 16 x 16; the other sizes up to 7 rows; the other sizes with 16 rows or b of 20 and
// 70 columns.
template <class T>
void solves_4_and_16() {
  std::uint64_t seed = 1000;
  every_form<4, 4, T>(seed);    // across systems
  // Left: vectors over b's columns (right-looking, x in registers), each of its forms
  // (transposed or not, lower or upper as viewed, unit or not) once; right: across
  // systems.
  some_forms<16, 16, T>(seed);
  solve_counts<16, 16, T, true, true, true, 1>(seed);
  solve_counts<16, 16, T, true, false, true, 0>(seed);
  solve_counts<16, 16, T, true, true, false, 2>(seed);
  solve_counts<16, 16, T, true, false, true, 1>(seed);
  solve_counts<16, 16, T, true, true, true, 0>(seed);
}

template <class T>
void solves_small_sizes() {
  std::uint64_t seed = 2000;
  some_forms<1, 1, T>(seed);
  some_forms<2, 3, T>(seed);
  some_forms<3, 2, T>(seed);
  some_forms<4, 1, T>(seed);
  some_forms<7, 5, T>(seed);
}

template <class T>
void solves_large_sizes() {
  std::uint64_t seed = 2000 + 5 * 12;  // after solves_small_sizes' five sizes of 12 seeds each
  some_forms<16, 3, T>(seed);
  some_forms<5, 20, T>(seed);   // left: vectors over b's columns, the last one partial
  some_forms<3, 70, T>(seed);   // left: 5 vectors a row, in registers; right: the per-matrix loop
  some_forms<16, 20, T>(seed);  // left: 2 vectors a row, row by row (32 registers would not do)
}

}  // namespace batch_check

#endif  // SXLA_TESTS_LINALG_TRIANGULAR_BATCH_CHECK_HPP
