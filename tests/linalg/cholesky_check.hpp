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

// Batch b of n x n matrices [B..., n, n]: each one positive definite with garbage in
// the triangle not read; factored by x::cholesky and checked.
template <class T, x::triangle Tri, index_t N, index_t... B>
void check_op(std::uint64_t seed) {
  using A = tensor_of<T, B..., N, N>;
  constexpr index_t batch = (index_t{1} * ... * B);
  constexpr bool upper = Tri == x::triangle::upper;
  const auto a = std::make_unique<A>();
  const auto f = std::make_unique<A>();
  std::mt19937_64 g(seed);
  std::vector<std::vector<T>> want;
  for (index_t b = 0; b < batch; ++b) {
    want.push_back(lc::spd<T>(N, g));
    const std::vector<T> stored = lc::with_garbage(want.back(), N, upper);
    std::copy(stored.begin(), stored.end(), a->data() + b * N * N);
  }
  using E = decltype(x::cholesky<Tri>(*a));
  static x::workspace<x::workspace_bytes<E, A>> ws;  // the blocked form's packing, from 128 rows
  x::noalias(*f).using_workspace(ws) = x::cholesky<Tri>(*a);
  for (index_t b = 0; b < batch; ++b) {
    const T* fb = f->data() + b * N * N;
    const double err = lc::factor_error(want[static_cast<std::size_t>(b)].data(), fb, N, upper);
    INFO("cholesky n ", N, upper ? " upper" : " lower", " matrix ", b, ": residual / scale ", err);
    CHECK(err <= lc::bound<T>(N));
    bool zero = true;
    for (index_t i = 0; i < N; ++i)
      for (index_t j = 0; j < N; ++j)
        if ((upper ? j < i : j > i) && fb[i * N + j] != T{}) zero = false;
    CHECK(zero);
  }
}

}  // namespace cholesky_check

#endif  // SXLA_TESTS_LINALG_CHOLESKY_CHECK_HPP
