// RaggedDot and ScaledDot, the issue-38 products, timed for comparison with XLA's CPU
// backend through jax (bench/jax_products.py runs the same shapes; jax cannot run in this
// process, so the two programs print their times and bench/RESULTS.md records both):
//   ragged_dot   f32[512,256] rows in 8 groups of 64, each times its own f32[256,256]
//                (x::ragged_dot: lhs [m, k], rhs [g, k, n], group_sizes [g])
//   scaled_dot   MX operands: f8e4m3fn[256,512] . f8e4m3fn[512,256] with f8e8m0fnu scales
//                per 32 along k, f32 result
// Both ops are written from the definition (ops/ragged_dot.hpp, ops/scaled_dot.hpp):
// their speed is the reference loops', for issues 39 and 43 to improve.
#include <sxla/sxla.hpp>

#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <random>

namespace x = sxla;

namespace {
template <class T>
void fill(T& t, unsigned seed, float lo, float hi) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> d(lo, hi);
  for (x::index_t i = 0; i < T::storage_count; ++i) t.data()[i] = static_cast<typename T::value_type>(d(gen));
}

void ragged_dot_sxla(benchmark::State& state) {
  auto a = std::make_unique<x::tensor<"f32[512,256]">>();
  auto w = std::make_unique<x::tensor<"f32[8,256,256]">>();
  fill(*a, 1, -1, 1);
  fill(*w, 2, -1, 1);
  const x::tensor<"s32[8]"> sizes = {64, 64, 64, 64, 64, 64, 64, 64};
  auto out = std::make_unique<x::tensor<"f32[512,256]">>();
  for (auto _ : state) {
    *out = x::ragged_dot(*a, *w, sizes);
    benchmark::DoNotOptimize(out->data());
  }
  state.counters["GFLOP/s"] =
      benchmark::Counter(2.0 * 512 * 256 * 256, benchmark::Counter::kIsIterationInvariantRate, benchmark::Counter::kIs1000);
}
BENCHMARK(ragged_dot_sxla)->Unit(benchmark::kMicrosecond);

void scaled_dot_sxla(benchmark::State& state) {
  auto a = std::make_unique<x::tensor<"f8e4m3fn[256,512]">>();
  auto b = std::make_unique<x::tensor<"f8e4m3fn[512,256]">>();
  fill(*a, 3, -4, 4);
  fill(*b, 4, -4, 4);
  x::tensor<"f8e8m0fnu[256,16]"> sa;
  x::tensor<"f8e8m0fnu[16,256]"> sb;
  fill(sa, 5, 0.25f, 4);
  fill(sb, 6, 0.25f, 4);
  auto out = std::make_unique<x::tensor<"f32[256,256]">>();
  for (auto _ : state) {
    *out = x::scaled_dot<float>(*a, *b, sa, sb);
    benchmark::DoNotOptimize(out->data());
  }
  state.counters["GFLOP/s"] =
      benchmark::Counter(2.0 * 256 * 512 * 256, benchmark::Counter::kIsIterationInvariantRate, benchmark::Counter::kIs1000);
}
BENCHMARK(scaled_dot_sxla)->Unit(benchmark::kMicrosecond);
}  // namespace

BENCHMARK_MAIN();
