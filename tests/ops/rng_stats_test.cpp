// Statistics of x::rng_uniform and x::rng_normal on 10^7 values each (ten successive calls
// of 10^6 from one x::rng_state), against the distributions' definitions: the uniform's
// range, mean and a chi-square over 100 equal bins; the normal's mean, variance and
// Kolmogorov-Smirnov distance to the normal CDF (0.5 erfc(-x / sqrt 2)). The seeds are
// fixed, so each figure is the same at every run; the bounds are those a correct
// generator exceeds with probability below 10^-3 (6 standard deviations for the moments,
// the chi-square's 99.9th percentile with 99 degrees of freedom, 148.2, and the
// Kolmogorov distribution's, 1.95 / sqrt(n)). A full-configuration file (the sort of 10^7
// values).
#include <doctest/doctest.h>

#include <sxla/sxla.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <memory>
#include <vector>

namespace x = sxla;

namespace {
constexpr std::size_t chunk = 1000000, calls = 10, total = chunk * calls;
using chunk_t = x::tensor<"f32[1000000]">;
}  // namespace

TEST_CASE("rng_uniform: 10^7 values in [0, 1): range, mean, chi-square over 100 bins") {
  auto t = std::make_unique<chunk_t>(x::uninitialized);
  x::rng_state gen{.seed = 20261127};
  std::vector<long> bins(100, 0);
  double sum = 0;
  long outside = 0;
  for (std::size_t c = 0; c < calls; ++c) {
    *t = x::rng_uniform<"f32[1000000]">(0.0f, 1.0f, gen);
    for (std::size_t i = 0; i < chunk; ++i) {
      const float v = t->data()[i];
      outside += v >= 0.0f && v < 1.0f ? 0 : 1;
      sum += v;
      ++bins[std::min<std::size_t>(99, static_cast<std::size_t>(v * 100.0f))];
    }
  }
  CHECK(outside == 0);
  const double mean = sum / total;
  CHECK(std::abs(mean - 0.5) < 6 * std::sqrt(1.0 / 12 / total));
  double chi2 = 0;
  const double expected = double(total) / 100;
  for (long b : bins) chi2 += (b - expected) * (b - expected) / expected;
  INFO("chi-square ", chi2);
  CHECK(chi2 < 148.2);
  CHECK(gen.counter == total);
}

TEST_CASE("rng_normal: 10^7 values from N(0, 1): mean, variance, Kolmogorov-Smirnov distance") {
  auto t = std::make_unique<chunk_t>(x::uninitialized);
  x::rng_state gen{.seed = 7, .counter = 123456789};
  std::vector<float> all;
  all.reserve(total);
  double sum = 0, sum2 = 0;
  for (std::size_t c = 0; c < calls; ++c) {
    *t = x::rng_normal<"f32[1000000]">(0.0f, 1.0f, gen);
    for (std::size_t i = 0; i < chunk; ++i) {
      const double v = t->data()[i];
      sum += v;
      sum2 += v * v;
      all.push_back(t->data()[i]);
    }
  }
  const double mean = sum / total, var = sum2 / total - mean * mean;
  INFO("mean ", mean, ", variance ", var);
  CHECK(std::abs(mean) < 6 / std::sqrt(double(total)));
  CHECK(std::abs(var - 1) < 6 * std::sqrt(2.0 / total));
  std::sort(all.begin(), all.end());
  double d = 0;
  for (std::size_t i = 0; i < total; ++i) {
    const double cdf = 0.5 * std::erfc(-double(all[i]) / std::sqrt(2.0));
    d = std::max({d, std::abs(cdf - double(i) / total), std::abs(cdf - double(i + 1) / total)});
  }
  INFO("Kolmogorov-Smirnov distance ", d);
  CHECK(d < 1.95 / std::sqrt(double(total)));
}

TEST_CASE("rng_normal f64 and rng_uniform s32: moments of 10^6 values") {
  x::rng_state gen{.seed = 99};
  auto z = std::make_unique<x::tensor<"f64[1000,1000]">>(x::uninitialized);
  *z = x::rng_normal<"f64[1000,1000]">(2.0, 3.0, gen);
  double sum = 0, sum2 = 0;
  for (std::size_t i = 0; i < chunk; ++i) {
    sum += z->data()[i];
    sum2 += z->data()[i] * z->data()[i];
  }
  const double mean = sum / chunk, var = sum2 / chunk - mean * mean;
  CHECK(std::abs(mean - 2.0) < 6 * 3.0 / std::sqrt(double(chunk)));
  CHECK(std::abs(var - 9.0) < 6 * 9.0 * std::sqrt(2.0 / chunk));

  auto k = std::make_unique<x::tensor<"s32[1000000]">>(x::uninitialized);
  *k = x::rng_uniform<"s32[1000000]">(-50, 50, gen);
  std::vector<long> bins(100, 0);
  long outside = 0;
  for (std::size_t i = 0; i < chunk; ++i) {
    const int v = k->data()[i];
    if (v < -50 || v >= 50) {
      ++outside;
    } else {
      ++bins[static_cast<std::size_t>(v + 50)];
    }
  }
  CHECK(outside == 0);
  double chi2 = 0;
  for (long b : bins) chi2 += (b - 10000.0) * (b - 10000.0) / 10000.0;
  CHECK(chi2 < 148.2);
}
