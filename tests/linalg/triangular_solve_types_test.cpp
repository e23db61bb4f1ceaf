// x::triangular_solve beyond triangular_solve_test.cpp: c64 and c128 with every option
// combination (the adjoint conjugates: op(a) = a^H), f64 on each side and triangle, sizes
// 1 to 33 and batches of rank 4, a worked adjoint system, and f16 and bf16 against a
// long double solution from the definition.
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "linalg/triangular_solve_check.hpp"

namespace x = sxla;
namespace sc = solve_check;
using x::transpose_kind;

TEST_CASE("triangular_solve: each side and triangle, f64") {
  sc::every_option<double, transpose_kind::adjoint>(2000);  // the same kernels as f32, on the wider type
}

TEST_CASE("triangular_solve: sizes 1 to 33 and batches of rank 4") {
  sc::check<float, sc::options<true, true, false, transpose_kind::no_transpose>, 1, 1>(3001);
  sc::check<double, sc::options<false, false, true, transpose_kind::transpose>, 2, 3, 2, 3>(3002);
  sc::check<float, sc::options<true, false, false, transpose_kind::adjoint>, 3, 5, 3>(3003);
  sc::check<double, sc::options<false, true, false, transpose_kind::no_transpose>, 7, 2, 2>(3004);
  sc::check<float, sc::options<true, true, true, transpose_kind::transpose>, 16, 16, 3>(3005);
  sc::check<double, sc::options<true, false, false, transpose_kind::no_transpose>, 33, 7>(3006);
  sc::check<float, sc::options<false, false, false, transpose_kind::transpose>, 33, 40>(3007);
}

TEST_CASE("triangular_solve: every option combination, c64 and c128") {
  sc::every_option<std::complex<float>>(4000);
  sc::every_option<std::complex<double>>(5000);
}

TEST_CASE("triangular_solve: complex size 33") {
  sc::check<std::complex<float>, sc::options<true, true, false, transpose_kind::adjoint>, 33, 5, 2>(6001);
}

TEST_CASE("triangular_solve: a worked adjoint") {
  // a = [[1, 0], [i, 1]] lower; a^H = [[1, -i], [0, 1]]: a^H x = b for b = [1 - i, 1]:
  // x1 = 1, x0 - i x1 = 1 - i -> x0 = 1. With transpose instead: a^T = [[1, i], [0, 1]]:
  // x0 + i = 1 - i -> x0 = 1 - 2i.
  using c = std::complex<double>;
  x::tensor<"c128[2,2]"> a{{c(1, 0), c(5, 5)}, {c(0, 1), c(1, 0)}};
  x::tensor<"c128[2,1]"> b{{c(1, -1)}, {c(1, 0)}};
  x::tensor<"c128[2,1]"> h = x::triangular_solve<x::triangular_solve_options{.transpose_a = transpose_kind::adjoint}>(a, b);
  CHECK(h(0, 0) == c(1, 0));
  CHECK(h(1, 0) == c(1, 0));
  x::tensor<"c128[2,1]"> t =
      x::triangular_solve<x::triangular_solve_options{.transpose_a = transpose_kind::transpose}>(a, b);
  CHECK(t(0, 0) == c(1, -2));
  CHECK(t(1, 0) == c(1, 0));
}

namespace {
// op(a) x = b (left) or x op(a) = b (right) for one lower or upper a, solved from the
// definition in long double on the values a and b hold (f16 / bf16 widened exactly): the
// f16 or bf16 result is that solution rounded once, within one unit in its last place
// (the f32 solve's error is far below it on this well-conditioned system).
template <class A, class B, x::triangular_solve_options O>
void small_float_case(unsigned seed) {
  using T = typename A::value_type;
  constexpr int m = static_cast<int>(A::spec.dimensions[0]);
  constexpr int rows = static_cast<int>(B::spec.dimensions[0]), cols = static_cast<int>(B::spec.dimensions[1]);
  std::mt19937 rng(seed);
  A a;
  B b;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j)
      a(i, j) = T(i == j ? 2.0f + static_cast<float>(rng() % 3) : static_cast<float>(static_cast<int>(rng() % 9) - 4) / 8);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) b(i, j) = T(static_cast<float>(static_cast<int>(rng() % 17) - 8) / 4);
  const B s = x::triangular_solve<O>(a, b);
  // op(a) as a dense m x m matrix of long doubles (the other triangle zero).
  std::vector<long double> op(static_cast<std::size_t>(m * m), 0.0L);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j)
      if (O.lower ? j <= i : j >= i) {
        const long double v = static_cast<long double>(static_cast<float>(a(i, j)));
        if (O.transpose_a == transpose_kind::no_transpose) op[static_cast<std::size_t>(i * m + j)] = v;
        else op[static_cast<std::size_t>(j * m + i)] = v;
      }
  // Solve column by column (left) or row by row (right) by Gaussian elimination on op(a),
  // triangular either way: order by the triangle, substitution from the definition.
  int wrong = 0;
  const int systems = O.left_side ? cols : rows;
  for (int k = 0; k < systems; ++k) {
    std::vector<long double> y(static_cast<std::size_t>(m));
    const auto rhs = [&](int i) { return static_cast<long double>(static_cast<float>(O.left_side ? b(i, k) : b(k, i))); };
    // left: sum_j op[i][j] y[j] = rhs(i); right: sum_i y[i] op[i][j] = rhs(j).
    const auto coef = [&](int eq, int var) {
      return O.left_side ? op[static_cast<std::size_t>(eq * m + var)] : op[static_cast<std::size_t>(var * m + eq)];
    };
    bool forward = true;  // whether equation eq uses only variables <= eq
    for (int eq = 0; eq < m; ++eq)
      for (int var = eq + 1; var < m; ++var) forward = forward && coef(eq, var) == 0.0L;
    for (int t = 0; t < m; ++t) {
      const int eq = forward ? t : m - 1 - t;
      long double acc = rhs(eq);
      for (int var = 0; var < m; ++var)
        if (var != eq) acc -= coef(eq, var) * y[static_cast<std::size_t>(var)];
      y[static_cast<std::size_t>(eq)] = acc / coef(eq, eq);
    }
    for (int i = 0; i < m; ++i) {
      const double want = static_cast<double>(y[static_cast<std::size_t>(i)]);
      const double got = static_cast<float>(O.left_side ? s(i, k) : s(k, i));
      // One unit in the last place of T (digits: its significand's bits) at want.
      const double ulp = want == 0 ? 0x1p-24 : std::ldexp(1.0, std::ilogb(want) - (std::numeric_limits<T>::digits - 1));
      if (!(std::abs(got - want) <= ulp)) ++wrong;
    }
  }
  CHECK(wrong == 0);
}
}  // namespace

TEST_CASE("triangular_solve: f16 and bf16, solved in f32 and rounded once") {
  small_float_case<x::tensor<"f16[6,6]">, x::tensor<"f16[6,3]">, x::triangular_solve_options{}>(7001);
  small_float_case<x::tensor<"bf16[6,6]">, x::tensor<"bf16[6,3]">,
                   x::triangular_solve_options{.lower = false, .transpose_a = transpose_kind::transpose}>(7002);
  small_float_case<x::tensor<"f16[5,5]">, x::tensor<"f16[4,5]">,
                   x::triangular_solve_options{.left_side = false, .lower = false}>(7003);
  small_float_case<x::tensor<"bf16[5,5]">, x::tensor<"bf16[2,5]">,
                   x::triangular_solve_options{.left_side = false, .transpose_a = transpose_kind::transpose}>(7004);
}
