// Dot and DotGeneral, side by side with their peers in one process (one thread each):
//   peak         the machine's FMA rate: 24 independent chains of vector fmas in
//                registers (the micro-kernel's own shape), GFLOP/s
//   gemm/N       f32 square C = A B, N = 256, 512, 1024, 2048, row-major: sxla x::dot,
//                OpenBLAS cblas_sgemm (one thread), Eigen MatrixXf (row-major,
//                noalias), Eigen Tensor contract
//   small/N      f32 N x N, N = 4, 8, 16, 32, static: sxla x::dot into a tensor, Eigen
//                Matrix<float, N, N> (fixed size, noalias)
//   batched      [64,128,128] x [64,128,128] -> [64,128,128]: sxla dot_general with
//                batch dims {0}, contracting {2} x {1}; OpenBLAS sgemm called per batch
//   dense        relu(x W + b), x f32[256,1024], W f32[1024,1024], b f32[1024]: sxla
//                fused (one expression), sxla unfused (t = dot(x, W), then the
//                elementwise pass), OpenBLAS sgemm + a loop
// Counters: GFLOP/s = 2 M N K / time. sxla's results are checked against a double
// reference once, before timing.
#include <sxla/sxla.hpp>

#include <benchmark/benchmark.h>

#include "peak.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>

#if __has_include(<cblas.h>)
#define SXLA_BENCH_BLAS 1
#include <cblas.h>
extern "C" void openblas_set_num_threads(int);
#endif
#if __has_include(<eigen3/Eigen/Dense>)
#define SXLA_BENCH_EIGEN 1
#include <eigen3/Eigen/Dense>
#include <eigen3/unsupported/Eigen/CXX11/Tensor>
#endif

namespace x = sxla;

namespace {

void fill(float* p, std::size_t n, unsigned seed) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  for (std::size_t i = 0; i < n; ++i) p[i] = u(g);
}

void set_flops(benchmark::State& state, double m, double n, double k) {
  state.counters["GFLOP/s"] =
      benchmark::Counter(2.0 * m * n * k, benchmark::Counter::kIsIterationInvariantRate, benchmark::Counter::kIs1000);
}

// Row-major C = A B against a double reference, on a sample of elements.
void check(const float* a, const float* b, const float* c, int m, int n, int k, const char* what) {
  for (int s = 0; s < 64; ++s) {
    const int i = (s * 7919) % m, j = (s * 104729) % n;
    double ref = 0, mag = 0;
    for (int p = 0; p < k; ++p) {
      ref += double(a[i * k + p]) * b[p * n + j];
      mag += std::fabs(double(a[i * k + p]) * b[p * n + j]);
    }
    if (std::fabs(ref - c[i * n + j]) > 1e-5 * mag + 1e-30) {
      std::fprintf(stderr, "%s: wrong result at (%d, %d): %g, expected %g\n", what, i, j, double(c[i * n + j]), ref);
      std::abort();
    }
  }
}

// ---- the machine ------------------------------------------------------------------
// (bench/peak.hpp)
BENCHMARK(peak_fma);

// ---- square GEMM ---------------------------------------------------------------------
template <int N>
struct square {
  using mat = x::tensor<x::shape_spec(x::primitive_type::f32, x::idx{N, N}, x::default_layout(2))>;
  std::unique_ptr<mat> a{new mat(x::uninitialized)}, b{new mat(x::uninitialized)}, c{new mat(x::uninitialized)};
  square() {
    fill(a->data(), std::size_t(N) * N, 1);
    fill(b->data(), std::size_t(N) * N, 2);
  }
};

template <int N>
void gemm_sxla(benchmark::State& state) {
  square<N> s;
  // The packing buffers in a workspace the caller owns (expr/assign.hpp).
  using product = decltype(x::dot(*s.a, *s.b));
  const auto ws = std::make_unique<x::workspace_for<product, decltype(x::noalias(*s.c))>>();
  x::noalias(*s.c).using_workspace(*ws) = x::dot(*s.a, *s.b);
  check(s.a->data(), s.b->data(), s.c->data(), N, N, N, "sxla");
  for (auto _ : state) {
    x::noalias(*s.c).using_workspace(*ws) = x::dot(*s.a, *s.b);
    benchmark::DoNotOptimize(s.c->data());
    benchmark::ClobberMemory();
  }
  set_flops(state, N, N, N);
}
BENCHMARK(gemm_sxla<256>)->Name("gemm/256/sxla");
BENCHMARK(gemm_sxla<512>)->Name("gemm/512/sxla");
BENCHMARK(gemm_sxla<1024>)->Name("gemm/1024/sxla");
BENCHMARK(gemm_sxla<2048>)->Name("gemm/2048/sxla");

#if defined(SXLA_BENCH_BLAS)
template <int N>
void gemm_openblas(benchmark::State& state) {
  openblas_set_num_threads(1);
  square<N> s;
  for (auto _ : state) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, N, N, N, 1.0f, s.a->data(), N, s.b->data(), N, 0.0f,
                s.c->data(), N);
    benchmark::ClobberMemory();
  }
  set_flops(state, N, N, N);
}
BENCHMARK(gemm_openblas<256>)->Name("gemm/256/openblas");
BENCHMARK(gemm_openblas<512>)->Name("gemm/512/openblas");
BENCHMARK(gemm_openblas<1024>)->Name("gemm/1024/openblas");
BENCHMARK(gemm_openblas<2048>)->Name("gemm/2048/openblas");
#endif

#if defined(SXLA_BENCH_EIGEN)
template <int N>
void gemm_eigen(benchmark::State& state) {
  using M = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  M a(N, N), b(N, N), c(N, N);
  fill(a.data(), std::size_t(N) * N, 1);
  fill(b.data(), std::size_t(N) * N, 2);
  for (auto _ : state) {
    c.noalias() = a * b;
    benchmark::DoNotOptimize(c.data());
    benchmark::ClobberMemory();
  }
  set_flops(state, N, N, N);
}
BENCHMARK(gemm_eigen<256>)->Name("gemm/256/eigen_matrix");
BENCHMARK(gemm_eigen<512>)->Name("gemm/512/eigen_matrix");
BENCHMARK(gemm_eigen<1024>)->Name("gemm/1024/eigen_matrix");
BENCHMARK(gemm_eigen<2048>)->Name("gemm/2048/eigen_matrix");

template <int N>
void gemm_eigen_tensor(benchmark::State& state) {
  Eigen::Tensor<float, 2, Eigen::RowMajor> a(N, N), b(N, N), c(N, N);
  fill(a.data(), std::size_t(N) * N, 1);
  fill(b.data(), std::size_t(N) * N, 2);
  const Eigen::array<Eigen::IndexPair<int>, 1> dims = {Eigen::IndexPair<int>(1, 0)};
  for (auto _ : state) {
    c = a.contract(b, dims);
    benchmark::DoNotOptimize(c.data());
    benchmark::ClobberMemory();
  }
  set_flops(state, N, N, N);
}
BENCHMARK(gemm_eigen_tensor<256>)->Name("gemm/256/eigen_tensor");
BENCHMARK(gemm_eigen_tensor<512>)->Name("gemm/512/eigen_tensor");
BENCHMARK(gemm_eigen_tensor<1024>)->Name("gemm/1024/eigen_tensor");
BENCHMARK(gemm_eigen_tensor<2048>)->Name("gemm/2048/eigen_tensor");
#endif

// ---- small static sizes ---------------------------------------------------------------
// Eight independent products per iteration, so that a result's latency does not hide
// the throughput.
constexpr int small_batch = 8;

template <int N>
void small_sxla(benchmark::State& state) {
  using mat = x::tensor<x::shape_spec(x::primitive_type::f32, x::idx{N, N}, x::default_layout(2))>;
  mat a[small_batch], b[small_batch], c[small_batch];
  for (int t = 0; t < small_batch; ++t) {
    fill(a[t].data(), N * N, 1 + t);
    fill(b[t].data(), N * N, 20 + t);
  }
  c[0] = x::dot(a[0], b[0]);
  check(a[0].data(), b[0].data(), c[0].data(), N, N, N, "sxla small");
  for (auto _ : state) {
    for (int t = 0; t < small_batch; ++t) {
      benchmark::DoNotOptimize(a[t].data());
      x::noalias(c[t]) = x::dot(a[t], b[t]);
    }
    benchmark::ClobberMemory();
  }
  set_flops(state, double(N) * small_batch, N, N);
}
BENCHMARK(small_sxla<4>)->Name("small/4/sxla");
BENCHMARK(small_sxla<8>)->Name("small/8/sxla");
BENCHMARK(small_sxla<16>)->Name("small/16/sxla");
BENCHMARK(small_sxla<32>)->Name("small/32/sxla");

#if defined(SXLA_BENCH_EIGEN)
template <int N>
void small_eigen(benchmark::State& state) {
  using M = Eigen::Matrix<float, N, N, Eigen::RowMajor>;
  M a[small_batch], b[small_batch], c[small_batch];
  for (int t = 0; t < small_batch; ++t) {
    fill(a[t].data(), N * N, 1 + t);
    fill(b[t].data(), N * N, 20 + t);
  }
  for (auto _ : state) {
    for (int t = 0; t < small_batch; ++t) {
      benchmark::DoNotOptimize(a[t].data());
      c[t].noalias() = a[t] * b[t];
    }
    benchmark::ClobberMemory();
  }
  set_flops(state, double(N) * small_batch, N, N);
}
BENCHMARK(small_eigen<4>)->Name("small/4/eigen_fixed");
BENCHMARK(small_eigen<8>)->Name("small/8/eigen_fixed");
BENCHMARK(small_eigen<16>)->Name("small/16/eigen_fixed");
BENCHMARK(small_eigen<32>)->Name("small/32/eigen_fixed");
#endif

// ---- batched ---------------------------------------------------------------------------
using batch_t = x::tensor<"f32[64,128,128]">;

void batched_sxla(benchmark::State& state) {
  std::unique_ptr<batch_t> a(new batch_t(x::uninitialized)), b(new batch_t(x::uninitialized)),
      c(new batch_t(x::uninitialized));
  fill(a->data(), 64 * 128 * 128, 3);
  fill(b->data(), 64 * 128 * 128, 4);
  using dims = x::dot_dims<x::idx{2}, x::idx{1}, x::idx{0}, x::idx{0}>;
  using product = decltype(x::dot_general<dims>(*a, *b));
  const auto ws = std::make_unique<x::workspace_for<product, decltype(x::noalias(*c))>>();
  x::noalias(*c).using_workspace(*ws) = x::dot_general<dims>(*a, *b);
  for (int t = 0; t < 64; t += 21)
    check(a->data() + t * 128 * 128, b->data() + t * 128 * 128, c->data() + t * 128 * 128, 128, 128, 128, "batched");
  for (auto _ : state) {
    x::noalias(*c).using_workspace(*ws) = x::dot_general<dims>(*a, *b);
    benchmark::ClobberMemory();
  }
  set_flops(state, 64.0 * 128, 128, 128);
}
BENCHMARK(batched_sxla)->Name("batched/sxla");

#if defined(SXLA_BENCH_BLAS)
void batched_openblas(benchmark::State& state) {
  openblas_set_num_threads(1);
  std::unique_ptr<batch_t> a(new batch_t(x::uninitialized)), b(new batch_t(x::uninitialized)),
      c(new batch_t(x::uninitialized));
  fill(a->data(), 64 * 128 * 128, 3);
  fill(b->data(), 64 * 128 * 128, 4);
  for (auto _ : state) {
    for (int t = 0; t < 64; ++t) {
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 128, 128, 128, 1.0f, a->data() + t * 16384, 128,
                  b->data() + t * 16384, 128, 0.0f, c->data() + t * 16384, 128);
    }
    benchmark::ClobberMemory();
  }
  set_flops(state, 64.0 * 128, 128, 128);
}
BENCHMARK(batched_openblas)->Name("batched/openblas_per_batch");
#endif

// ---- dense layer -------------------------------------------------------------------------
struct dense {
  std::unique_ptr<x::tensor<"f32[256,1024]">> in{new x::tensor<"f32[256,1024]">(x::uninitialized)};
  std::unique_ptr<x::tensor<"f32[1024,1024]">> w{new x::tensor<"f32[1024,1024]">(x::uninitialized)};
  x::tensor<"f32[1024]"> bias;
  std::unique_ptr<x::tensor<"f32[256,1024]">> out{new x::tensor<"f32[256,1024]">(x::uninitialized)};
  std::unique_ptr<x::tensor<"f32[256,1024]">> tmp{new x::tensor<"f32[256,1024]">(x::uninitialized)};
  dense() {
    fill(in->data(), 256 * 1024, 5);
    fill(w->data(), 1024 * 1024, 6);
    fill(bias.data(), 1024, 7);
  }
  void verify() const {
    for (int s = 0; s < 64; ++s) {
      const int i = (s * 7919) % 256, j = (s * 104729) % 1024;
      double ref = bias(j), mag = std::fabs(ref);
      for (int p = 0; p < 1024; ++p) {
        ref += double((*in)(i, p)) * (*w)(p, j);
        mag += std::fabs(double((*in)(i, p)) * (*w)(p, j));
      }
      ref = ref > 0 ? ref : 0;
      if (std::fabs(ref - (*out)(i, j)) > 1e-5 * mag) {
        std::fprintf(stderr, "dense: wrong result at (%d, %d)\n", i, j);
        std::abort();
      }
    }
  }
};

void dense_fused(benchmark::State& state) {
  dense d;
  using layer = decltype(x::max(x::add(x::dot(*d.in, *d.w), d.bias, x::broadcast_dimensions<1>), 0.0f));
  const auto ws = std::make_unique<x::workspace_for<layer, decltype(x::noalias(*d.out))>>();
  auto run = [&] {
    x::noalias(*d.out).using_workspace(*ws) =
        x::max(x::add(x::dot(*d.in, *d.w), d.bias, x::broadcast_dimensions<1>), 0.0f);
  };
  run();
  d.verify();
  for (auto _ : state) {
    run();
    benchmark::ClobberMemory();
  }
  set_flops(state, 256, 1024, 1024);
}
BENCHMARK(dense_fused)->Name("dense/sxla_fused");

void dense_unfused(benchmark::State& state) {
  dense d;
  const auto ws = std::make_unique<x::workspace_for<decltype(x::dot(*d.in, *d.w)), decltype(x::noalias(*d.tmp))>>();
  auto run = [&] {
    x::noalias(*d.tmp).using_workspace(*ws) = x::dot(*d.in, *d.w);
    x::noalias(*d.out) = x::max(x::add(*d.tmp, d.bias, x::broadcast_dimensions<1>), 0.0f);
  };
  run();
  d.verify();
  for (auto _ : state) {
    run();
    benchmark::ClobberMemory();
  }
  set_flops(state, 256, 1024, 1024);
}
BENCHMARK(dense_unfused)->Name("dense/sxla_unfused");

#if defined(SXLA_BENCH_BLAS)
void dense_openblas(benchmark::State& state) {
  openblas_set_num_threads(1);
  dense d;
  for (auto _ : state) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 256, 1024, 1024, 1.0f, d.in->data(), 1024, d.w->data(),
                1024, 0.0f, d.out->data(), 1024);
    float* o = d.out->data();
    const float* b = d.bias.data();
    for (int i = 0; i < 256; ++i)
      for (int j = 0; j < 1024; ++j) o[i * 1024 + j] = std::max(o[i * 1024 + j] + b[j], 0.0f);
    benchmark::ClobberMemory();
  }
  set_flops(state, 256, 1024, 1024);
}
BENCHMARK(dense_openblas)->Name("dense/openblas_then_loop");
#endif

}  // namespace

BENCHMARK_MAIN();
