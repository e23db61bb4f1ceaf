// Inference at batch 1 (issue 39), side by side with its peers in one process, one
// thread each; f32, row-major weights as a model stores them:
//   row/784x256        y[1,256] = x[1,784] . W[784,256]
//   rowT/784x256       y[1,256] = x[1,784] . W^T, W stored [256,784]
//   col/256x784        y[256] = W[256,784] . v[784]
//   rowT/256x10        y[1,10] = x[1,256] . W^T, W stored [10,256]
//   row/4096x4096      y[1,4096] = x[1,4096] . W[4096,4096]: 64 MiB, from DRAM
//   rows/Mx512x512     C[M,512] = A[M,512] . B[512,512], M = 2, 4, 8, 16, 32 (OpenBLAS:
//                      sgemm)
//   read/64MiB         the machine's read bandwidth: a sum over the same 64 MiB, as one
//                      sequential stream and as 8 streams at once, GB/s
//   mlp/784-256-128-10 relu(relu(x W1 + b1) W2 + b2) W3 + b3, batch 1 (mlp32/: batch 32)
//   lstm/128-256       one LSTM step at batch 1: input 128, hidden 256 (Eigen's row: its
//                      Matrix products and array functions)
//   cnn/28x28-...      28x28x1 -> conv 3x3x32 + relu -> pool -> conv 3x3x64 + relu -> pool
//                      -> dense 3136-128 + relu -> dense 128-10, batch 1 (Eigen Tensor as
//                      TensorFlow writes a convolution; oneDNN's conv, pooling and inner
//                      product primitives)
//   block/Bx32x128     a transformer encoder block (sequence 32, model 128, 4 heads,
//                      feed-forward 512, pre-layer-norm, GELU) at batch 1 and 8
// sxla_packed: the weights held in the layout sxla's matrix-vector kernel streams
// (column-major for W . v and x . W^T), converted once outside the timing, as oneDNN and
// XNNPACK reorder theirs.
// Peers, each measured when found, one thread: Eigen (Matrix, row-major, noalias),
// OpenBLAS (cblas_sgemv, cblas_sgemm), oneDNN 2.6 (matmul; weights reordered to the
// primitive's format outside the timing; bias and relu as post-ops in the MLP) and
// XNNPACK (fully connected operator, created, with its weights packed, outside the
// timing; run on the calling thread). Counters: GB/s of weights read per second (the weights are read
// once per product). Every result is checked against a double reference once, before
// timing.
#include <sxla/sxla.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <random>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#if __has_include(<cblas.h>)
#define SXLA_BENCH_BLAS 1
#include <cblas.h>
extern "C" void openblas_set_num_threads(int);
#endif
#if __has_include(<eigen3/Eigen/Dense>)
#define SXLA_BENCH_EIGEN 1
#include <eigen3/Eigen/Dense>
#endif
#if __has_include(<eigen3/unsupported/Eigen/CXX11/Tensor>)
#define SXLA_BENCH_EIGEN_TENSOR 1
#include <eigen3/unsupported/Eigen/CXX11/Tensor>
#endif
#include "onednn.hpp"  // SXLA_BENCH_DNNL, onednn_one_thread
#if __has_include(<xnnpack.h>) && defined(SXLA_BENCH_XNNPACK_FOUND)
#define SXLA_BENCH_XNNPACK 1
#include <xnnpack.h>
#endif

namespace x = sxla;

namespace {

void fill(float* p, std::size_t n, unsigned seed) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  for (std::size_t i = 0; i < n; ++i) p[i] = u(g);
}

void set_bytes(benchmark::State& state, double bytes) {
  state.counters["GB/s"] =
      benchmark::Counter(bytes, benchmark::Counter::kIsIterationInvariantRate, benchmark::Counter::kIs1000);
}

// y[j] = sum_p x[p] * W(p, j), W(p, j) = w[p * ps + j * js], against a double reference.
void check(const float* xv, const float* w, const float* y, int n, int k, int ps, int js, const char* what) {
  for (int j = 0; j < n; ++j) {
    double ref = 0, mag = 0;
    for (int p = 0; p < k; ++p) {
      const double t = double(xv[p]) * w[std::size_t(p) * ps + std::size_t(j) * js];
      ref += t;
      mag += std::fabs(t);
    }
    if (std::fabs(ref - y[j]) > 1e-5 * mag + 1e-30) {
      std::fprintf(stderr, "%s: wrong result at %d: %g, expected %g\n", what, j, double(y[j]), ref);
      std::abort();
    }
  }
}

template <x::index_t R, x::index_t C>
using mat = x::tensor<x::shape_spec(x::primitive_type::f32, x::idx{R, C}, x::default_layout(2))>;
template <x::index_t N>
using vec = x::tensor<x::shape_spec(x::primitive_type::f32, x::idx{N}, x::default_layout(1))>;

// One product shape: x[1,K] and W as stored (Transposed: [N,K], else [K,N]).
template <int K, int N, bool Transposed>
struct product {
  std::unique_ptr<mat<1, K>> xv{new mat<1, K>(x::uninitialized)};
  std::unique_ptr<mat<Transposed ? N : K, Transposed ? K : N>> w{
      new mat<Transposed ? N : K, Transposed ? K : N>(x::uninitialized)};
  std::unique_ptr<mat<1, N>> y{new mat<1, N>(x::uninitialized)};
  product() {
    fill(xv->data(), K, 1);
    fill(w->data(), std::size_t(K) * N, 2);
  }
  static constexpr int ps = Transposed ? 1 : N, js = Transposed ? K : 1;
};

// ---- x . W and x . W^T ------------------------------------------------------------------
template <int K, int N, bool Transposed>
void row_sxla(benchmark::State& state) {
  product<K, N, Transposed> s;
  auto run = [&] {
    if constexpr (Transposed) {
      x::noalias(*s.y) = x::dot_general<x::dot_dims<x::idx{1}, x::idx{1}>>(*s.xv, *s.w);
    } else {
      x::noalias(*s.y) = x::dot(*s.xv, *s.w);
    }
  };
  run();
  check(s.xv->data(), s.w->data(), s.y->data(), N, K, s.ps, s.js, "sxla");
  for (auto _ : state) {
    run();
    benchmark::DoNotOptimize(s.y->data());
    benchmark::ClobberMemory();
  }
  set_bytes(state, 4.0 * K * N);
}
BENCHMARK(row_sxla<784, 256, false>)->Name("row/784x256/sxla");
BENCHMARK(row_sxla<784, 256, true>)->Name("rowT/784x256/sxla");
BENCHMARK(row_sxla<256, 10, true>)->Name("rowT/256x10/sxla");
BENCHMARK(row_sxla<4096, 4096, false>)->Name("row/4096x4096/sxla");

#if defined(SXLA_BENCH_BLAS)
template <int K, int N, bool Transposed>
void row_openblas(benchmark::State& state) {
  openblas_set_num_threads(1);
  product<K, N, Transposed> s;
  // y = x W: W^T (N x K, column-major view of row-major W[K,N]) times x.
  auto run = [&] {
    if constexpr (Transposed) {
      cblas_sgemv(CblasRowMajor, CblasNoTrans, N, K, 1.0f, s.w->data(), K, s.xv->data(), 1, 0.0f, s.y->data(), 1);
    } else {
      cblas_sgemv(CblasRowMajor, CblasTrans, K, N, 1.0f, s.w->data(), N, s.xv->data(), 1, 0.0f, s.y->data(), 1);
    }
  };
  run();
  check(s.xv->data(), s.w->data(), s.y->data(), N, K, s.ps, s.js, "openblas");
  for (auto _ : state) {
    run();
    benchmark::ClobberMemory();
  }
  set_bytes(state, 4.0 * K * N);
}
BENCHMARK(row_openblas<784, 256, false>)->Name("row/784x256/openblas");
BENCHMARK(row_openblas<784, 256, true>)->Name("rowT/784x256/openblas");
BENCHMARK(row_openblas<256, 10, true>)->Name("rowT/256x10/openblas");
BENCHMARK(row_openblas<4096, 4096, false>)->Name("row/4096x4096/openblas");
#endif

#if defined(SXLA_BENCH_EIGEN)
using emat = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using erow = Eigen::Matrix<float, 1, Eigen::Dynamic>;
template <int K, int N, bool Transposed>
void row_eigen(benchmark::State& state) {
  emat w(Transposed ? N : K, Transposed ? K : N);
  erow xv(K), y(N);
  fill(xv.data(), K, 1);
  fill(w.data(), std::size_t(K) * N, 2);
  auto run = [&] {
    if constexpr (Transposed) {
      y.noalias() = xv * w.transpose();
    } else {
      y.noalias() = xv * w;
    }
  };
  run();
  check(xv.data(), w.data(), y.data(), N, K, Transposed ? 1 : N, Transposed ? K : 1, "eigen");
  for (auto _ : state) {
    run();
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
  set_bytes(state, 4.0 * K * N);
}
BENCHMARK(row_eigen<784, 256, false>)->Name("row/784x256/eigen");
BENCHMARK(row_eigen<784, 256, true>)->Name("rowT/784x256/eigen");
BENCHMARK(row_eigen<256, 10, true>)->Name("rowT/256x10/eigen");
BENCHMARK(row_eigen<4096, 4096, false>)->Name("row/4096x4096/eigen");
#endif

// ---- [M,512] . [512,512], M = 1 .. 32 --------------------------------------------------
template <int M>
struct rows_product {
  std::unique_ptr<mat<M, 512>> a{new mat<M, 512>(x::uninitialized)};
  std::unique_ptr<mat<512, 512>> b{new mat<512, 512>(x::uninitialized)};
  std::unique_ptr<mat<M, 512>> c{new mat<M, 512>(x::uninitialized)};
  rows_product() {
    fill(a->data(), std::size_t(M) * 512, 4);
    fill(b->data(), 512 * 512, 5);
  }
  void check_row0(const char* what) const { ::check(a->data(), b->data(), c->data(), 512, 512, 512, 1, what); }
};

template <int M>
void rows_sxla(benchmark::State& state) {
  rows_product<M> s;
  // (the engine's packing, for M past the few-rows kernel, in a workspace of the caller)
  using product = decltype(x::dot(*s.a, *s.b));
  const auto ws = std::make_unique<x::workspace_for<product, decltype(x::noalias(*s.c))>>();
  x::noalias(*s.c).using_workspace(*ws) = x::dot(*s.a, *s.b);
  s.check_row0("sxla");
  for (auto _ : state) {
    x::noalias(*s.c).using_workspace(*ws) = x::dot(*s.a, *s.b);
    benchmark::DoNotOptimize(s.c->data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(rows_sxla<2>)->Name("rows/2x512x512/sxla");
BENCHMARK(rows_sxla<4>)->Name("rows/4x512x512/sxla");
BENCHMARK(rows_sxla<8>)->Name("rows/8x512x512/sxla");
BENCHMARK(rows_sxla<16>)->Name("rows/16x512x512/sxla");
BENCHMARK(rows_sxla<32>)->Name("rows/32x512x512/sxla");
#if defined(SXLA_BENCH_BLAS)
template <int M>
void rows_openblas(benchmark::State& state) {
  openblas_set_num_threads(1);
  rows_product<M> s;
  for (auto _ : state) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, 512, 512, 1.0f, s.a->data(), 512, s.b->data(), 512,
                0.0f, s.c->data(), 512);
    benchmark::ClobberMemory();
  }
  s.check_row0("openblas");
}
BENCHMARK(rows_openblas<2>)->Name("rows/2x512x512/openblas");
BENCHMARK(rows_openblas<4>)->Name("rows/4x512x512/openblas");
BENCHMARK(rows_openblas<8>)->Name("rows/8x512x512/openblas");
BENCHMARK(rows_openblas<16>)->Name("rows/16x512x512/openblas");
BENCHMARK(rows_openblas<32>)->Name("rows/32x512x512/openblas");
#endif
#if defined(SXLA_BENCH_EIGEN)
template <int M>
void rows_eigen(benchmark::State& state) {
  emat a(M, 512), b(512, 512), c(M, 512);
  fill(a.data(), a.size(), 4);
  fill(b.data(), b.size(), 5);
  for (auto _ : state) {
    c.noalias() = a * b;
    benchmark::DoNotOptimize(c.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(rows_eigen<2>)->Name("rows/2x512x512/eigen");
BENCHMARK(rows_eigen<4>)->Name("rows/4x512x512/eigen");
BENCHMARK(rows_eigen<8>)->Name("rows/8x512x512/eigen");
BENCHMARK(rows_eigen<16>)->Name("rows/16x512x512/eigen");
BENCHMARK(rows_eigen<32>)->Name("rows/32x512x512/eigen");
#endif

// ---- W . v ------------------------------------------------------------------------------
void col_sxla(benchmark::State& state) {
  const std::unique_ptr<mat<256, 784>> w(new mat<256, 784>(x::uninitialized));
  const std::unique_ptr<vec<784>> v(new vec<784>(x::uninitialized));
  const std::unique_ptr<vec<256>> y(new vec<256>(x::uninitialized));
  fill(w->data(), 256 * 784, 2);
  fill(v->data(), 784, 1);
  x::noalias(*y) = x::dot(*w, *v);
  check(v->data(), w->data(), y->data(), 256, 784, 1, 784, "sxla");
  for (auto _ : state) {
    x::noalias(*y) = x::dot(*w, *v);
    benchmark::DoNotOptimize(y->data());
    benchmark::ClobberMemory();
  }
  set_bytes(state, 4.0 * 256 * 784);
}
BENCHMARK(col_sxla)->Name("col/256x784/sxla");

// The weights held once in the layout the matrix-vector kernel streams (column-major:
// W^T's rows contiguous), converted outside the timing as peers reorder theirs.
void col_sxla_packed(benchmark::State& state) {
  const std::unique_ptr<mat<256, 784>> w(new mat<256, 784>(x::uninitialized));
  using packed = x::tensor<"f32[256,784]{0,1}">;
  const std::unique_ptr<packed> wp(new packed(x::uninitialized));
  const std::unique_ptr<vec<784>> v(new vec<784>(x::uninitialized));
  const std::unique_ptr<vec<256>> y(new vec<256>(x::uninitialized));
  fill(w->data(), 256 * 784, 2);
  fill(v->data(), 784, 1);
  *wp = *w;
  x::noalias(*y) = x::dot(*wp, *v);
  check(v->data(), w->data(), y->data(), 256, 784, 1, 784, "sxla packed");
  for (auto _ : state) {
    x::noalias(*y) = x::dot(*wp, *v);
    benchmark::DoNotOptimize(y->data());
    benchmark::ClobberMemory();
  }
  set_bytes(state, 4.0 * 256 * 784);
}
BENCHMARK(col_sxla_packed)->Name("col/256x784/sxla_packed");

// x . W^T with W [N,K] held column-major (so W^T [K,N] row-major), outside the timing.
template <int K, int N>
void rowT_sxla_packed(benchmark::State& state) {
  product<K, N, true> s;
  using packed = x::tensor<x::shape_spec(x::primitive_type::f32, x::idx{N, K}, x::layout_spec{x::idx{0, 1}, {}, {}})>;
  const std::unique_ptr<packed> wp(new packed(x::uninitialized));
  *wp = *s.w;
  auto run = [&] { x::noalias(*s.y) = x::dot_general<x::dot_dims<x::idx{1}, x::idx{1}>>(*s.xv, *wp); };
  run();
  check(s.xv->data(), s.w->data(), s.y->data(), N, K, s.ps, s.js, "sxla packed");
  for (auto _ : state) {
    run();
    benchmark::DoNotOptimize(s.y->data());
    benchmark::ClobberMemory();
  }
  set_bytes(state, 4.0 * K * N);
}
BENCHMARK(rowT_sxla_packed<784, 256>)->Name("rowT/784x256/sxla_packed");
BENCHMARK(rowT_sxla_packed<256, 10>)->Name("rowT/256x10/sxla_packed");
#if defined(SXLA_BENCH_BLAS)
void col_openblas(benchmark::State& state) {
  openblas_set_num_threads(1);
  std::vector<float> w(256 * 784), v(784), y(256);
  fill(w.data(), w.size(), 2);
  fill(v.data(), v.size(), 1);
  for (auto _ : state) {
    cblas_sgemv(CblasRowMajor, CblasNoTrans, 256, 784, 1.0f, w.data(), 784, v.data(), 1, 0.0f, y.data(), 1);
    benchmark::ClobberMemory();
  }
  check(v.data(), w.data(), y.data(), 256, 784, 1, 784, "openblas");
  set_bytes(state, 4.0 * 256 * 784);
}
BENCHMARK(col_openblas)->Name("col/256x784/openblas");
#endif
#if defined(SXLA_BENCH_EIGEN)
void col_eigen(benchmark::State& state) {
  emat w(256, 784);
  Eigen::VectorXf v(784), y(256);
  fill(w.data(), w.size(), 2);
  fill(v.data(), v.size(), 1);
  for (auto _ : state) {
    y.noalias() = w * v;
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
  check(v.data(), w.data(), y.data(), 256, 784, 1, 784, "eigen");
  set_bytes(state, 4.0 * 256 * 784);
}
BENCHMARK(col_eigen)->Name("col/256x784/eigen");
#endif

// ---- the machine's read bandwidth ---------------------------------------------------------
// The same 64 MiB summed as S streams at once (S consecutive parts, one vector of each in
// turn, 2 accumulators per stream): one stream is what a single sequential loop gets,
// 8 streams what a row-by-row matrix-vector product can.
template <int S>
void read_bandwidth(benchmark::State& state) {
  namespace s = x::simd;
  using V = s::vec<float>;
  constexpr std::size_t n = std::size_t(4096) * 4096;
  constexpr std::size_t L = s::lanes<float>;
  constexpr std::size_t part = n / S;
  std::unique_ptr<float[]> a(new float[n]);
  fill(a.get(), n, 3);
  for (auto _ : state) {
    V acc[2 * S];
    for (auto& v : acc) v = s::splat<V>(0.0f);
    for (std::size_t i = 0; i < part; i += 2 * L) {
#pragma GCC unroll 16
      for (std::size_t t = 0; t < S; ++t) {
        acc[2 * t] = s::add(acc[2 * t], s::load(a.get() + t * part + i));
        acc[2 * t + 1] = s::add(acc[2 * t + 1], s::load(a.get() + t * part + i + L));
      }
    }
    for (auto& v : acc) benchmark::DoNotOptimize(v);
  }
  set_bytes(state, 4.0 * double(n));
}
BENCHMARK(read_bandwidth<1>)->Name("read/64MiB/1_stream");
BENCHMARK(read_bandwidth<8>)->Name("read/64MiB/8_streams");

// run() once, its result checked by check(), then run() timed; out is kept alive.
template <class Run, class Check>
void time_checked(benchmark::State& state, Run&& run, Check&& check, const float* out) {
  run();
  check();
  for (auto _ : state) {
    run();
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
}

// ---- a whole MLP at batch B ------------------------------------------------------------------
template <int B>
struct mlp_weights {
  std::unique_ptr<mat<784, 256>> w1{new mat<784, 256>(x::uninitialized)};
  std::unique_ptr<mat<256, 128>> w2{new mat<256, 128>(x::uninitialized)};
  std::unique_ptr<mat<128, 10>> w3{new mat<128, 10>(x::uninitialized)};
  std::unique_ptr<vec<256>> b1{new vec<256>(x::uninitialized)};
  std::unique_ptr<vec<128>> b2{new vec<128>(x::uninitialized)};
  std::unique_ptr<vec<10>> b3{new vec<10>(x::uninitialized)};
  std::unique_ptr<mat<B, 784>> in{new mat<B, 784>(x::uninitialized)};
  mlp_weights() {
    fill(w1->data(), 784 * 256, 11);
    fill(w2->data(), 256 * 128, 12);
    fill(w3->data(), 128 * 10, 13);
    fill(b1->data(), 256, 14);
    fill(b2->data(), 128, 15);
    fill(b3->data(), 10, 16);
    fill(in->data(), std::size_t(B) * 784, 17);
  }
};

// out[b, j] = (relu) b[j] + sum_p in[b, p] * w[p, j], in doubles.
std::vector<double> dense_reference(const std::vector<double>& in, int rows, const float* w, const float* b, int k,
                                    int n, bool relu) {
  std::vector<double> out(std::size_t(rows) * n);
  for (int r = 0; r < rows; ++r)
    for (int j = 0; j < n; ++j) {
      double s = b[j];
      for (int p = 0; p < k; ++p) s += in[std::size_t(r) * k + p] * w[std::size_t(p) * n + j];
      out[std::size_t(r) * n + j] = relu && s < 0 ? 0 : s;
    }
  return out;
}

// Every output against a double reference, within 1e-4 relative.
void check_outputs(const std::vector<double>& ref, const float* out, const char* what, const char* model) {
  for (std::size_t j = 0; j < ref.size(); ++j) {
    if (std::fabs(ref[j] - out[j]) > 1e-4 * (1 + std::fabs(ref[j]))) {
      std::fprintf(stderr, "%s: wrong %s output %zu: %g, expected %g\n", what, model, j, double(out[j]), ref[j]);
      std::abort();
    }
  }
}

template <int B>
void check_mlp(const mlp_weights<B>& m, const float* out, const char* what) {
  const std::vector<double> in(m.in->data(), m.in->data() + std::size_t(B) * 784);
  const auto h1 = dense_reference(in, B, m.w1->data(), m.b1->data(), 784, 256, true);
  const auto h2 = dense_reference(h1, B, m.w2->data(), m.b2->data(), 256, 128, true);
  check_outputs(dense_reference(h2, B, m.w3->data(), m.b3->data(), 128, 10, false), out, what, "MLP");
}

template <int B>
void mlp_sxla(benchmark::State& state) {
  mlp_weights<B> m;
  mat<B, 256> h1;
  mat<B, 128> h2;
  mat<B, 10> out;
  constexpr auto cols = x::broadcast_dimensions<1>;  // the bias along each row
  auto run = [&] {
    x::noalias(h1) = x::max(x::add(x::dot(*m.in, *m.w1), *m.b1, cols), 0.0f);
    x::noalias(h2) = x::max(x::add(x::dot(h1, *m.w2), *m.b2, cols), 0.0f);
    x::noalias(out) = x::add(x::dot(h2, *m.w3), *m.b3, cols);
  };
  time_checked(state, run, [&] { check_mlp(m, out.data(), "sxla"); }, out.data());
}
BENCHMARK(mlp_sxla<1>)->Name("mlp/784-256-128-10/sxla");
BENCHMARK(mlp_sxla<32>)->Name("mlp32/784-256-128-10/sxla");

#if defined(SXLA_BENCH_EIGEN)
template <int B>
void mlp_eigen(benchmark::State& state) {
  mlp_weights<B> m;
  const Eigen::Map<const emat> w1(m.w1->data(), 784, 256), w2(m.w2->data(), 256, 128), w3(m.w3->data(), 128, 10);
  const Eigen::Map<const erow> b1(m.b1->data(), 256), b2(m.b2->data(), 128), b3(m.b3->data(), 10);
  const Eigen::Map<const emat> in(m.in->data(), B, 784);
  emat h1(B, 256), h2(B, 128), out(B, 10);
  auto run = [&] {
    h1.noalias() = in * w1;
    h1 = (h1.rowwise() + b1).cwiseMax(0.0f);
    h2.noalias() = h1 * w2;
    h2 = (h2.rowwise() + b2).cwiseMax(0.0f);
    out.noalias() = h2 * w3;
    out.rowwise() += b3;
  };
  time_checked(state, run, [&] { check_mlp(m, out.data(), "eigen"); }, out.data());
}
BENCHMARK(mlp_eigen<1>)->Name("mlp/784-256-128-10/eigen");
BENCHMARK(mlp_eigen<32>)->Name("mlp32/784-256-128-10/eigen");
#endif

// ---- one LSTM step at batch 1: input 128, hidden 256 -----------------------------------------
// gates[1,1024] = x . Wx + h . Wh + b, in the order i, f, g, o (256 each);
// c' = sigmoid(f) * c + sigmoid(i) * tanh(g), h' = sigmoid(o) * tanh(c').
struct lstm_weights {
  std::unique_ptr<mat<128, 1024>> wx{new mat<128, 1024>(x::uninitialized)};
  std::unique_ptr<mat<256, 1024>> wh{new mat<256, 1024>(x::uninitialized)};
  std::unique_ptr<vec<1024>> b{new vec<1024>(x::uninitialized)};
  std::unique_ptr<mat<1, 128>> in{new mat<1, 128>(x::uninitialized)};
  std::unique_ptr<mat<1, 256>> h0{new mat<1, 256>(x::uninitialized)};
  std::unique_ptr<mat<1, 256>> c0{new mat<1, 256>(x::uninitialized)};
  lstm_weights() {
    fill(wx->data(), 128 * 1024, 21);
    fill(wh->data(), 256 * 1024, 22);
    fill(b->data(), 1024, 23);
    fill(in->data(), 128, 24);
    fill(h0->data(), 256, 25);
    fill(c0->data(), 256, 26);
  }
};

// h' and c' of one step from h0 and c0, in doubles (h' first, then c').
std::vector<double> lstm_reference(const lstm_weights& m) {
  std::vector<double> g(1024), out(512);
  for (int j = 0; j < 1024; ++j) {
    double s = m.b->data()[j];
    for (int p = 0; p < 128; ++p) s += double(m.in->data()[p]) * m.wx->data()[std::size_t(p) * 1024 + j];
    for (int p = 0; p < 256; ++p) s += double(m.h0->data()[p]) * m.wh->data()[std::size_t(p) * 1024 + j];
    g[std::size_t(j)] = s;
  }
  const auto sig = [](double v) { return 1 / (1 + std::exp(-v)); };
  for (std::size_t j = 0; j < 256; ++j) {
    const double c = sig(g[256 + j]) * m.c0->data()[j] + sig(g[j]) * std::tanh(g[512 + j]);
    out[j] = sig(g[768 + j]) * std::tanh(c);
    out[256 + j] = c;
  }
  return out;
}

void check_lstm(const lstm_weights& m, const float* h, const float* c, const char* what) {
  std::vector<float> out(h, h + 256);
  out.insert(out.end(), c, c + 256);
  check_outputs(lstm_reference(m), out.data(), what, "LSTM");
}

// Each timed step starts from the same h0 and c0 (copied in, 2 KiB, in every peer's loop).
void lstm_sxla(benchmark::State& state) {
  lstm_weights m;
  mat<1, 1024> gates;
  mat<1, 256> h, c;
  auto run = [&] {
    x::noalias(gates) = x::add(x::dot(*m.in, *m.wx) + x::dot(h, *m.wh), *m.b, x::broadcast_dimensions<1>);
    const auto i = x::slice<x::idx{0, 0}, x::idx{1, 256}>(gates);
    const auto f = x::slice<x::idx{0, 256}, x::idx{1, 512}>(gates);
    const auto g = x::slice<x::idx{0, 512}, x::idx{1, 768}>(gates);
    const auto o = x::slice<x::idx{0, 768}, x::idx{1, 1024}>(gates);
    x::noalias(c) = x::logistic(f) * c + x::logistic(i) * x::tanh(g);
    x::noalias(h) = x::logistic(o) * x::tanh(c);
  };
  const auto step = [&] {
    h = *m.h0;
    c = *m.c0;
    run();
  };
  time_checked(state, step, [&] { check_lstm(m, h.data(), c.data(), "sxla"); }, h.data());
}
BENCHMARK(lstm_sxla)->Name("lstm/128-256/sxla");

#if defined(SXLA_BENCH_EIGEN)
void lstm_eigen(benchmark::State& state) {
  lstm_weights m;
  const Eigen::Map<const emat> wx(m.wx->data(), 128, 1024), wh(m.wh->data(), 256, 1024);
  const Eigen::Map<const erow> b(m.b->data(), 1024), in(m.in->data(), 128), h0(m.h0->data(), 256),
      c0(m.c0->data(), 256);
  erow gates(1024), h(256), c(256);
  const auto sig = [](const auto& v) { return (1.0f + (-v).exp()).inverse(); };
  auto run = [&] {
    gates.noalias() = in * wx;
    gates.noalias() += h * wh;
    gates += b;
    const auto g = gates.array();
    c.array() = sig(g.segment(256, 256)) * c.array() + sig(g.segment(0, 256)) * g.segment(512, 256).tanh();
    h.array() = sig(g.segment(768, 256)) * c.array().tanh();
  };
  const auto step = [&] {
    h = h0;
    c = c0;
    run();
  };
  time_checked(state, step, [&] { check_lstm(m, h.data(), c.data(), "eigen"); }, h.data());
}
BENCHMARK(lstm_eigen)->Name("lstm/128-256/eigen");
#endif

// ---- a CNN at batch 1 -----------------------------------------------------------------------
// x[1,28,28,1] (NHWC) -> conv 3x3x1x32 SAME + bias, relu -> max pool 2x2/2 -> conv 3x3x32x64
// SAME + bias, relu -> max pool 2x2/2 -> flatten [1,3136] (y, x, feature) -> dense 3136x128 +
// bias, relu -> dense 128x10 + bias. Kernels HWIO, dense weights [in, out].
template <x::index_t... D>
using f32t = x::tensor<x::shape_spec(x::primitive_type::f32, x::idx{D...}, x::default_layout(sizeof...(D)))>;

struct cnn_weights {
  std::unique_ptr<f32t<1, 28, 28, 1>> in{new f32t<1, 28, 28, 1>(x::uninitialized)};
  std::unique_ptr<f32t<3, 3, 1, 32>> k1{new f32t<3, 3, 1, 32>(x::uninitialized)};
  std::unique_ptr<f32t<3, 3, 32, 64>> k2{new f32t<3, 3, 32, 64>(x::uninitialized)};
  std::unique_ptr<vec<32>> b1{new vec<32>(x::uninitialized)};
  std::unique_ptr<vec<64>> b2{new vec<64>(x::uninitialized)};
  std::unique_ptr<mat<3136, 128>> d1{new mat<3136, 128>(x::uninitialized)};
  std::unique_ptr<vec<128>> db1{new vec<128>(x::uninitialized)};
  std::unique_ptr<mat<128, 10>> d2{new mat<128, 10>(x::uninitialized)};
  std::unique_ptr<vec<10>> db2{new vec<10>(x::uninitialized)};
  cnn_weights() {
    fill(in->data(), 784, 31);
    fill(k1->data(), 9 * 32, 32);
    fill(k2->data(), 9 * 32 * 64, 33);
    fill(b1->data(), 32, 34);
    fill(b2->data(), 64, 35);
    fill(d1->data(), 3136 * 128, 36);
    fill(db1->data(), 128, 37);
    fill(d2->data(), 128 * 10, 38);
    fill(db2->data(), 10, 39);
  }
};

// relu(conv3x3 SAME + bias) then a 2x2/2 max pool, NHWC at batch 1, in doubles.
std::vector<double> conv_pool_reference(const std::vector<double>& in, int hw, int c, const float* k, const float* b,
                                        int o) {
  std::vector<double> act(std::size_t(hw) * hw * o), out(std::size_t(hw / 2) * (hw / 2) * o);
  for (int y = 0; y < hw; ++y)
    for (int xx = 0; xx < hw; ++xx)
      for (int f = 0; f < o; ++f) {
        double s = b[f];
        for (int ky = 0; ky < 3; ++ky)
          for (int kx = 0; kx < 3; ++kx) {
            const int iy = y + ky - 1, ix = xx + kx - 1;
            if (iy < 0 || iy >= hw || ix < 0 || ix >= hw) continue;
            for (int i = 0; i < c; ++i)
              s += in[(std::size_t(iy) * hw + ix) * c + i] * k[((std::size_t(ky) * 3 + kx) * c + i) * o + f];
          }
        act[(std::size_t(y) * hw + xx) * o + f] = s < 0 ? 0 : s;
      }
  for (int y = 0; y < hw / 2; ++y)
    for (int xx = 0; xx < hw / 2; ++xx)
      for (int f = 0; f < o; ++f) {
        double m = -1e300;
        for (int dy = 0; dy < 2; ++dy)
          for (int dx = 0; dx < 2; ++dx) m = std::max(m, act[((2 * std::size_t(y) + dy) * hw + 2 * xx + dx) * o + f]);
        out[(std::size_t(y) * (hw / 2) + xx) * o + f] = m;
      }
  return out;
}

void check_cnn(const cnn_weights& m, const float* out, const char* what) {
  const std::vector<double> in(m.in->data(), m.in->data() + 784);
  const auto p1 = conv_pool_reference(in, 28, 1, m.k1->data(), m.b1->data(), 32);
  const auto p2 = conv_pool_reference(p1, 14, 32, m.k2->data(), m.b2->data(), 64);
  const auto d = dense_reference(p2, 1, m.d1->data(), m.db1->data(), 3136, 128, true);
  check_outputs(dense_reference(d, 1, m.d2->data(), m.db2->data(), 128, 10, false), out, what, "CNN");
}

void cnn_sxla(benchmark::State& state) {
  cnn_weights m;
  constexpr x::conv_config same{.window_strides = x::idx{1, 1}, .padding = x::padding::same,
                                .dim_labels = "b01f_01io->b01f"};
  constexpr auto features = x::broadcast_dimensions<3>;
  constexpr float inf = std::numeric_limits<float>::infinity();
  std::unique_ptr<f32t<1, 28, 28, 32>> h1{new f32t<1, 28, 28, 32>(x::uninitialized)};
  std::unique_ptr<f32t<1, 14, 14, 64>> h2{new f32t<1, 14, 14, 64>(x::uninitialized)};
  f32t<1, 14, 14, 32> p1;
  f32t<1, 7, 7, 64> p2;
  mat<1, 128> d;
  mat<1, 10> out;
  // The convolutions' scratch (72 KiB for the second) in one workspace the program owns.
  const auto ws = std::make_unique<x::workspace<std::size_t(1) << 20>>();
  const auto into = [&](auto& dst) { return x::noalias(dst).using_workspace(*ws); };
  auto run = [&] {
    into(*h1) = x::max(x::add(x::conv_general_dilated<same>(*m.in, *m.k1), *m.b1, features), 0.0f);
    x::noalias(p1) = x::reduce_window<x::idx{1, 2, 2, 1}, x::idx{1, 2, 2, 1}>(*h1, -inf, x::max_op);
    into(*h2) = x::max(x::add(x::conv_general_dilated<same>(p1, *m.k2), *m.b2, features), 0.0f);
    x::noalias(p2) = x::reduce_window<x::idx{1, 2, 2, 1}, x::idx{1, 2, 2, 1}>(*h2, -inf, x::max_op);
    x::noalias(d) = x::max(x::add(x::dot(x::reshape<"f32[1,3136]">(p2), *m.d1), *m.db1, x::broadcast_dimensions<1>), 0.0f);
    x::noalias(out) = x::add(x::dot(d, *m.d2), *m.db2, x::broadcast_dimensions<1>);
  };
  time_checked(state, run, [&] { check_cnn(m, out.data(), "sxla"); }, out.data());
}
BENCHMARK(cnn_sxla)->Name("cnn/28x28-32-64-128-10/sxla");

#if defined(SXLA_BENCH_EIGEN_TENSOR)
// Eigen Tensor as TensorFlow writes a convolution (extract_image_patches, contract), the
// pool as a reshape and a maximum over the window's dimensions, the dense layers as
// Matrix products.
void cnn_eigen(benchmark::State& state) {
  cnn_weights m;
  using E = Eigen::Index;
  using T4 = Eigen::Tensor<float, 4, Eigen::RowMajor>;
  using C4 = Eigen::TensorMap<Eigen::Tensor<const float, 4, Eigen::RowMajor>>;
  T4 h1(1, 28, 28, 32), p1(1, 14, 14, 32), h2(1, 14, 14, 64), p2(1, 7, 7, 64);
  const C4 in(m.in->data(), 1, 28, 28, 1), k1(m.k1->data(), 3, 3, 1, 32), k2(m.k2->data(), 3, 3, 32, 64);
  const Eigen::array<Eigen::IndexPair<E>, 1> contract{{Eigen::IndexPair<E>(1, 0)}};
  const Eigen::array<E, 2> pool_dims{{2, 4}};
  // relu(conv3x3 SAME + bias) of src [1,hw,hw,c] into dst [1,hw,hw,o].
  const auto layer = [&](T4& dst, const auto& src, const C4& k, const float* b, E hw, E c, E o) {
    const Eigen::array<E, 2> pre{{hw * hw, 9 * c}}, k2d{{9 * c, o}};
    const Eigen::array<E, 4> dims{{1, hw, hw, o}}, bias_dims{{1, 1, 1, o}}, bc{{1, hw, hw, 1}};
    const auto conv = src.extract_image_patches(3, 3, 1, 1, 1, 1, Eigen::PADDING_SAME)
                          .reshape(pre)
                          .contract(k.reshape(k2d), contract)
                          .reshape(dims);
    dst = (conv + C4(b, bias_dims).broadcast(bc)).cwiseMax(0.0f);
  };
  const auto pool = [&](T4& dst, const T4& src, E hw, E c) {
    const Eigen::array<E, 6> split{{1, hw / 2, 2, hw / 2, 2, c}};
    dst = src.reshape(split).maximum(pool_dims);
  };
  const Eigen::Map<const emat> d1(m.d1->data(), 3136, 128), d2(m.d2->data(), 128, 10);
  const Eigen::Map<const erow> db1(m.db1->data(), 128), db2(m.db2->data(), 10);
  erow d(128), out(10);
  auto run = [&] {
    layer(h1, in, k1, m.b1->data(), 28, 1, 32);
    pool(p1, h1, 28, 32);
    layer(h2, p1, k2, m.b2->data(), 14, 32, 64);
    pool(p2, h2, 14, 64);
    d.noalias() = Eigen::Map<const erow>(p2.data(), 3136) * d1;
    d = (d + db1).cwiseMax(0.0f);
    out.noalias() = d * d2;
    out += db2;
  };
  time_checked(state, run, [&] { check_cnn(m, out.data(), "eigen"); }, out.data());
}
BENCHMARK(cnn_eigen)->Name("cnn/28x28-32-64-128-10/eigen");
#endif

#if defined(SXLA_BENCH_DNNL)
// A oneDNN network at one thread: primitives with their arguments, run in order on one
// stream, and constant weights reordered once to the format a primitive chose.
struct onednn_net {
  dnnl::engine eng{dnnl::engine::kind::cpu, 0};
  dnnl::stream strm{eng};
  std::vector<std::pair<dnnl::primitive, std::unordered_map<int, dnnl::memory>>> steps;
  onednn_net() {
    if (onednn_one_thread() != 1) std::abort();
  }
  dnnl::memory weights(const dnnl::memory::desc& want, const dnnl::memory::desc& user, const float* data) {
    dnnl::memory user_mem(user, eng, const_cast<float*>(data));
    if (want == user) return user_mem;
    dnnl::memory mem(want, eng);
    dnnl::reorder(user_mem, mem).execute(strm, user_mem, mem);
    strm.wait();
    return mem;
  }
  void run() {
    for (auto& [prim, args] : steps) prim.execute(strm, args);
    strm.wait();
  }
};
#endif

#if defined(SXLA_BENCH_DNNL)
// oneDNN: convolutions (bias and relu as post-ops), max pooling and inner products, each
// layer's activations in the format its primitive chose (format_tag::any, as a oneDNN
// user lets it), weights reordered once outside the timing.
void cnn_onednn(benchmark::State& state) {
  onednn_net net;
  cnn_weights m;
  using namespace dnnl;
  using tag = memory::format_tag;
  using dt = memory::data_type;
  const engine& eng = net.eng;
  primitive_attr relu;
  {
    post_ops ops;
    ops.append_eltwise(1.0f, algorithm::eltwise_relu, 0.0f, 0.0f);
    relu.set_post_ops(ops);
  }
  const auto any = [](memory::dims d) { return memory::desc(d, dt::f32, tag::any); };
  // conv + bias + relu, then the pool; returns the pool's output.
  const auto conv_pool = [&](const memory& src, int hw, int c, int o, const float* k, const float* b) {
    const convolution_forward::primitive_desc cpd(
        convolution_forward::desc(prop_kind::forward_inference, algorithm::convolution_direct, src.get_desc(),
                                  any({o, c, 3, 3}), memory::desc({o}, dt::f32, tag::a), any({1, o, hw, hw}),
                                  {1, 1}, {1, 1}, {1, 1}),
        relu, eng);
    memory csrc = src;
    if (cpd.src_desc() != src.get_desc()) {  // (a format the convolution reads)
      csrc = memory(cpd.src_desc(), eng);
      net.steps.push_back({reorder(src, csrc), {{DNNL_ARG_FROM, src}, {DNNL_ARG_TO, csrc}}});
    }
    memory act(cpd.dst_desc(), eng);
    net.steps.push_back({convolution_forward(cpd),
                   {{DNNL_ARG_SRC, csrc},
                    {DNNL_ARG_WEIGHTS, net.weights(cpd.weights_desc(), memory::desc({o, c, 3, 3}, dt::f32, tag::hwio), k)},
                    {DNNL_ARG_BIAS, memory(memory::desc({o}, dt::f32, tag::a), eng, const_cast<float*>(b))},
                    {DNNL_ARG_DST, act}}});
    const pooling_forward::primitive_desc ppd(
        pooling_forward::desc(prop_kind::forward_inference, algorithm::pooling_max, cpd.dst_desc(),
                              any({1, o, hw / 2, hw / 2}), {2, 2}, {2, 2}, {0, 0}, {0, 0}),
        eng);
    memory pooled(ppd.dst_desc(), eng);
    net.steps.push_back({pooling_forward(ppd), {{DNNL_ARG_SRC, act}, {DNNL_ARG_DST, pooled}}});
    return pooled;
  };
  const memory in(memory::desc({1, 1, 28, 28}, dt::f32, tag::nhwc), eng, m.in->data());
  const memory p1 = conv_pool(in, 28, 1, 32, m.k1->data(), m.b1->data());
  const memory p2 = conv_pool(p1, 14, 32, 64, m.k2->data(), m.b2->data());
  // Dense 3136x128 on the pooled 4-D tensor (its weights [y, x, feature, out]: hwio), relu.
  const inner_product_forward::primitive_desc ip1(
      inner_product_forward::desc(prop_kind::forward_inference, p2.get_desc(), any({128, 64, 7, 7}),
                                  memory::desc({128}, dt::f32, tag::a), memory::desc({1, 128}, dt::f32, tag::ab)),
      relu, eng);
  memory d(ip1.dst_desc(), eng);
  net.steps.push_back({inner_product_forward(ip1),
                 {{DNNL_ARG_SRC, p2},
                  {DNNL_ARG_WEIGHTS, net.weights(ip1.weights_desc(), memory::desc({128, 64, 7, 7}, dt::f32, tag::hwio),
                                             m.d1->data())},
                  {DNNL_ARG_BIAS, memory(memory::desc({128}, dt::f32, tag::a), eng, m.db1->data())},
                  {DNNL_ARG_DST, d}}});
  std::vector<float> out(10);
  const inner_product_forward::primitive_desc ip2(
      inner_product_forward::desc(prop_kind::forward_inference, d.get_desc(), any({10, 128}),
                                  memory::desc({10}, dt::f32, tag::a), memory::desc({1, 10}, dt::f32, tag::ab)),
      eng);
  net.steps.push_back({inner_product_forward(ip2),
                 {{DNNL_ARG_SRC, d},
                  {DNNL_ARG_WEIGHTS, net.weights(ip2.weights_desc(), memory::desc({10, 128}, dt::f32, tag::ba),
                                             m.d2->data())},
                  {DNNL_ARG_BIAS, memory(memory::desc({10}, dt::f32, tag::a), eng, m.db2->data())},
                  {DNNL_ARG_DST, memory(memory::desc({1, 10}, dt::f32, tag::ab), eng, out.data())}}});
  const auto run = [&] { net.run(); };
  time_checked(state, run, [&] { check_cnn(m, out.data(), "onednn"); }, out.data());
}
BENCHMARK(cnn_onednn)->Name("cnn/28x28-32-64-128-10/onednn");
#endif

// ---- a transformer encoder block at batch B ---------------------------------------------------
// Sequence 32, model 128, 4 heads of 32, feed-forward 512, pre-layer-norm:
//   a = LN1(x); q, k, v = a . Wq + bq, a . Wk + bk, a . Wv + bv   ([B*32, 128] each)
//   per batch and head: P = softmax(q_h . k_h^T / sqrt(32)), c_h = P . v_h
//   x1 = x + c . Wo + bo;  y = x1 + GELU(LN2(x1) . W1 + b1) . W2 + b2
// LN(v) = (v - mean) / sqrt(var + 1e-5) * gamma + beta over the 128 features; GELU the tanh
// form, as jax.nn.gelu and oneDNN's gelu_tanh. Wqkv [128,384] holds Wq | Wk | Wv.
constexpr int tS = 32, tD = 128, tH = 4, tDh = 32, tF = 512;
template <x::index_t... D>
constexpr x::shape_spec f32s = x::shape_spec(x::primitive_type::f32, x::idx{D...}, x::default_layout(sizeof...(D)));

template <class T>
std::unique_ptr<T> uninit() {
  return std::unique_ptr<T>(new T(x::uninitialized));
}

template <int B>
struct block_weights {
  static constexpr int N = B * tS;
  std::unique_ptr<mat<N, tD>> in = uninit<mat<N, tD>>();
  std::unique_ptr<mat<tD, 3 * tD>> wqkv = uninit<mat<tD, 3 * tD>>();
  std::unique_ptr<vec<3 * tD>> bqkv = uninit<vec<3 * tD>>();
  std::unique_ptr<mat<tD, tD>> wo = uninit<mat<tD, tD>>();
  std::unique_ptr<mat<tD, tF>> w1 = uninit<mat<tD, tF>>();
  std::unique_ptr<mat<tF, tD>> w2 = uninit<mat<tF, tD>>();
  std::unique_ptr<vec<tD>> bo = uninit<vec<tD>>(), b2 = uninit<vec<tD>>();
  std::unique_ptr<vec<tF>> b1 = uninit<vec<tF>>();
  std::unique_ptr<vec<tD>> g1 = uninit<vec<tD>>(), be1 = uninit<vec<tD>>(), g2 = uninit<vec<tD>>(),
                           be2 = uninit<vec<tD>>();
  block_weights() {
    // Weights in [-1, 1] / sqrt(fan-in), as an initialiser keeps activations near 1.
    const auto scaled = [](float* p, std::size_t n, unsigned seed, float scale) {
      fill(p, n, seed);
      for (std::size_t i = 0; i < n; ++i) p[i] *= scale;
    };
    fill(in->data(), std::size_t(N) * tD, 41);
    scaled(wqkv->data(), tD * 3 * tD, 42, 1 / std::sqrt(float(tD)));
    scaled(bqkv->data(), 3 * tD, 43, 0.1f);
    scaled(wo->data(), tD * tD, 44, 1 / std::sqrt(float(tD)));
    scaled(bo->data(), tD, 45, 0.1f);
    scaled(w1->data(), tD * tF, 46, 1 / std::sqrt(float(tD)));
    scaled(b1->data(), tF, 47, 0.1f);
    scaled(w2->data(), tF * tD, 48, 1 / std::sqrt(float(tF)));
    scaled(b2->data(), tD, 49, 0.1f);
    for (const auto& [v, seed, base] : {std::tuple{g1.get(), 50u, 1.0f}, std::tuple{be1.get(), 51u, 0.0f},
                                        std::tuple{g2.get(), 52u, 1.0f}, std::tuple{be2.get(), 53u, 0.0f}}) {
      scaled(v->data(), tD, seed, 0.1f);
      for (int i = 0; i < tD; ++i) v->data()[i] += base;
    }
  }
};

// The block in doubles, from the definition.
template <int B>
std::vector<double> block_reference(const block_weights<B>& m) {
  constexpr int N = B * tS;
  using vd = std::vector<double>;
  const auto layer_norm = [](const vd& v, const float* g, const float* b) {
    vd out(v.size());
    for (int r = 0; r < N; ++r) {
      double mean = 0, var = 0;
      for (int j = 0; j < tD; ++j) mean += v[std::size_t(r) * tD + j];
      mean /= tD;
      for (int j = 0; j < tD; ++j) var += (v[std::size_t(r) * tD + j] - mean) * (v[std::size_t(r) * tD + j] - mean);
      const double rstd = 1 / std::sqrt(var / tD + 1e-5);
      for (int j = 0; j < tD; ++j)
        out[std::size_t(r) * tD + j] = (v[std::size_t(r) * tD + j] - mean) * rstd * g[j] + b[j];
    }
    return out;
  };
  const vd in(m.in->data(), m.in->data() + std::size_t(N) * tD);
  const vd qkv = dense_reference(layer_norm(in, m.g1->data(), m.be1->data()), N, m.wqkv->data(), m.bqkv->data(), tD,
                                 3 * tD, false);
  vd ctx(std::size_t(N) * tD), p(tS);
  for (int b = 0; b < B; ++b)
    for (int h = 0; h < tH; ++h)
      for (int i = 0; i < tS; ++i) {
        const double* q = &qkv[(std::size_t(b) * tS + i) * 3 * tD + h * tDh];
        double mx = -1e300, sum = 0;
        for (int j = 0; j < tS; ++j) {
          const double* k = &qkv[(std::size_t(b) * tS + j) * 3 * tD + tD + h * tDh];
          double s = 0;
          for (int d = 0; d < tDh; ++d) s += q[d] * k[d];
          p[std::size_t(j)] = s / std::sqrt(double(tDh));
          mx = std::max(mx, p[std::size_t(j)]);
        }
        for (double& e : p) sum += (e = std::exp(e - mx));
        for (int d = 0; d < tDh; ++d) {
          double c = 0;
          for (int j = 0; j < tS; ++j) c += p[std::size_t(j)] * qkv[(std::size_t(b) * tS + j) * 3 * tD + 2 * tD + h * tDh + d];
          ctx[(std::size_t(b) * tS + i) * tD + h * tDh + d] = c / sum;
        }
      }
  vd x1 = dense_reference(ctx, N, m.wo->data(), m.bo->data(), tD, tD, false);
  for (std::size_t i = 0; i < x1.size(); ++i) x1[i] += in[i];
  vd hdn = dense_reference(layer_norm(x1, m.g2->data(), m.be2->data()), N, m.w1->data(), m.b1->data(), tD, tF, false);
  for (double& v : hdn) v = 0.5 * v * (1 + std::tanh(std::sqrt(2 / 3.14159265358979323846) * (v + 0.044715 * v * v * v)));
  vd out = dense_reference(hdn, N, m.w2->data(), m.b2->data(), tF, tD, false);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] += x1[i];
  return out;
}

template <int B>
void check_block(const block_weights<B>& m, const float* out, const char* what) {
  check_outputs(block_reference(m), out, what, "transformer block");
}

template <int B>
void block_sxla(benchmark::State& state) {
  constexpr int N = B * tS;
  block_weights<B> m;
  // Wq, Wk and Wv apart (and their biases): slices of Wqkv, copied once.
  const auto wq = uninit<mat<tD, tD>>(), wk = uninit<mat<tD, tD>>(), wv = uninit<mat<tD, tD>>();
  *wq = x::slice<x::idx{0, 0}, x::idx{tD, tD}>(*m.wqkv);
  *wk = x::slice<x::idx{0, tD}, x::idx{tD, 2 * tD}>(*m.wqkv);
  *wv = x::slice<x::idx{0, 2 * tD}, x::idx{tD, 3 * tD}>(*m.wqkv);
  const vec<tD> bq = x::slice<x::idx{0}, x::idx{tD}>(*m.bqkv), bk = x::slice<x::idx{tD}, x::idx{2 * tD}>(*m.bqkv),
                bv = x::slice<x::idx{2 * tD}, x::idx{3 * tD}>(*m.bqkv);
  const auto a = uninit<mat<N, tD>>(), q = uninit<mat<N, tD>>(), k = uninit<mat<N, tD>>(), v = uninit<mat<N, tD>>(),
             ctx2 = uninit<mat<N, tD>>(), x1 = uninit<mat<N, tD>>(), out = uninit<mat<N, tD>>();
  const auto hdn = uninit<mat<N, tF>>();
  const auto sc = uninit<f32t<B, tH, tS, tS>>();
  const auto ctx = uninit<f32t<B, tH, tS, tDh>>();
  const auto stat = uninit<f32t<B, tH, tS>>();
  vec<N> mean, rstd;
  constexpr auto rows = x::broadcast_dimensions<0>;
  constexpr auto cols = x::broadcast_dimensions<1>;
  constexpr auto lines = x::broadcast_dimensions<0, 1, 2>;  // one value per row of scores
  constexpr float inf = std::numeric_limits<float>::infinity();
  const auto layer_norm = [&](auto& dst, const auto& src, const auto& g, const auto& b) {
    x::noalias(mean) = x::reduce<1>(src, 0.0f, x::add_op) * (1.0f / tD);
    const auto centred = x::sub(src, mean, rows);
    x::noalias(rstd) = x::rsqrt(x::reduce<1>(centred * centred, 0.0f, x::add_op) * (1.0f / tD) + 1e-5f);
    x::noalias(dst) = x::add(x::mul(x::mul(centred, rstd, rows), g, cols), b, cols);
  };
  constexpr auto heads = f32s<B, tS, tH, tDh>;  // [batch, position, head, feature]
  using scores_dims = x::dot_dims<x::idx{3}, x::idx{3}, x::idx{0, 2}, x::idx{0, 2}>;   // -> [B, H, S, S]
  using context_dims = x::dot_dims<x::idx{3}, x::idx{1}, x::idx{0, 1}, x::idx{0, 2}>;  // -> [B, H, S, Dh]
  // The products' scratch (up to 324 KiB at batch 8) in one workspace the program owns.
  const auto ws = std::make_unique<x::workspace<std::size_t(1) << 20>>();
  const auto into = [&](auto& dst) { return x::noalias(dst).using_workspace(*ws); };
  auto run = [&] {
    layer_norm(*a, *m.in, *m.g1, *m.be1);
    into(*q) = x::add(x::dot(*a, *wq), bq, cols);
    into(*k) = x::add(x::dot(*a, *wk), bk, cols);
    into(*v) = x::add(x::dot(*a, *wv), bv, cols);
    into(*sc) = x::dot_general<scores_dims>(x::reshape<heads>(*q), x::reshape<heads>(*k)) * (1 / std::sqrt(float(tDh)));
    x::noalias(*stat) = x::reduce<3>(*sc, -inf, x::max_op);
    x::noalias(*sc) = x::exp(x::sub(*sc, *stat, lines));
    x::noalias(*stat) = x::reduce<3>(*sc, 0.0f, x::add_op);
    x::noalias(*sc) = x::div(*sc, *stat, lines);
    into(*ctx) = x::dot_general<context_dims>(*sc, x::reshape<heads>(*v));
    x::noalias(*ctx2) = x::reshape<f32s<N, tD>, 0, 2, 1, 3>(*ctx);  // back to [batch, position, head, feature]
    into(*x1) = *m.in + x::add(x::dot(*ctx2, *m.wo), *m.bo, cols);
    layer_norm(*a, *x1, *m.g2, *m.be2);
    into(*hdn) = x::add(x::dot(*a, *m.w1), *m.b1, cols);
    const auto& h = *hdn;
    x::noalias(*hdn) = h * 0.5f * (x::tanh((h + h * h * h * 0.044715f) * 0.7978845608f) + 1.0f);
    into(*out) = *x1 + x::add(x::dot(*hdn, *m.w2), *m.b2, cols);
  };
  time_checked(state, run, [&] { check_block(m, out->data(), "sxla"); }, out->data());
}
BENCHMARK(block_sxla<1>)->Name("block/1x32x128/sxla");
BENCHMARK(block_sxla<8>)->Name("block/8x32x128/sxla");

#if defined(SXLA_BENCH_EIGEN)
// Eigen as its users write attention: Matrix products per batch and head on blocks of
// Q, K and V, the softmax on the scores' rows.
template <int B>
void block_eigen(benchmark::State& state) {
  constexpr int N = B * tS;
  block_weights<B> m;
  using ecol = Eigen::Matrix<float, Eigen::Dynamic, 1>;
  const Eigen::Map<const emat> in(m.in->data(), N, tD), wqkv(m.wqkv->data(), tD, 3 * tD), wo(m.wo->data(), tD, tD),
      w1(m.w1->data(), tD, tF), w2(m.w2->data(), tF, tD);
  const Eigen::Map<const erow> bqkv(m.bqkv->data(), 3 * tD), bo(m.bo->data(), tD), b1(m.b1->data(), tF),
      b2(m.b2->data(), tD), g1(m.g1->data(), tD), be1(m.be1->data(), tD), g2(m.g2->data(), tD), be2(m.be2->data(), tD);
  emat a(N, tD), qkv(N, 3 * tD), ctx(N, tD), x1(N, tD), hdn(N, tF), out(N, tD), sc(tS, tS);
  ecol mean(N), rstd(N), line(tS);
  const auto layer_norm = [&](emat& dst, const auto& src, const erow& g, const erow& b) {
    mean = src.rowwise().mean();
    rstd = ((src.colwise() - mean).array().square().rowwise().mean() + 1e-5f).rsqrt();
    dst = (((src.colwise() - mean).array().colwise() * rstd.array()).rowwise() * g.array()).rowwise() + b.array();
  };
  const float scale = 1 / std::sqrt(float(tDh));
  auto run = [&] {
    layer_norm(a, in, g1, be1);
    qkv.noalias() = a * wqkv;
    qkv.rowwise() += bqkv;
    for (int b = 0; b < B; ++b)
      for (int h = 0; h < tH; ++h) {
        const auto q = qkv.block(b * tS, h * tDh, tS, tDh);
        const auto k = qkv.block(b * tS, tD + h * tDh, tS, tDh);
        const auto v = qkv.block(b * tS, 2 * tD + h * tDh, tS, tDh);
        sc.noalias() = q * k.transpose();
        line = sc.rowwise().maxCoeff();
        sc = ((sc.colwise() - line) * scale).array().exp();
        line = sc.rowwise().sum();
        sc = sc.array().colwise() / line.array();
        ctx.block(b * tS, h * tDh, tS, tDh).noalias() = sc * v;
      }
    x1.noalias() = ctx * wo;
    x1.rowwise() += bo;
    x1 += in;
    layer_norm(a, x1, g2, be2);
    hdn.noalias() = a * w1;
    hdn.rowwise() += b1;
    hdn = hdn.array() * 0.5f * (((hdn.array() + hdn.array().cube() * 0.044715f) * 0.7978845608f).tanh() + 1.0f);
    out.noalias() = hdn * w2;
    out.rowwise() += b2;
    out += x1;
  };
  time_checked(state, run, [&] { check_block(m, out.data(), "eigen"); }, out.data());
}
BENCHMARK(block_eigen<1>)->Name("block/1x32x128/eigen");
BENCHMARK(block_eigen<8>)->Name("block/8x32x128/eigen");
#endif

#if defined(SXLA_BENCH_DNNL)
// oneDNN: layer normalisation, matmuls (bias, GELU and the residual adds as post-ops; the
// attention's as batched matmuls over strided views of Q, K and V, the 1/sqrt(32) as an
// output scale) and softmax; weights reordered once outside the timing.
template <int B>
void block_onednn(benchmark::State& state) {
  onednn_net net;
  constexpr int N = B * tS;
  block_weights<B> m;
  using namespace dnnl;
  using tag = memory::format_tag;
  using dt = memory::data_type;
  const engine& eng = net.eng;
  std::vector<float> a(N * tD), qkv(N * 3 * tD), sc(B * tH * tS * tS), ctx(N * tD), x1(N * tD), hdn(N * tF),
      out(N * tD);
  const auto plain = [](memory::dim r, memory::dim c) { return memory::desc({r, c}, dt::f32, tag::ab); };
  const auto mem = [&](const memory::desc& d, const float* p) { return memory(d, eng, const_cast<float*>(p)); };
  const auto layer_norm = [&](const float* src, float* dst, const float* g, const float* b) {
    const layer_normalization_forward::primitive_desc pd(
        layer_normalization_forward::desc(prop_kind::forward_inference, plain(N, tD), 1e-5f,
                                          normalization_flags::use_scale | normalization_flags::use_shift),
        eng);
    const memory::desc vd({tD}, dt::f32, tag::a);
    std::unordered_map<int, memory> args{{DNNL_ARG_SRC, mem(plain(N, tD), src)}, {DNNL_ARG_DST, mem(plain(N, tD), dst)},
                                         {DNNL_ARG_SCALE, mem(vd, g)}, {DNNL_ARG_SHIFT, mem(vd, b)}};
    if (pd.mean_desc().get_size() != 0) {
      args.insert({DNNL_ARG_MEAN, memory(pd.mean_desc(), eng)});
      args.insert({DNNL_ARG_VARIANCE, memory(pd.variance_desc(), eng)});
    }
    net.steps.push_back({layer_normalization_forward(pd), args});
  };
  // dst = src . w (+ bias) with attr's post-ops; constant weights reordered once.
  const auto matmul_step = [&](const memory::desc& src_md, const float* src, const memory::desc& w_md, const float* w,
                               bool constant, const float* bias, const memory::desc& dst_md, float* dst,
                               const primitive_attr& attr, std::unordered_map<int, memory> args) {
    const memory::desc bias_md = bias ? memory::desc({1, dst_md.dims()[1]}, dt::f32, tag::ab) : memory::desc();
    const memory::desc want_w = constant ? memory::desc(w_md.dims(), dt::f32, tag::any) : w_md;
    const matmul::primitive_desc pd(matmul::desc(src_md, want_w, bias_md, dst_md), attr, eng);
    const memory wm = constant ? net.weights(pd.weights_desc(), w_md, w) : mem(w_md, w);
    args.insert({{DNNL_ARG_SRC, mem(src_md, src)}, {DNNL_ARG_WEIGHTS, wm}, {DNNL_ARG_DST, mem(dst_md, dst)}});
    if (bias) args.insert({DNNL_ARG_BIAS, mem(bias_md, bias)});
    net.steps.push_back({matmul(pd), args});
  };
  const primitive_attr none;
  primitive_attr scaled, gelu, residual_in, residual_x1;
  scaled.set_output_scales(0, {1 / std::sqrt(float(tDh))});
  {
    post_ops ops;
    ops.append_eltwise(1.0f, algorithm::eltwise_gelu_tanh, 0.0f, 0.0f);
    gelu.set_post_ops(ops);
    post_ops add;
    add.append_binary(algorithm::binary_add, plain(N, tD));
    residual_in.set_post_ops(add);
    residual_x1.set_post_ops(add);
  }
  const int post0 = DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1;
  // Views of Q, K^T, V ([B, H, S, Dh] over qkv's rows) and of the context ([B, S, H, Dh]).
  const memory::dim row = 3 * tD;
  const memory::desc q_md({B, tH, tS, tDh}, dt::f32, memory::dims{tS * row, tDh, row, 1});
  const memory::desc kt_md({B, tH, tDh, tS}, dt::f32, memory::dims{tS * row, tDh, 1, row});
  const memory::desc sc_md({B, tH, tS, tS}, dt::f32, tag::abcd);
  const memory::desc ctx_md({B, tH, tS, tDh}, dt::f32, memory::dims{tS * tD, tDh, tD, 1});
  layer_norm(m.in->data(), a.data(), m.g1->data(), m.be1->data());
  matmul_step(plain(N, tD), a.data(), plain(tD, 3 * tD), m.wqkv->data(), true, m.bqkv->data(), plain(N, 3 * tD),
              qkv.data(), none, {});
  matmul_step(q_md, qkv.data(), kt_md, qkv.data() + tD, false, nullptr, sc_md, sc.data(), scaled, {});
  {
    const softmax_forward::primitive_desc pd(softmax_forward::desc(prop_kind::forward_inference, sc_md, 3), eng);
    net.steps.push_back({softmax_forward(pd), {{DNNL_ARG_SRC, mem(sc_md, sc.data())}, {DNNL_ARG_DST, mem(sc_md, sc.data())}}});
  }
  matmul_step(sc_md, sc.data(), q_md, qkv.data() + 2 * tD, false, nullptr, ctx_md, ctx.data(), none, {});
  matmul_step(plain(N, tD), ctx.data(), plain(tD, tD), m.wo->data(), true, m.bo->data(), plain(N, tD), x1.data(),
              residual_in, {{post0, mem(plain(N, tD), m.in->data())}});
  layer_norm(x1.data(), a.data(), m.g2->data(), m.be2->data());
  matmul_step(plain(N, tD), a.data(), plain(tD, tF), m.w1->data(), true, m.b1->data(), plain(N, tF), hdn.data(), gelu,
              {});
  matmul_step(plain(N, tF), hdn.data(), plain(tF, tD), m.w2->data(), true, m.b2->data(), plain(N, tD), out.data(),
              residual_x1, {{post0, mem(plain(N, tD), x1.data())}});
  const auto run = [&] { net.run(); };
  time_checked(state, run, [&] { check_block(m, out.data(), "onednn"); }, out.data());
}
BENCHMARK(block_onednn<1>)->Name("block/1x32x128/onednn");
BENCHMARK(block_onednn<8>)->Name("block/8x32x128/onednn");
#endif

// ---- oneDNN and XNNPACK: y[M,N] = x[M,K] . W (+ b, relu), W(p, j) = w[p * ps + j * js] --
// (W is [K,N] row-major with ps = N, js = 1, or stored [N,K] with ps = 1, js = K.) Each
// peer takes the weights once, outside the timing, in its own packed format.
#if defined(SXLA_BENCH_DNNL)
struct onednn_fc {
  dnnl::engine eng{dnnl::engine::kind::cpu, 0};
  dnnl::stream strm{eng};
  dnnl::matmul prim;
  dnnl::memory src, wts, dst;
  std::unordered_map<int, dnnl::memory> args;  // built once: no allocation in run()
  onednn_fc(int m, int k, int n, const float* w, int ps, const float* b, bool relu, const float* in, float* out) {
    if (onednn_one_thread() != 1) std::abort();
    using namespace dnnl;
    using tag = memory::format_tag;
    using dt = memory::data_type;
    const memory::desc src_md({m, k}, dt::f32, tag::ab), dst_md({m, n}, dt::f32, tag::ab);
    const memory::desc user_wts_md({k, n}, dt::f32, ps == n ? tag::ab : tag::ba);
    const memory::desc any_wts_md({k, n}, dt::f32, tag::any);
    const memory::desc bias_md = b ? memory::desc({1, n}, dt::f32, tag::ab) : memory::desc();
    primitive_attr attr;
    if (relu) {
      post_ops ops;
      ops.append_eltwise(1.0f, algorithm::eltwise_relu, 0.0f, 0.0f);
      attr.set_post_ops(ops);
    }
    const matmul::primitive_desc pd(matmul::desc(src_md, any_wts_md, bias_md, dst_md), attr, eng);
    memory user_wts(user_wts_md, eng, const_cast<float*>(w));
    wts = memory(pd.weights_desc(), eng);
    reorder(user_wts, wts).execute(strm, user_wts, wts);
    strm.wait();
    prim = matmul(pd);
    src = memory(src_md, eng, const_cast<float*>(in));
    dst = memory(dst_md, eng, out);
    args = {{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, wts}, {DNNL_ARG_DST, dst}};
    if (b) args.insert({DNNL_ARG_BIAS, memory(bias_md, eng, const_cast<float*>(b))});
  }
  void run() {
    prim.execute(strm, args);
    strm.wait();
  }
};
#endif

#if defined(SXLA_BENCH_XNNPACK)
struct xnnpack_fc {
  xnn_operator_t op = nullptr;
  xnnpack_fc(int m, int k, int n, const float* w, int ps, const float* b, bool relu, const float* in, float* out) {
    if (xnn_initialize(nullptr) != xnn_status_success) std::abort();
    // Its default filter is [N,K] (W stored transposed); [K,N] with TRANSPOSE_WEIGHTS.
    const std::uint32_t flags = ps == n ? XNN_FLAG_TRANSPOSE_WEIGHTS : 0;
    const float lo = relu ? 0.0f : -std::numeric_limits<float>::infinity();
    if (xnn_create_fully_connected_nc_f32(std::size_t(k), std::size_t(n), std::size_t(k), std::size_t(n), w, b, lo,
                                          std::numeric_limits<float>::infinity(), flags, &op) != xnn_status_success ||
        xnn_setup_fully_connected_nc_f32(op, std::size_t(m), in, out, nullptr) != xnn_status_success) {
      std::fprintf(stderr, "xnnpack: fully connected %dx%dx%d not created\n", m, k, n);
      std::abort();
    }
  }
  xnnpack_fc(const xnnpack_fc&) = delete;
  xnnpack_fc& operator=(const xnnpack_fc&) = delete;
  ~xnnpack_fc() { xnn_delete_operator(op); }
  void run() {
    if (xnn_run_operator(op, nullptr) != xnn_status_success) std::abort();
  }
};
#endif

#if defined(SXLA_BENCH_DNNL) || defined(SXLA_BENCH_XNNPACK)
// x . W and x . W^T through peer FC.
template <class FC, int K, int N, bool Transposed>
void row_peer(benchmark::State& state) {
  product<K, N, Transposed> s;
  FC fc(1, K, N, s.w->data(), s.ps, nullptr, false, s.xv->data(), s.y->data());
  fc.run();
  check(s.xv->data(), s.w->data(), s.y->data(), N, K, s.ps, s.js, "peer");
  for (auto _ : state) {
    fc.run();
    benchmark::ClobberMemory();
  }
  set_bytes(state, 4.0 * K * N);
}

// W . v: the same product as v^T . W^T, W stored [256,784].
template <class FC>
void col_peer(benchmark::State& state) {
  std::vector<float> w(256 * 784), v(784), y(256);
  fill(w.data(), w.size(), 2);
  fill(v.data(), v.size(), 1);
  FC fc(1, 784, 256, w.data(), 1, nullptr, false, v.data(), y.data());
  fc.run();
  check(v.data(), w.data(), y.data(), 256, 784, 1, 784, "peer");
  for (auto _ : state) {
    fc.run();
    benchmark::ClobberMemory();
  }
  set_bytes(state, 4.0 * 256 * 784);
}

template <class FC, int M>
void rows_peer(benchmark::State& state) {
  rows_product<M> s;
  FC fc(M, 512, 512, s.b->data(), 512, nullptr, false, s.a->data(), s.c->data());
  fc.run();
  s.check_row0("peer");
  for (auto _ : state) {
    fc.run();
    benchmark::ClobberMemory();
  }
}

template <class FC, int B>
void mlp_peer(benchmark::State& state) {
  mlp_weights<B> m;
  std::vector<float> h1(B * 256), h2(B * 128), out(B * 10);
  FC l1(B, 784, 256, m.w1->data(), 256, m.b1->data(), true, m.in->data(), h1.data());
  FC l2(B, 256, 128, m.w2->data(), 128, m.b2->data(), true, h1.data(), h2.data());
  FC l3(B, 128, 10, m.w3->data(), 10, m.b3->data(), false, h2.data(), out.data());
  auto run = [&] {
    l1.run();
    l2.run();
    l3.run();
  };
  time_checked(state, run, [&] { check_mlp(m, out.data(), "peer"); }, out.data());
}
#endif

// Every row of the table for peer FC, named NAME.
#define SXLA_BENCH_FC_ROWS(FC, NAME)                                                      \
  BENCHMARK(row_peer<FC, 784, 256, false>)->Name("row/784x256/" NAME);                    \
  BENCHMARK(row_peer<FC, 784, 256, true>)->Name("rowT/784x256/" NAME);                    \
  BENCHMARK(row_peer<FC, 256, 10, true>)->Name("rowT/256x10/" NAME);                      \
  BENCHMARK(row_peer<FC, 4096, 4096, false>)->Name("row/4096x4096/" NAME);                \
  BENCHMARK(col_peer<FC>)->Name("col/256x784/" NAME);                                     \
  BENCHMARK(rows_peer<FC, 2>)->Name("rows/2x512x512/" NAME);                              \
  BENCHMARK(rows_peer<FC, 4>)->Name("rows/4x512x512/" NAME);                              \
  BENCHMARK(rows_peer<FC, 8>)->Name("rows/8x512x512/" NAME);                              \
  BENCHMARK(rows_peer<FC, 16>)->Name("rows/16x512x512/" NAME);                            \
  BENCHMARK(rows_peer<FC, 32>)->Name("rows/32x512x512/" NAME);                            \
  BENCHMARK(mlp_peer<FC, 1>)->Name("mlp/784-256-128-10/" NAME);                          \
  BENCHMARK(mlp_peer<FC, 32>)->Name("mlp32/784-256-128-10/" NAME)
#if defined(SXLA_BENCH_DNNL)
SXLA_BENCH_FC_ROWS(onednn_fc, "onednn");
#endif
#if defined(SXLA_BENCH_XNNPACK)
SXLA_BENCH_FC_ROWS(xnnpack_fc, "xnnpack");
#endif

}  // namespace

BENCHMARK_MAIN();
