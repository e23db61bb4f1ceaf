// The narrow element types of issue 22, against plain loops on the same value types and
// against f32, in one process, on 2^20 elements (1 MiB of f8, in L2/L3):
//  - f8e4m3fn: a + b (computed in f32, rounded back), and dequantisation convert<f32>;
//  - quantisation: convert<f8e4m3fn>(f32);
//  - s4 (one per byte) a + b, and packed u4 weights dequantised: convert<f32>(w) * scale;
//  - f32 a + b, for scale.
// Bytes counted: what is read and written in the element types' own sizes. The plain
// loops use the same value types (sxla::f8e4m3fn, sxla::u4 packing by hand): they show
// what the element-by-element evaluation costs over a loop a compiler sees whole; the
// SIMD layer has no 8-bit float or sub-byte lanes (bench/RESULTS.md).
#include <sxla/sxla.hpp>

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <random>

namespace x = sxla;

namespace {

constexpr std::size_t count = std::size_t{1} << 20;

using f8_t = x::tensor<"f8e4m3fn[1048576]">;
using f32_t = x::tensor<"f32[1048576]">;
using s4_t = x::tensor<"s4[1048576]">;

struct inputs {
  std::unique_ptr<f8_t> a8 = std::make_unique<f8_t>(x::uninitialized);
  std::unique_ptr<f8_t> b8 = std::make_unique<f8_t>(x::uninitialized);
  std::unique_ptr<f32_t> a32 = std::make_unique<f32_t>(x::uninitialized);
  std::unique_ptr<f32_t> b32 = std::make_unique<f32_t>(x::uninitialized);
  std::unique_ptr<s4_t> a4 = std::make_unique<s4_t>(x::uninitialized);
  std::unique_ptr<s4_t> b4 = std::make_unique<s4_t>(x::uninitialized);
  std::unique_ptr<std::uint8_t[]> packed = std::make_unique<std::uint8_t[]>(count / 2);
  inputs() {
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> u(-8.0f, 8.0f);
    for (std::size_t i = 0; i < count; ++i) {
      a32->data()[i] = u(rng);
      b32->data()[i] = u(rng);
      a8->data()[i] = x::f8e4m3fn(a32->data()[i]);
      b8->data()[i] = x::f8e4m3fn(b32->data()[i]);
      a4->data()[i] = x::s4(static_cast<int>(rng() % 16) - 8);
      b4->data()[i] = x::s4(static_cast<int>(rng() % 16) - 8);
    }
    for (std::size_t i = 0; i < count / 2; ++i) packed[i] = static_cast<std::uint8_t>(rng());
  }
};
const inputs& data() {
  static const inputs in;
  return in;
}

// The loop every case shares: `step(out)` once per iteration into a destination of type
// Out, then the bytes read and written, per_element bytes an element.
template <class Out, class Step>
void measure(benchmark::State& state, double per_element, const Step& step) {
  auto out = std::make_unique<Out>(x::uninitialized);
  for (auto _ : state) {
    step(*out);
    benchmark::DoNotOptimize(out->data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(
      static_cast<std::int64_t>(static_cast<double>(state.iterations()) * per_element * static_cast<double>(count)));
}

void f8_add_sxla(benchmark::State& state) {
  const auto& in = data();
  measure<f8_t>(state, 3, [&](f8_t& out) { out = *in.a8 + *in.b8; });
}
void f8_add_loop(benchmark::State& state) {
  const auto& in = data();
  measure<f8_t>(state, 3, [&](f8_t& out) {
    const x::f8e4m3fn* a = in.a8->data();
    const x::f8e4m3fn* b = in.b8->data();
    x::f8e4m3fn* o = out.data();
    for (std::size_t i = 0; i < count; ++i) o[i] = x::f8e4m3fn(static_cast<float>(a[i]) + static_cast<float>(b[i]));
  });
}
void f32_add_sxla(benchmark::State& state) {
  const auto& in = data();
  measure<f32_t>(state, 12, [&](f32_t& out) { out = *in.a32 + *in.b32; });
}
void f8_dequantize_sxla(benchmark::State& state) {
  const auto& in = data();
  measure<f32_t>(state, 5, [&](f32_t& out) { out = x::convert<float>(*in.a8); });
}
void f8_dequantize_loop(benchmark::State& state) {
  const auto& in = data();
  measure<f32_t>(state, 5, [&](f32_t& out) {
    const x::f8e4m3fn* a = in.a8->data();
    float* o = out.data();
    for (std::size_t i = 0; i < count; ++i) o[i] = static_cast<float>(a[i]);
  });
}
void f8_quantize_sxla(benchmark::State& state) {
  const auto& in = data();
  measure<f8_t>(state, 5, [&](f8_t& out) { out = x::convert<x::f8e4m3fn>(*in.a32); });
}
void f8_quantize_loop(benchmark::State& state) {
  const auto& in = data();
  measure<f8_t>(state, 5, [&](f8_t& out) {
    const float* a = in.a32->data();
    x::f8e4m3fn* o = out.data();
    for (std::size_t i = 0; i < count; ++i) o[i] = x::f8e4m3fn(a[i]);
  });
}
void s4_add_sxla(benchmark::State& state) {
  const auto& in = data();
  measure<s4_t>(state, 3, [&](s4_t& out) { out = *in.a4 + *in.b4; });
}
void s4_add_loop(benchmark::State& state) {
  const auto& in = data();
  measure<s4_t>(state, 3, [&](s4_t& out) {
    const x::s4* a = in.a4->data();
    const x::s4* b = in.b4->data();
    x::s4* o = out.data();
    for (std::size_t i = 0; i < count; ++i) o[i] = x::s4(int(a[i]) + int(b[i]));
  });
}
void u4_dequantize_sxla(benchmark::State& state) {
  const auto& in = data();
  const auto w = x::packed_view<"u4[1048576]">(static_cast<const std::uint8_t*>(in.packed.get()));
  measure<f32_t>(state, 4.5, [&](f32_t& out) { out = (x::convert<float>(w) - 8.0f) * 0.125f; });
}
void u4_dequantize_loop(benchmark::State& state) {
  const auto& in = data();
  measure<f32_t>(state, 4.5, [&](f32_t& out) {
    const std::uint8_t* p = in.packed.get();
    float* o = out.data();
    for (std::size_t i = 0; i < count; ++i) {
      const int q = (p[i / 2] >> (4 * (i % 2))) & 15;
      o[i] = (static_cast<float>(q) - 8.0f) * 0.125f;
    }
  });
}

}  // namespace

BENCHMARK(f32_add_sxla)->Unit(benchmark::kMicrosecond);
BENCHMARK(f8_add_sxla)->Unit(benchmark::kMicrosecond);
BENCHMARK(f8_add_loop)->Unit(benchmark::kMicrosecond);
BENCHMARK(f8_dequantize_sxla)->Unit(benchmark::kMicrosecond);
BENCHMARK(f8_dequantize_loop)->Unit(benchmark::kMicrosecond);
BENCHMARK(f8_quantize_sxla)->Unit(benchmark::kMicrosecond);
BENCHMARK(f8_quantize_loop)->Unit(benchmark::kMicrosecond);
BENCHMARK(s4_add_sxla)->Unit(benchmark::kMicrosecond);
BENCHMARK(s4_add_loop)->Unit(benchmark::kMicrosecond);
BENCHMARK(u4_dequantize_sxla)->Unit(benchmark::kMicrosecond);
BENCHMARK(u4_dequantize_loop)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
