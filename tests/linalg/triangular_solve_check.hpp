// x::triangular_solve at the op level, shared by the solve tests: random well-conditioned
// triangular a (garbage in the triangle not read, and on the diagonal with
// unit_diagonal), random b, batches [B..., M, M] and [B..., M, N] (left) or [B..., N, M],
// solved by x::triangular_solve and each system multiplied back in long double
// (tests/support/linalg_check.hpp).
#ifndef SXLA_TESTS_LINALG_TRIANGULAR_SOLVE_CHECK_HPP
#define SXLA_TESTS_LINALG_TRIANGULAR_SOLVE_CHECK_HPP

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <complex>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "support/linalg_check.hpp"

namespace solve_check {

namespace x = sxla;
namespace lc = linalg_check;
using x::index_t;

using lc::tensor_of;

constexpr int op_number(x::transpose_kind t) {
  return t == x::transpose_kind::no_transpose ? 0 : t == x::transpose_kind::transpose ? 1 : 2;
}

// batch random triangular m x m matrices into a and random right-hand sides (m n each)
// into b, from seed. Out of line, as check_solutions: once per element type.
template <class T>
[[gnu::noinline]] void make_system(T* a, T* b, index_t m, index_t n, index_t batch, bool lower, bool unit,
                                   std::uint64_t seed) {
  std::mt19937_64 g(seed);
  for (index_t k = 0; k < batch; ++k) {
    const std::vector<T> ak = lc::triangular<T>(m, lower, unit, g);
    std::copy(ak.begin(), ak.end(), a + k * m * m);
  }
  for (index_t e = 0; e < batch * m * n; ++e) b[e] = lc::random_value<T>(g);
}

// Each solution in sol multiplied back against its system.
template <class T>
[[gnu::noinline]] void check_solutions(const T* a, const T* sol, const T* b, index_t m, index_t n, index_t batch,
                                       bool left, bool lower, bool unit, int op) {
  for (index_t k = 0; k < batch; ++k) {
    const double err = lc::solve_error(a + k * m * m, sol + k * m * n, b + k * m * n, m, n, left, lower, unit, op);
    INFO("triangular_solve m ", m, " n ", n, std::string(left ? " left" : " right"),
         std::string(lower ? " lower" : " upper"), std::string(unit ? " unit" : ""), " op ", op, " system ", k,
         ": residual / scale ", err);
    CHECK(err <= lc::bound<T>(m));
  }
}

template <class T, x::triangular_solve_options O, index_t M, index_t N, index_t... B>
void check(std::uint64_t seed) {
  using A = tensor_of<T, B..., M, M>;
  using X = std::conditional_t<O.left_side, tensor_of<T, B..., M, N>, tensor_of<T, B..., N, M>>;
  constexpr index_t batch = (index_t{1} * ... * B);
  const auto a = std::make_unique<A>();
  const auto b = std::make_unique<X>();
  const auto sol = std::make_unique<X>();
  make_system(a->data(), b->data(), M, N, batch, O.lower, O.unit_diagonal, seed);
  using E = decltype(x::triangular_solve<O>(*a, *b));
  static x::workspace<x::workspace_bytes<E, X>> ws;  // the blocked form's packing, from 128 rows
  x::noalias(*sol).using_workspace(ws) = x::triangular_solve<O>(*a, *b);
  check_solutions(a->data(), sol->data(), b->data(), M, N, batch, O.left_side, O.lower, O.unit_diagonal,
                  op_number(O.transpose_a));
}

template <bool Left, bool Lower, bool Unit, x::transpose_kind Op>
inline constexpr x::triangular_solve_options options{
    .left_side = Left, .lower = Lower, .unit_diagonal = Unit, .transpose_a = Op};

// Every option combination for T on a batch [2] of 4 x 4 systems with 3 right-hand sides.
template <class T, x::transpose_kind Op>
void every_option(std::uint64_t seed) {
  check<T, options<true, true, false, Op>, 4, 3, 2>(seed + 1);
  check<T, options<true, true, true, Op>, 4, 3, 2>(seed + 2);
  check<T, options<true, false, false, Op>, 4, 3, 2>(seed + 3);
  check<T, options<true, false, true, Op>, 4, 3, 2>(seed + 4);
  check<T, options<false, true, false, Op>, 4, 3, 2>(seed + 5);
  check<T, options<false, true, true, Op>, 4, 3, 2>(seed + 6);
  check<T, options<false, false, false, Op>, 4, 3, 2>(seed + 7);
  check<T, options<false, false, true, Op>, 4, 3, 2>(seed + 8);
}

template <class T>
void every_option(std::uint64_t seed) {
  every_option<T, x::transpose_kind::no_transpose>(seed);
  every_option<T, x::transpose_kind::transpose>(seed + 10);
  every_option<T, x::transpose_kind::adjoint>(seed + 20);
}

}  // namespace solve_check

#endif  // SXLA_TESTS_LINALG_TRIANGULAR_SOLVE_CHECK_HPP
