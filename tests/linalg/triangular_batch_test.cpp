// kernels/triangular_batch.hpp: cholesky_across (f32, f64), complex numbers through the
// per-matrix kernels, and matrices that are not positive definite
// (triangular_batch_check.hpp says how; the solves in triangular_batch_f32_test.cpp and
// triangular_batch_f64_test.cpp, for compile time).
#include "linalg/triangular_batch_check.hpp"

using namespace batch_check;


TEST_CASE("kernels/triangular_batch: cholesky_across, f32 and f64") {
  all_cholesky<float>();
  all_cholesky<double>();
}



TEST_CASE("kernels/triangular_batch: no matrices, and complex numbers through the per-matrix kernels") {
  k::cholesky_across<4, false>(static_cast<float*>(nullptr), 0);
  k::solve_across<4, 4, true, true, false, k::triangular_op::none>(static_cast<const double*>(nullptr),
                                                                  static_cast<double*>(nullptr), 0);
  std::mt19937_64 g(7);
  using C = std::complex<float>;
  std::vector<C> a;
  for (int c = 0; c < 5; ++c) {
    const std::vector<C> m = lc::spd<C>(3, g);
    a.insert(a.end(), m.begin(), m.end());
  }
  std::vector<C> across = a, kernel = a;
  k::cholesky_across<3, true>(across.data(), 5);
  for (int c = 0; c < 5; ++c) {
    k::cholesky<true>(kernel.data() + 9 * c, 3);
    CHECK(lc::factor_error(a.data() + 9 * c, across.data() + 9 * c, 3, true) <= lc::bound<C>(3));
  }
  // The same kernel, inlined elsewhere: the compiler may contract it differently.
  CHECK(difference(across, kernel) <= 16 * lc::bound<C>(3));
  std::vector<C> b(45);
  for (C& v : b) v = lc::random_value<C>(g);
  std::vector<C> x = b, y = b;
  k::solve_across<3, 3, false, false, false, k::triangular_op::adjoint>(across.data(), x.data(), 5);
  for (int c = 0; c < 5; ++c) {
    k::triangular_solve(across.data() + 9 * c, y.data() + 9 * c, 3, 3, false, false, false, k::triangular_op::adjoint);
    CHECK(lc::solve_error(across.data() + 9 * c, x.data() + 9 * c, b.data() + 9 * c, 3, 3, false, false, false, 2) <=
          lc::bound<C>(3));
  }
  CHECK(difference(x, y) <= 16 * lc::bound<C>(3));
}

TEST_CASE("kernels/triangular_batch: matrices that are not positive definite give NaN where the kernel does") {
  // Every third matrix [[4, 2, 0], [2, 1, 0], [0, 0, 9]] (or -1 for 9): the pivot of l11 is
  // 1 - 1 = 0, not positive: l11, l21 and l22 are NaN; the others positive definite.
  const auto run = [](auto zero) {
    using T = decltype(zero);
    std::mt19937_64 g(11);
    std::vector<T> in;
    for (int c = 0; c < 19; ++c) {
      std::vector<T> m = lc::spd<T>(3, g);
      if (c % 3 == 0) m = {4, 2, 0, 2, 1, 0, 0, 0, c % 2 == 0 ? T(9) : T(-1)};
      in.insert(in.end(), m.begin(), m.end());
    }
    for (bool upper : {false, true}) {
      std::vector<T> across = in, reference = in;
      const bool vectors = cholesky_vectorised<3, T>();
      if (upper) {
        k::cholesky_across<3, true>(across.data(), 19);
        for (int c = 0; c < 19; ++c) reference_cholesky<true>(reference.data() + 9 * c, 3);
      } else {
        k::cholesky_across<3, false>(across.data(), 19);
        for (int c = 0; c < 19; ++c) reference_cholesky<false>(reference.data() + 9 * c, 3);
      }
      bool same = true;
      int nans = 0;
      for (std::size_t i = 0; i < in.size(); ++i) {
        nans += std::isnan(reference[i]) ? 1 : 0;
        const bool close = vectors ? across[i] == reference[i]
                                   : std::abs(across[i] - reference[i]) <= 16 * lc::bound<T>(3) * std::abs(reference[i]);
        same = same && (std::isnan(reference[i]) ? std::isnan(across[i]) : close);
      }
      INFO(std::string(upper ? "upper" : "lower"), " ", sizeof(T) == 4 ? "f32" : "f64");
      CHECK(same);
      CHECK(nans == 7 * 3);  // l11, l21 and l22 in each of the 7 such matrices
    }
  };
  run(0.0f);
  run(0.0);
}
