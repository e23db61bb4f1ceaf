// bench/peak.hpp: the machine's FMA rate, measured in the same run as the benchmarks that
// state a fraction of it (bench_dot, bench_conv): 24 independent chains of f32 vector fmas
// in registers, GFLOP/s.
#ifndef SXLA_BENCH_PEAK_HPP
#define SXLA_BENCH_PEAK_HPP

#include <benchmark/benchmark.h>

#include <sxla/simd/vec.hpp>

inline void peak_fma(benchmark::State& state) {
  namespace s = sxla::simd;
  constexpr int chains = 24;
  s::vec<float> acc[chains];
  const s::vec<float> m = s::splat<s::vec<float>>(0.999999f), a = s::splat<s::vec<float>>(1e-7f);
  for (auto& v : acc) v = s::splat<s::vec<float>>(1.0f);
  for (auto _ : state) {
    for (int r = 0; r < 1000; ++r) {
#pragma GCC unroll 24
      for (auto& v : acc) v = s::fma(v, m, a);
    }
    for (auto& v : acc) benchmark::DoNotOptimize(v);
  }
  state.counters["GFLOP/s"] = benchmark::Counter(2.0 * chains * 1000 * double(s::lanes<float>),
                                                 benchmark::Counter::kIsIterationInvariantRate,
                                                 benchmark::Counter::kIs1000);
}

#endif  // SXLA_BENCH_PEAK_HPP
