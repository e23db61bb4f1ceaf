// Batch normalization against NumPy (tests/golden/reduction_golden.txt, written by
// tools/gen_golden.py). NumPy computes in
// float64 from the same inputs, so every tolerance below is sxla's own rounding:
// - batch norm, relative rel = 1e-5 for f32 and 1e-12 for f64: the mean within
//   epsilon_T * |mean| (one to two ulps: the reference is exact, sxla's mean is a T)
//   plus rel * sqrt(var); the variance within rel of itself; the outputs within rel of
//   the largest output, the training output plus the mean's tolerance times scale /
//   sqrt(var + eps) (it normalizes with sxla's T mean); the gradient sums within rel of
//   the sum of their terms' magnitudes.
// (ReduceWindow and SelectAndScatter on the same file's data: window_golden_test.cpp.)

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "golden/reduction_golden_check.hpp"

namespace x = sxla;
using namespace reduction_golden;

namespace {

// The three ops over golden case c: operand X (feature dimension F), vectors V.
template <class X, class V, x::index_t F>
void check_batch_norm(const std::string& c, double rel) {
  using T = typename X::value_type;
  const auto in = load<X>(c + "_x");
  const auto scale = load<V>(c + "_scale");
  const auto offset = load<V>(c + "_offset");
  const auto dy = load<X>(c + "_dy");
  const double eps = want(c + "_eps").at(0);
  const std::vector<double>& mean_want = want(c + "_mean");
  const std::vector<double>& var_want = want(c + "_var");

  // Per feature: the mean's tolerance and the factor scale / sqrt(var + eps).
  const std::size_t n = mean_want.size();
  std::vector<double> mean_tol(n), factor(n);
  for (std::size_t k = 0; k < n; ++k) {
    mean_tol[k] = std::numeric_limits<T>::epsilon() * std::fabs(mean_want[k]) + rel * std::sqrt(var_want[k]);
    factor[k] = std::fabs(static_cast<double>(scale(static_cast<x::index_t>(k)))) / std::sqrt(var_want[k] + eps);
  }

  const auto trained = x::batch_norm_training<F>(in, scale, offset, eps);
  check_close(c + " training batch_mean", std::get<1>(trained), mean_want,
              [&](const auto& i) { return mean_tol[static_cast<std::size_t>(i[0])]; });
  check_close(c + " training batch_var", std::get<2>(trained), var_want,
              [&](const auto& i) { return rel * var_want[static_cast<std::size_t>(i[0])]; });
  const double y_scale = max_abs(want(c + "_y"));
  check_close(c + " training output", std::get<0>(trained), want(c + "_y"), [&](const auto& i) {
    const auto k = static_cast<std::size_t>(i[F]);
    return rel * y_scale + mean_tol[k] * factor[k];
  });

  // Inference and grad from the moments rounded to T (as NumPy's reference takes them).
  const auto mean = load<V>(c + "_mean");
  const auto var = load<V>(c + "_var");
  const X inferred = x::batch_norm_inference<F>(in, scale, offset, mean, var, eps);
  const double yi_scale = max_abs(want(c + "_y_inference"));
  check_close(c + " inference output", inferred, want(c + "_y_inference"),
              [&](const auto&) { return rel * yi_scale; });

  const auto grads = x::batch_norm_grad<F>(in, scale, mean, var, dy, eps);
  const double gx_scale = max_abs(want(c + "_grad_operand"));
  check_close(c + " grad_operand", std::get<0>(grads), want(c + "_grad_operand"),
              [&](const auto&) { return rel * gx_scale; });
  const std::vector<double>& gs_mag = want(c + "_grad_scale_mag");
  const std::vector<double>& go_mag = want(c + "_grad_offset_mag");
  check_close(c + " grad_scale", std::get<1>(grads), want(c + "_grad_scale"),
              [&](const auto& i) { return rel * gs_mag[static_cast<std::size_t>(i[0])]; });
  check_close(c + " grad_offset", std::get<2>(grads), want(c + "_grad_offset"),
              [&](const auto& i) { return rel * go_mag[static_cast<std::size_t>(i[0])]; });
}

}  // namespace

TEST_CASE("golden/reduction: batch norm of f32[2,3,4,5], feature dimension 1") {
  check_batch_norm<x::tensor<"f32[2,3,4,5]">, x::tensor<"f32[3]">, 1>("bn_a", 1e-5);
}

TEST_CASE("golden/reduction: batch norm of NHWC f32[4,6,6,8], feature dimension 3") {
  check_batch_norm<x::tensor<"f32[4,6,6,8]">, x::tensor<"f32[8]">, 3>("bn_b", 1e-5);
}

// x = 1000 + N(0, 0.01) in f32: variances near 1e-4, epsilon 1e-6. The variance is held
// to 1e-5 of itself; the shifted sums are within about 1e-8 of it here. E[x^2] - E[x]^2 in
// f32 could not pass: E[x^2] is about 1e6, whose f32 ulp (1/16) is 600 times the variance;
// on these inputs it gives -0.375, 0 and 0.125. The training output allows for its f32
// mean (the reference's is exact): the mean's ulp at 1000, 6e-5, is 0.6% of the spread,
// so its tolerance (2^-23 * 1000 + 1e-5 * spread, about 1.2e-4) times scale / sqrt(var +
// eps) is about 1.2% of scale; the inference and grad outputs, which take the mean as an
// input, are held to 1e-5 of the largest output.
TEST_CASE("golden/reduction: batch norm of f32[64,3] with mean 1000 and spread 0.01") {
  check_batch_norm<x::tensor<"f32[64,3]">, x::tensor<"f32[3]">, 1>("bn_c", 1e-5);
}

TEST_CASE("golden/reduction: batch norm of f64[3,5,7], feature dimension 0") {
  check_batch_norm<x::tensor<"f64[3,5,7]">, x::tensor<"f64[3]">, 0>("bn_d", 1e-12);
}
