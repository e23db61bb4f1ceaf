// The fused elementwise expression of issue 3, side by side with its peers in one
// process: out = max(a * b + c, 0), f32[4096,4096], c an f32[4096] broadcast along the
// rows (c[j] added to column j). sxla (row-major destination; column-major destination
// with row-major operands; column-major with a transposed operand), Eigen
// TensorFixedSize and Tensor (row-major), xtensor (xtensor and xtensor_fixed), a plain
// loop, and the machine's STREAM triad with plain and with non-temporal stores.
// Bytes counted: the two full operands read and the result written (12 bytes per
// element, as STREAM counts a triad); c is 16 KiB and stays in cache.
// Then the small fixed shapes: the same expression on f32[4,4] and f32[16,16], sxla
// against Eigen TensorFixedSize, in nanoseconds per evaluation.
#include <sxla/sxla.hpp>

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstring>
#include <memory>
#include <random>

#if __has_include(<unsupported/Eigen/CXX11/Tensor>) || __has_include(<eigen3/unsupported/Eigen/CXX11/Tensor>)
#define SXLA_BENCH_EIGEN 1
#if __has_include(<unsupported/Eigen/CXX11/Tensor>)
#include <unsupported/Eigen/CXX11/Tensor>
#else
#include <eigen3/unsupported/Eigen/CXX11/Tensor>
#endif
#endif
#if __has_include(<xtensor/xtensor.hpp>)
#define SXLA_BENCH_XTENSOR 1
#include <xtensor/xfixed.hpp>
#include <xtensor/xmath.hpp>
#include <xtensor/xnoalias.hpp>
#include <xtensor/xtensor.hpp>
#endif

namespace x = sxla;

namespace {

constexpr std::size_t n = 4096;
constexpr std::size_t count = n * n;
constexpr double bytes_per_element = 12.0;  // read a, read b, write out

using row_t = x::tensor<"f32[4096,4096]">;
using col_t = x::tensor<"f32[4096,4096]{0,1}">;
using vec_t = x::tensor<"f32[4096]">;

// The inputs, shared by every benchmark: a, b in [-1, 1), c in [-0.5, 0.5).
struct inputs {
  std::unique_ptr<row_t> a = std::make_unique<row_t>(x::uninitialized);
  std::unique_ptr<row_t> b = std::make_unique<row_t>(x::uninitialized);
  std::unique_ptr<vec_t> c = std::make_unique<vec_t>();
  inputs() {
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (std::size_t i = 0; i < count; ++i) {
      a->data()[i] = u(rng);
      b->data()[i] = u(rng);
    }
    for (std::size_t j = 0; j < n; ++j) c->data()[j] = 0.5f * u(rng);
  }
};
const inputs& data() {
  static const inputs in;
  return in;
}

void set_bytes(benchmark::State& state, double per_element, std::size_t elements) {
  state.SetBytesProcessed(static_cast<std::int64_t>(static_cast<double>(state.iterations()) * per_element *
                                                    static_cast<double>(elements)));
}

// ---- The machine: STREAM triad (a = b + s * c) ------------------------------------------
template <bool NonTemporal>
void stream_triad(benchmark::State& state) {
  const auto& in = data();
  auto out = std::make_unique<row_t>(x::uninitialized);
  const float* pb = in.a->data();
  const float* pc = in.b->data();
  float* po = out->data();
  for (auto _ : state) {
    if constexpr (NonTemporal && x::simd::has_vec<float>) {
      namespace s = x::simd;
      constexpr std::size_t l = s::lanes<float>;
      const auto k = s::splat<s::vec<float>>(3.0f);
      for (std::size_t i = 0; i < count; i += l) s::stream(s::fma(k, s::load(pc + i), s::load(pb + i)), po + i);
      s::stream_fence();
    } else {
      for (std::size_t i = 0; i < count; ++i) po[i] = pb[i] + 3.0f * pc[i];
    }
    benchmark::DoNotOptimize(po);
    benchmark::ClobberMemory();
  }
  set_bytes(state, bytes_per_element, count);
}

// ---- sxla --------------------------------------------------------------------------------
template <class Out>
void sxla_fused(benchmark::State& state) {
  const auto& in = data();
  auto out = std::make_unique<Out>(x::uninitialized);
  for (auto _ : state) {
    *out = x::max(x::add(*in.a * *in.b, *in.c, x::broadcast_dimensions<1>), 0.0f);
    benchmark::DoNotOptimize(out->data());
    benchmark::ClobberMemory();
  }
  set_bytes(state, bytes_per_element, count);
}

// Column-major destination; `a` given as the transpose of a row-major array (so it is
// read contiguously), b column-major.
void sxla_fused_col_transposed_operand(benchmark::State& state) {
  const auto& in = data();
  auto out = std::make_unique<col_t>(x::uninitialized);
  auto b = std::make_unique<col_t>(*in.b);
  for (auto _ : state) {
    *out = x::max(x::add(x::transpose<1, 0>(*in.a) * *b, *in.c, x::broadcast_dimensions<1>), 0.0f);
    benchmark::DoNotOptimize(out->data());
    benchmark::ClobberMemory();
  }
  set_bytes(state, bytes_per_element, count);
}

// ---- A plain loop ------------------------------------------------------------------------
void plain_loop(benchmark::State& state) {
  const auto& in = data();
  auto out = std::make_unique<row_t>(x::uninitialized);
  const float* a = in.a->data();
  const float* b = in.b->data();
  const float* c = in.c->data();
  float* o = out->data();
  for (auto _ : state) {
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        const float v = a[i * n + j] * b[i * n + j] + c[j];
        o[i * n + j] = v > 0.0f ? v : 0.0f;
      }
    benchmark::DoNotOptimize(o);
    benchmark::ClobberMemory();
  }
  set_bytes(state, bytes_per_element, count);
}

#if SXLA_BENCH_EIGEN
template <class Tensor2, class Tensor1>
void eigen_expression(benchmark::State& state, Tensor2& a, Tensor2& b, Tensor1& c, Tensor2& out) {
  const auto& in = data();
  std::memcpy(a.data(), in.a->data(), count * sizeof(float));
  std::memcpy(b.data(), in.b->data(), count * sizeof(float));
  std::memcpy(c.data(), in.c->data(), n * sizeof(float));
  const Eigen::array<Eigen::Index, 2> bcast{static_cast<Eigen::Index>(n), 1};
  const Eigen::array<Eigen::Index, 2> as_row{1, static_cast<Eigen::Index>(n)};
  for (auto _ : state) {
    out = (a * b + c.reshape(as_row).broadcast(bcast)).cwiseMax(0.0f);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  set_bytes(state, bytes_per_element, count);
}

void eigen_tensor_fixed(benchmark::State& state) {
  using T2 = Eigen::TensorFixedSize<float, Eigen::Sizes<n, n>, Eigen::RowMajor>;
  using T1 = Eigen::TensorFixedSize<float, Eigen::Sizes<n>, Eigen::RowMajor>;
  auto a = std::make_unique<T2>(), b = std::make_unique<T2>(), out = std::make_unique<T2>();
  auto c = std::make_unique<T1>();
  eigen_expression(state, *a, *b, *c, *out);
}

void eigen_tensor(benchmark::State& state) {
  using T2 = Eigen::Tensor<float, 2, Eigen::RowMajor>;
  using T1 = Eigen::Tensor<float, 1, Eigen::RowMajor>;
  T2 a(n, n), b(n, n), out(n, n);
  T1 c(n);
  eigen_expression(state, a, b, c, out);
}
#endif

#if SXLA_BENCH_XTENSOR
template <class T2, class T1>
void xtensor_expression(benchmark::State& state, T2& a, T2& b, T1& c, T2& out) {
  const auto& in = data();
  std::memcpy(a.data(), in.a->data(), count * sizeof(float));
  std::memcpy(b.data(), in.b->data(), count * sizeof(float));
  std::memcpy(c.data(), in.c->data(), n * sizeof(float));
  for (auto _ : state) {
    xt::noalias(out) = xt::maximum(a * b + c, 0.0f);  // NumPy broadcasting: c along the rows
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  set_bytes(state, bytes_per_element, count);
}

void xtensor_dynamic(benchmark::State& state) {
  auto a = xt::xtensor<float, 2>::from_shape({n, n}), b = xt::xtensor<float, 2>::from_shape({n, n}),
       out = xt::xtensor<float, 2>::from_shape({n, n});
  auto c = xt::xtensor<float, 1>::from_shape({n});
  xtensor_expression(state, a, b, c, out);
}

void xtensor_fixed(benchmark::State& state) {
  using T2 = xt::xtensor_fixed<float, xt::xshape<n, n>>;
  using T1 = xt::xtensor_fixed<float, xt::xshape<n>>;
  auto a = std::make_unique<T2>(), b = std::make_unique<T2>(), out = std::make_unique<T2>();
  auto c = std::make_unique<T1>();
  xtensor_expression(state, *a, *b, *c, *out);
}
#endif

// ---- Small fixed shapes ------------------------------------------------------------------
template <std::size_t N>
void sxla_small(benchmark::State& state) {
  x::tensor<x::shape_spec(x::primitive_type::f32, {N, N})> a, b, out;
  x::tensor<x::shape_spec(x::primitive_type::f32, {N})> c;
  for (std::size_t i = 0; i < N * N; ++i) {
    a.data()[i] = static_cast<float>(i % 7) - 3.0f;
    b.data()[i] = static_cast<float>(i % 5) * 0.5f;
  }
  for (std::size_t j = 0; j < N; ++j) c.data()[j] = static_cast<float>(j % 3) - 1.0f;
  for (auto _ : state) {
    benchmark::DoNotOptimize(a.data());
    benchmark::DoNotOptimize(b.data());
    out = x::max(x::add(a * b, c, x::broadcast_dimensions<1>), 0.0f);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations());
}

#if SXLA_BENCH_EIGEN
template <std::size_t N>
void eigen_small(benchmark::State& state) {
  Eigen::TensorFixedSize<float, Eigen::Sizes<N, N>, Eigen::RowMajor> a, b, out;
  Eigen::TensorFixedSize<float, Eigen::Sizes<N>, Eigen::RowMajor> c;
  for (std::size_t i = 0; i < N * N; ++i) {
    a.data()[i] = static_cast<float>(i % 7) - 3.0f;
    b.data()[i] = static_cast<float>(i % 5) * 0.5f;
  }
  for (std::size_t j = 0; j < N; ++j) c.data()[j] = static_cast<float>(j % 3) - 1.0f;
  const Eigen::array<Eigen::Index, 2> bcast{static_cast<Eigen::Index>(N), 1};
  const Eigen::array<Eigen::Index, 2> as_row{1, static_cast<Eigen::Index>(N)};
  for (auto _ : state) {
    benchmark::DoNotOptimize(a.data());
    benchmark::DoNotOptimize(b.data());
    out = (a * b + c.reshape(as_row).broadcast(bcast)).cwiseMax(0.0f);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations());
}
#endif

}  // namespace

BENCHMARK(stream_triad<false>)->Name("machine/stream_triad_plain_stores")->Unit(benchmark::kMillisecond);
BENCHMARK(stream_triad<true>)->Name("machine/stream_triad_nontemporal_stores")->Unit(benchmark::kMillisecond);
BENCHMARK(sxla_fused<row_t>)->Name("fused_4096/sxla_row_major")->Unit(benchmark::kMillisecond);
BENCHMARK(sxla_fused<col_t>)->Name("fused_4096/sxla_col_major_dst_row_major_operands")->Unit(benchmark::kMillisecond);
BENCHMARK(sxla_fused_col_transposed_operand)->Name("fused_4096/sxla_col_major_dst_transposed_operand")
    ->Unit(benchmark::kMillisecond);
BENCHMARK(plain_loop)->Name("fused_4096/plain_loop")->Unit(benchmark::kMillisecond);
#if SXLA_BENCH_EIGEN
BENCHMARK(eigen_tensor_fixed)->Name("fused_4096/eigen_tensor_fixed_size")->Unit(benchmark::kMillisecond);
BENCHMARK(eigen_tensor)->Name("fused_4096/eigen_tensor")->Unit(benchmark::kMillisecond);
#endif
#if SXLA_BENCH_XTENSOR
BENCHMARK(xtensor_dynamic)->Name("fused_4096/xtensor")->Unit(benchmark::kMillisecond);
BENCHMARK(xtensor_fixed)->Name("fused_4096/xtensor_fixed")->Unit(benchmark::kMillisecond);
#endif
BENCHMARK(sxla_small<4>)->Name("fused_small/sxla_4x4");
BENCHMARK(sxla_small<16>)->Name("fused_small/sxla_16x16");
#if SXLA_BENCH_EIGEN
BENCHMARK(eigen_small<4>)->Name("fused_small/eigen_fixed_4x4");
BENCHMARK(eigen_small<16>)->Name("fused_small/eigen_fixed_16x16");
#endif
BENCHMARK_MAIN();
