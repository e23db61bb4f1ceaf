// Random numbers, side by side in one process:
//   bits      u32[1048576] from x::rng_bit_generator (three_fry, philox) against a scalar
//             loop of the same block function (kernels::threefry2x32 / philox4x32 on one
//             block at a time, kept scalar: the compiler's vectoriser is switched off for
//             it), writing the same words; bytes/s is the output's
//   uniform   f32[1048576] in [0, 1): x::rng_uniform against std::mt19937 with
//             std::uniform_real_distribution<float>
//   normal    f32[1048576] from N(0, 1): x::rng_normal against std::mt19937 with
//             std::normal_distribution<float>
// sxla's bits are checked against the scalar loop's, and the uniform and normal values'
// range, mean and variance, once, after timing.
#include <sxla/sxla.hpp>

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>

namespace x = sxla;
namespace k = sxla::kernels;

namespace {

constexpr std::size_t n = 1 << 20;
using words_t = x::tensor<"u32[1048576]">;
using floats_t = x::tensor<"f32[1048576]">;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "bench_rng: %s\n", what);
    std::abort();
  }
}

template <class T>
void finish(T* p) {
  benchmark::DoNotOptimize(p);
  benchmark::ClobberMemory();
}

constexpr std::uint64_t key = 0x0123456789abcdefull, counter = 42;

// The scalar loops: one block at a time.
#if defined(__clang__)
#define SXLA_BENCH_SCALAR_LOOP _Pragma("clang loop vectorize(disable) interleave(disable)")
#define SXLA_BENCH_NO_VECTORIZE
#else
#define SXLA_BENCH_SCALAR_LOOP
#define SXLA_BENCH_NO_VECTORIZE __attribute__((optimize("no-tree-vectorize")))
#endif

SXLA_BENCH_NO_VECTORIZE void threefry_scalar(std::uint32_t* out) {
  const auto k0 = static_cast<std::uint32_t>(key), k1 = static_cast<std::uint32_t>(key >> 32);
  SXLA_BENCH_SCALAR_LOOP
  for (std::size_t j = 0; j < n / 2; ++j) {
    const std::uint64_t c = counter + j;
    std::uint32_t x0 = static_cast<std::uint32_t>(c), x1 = static_cast<std::uint32_t>(c >> 32);
    k::threefry2x32(x0, x1, k0, k1);
    out[2 * j] = x0;
    out[2 * j + 1] = x1;
  }
}

SXLA_BENCH_NO_VECTORIZE void philox_scalar(std::uint32_t* out) {
  const auto k0 = static_cast<std::uint32_t>(key), k1 = static_cast<std::uint32_t>(key >> 32);
  SXLA_BENCH_SCALAR_LOOP
  for (std::size_t j = 0; j < n / 4; ++j) {
    const std::uint64_t c = counter + j;
    std::uint32_t w[4] = {static_cast<std::uint32_t>(c), static_cast<std::uint32_t>(c >> 32), 0, 0};
    k::philox4x32(w, k0, k1);
    for (int i = 0; i < 4; ++i) out[4 * j + static_cast<std::size_t>(i)] = w[i];
  }
}

template <x::rng_algorithm A>
void bits_sxla(benchmark::State& state) {
  auto out = std::make_unique<words_t>(x::uninitialized);
  const x::tensor<"u64[3]"> s3 = {key, counter, 0};
  const x::tensor<"u64[2]"> s2 = {key, counter};
  for (auto _ : state) {
    if constexpr (A == x::rng_algorithm::three_fry) {
      *out = std::get<1>(x::rng_bit_generator<A, "u32[1048576]">(s2));
    } else {
      *out = std::get<1>(x::rng_bit_generator<A, "u32[1048576]">(s3));
    }
    finish(out->data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * n * 4));
  auto ref = std::make_unique<words_t>(x::uninitialized);
  if constexpr (A == x::rng_algorithm::three_fry) {
    threefry_scalar(ref->data());
  } else {
    philox_scalar(ref->data());
  }
  for (std::size_t i = 0; i < n; ++i)
    check(out->data()[i] == ref->data()[i], "sxla's bits differ from the scalar loop's");
}

template <x::rng_algorithm A>
void bits_scalar(benchmark::State& state) {
  auto out = std::make_unique<words_t>(x::uninitialized);
  for (auto _ : state) {
    if constexpr (A == x::rng_algorithm::three_fry) {
      threefry_scalar(out->data());
    } else {
      philox_scalar(out->data());
    }
    finish(out->data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * n * 4));
}

// Mean and variance of the values; every value finite and, for the uniform, in [0, 1).
void check_moments(const float* v, bool uniform) {
  double s = 0, s2 = 0;
  for (std::size_t i = 0; i < n; ++i) {
    check(std::isfinite(v[i]), "a value is not finite");
    if (uniform) check(v[i] >= 0.0f && v[i] < 1.0f, "a uniform value is outside [0, 1)");
    s += v[i];
    s2 += double(v[i]) * v[i];
  }
  const double mean = s / n, var = s2 / n - mean * mean;
  check(std::abs(mean - (uniform ? 0.5 : 0.0)) < 0.01, "mean");
  check(std::abs(var - (uniform ? 1.0 / 12 : 1.0)) < 0.01, "variance");
}

void uniform_sxla(benchmark::State& state) {
  auto out = std::make_unique<floats_t>(x::uninitialized);
  x::rng_state gen{.seed = key};
  for (auto _ : state) {
    *out = x::rng_uniform<"f32[1048576]">(0.0f, 1.0f, gen);
    finish(out->data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
  check_moments(out->data(), true);
}

void uniform_std(benchmark::State& state) {
  auto out = std::make_unique<floats_t>(x::uninitialized);
  std::mt19937 g(1);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  for (auto _ : state) {
    float* p = out->data();
    for (std::size_t i = 0; i < n; ++i) p[i] = u(g);
    finish(p);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
  check_moments(out->data(), true);
}

void normal_sxla(benchmark::State& state) {
  auto out = std::make_unique<floats_t>(x::uninitialized);
  x::rng_state gen{.seed = key};
  for (auto _ : state) {
    *out = x::rng_normal<"f32[1048576]">(0.0f, 1.0f, gen);
    finish(out->data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
  check_moments(out->data(), false);
}

void normal_std(benchmark::State& state) {
  auto out = std::make_unique<floats_t>(x::uninitialized);
  std::mt19937 g(1);
  std::normal_distribution<float> z(0.0f, 1.0f);
  for (auto _ : state) {
    float* p = out->data();
    for (std::size_t i = 0; i < n; ++i) p[i] = z(g);
    finish(p);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
  check_moments(out->data(), false);
}

}  // namespace

BENCHMARK(bits_sxla<x::rng_algorithm::three_fry>)->Name("bits_u32_1M/three_fry/sxla")->Unit(benchmark::kMicrosecond);
BENCHMARK(bits_scalar<x::rng_algorithm::three_fry>)
    ->Name("bits_u32_1M/three_fry/scalar_loop")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(bits_sxla<x::rng_algorithm::philox>)->Name("bits_u32_1M/philox/sxla")->Unit(benchmark::kMicrosecond);
BENCHMARK(bits_scalar<x::rng_algorithm::philox>)->Name("bits_u32_1M/philox/scalar_loop")->Unit(benchmark::kMicrosecond);
BENCHMARK(uniform_sxla)->Name("uniform_f32_1M/sxla")->Unit(benchmark::kMicrosecond);
BENCHMARK(uniform_std)->Name("uniform_f32_1M/std_mt19937_uniform_real")->Unit(benchmark::kMicrosecond);
BENCHMARK(normal_sxla)->Name("normal_f32_1M/sxla")->Unit(benchmark::kMicrosecond);
BENCHMARK(normal_std)->Name("normal_f32_1M/std_mt19937_normal")->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
