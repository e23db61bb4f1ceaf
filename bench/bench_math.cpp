// exp, tanh and erf over 1M f32 (4 MiB: in L2/L3), side by side in one process: sxla (the
// kernels of simd/math.hpp through x::exp, x::tanh and x::erf), Eigen Tensor's .exp(),
// .tanh() and .erf(), xtensor's xt::exp, xt::tanh and xt::erf, Highway's contrib math
// (Exp, Tanh; it has no erf), and a plain std::exp / std::tanh / std::erf loop. Items
// are elements.
#include <sxla/sxla.hpp>

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstddef>
#include <memory>
#include <random>
#include <vector>

#if __has_include(<unsupported/Eigen/CXX11/Tensor>)
#define SXLA_BENCH_EIGEN 1
#include <unsupported/Eigen/CXX11/Tensor>
#elif __has_include(<eigen3/unsupported/Eigen/CXX11/Tensor>)
#define SXLA_BENCH_EIGEN 1
#include <eigen3/unsupported/Eigen/CXX11/Tensor>
#endif
#if __has_include(<xtensor/xtensor.hpp>)
#define SXLA_BENCH_XTENSOR 1
#include <xtensor/xmath.hpp>
#include <xtensor/xnoalias.hpp>
#include <xtensor/xtensor.hpp>
#endif
#if defined(SXLA_SIMD_HIGHWAY) && __has_include(<hwy/contrib/math/math-inl.h>)
#define SXLA_BENCH_HWY_MATH 1
#include <hwy/contrib/math/math-inl.h>
#endif

namespace x = sxla;

namespace {

constexpr std::size_t n = 1 << 20;
using vec_t = x::tensor<"f32[1048576]">;

// Inputs over the range where the functions are neither saturated nor trivial.
const vec_t& input() {
  static const auto in = [] {
    auto t = std::make_unique<vec_t>();
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> u(-10.0f, 10.0f);
    for (std::size_t i = 0; i < n; ++i) t->data()[i] = u(rng);
    return t;
  }();
  return *in;
}

template <int Fn>  // 0: exp, 1: tanh, 2: erf
void sxla_fn(benchmark::State& state) {
  const vec_t& in = input();
  auto out = std::make_unique<vec_t>(x::uninitialized);
  for (auto _ : state) {
    if constexpr (Fn == 0) {
      *out = x::exp(in);
    } else if constexpr (Fn == 1) {
      *out = x::tanh(in);
    } else {
      *out = x::erf(in);
    }
    benchmark::DoNotOptimize(out->data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

template <int Fn>
void std_loop(benchmark::State& state) {
  const vec_t& in = input();
  std::vector<float> out(n);
  for (auto _ : state) {
    for (std::size_t i = 0; i < n; ++i) {
      const float v = in.data()[i];
      out[i] = Fn == 0 ? std::exp(v) : Fn == 1 ? std::tanh(v) : std::erf(v);
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

#if SXLA_BENCH_EIGEN
template <int Fn>
void eigen_fn(benchmark::State& state) {
  Eigen::Tensor<float, 1> in(static_cast<Eigen::Index>(n)), out(static_cast<Eigen::Index>(n));
  for (std::size_t i = 0; i < n; ++i) in(static_cast<Eigen::Index>(i)) = input().data()[i];
  for (auto _ : state) {
    if constexpr (Fn == 0) {
      out = in.exp();
    } else if constexpr (Fn == 1) {
      out = in.tanh();
    } else {
      out = in.erf();
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}
#endif

#if SXLA_BENCH_XTENSOR
template <int Fn>
void xtensor_fn(benchmark::State& state) {
  auto in = xt::xtensor<float, 1>::from_shape({n});
  auto out = xt::xtensor<float, 1>::from_shape({n});
  for (std::size_t i = 0; i < n; ++i) in(i) = input().data()[i];
  for (auto _ : state) {
    if constexpr (Fn == 0) {
      xt::noalias(out) = xt::exp(in);
    } else if constexpr (Fn == 1) {
      xt::noalias(out) = xt::tanh(in);
    } else {
      xt::noalias(out) = xt::erf(in);
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}
#endif

#if SXLA_BENCH_HWY_MATH
namespace hn = hwy::HWY_NAMESPACE;
template <int Fn>
void highway_contrib(benchmark::State& state) {
  const float* in = input().data();
  std::vector<float> out(n);
  const hn::ScalableTag<float> d;
  const std::size_t lanes = hn::Lanes(d);
  for (auto _ : state) {
    for (std::size_t i = 0; i < n; i += lanes) {
      const auto v = hn::LoadU(d, in + i);
      hn::StoreU(Fn == 0 ? hn::Exp(d, v) : hn::Tanh(d, v), d, out.data() + i);
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}
#endif

}  // namespace

BENCHMARK(sxla_fn<0>)->Name("exp_1M/sxla");
#if SXLA_BENCH_EIGEN
BENCHMARK(eigen_fn<0>)->Name("exp_1M/eigen_tensor");
#endif
#if SXLA_BENCH_XTENSOR
BENCHMARK(xtensor_fn<0>)->Name("exp_1M/xtensor");
#endif
#if SXLA_BENCH_HWY_MATH
BENCHMARK(highway_contrib<0>)->Name("exp_1M/highway_contrib");
#endif
BENCHMARK(std_loop<0>)->Name("exp_1M/std_exp_loop");
BENCHMARK(sxla_fn<1>)->Name("tanh_1M/sxla");
#if SXLA_BENCH_EIGEN
BENCHMARK(eigen_fn<1>)->Name("tanh_1M/eigen_tensor");
#endif
#if SXLA_BENCH_XTENSOR
BENCHMARK(xtensor_fn<1>)->Name("tanh_1M/xtensor");
#endif
#if SXLA_BENCH_HWY_MATH
BENCHMARK(highway_contrib<1>)->Name("tanh_1M/highway_contrib");
#endif
BENCHMARK(std_loop<1>)->Name("tanh_1M/std_tanh_loop");
BENCHMARK(sxla_fn<2>)->Name("erf_1M/sxla");
#if SXLA_BENCH_EIGEN
BENCHMARK(eigen_fn<2>)->Name("erf_1M/eigen_tensor");
#endif
#if SXLA_BENCH_XTENSOR
BENCHMARK(xtensor_fn<2>)->Name("erf_1M/xtensor");
#endif
BENCHMARK(std_loop<2>)->Name("erf_1M/std_erf_loop");
BENCHMARK_MAIN();
