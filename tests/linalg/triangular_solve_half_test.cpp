// x::triangular_solve on f16 and bf16 (solved in f32 and rounded once) against the
// solution from the definition in long double, on the values a and b hold: within one
// unit in the last place, for four combinations of side, triangle and transpose.
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "linalg/triangular_solve_check.hpp"

namespace x = sxla;
using x::transpose_kind;

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
