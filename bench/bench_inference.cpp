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
//   mlp/784-256-128-10 relu(relu(x W1 + b1) W2 + b2) W3 + b3, batch 1
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

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <random>
#include <unordered_map>
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

// ---- a whole MLP at batch 1 -----------------------------------------------------------------
struct mlp_weights {
  std::unique_ptr<mat<784, 256>> w1{new mat<784, 256>(x::uninitialized)};
  std::unique_ptr<mat<256, 128>> w2{new mat<256, 128>(x::uninitialized)};
  std::unique_ptr<mat<128, 10>> w3{new mat<128, 10>(x::uninitialized)};
  std::unique_ptr<mat<1, 256>> b1{new mat<1, 256>(x::uninitialized)};
  std::unique_ptr<mat<1, 128>> b2{new mat<1, 128>(x::uninitialized)};
  std::unique_ptr<mat<1, 10>> b3{new mat<1, 10>(x::uninitialized)};
  std::unique_ptr<mat<1, 784>> in{new mat<1, 784>(x::uninitialized)};
  mlp_weights() {
    fill(w1->data(), 784 * 256, 11);
    fill(w2->data(), 256 * 128, 12);
    fill(w3->data(), 128 * 10, 13);
    fill(b1->data(), 256, 14);
    fill(b2->data(), 128, 15);
    fill(b3->data(), 10, 16);
    fill(in->data(), 784, 17);
  }
};

// The same network in doubles, for the check.
std::vector<double> mlp_reference(const mlp_weights& m) {
  auto layer = [](const std::vector<double>& in, const float* w, const float* b, int k, int n, bool relu) {
    std::vector<double> out(static_cast<std::size_t>(n));
    for (int j = 0; j < n; ++j) {
      double s = b[j];
      for (int p = 0; p < k; ++p) s += in[std::size_t(p)] * w[std::size_t(p) * n + j];
      out[std::size_t(j)] = relu && s < 0 ? 0 : s;
    }
    return out;
  };
  std::vector<double> in(m.in->data(), m.in->data() + 784);
  return layer(layer(layer(in, m.w1->data(), m.b1->data(), 784, 256, true), m.w2->data(), m.b2->data(), 256, 128,
                     true),
               m.w3->data(), m.b3->data(), 128, 10, false);
}

void check_mlp(const mlp_weights& m, const float* out, const char* what) {
  const std::vector<double> ref = mlp_reference(m);
  for (int j = 0; j < 10; ++j) {
    if (std::fabs(ref[std::size_t(j)] - out[j]) > 1e-4 * (1 + std::fabs(ref[std::size_t(j)]))) {
      std::fprintf(stderr, "%s: wrong MLP output %d: %g, expected %g\n", what, j, double(out[j]), ref[std::size_t(j)]);
      std::abort();
    }
  }
}

void mlp_sxla(benchmark::State& state) {
  mlp_weights m;
  mat<1, 256> h1;
  mat<1, 128> h2;
  mat<1, 10> out;
  auto run = [&] {
    x::noalias(h1) = x::max(x::dot(*m.in, *m.w1) + *m.b1, 0.0f);
    x::noalias(h2) = x::max(x::dot(h1, *m.w2) + *m.b2, 0.0f);
    x::noalias(out) = x::dot(h2, *m.w3) + *m.b3;
  };
  run();
  check_mlp(m, out.data(), "sxla");
  for (auto _ : state) {
    run();
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(mlp_sxla)->Name("mlp/784-256-128-10/sxla");

#if defined(SXLA_BENCH_EIGEN)
void mlp_eigen(benchmark::State& state) {
  mlp_weights m;
  const Eigen::Map<const emat> w1(m.w1->data(), 784, 256), w2(m.w2->data(), 256, 128), w3(m.w3->data(), 128, 10);
  const Eigen::Map<const erow> b1(m.b1->data(), 256), b2(m.b2->data(), 128), b3(m.b3->data(), 10),
      in(m.in->data(), 784);
  erow h1(256), h2(128), out(10);
  auto run = [&] {
    h1.noalias() = in * w1;
    h1 = (h1 + b1).cwiseMax(0.0f);
    h2.noalias() = h1 * w2;
    h2 = (h2 + b2).cwiseMax(0.0f);
    out.noalias() = h2 * w3;
    out += b3;
  };
  run();
  check_mlp(m, out.data(), "eigen");
  for (auto _ : state) {
    run();
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(mlp_eigen)->Name("mlp/784-256-128-10/eigen");
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

template <class FC>
void mlp_peer(benchmark::State& state) {
  mlp_weights m;
  std::vector<float> h1(256), h2(128), out(10);
  FC l1(1, 784, 256, m.w1->data(), 256, m.b1->data(), true, m.in->data(), h1.data());
  FC l2(1, 256, 128, m.w2->data(), 128, m.b2->data(), true, h1.data(), h2.data());
  FC l3(1, 128, 10, m.w3->data(), 10, m.b3->data(), false, h2.data(), out.data());
  auto run = [&] {
    l1.run();
    l2.run();
    l3.run();
  };
  run();
  check_mlp(m, out.data(), "peer");
  for (auto _ : state) {
    run();
    benchmark::ClobberMemory();
  }
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
  BENCHMARK(mlp_peer<FC>)->Name("mlp/784-256-128-10/" NAME)
#if defined(SXLA_BENCH_DNNL)
SXLA_BENCH_FC_ROWS(onednn_fc, "onednn");
#endif
#if defined(SXLA_BENCH_XNNPACK)
SXLA_BENCH_FC_ROWS(xnnpack_fc, "xnnpack");
#endif

}  // namespace

BENCHMARK_MAIN();
