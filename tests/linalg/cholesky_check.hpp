// x::cholesky at the op level, shared by the Cholesky tests: batches of random Hermitian
// positive definite matrices (garbage in the triangle not read) factored by x::cholesky
// and each factor multiplied back in long double (tests/support/linalg_check.hpp); the
// other triangle of the result must be zero.
#ifndef SXLA_TESTS_LINALG_CHOLESKY_CHECK_HPP
#define SXLA_TESTS_LINALG_CHOLESKY_CHECK_HPP

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <complex>
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "support/linalg_check.hpp"

namespace cholesky_check {

namespace x = sxla;
namespace lc = linalg_check;
using x::index_t;

using lc::tensor_of;

// batch positive definite n x n matrices from seed, written to a (row-major, one after
// the other) with garbage in the triangle not read; returns them without the garbage.
// Out of line, as check_factors: once per element type, not per shape.
template <class T>
[[gnu::noinline]] std::vector<std::vector<T>> make_inputs(T* a, index_t n, index_t batch, bool upper,
                                                          std::uint64_t seed) {
  std::mt19937_64 g(seed);
  std::vector<std::vector<T>> want;
  for (index_t b = 0; b < batch; ++b) {
    want.push_back(lc::spd<T>(n, g));
    const std::vector<T> stored = lc::with_garbage(want.back(), n, upper);
    std::copy(stored.begin(), stored.end(), a + b * n * n);
  }
  return want;
}

// Each factor in f multiplied back against its matrix, and zero in the other triangle.
template <class T>
[[gnu::noinline]] void check_factors(const std::vector<std::vector<T>>& want, const T* f, index_t n, bool upper) {
  for (std::size_t b = 0; b < want.size(); ++b) {
    const T* fb = f + static_cast<index_t>(b) * n * n;
    const double err = lc::factor_error(want[b].data(), fb, n, upper);
    INFO("cholesky n ", n, upper ? " upper" : " lower", " matrix ", b, ": residual / scale ", err);
    CHECK(err <= lc::bound<T>(n));
    bool zero = true;
    for (index_t i = 0; i < n; ++i)
      for (index_t j = 0; j < n; ++j)
        if ((upper ? j < i : j > i) && fb[i * n + j] != T{}) zero = false;
    CHECK(zero);
  }
}

// Batch b of n x n matrices [B..., n, n]: each one positive definite with garbage in
// the triangle not read; factored by x::cholesky and checked.
template <class T, x::triangle Tri, index_t N, index_t... B>
void check_op(std::uint64_t seed) {
  using A = tensor_of<T, B..., N, N>;
  constexpr index_t batch = (index_t{1} * ... * B);
  constexpr bool upper = Tri == x::triangle::upper;
  const auto a = std::make_unique<A>();
  const auto f = std::make_unique<A>();
  const std::vector<std::vector<T>> want = make_inputs(a->data(), N, batch, upper, seed);
  using E = decltype(x::cholesky<Tri>(*a));
  static x::workspace<x::workspace_bytes<E, A>> ws;  // the blocked form's packing, from 128 rows
  x::noalias(*f).using_workspace(ws) = x::cholesky<Tri>(*a);
  check_factors(want, f->data(), N, upper);
}

}  // namespace cholesky_check

#endif  // SXLA_TESTS_LINALG_CHOLESKY_CHECK_HPP
