// sxla against a plain C++ loop doing the same work, both compiled with the same flags,
// one pair per op family: fused arithmetic, a select, a comparison, integer and
// conversion ops, the transcendental functions, sqrt, a reduction along each axis, a
// transpose and a product. Built normally it shows what the vectors add; built without
// -march (meson setup build-baseline -Dnative=false -Dtests=disabled) it checks the
// promise that sxla is no slower than a plain loop on any target (bench/RESULTS.md).
// Arrays are f32[1024,1024] (4 MiB, in L3) unless said; items are elements.
#include <sxla/sxla.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>

namespace x = sxla;

namespace {

constexpr int n = 1024;
using mat = x::tensor<"f32[1024,1024]">;
using imat = x::tensor<"s32[1024,1024]">;

struct data {
  mat a, b, c;
  mat out;
  imat ia, ib, iout;
  x::tensor<"f32[1024]"> row;
};

data& get() {
  static const std::unique_ptr<data> d = [] {
    auto p = std::make_unique<data>();
    for (int i = 0; i < n * n; ++i) {
      p->a.data()[i] = static_cast<float>(i % 1000) * 0.002f - 1.0f;
      p->b.data()[i] = static_cast<float>(i % 777) * 0.003f + 0.1f;
      p->c.data()[i] = static_cast<float>(i % 333) * 0.01f - 1.5f;
      p->ia.data()[i] = i * 7 - 12345;
      p->ib.data()[i] = (i % 31) - 15;
    }
    return p;
  }();
  return *d;
}

// One pair of benchmarks: Sxla(d) and Plain(d, pa, pb, pc, po) over raw pointers.
#define SXLA_BASELINE_PAIR(name, sxla_body, plain_body)                          \
  void name##_sxla(benchmark::State& state) {                                    \
    data& d = get();                                                             \
    for (auto _ : state) {                                                       \
      sxla_body;                                                                 \
      benchmark::ClobberMemory();                                                \
    }                                                                            \
    state.SetItemsProcessed(state.iterations() * n * n);                         \
  }                                                                              \
  void name##_plain(benchmark::State& state) {                                   \
    data& d = get();                                                             \
    const float* pa = d.a.data();                                                \
    const float* pb = d.b.data();                                                \
    const float* pc = d.c.data();                                                \
    float* po = d.out.data();                                                    \
    const std::int32_t* ia = d.ia.data();                                        \
    const std::int32_t* ib = d.ib.data();                                        \
    std::int32_t* io = d.iout.data();                                            \
    (void)pa, (void)pb, (void)pc, (void)po, (void)ia, (void)ib, (void)io;        \
    for (auto _ : state) {                                                       \
      plain_body;                                                                \
      benchmark::ClobberMemory();                                                \
    }                                                                            \
    state.SetItemsProcessed(state.iterations() * n * n);                         \
  }                                                                              \
  BENCHMARK(name##_sxla)->Name(#name "/sxla");                                   \
  BENCHMARK(name##_plain)->Name(#name "/plain");

SXLA_BASELINE_PAIR(add, x::noalias(d.out) = d.a + d.b, for (int i = 0; i < n * n; ++i) po[i] = pa[i] + pb[i])
SXLA_BASELINE_PAIR(fused, x::noalias(d.out) = x::max(d.a * d.b + d.c, 0.0f),
                   for (int i = 0; i < n * n; ++i) po[i] = std::max(pa[i] * pb[i] + pc[i], 0.0f))
SXLA_BASELINE_PAIR(select, x::noalias(d.out) = x::select(d.a > d.c, d.a, d.b),
                   for (int i = 0; i < n * n; ++i) po[i] = pa[i] > pc[i] ? pa[i] : pb[i])
SXLA_BASELINE_PAIR(abs_neg, x::noalias(d.out) = -x::abs(d.a),
                   for (int i = 0; i < n * n; ++i) po[i] = -std::fabs(pa[i]))
SXLA_BASELINE_PAIR(int_mul_shift, x::noalias(d.iout) = x::shift_right_arithmetic(d.ia * d.ib, 3),
                   for (int i = 0; i < n * n; ++i) io[i] = static_cast<std::int32_t>(
                       static_cast<std::uint32_t>(ia[i]) * static_cast<std::uint32_t>(ib[i])) >> 3)
// XLA's f32 -> s32: truncation, saturating at the ends, NaN to 0 (a bare static_cast is
// undefined outside s32's range: convert_cast below, faster and wrong there).
SXLA_BASELINE_PAIR(convert, x::noalias(d.iout) = x::convert<std::int32_t>(d.c * 100.0f),
                   for (int i = 0; i < n * n; ++i) {
                     const float v = pc[i] * 100.0f;
                     io[i] = v != v ? 0
                             : v >= 2147483648.0f ? 2147483647
                             : v < -2147483648.0f ? (-2147483647 - 1)
                                                   : static_cast<std::int32_t>(v);
                   })
SXLA_BASELINE_PAIR(convert_cast, x::noalias(d.iout) = x::convert<std::int32_t>(d.c * 100.0f),
                   for (int i = 0; i < n * n; ++i) io[i] = static_cast<std::int32_t>(pc[i] * 100.0f))
SXLA_BASELINE_PAIR(sqrt, x::noalias(d.out) = x::sqrt(d.b),
                   for (int i = 0; i < n * n; ++i) po[i] = std::sqrt(pb[i]))
SXLA_BASELINE_PAIR(exp, x::noalias(d.out) = x::exp(d.a), for (int i = 0; i < n * n; ++i) po[i] = std::exp(pa[i]))
SXLA_BASELINE_PAIR(log, x::noalias(d.out) = x::log(d.b), for (int i = 0; i < n * n; ++i) po[i] = std::log(pb[i]))
SXLA_BASELINE_PAIR(tanh, x::noalias(d.out) = x::tanh(d.a),
                   for (int i = 0; i < n * n; ++i) po[i] = std::tanh(pa[i]))
SXLA_BASELINE_PAIR(sin, x::noalias(d.out) = x::sin(d.c), for (int i = 0; i < n * n; ++i) po[i] = std::sin(pc[i]))
SXLA_BASELINE_PAIR(pow, x::noalias(d.out) = x::pow(d.b, d.a),
                   for (int i = 0; i < n * n; ++i) po[i] = std::pow(pb[i], pa[i]))
SXLA_BASELINE_PAIR(logistic, x::noalias(d.out) = x::logistic(d.c),
                   for (int i = 0; i < n * n; ++i) po[i] = 1.0f / (1.0f + std::exp(-pc[i])))
SXLA_BASELINE_PAIR(transpose, (x::noalias(d.out) = x::transpose<1, 0>(d.a)),
                   for (int i = 0; i < n; ++i) for (int j = 0; j < n; ++j) po[i * n + j] = pa[j * n + i])
SXLA_BASELINE_PAIR(row_sums, d.row = x::reduce<1>(d.a, 0.0f, x::add_op),
                   for (int i = 0; i < n; ++i) {
                     float s = 0;
                     for (int j = 0; j < n; ++j) s += pa[i * n + j];
                     po[i] = s;
                   })
SXLA_BASELINE_PAIR(column_sums, d.row = x::reduce<0>(d.a, 0.0f, x::add_op),
                   for (int j = 0; j < n; ++j) po[j] = 0;
                   for (int i = 0; i < n; ++i) for (int j = 0; j < n; ++j) po[j] += pa[i * n + j])

// A 256 x 256 x 256 product (items: multiply-adds) against the plain i-k-j loop.
x::tensor<"f32[256,256]"> ga, gb, gc;
void dot_sxla(benchmark::State& state) {
  static x::workspace_for<decltype(x::dot(ga, gb)), decltype(x::noalias(gc))> ws;
  for (int i = 0; i < 256 * 256; ++i) ga.data()[i] = gb.data()[i] = static_cast<float>(i % 17) * 0.1f;
  for (auto _ : state) {
    x::noalias(gc).using_workspace(ws) = x::dot(ga, gb);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * 256 * 256 * 256);
}
void dot_plain(benchmark::State& state) {
  const float* a = ga.data();
  const float* b = gb.data();
  float* c = gc.data();
  for (auto _ : state) {
    for (int i = 0; i < 256; ++i) {
      for (int j = 0; j < 256; ++j) c[i * 256 + j] = 0;
      for (int k = 0; k < 256; ++k)
        for (int j = 0; j < 256; ++j) c[i * 256 + j] += a[i * 256 + k] * b[k * 256 + j];
    }
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * 256 * 256 * 256);
}
BENCHMARK(dot_sxla)->Name("dot_256/sxla");
BENCHMARK(dot_plain)->Name("dot_256/plain");

void print_target(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(state.iterations());
  state.SetLabel(std::string(x::simd::backend_name()) + " " + std::string(x::simd::target_name()) +
                 (SXLA_HAS_FMA ? " fma" : " no-fma"));
}
BENCHMARK(print_target)->Name("target")->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
