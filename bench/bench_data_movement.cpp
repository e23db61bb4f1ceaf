// The data-movement views of issue 4, side by side with their peers in one process, each
// against memcpy of the bytes it moves (the machine's copy bandwidth, in the same run):
//   transpose  f32[4096,4096] into a fresh tensor: sxla, Eigen Tensor's shuffle, xtensor's
//              transpose assigned to an xtensor
//   slice      [16, 2032) x [16, 2032) of an f32[2048,2048] (stride 1)
//   pad        f32[2048,2048] with 16 on every edge -> f32[2080,2080] (not xtensor: its
//              xt::pad trips g++ 12's -Wmaybe-uninitialized inside xtensor)
//   concatenate four f32[1024,4096] along dimension 0 -> [4096,4096] and along 1 -> [1024,16384]
// Bytes counted: the result's bytes read once and written once (2 x result bytes), as
// memcpy of the result's size moves; the copy/ rows (memcpy, and a loop with streaming
// stores) are the reference for each size.
#include <sxla/sxla.hpp>

#include <benchmark/benchmark.h>

#include <array>
#include <cstddef>
#include <cstring>
#include <memory>
#include <random>

#if __has_include(<unsupported/Eigen/CXX11/Tensor>)
#define SXLA_BENCH_EIGEN 1
#include <unsupported/Eigen/CXX11/Tensor>
#elif __has_include(<eigen3/unsupported/Eigen/CXX11/Tensor>)
#define SXLA_BENCH_EIGEN 1
#include <eigen3/unsupported/Eigen/CXX11/Tensor>
#endif
#if __has_include(<xtensor/xtensor.hpp>)
#define SXLA_BENCH_XTENSOR 1
#include <xtensor/xmanipulation.hpp>
#include <xtensor/xnoalias.hpp>
#include <xtensor/xbuilder.hpp>
#include <xtensor/xtensor.hpp>
#include <xtensor/xview.hpp>
#endif

namespace x = sxla;

namespace {

template <class T>
std::unique_ptr<T> random_tensor(unsigned seed) {
  auto t = std::make_unique<T>(x::uninitialized);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  for (x::index_t i = 0; i < T::shape_type::storage_count; ++i) t->data()[i] = u(rng);
  return t;
}

void set_bytes(benchmark::State& state, std::size_t result_bytes) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * 2 * static_cast<std::int64_t>(result_bytes));
}

template <class T>
void finish(T* p) {
  benchmark::DoNotOptimize(p);
  benchmark::ClobberMemory();
}

// ---- copy bandwidth ------------------------------------------------------------------------
void memcpy_bytes(benchmark::State& state) {
  const auto bytes = static_cast<std::size_t>(state.range(0));
  auto src = std::make_unique<char[]>(bytes);
  auto dst = std::make_unique<char[]>(bytes);
  std::memset(src.get(), 1, bytes);
  std::memset(dst.get(), 0, bytes);
  for (auto _ : state) {
    std::memcpy(dst.get(), src.get(), bytes);
    finish(dst.get());
  }
  set_bytes(state, bytes);
}

// A copy loop with streaming stores (what sxla's executor uses for large destinations):
// on this machine faster than glibc's memcpy at 64 MiB, so the stricter reference.
void streaming_copy(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0)) / sizeof(float);
  const auto src = random_tensor<x::tensor<"f32[16777216]">>(9);
  auto dst = std::make_unique<x::tensor<"f32[16777216]">>(x::uninitialized);
  const float* p = src->data();
  float* q = dst->data();
  for (auto _ : state) {
    if constexpr (x::simd::has_vec<float>) {
      namespace s = x::simd;
      constexpr std::size_t l = s::lanes<float>;
      for (std::size_t i = 0; i < n; i += l) s::stream(s::load(p + i), q + i);
      s::stream_fence();
    } else {
      std::memcpy(q, p, n * sizeof(float));
    }
    finish(q);
  }
  set_bytes(state, n * sizeof(float));
}

// ---- transpose -----------------------------------------------------------------------------
using big_t = x::tensor<"f32[4096,4096]">;
constexpr std::size_t big_bytes = 4096ull * 4096 * 4;

void sxla_transpose(benchmark::State& state) {
  const auto a = random_tensor<big_t>(1);
  auto out = std::make_unique<big_t>(x::uninitialized);
  for (auto _ : state) {
    x::noalias(*out) = x::transpose<1, 0>(*a);  // (out and a have one type: say they differ)
    finish(out->data());
  }
  set_bytes(state, big_bytes);
}

#ifdef SXLA_BENCH_EIGEN
using eigen_2d = Eigen::Tensor<float, 2, Eigen::RowMajor>;
eigen_2d eigen_random(long r, long c) {
  eigen_2d t(r, c);
  t.setRandom();
  return t;
}
void eigen_transpose(benchmark::State& state) {
  const eigen_2d a = eigen_random(4096, 4096);
  eigen_2d out(4096, 4096);
  const std::array<int, 2> perm{1, 0};
  for (auto _ : state) {
    out = a.shuffle(perm);
    finish(out.data());
  }
  set_bytes(state, big_bytes);
}
#endif

#ifdef SXLA_BENCH_XTENSOR
void xtensor_transpose(benchmark::State& state) {
  xt::xtensor<float, 2> a = xt::ones<float>({4096, 4096});
  xt::xtensor<float, 2> out = xt::zeros<float>({4096, 4096});
  for (auto _ : state) {
    xt::noalias(out) = xt::transpose(a);
    finish(out.data());
  }
  set_bytes(state, big_bytes);
}
#endif

// ---- slice and pad ------------------------------------------------------------------------
using mid_t = x::tensor<"f32[2048,2048]">;
constexpr std::size_t slice_bytes = 2016ull * 2016 * 4;
constexpr std::size_t pad_bytes = 2080ull * 2080 * 4;

void sxla_slice(benchmark::State& state) {
  const auto a = random_tensor<mid_t>(2);
  auto out = std::make_unique<x::tensor<"f32[2016,2016]">>(x::uninitialized);
  for (auto _ : state) {
    *out = x::slice<x::idx{16, 16}, x::idx{2032, 2032}>(*a);
    finish(out->data());
  }
  set_bytes(state, slice_bytes);
}

void sxla_pad(benchmark::State& state) {
  const auto a = random_tensor<mid_t>(3);
  auto out = std::make_unique<x::tensor<"f32[2080,2080]">>(x::uninitialized);
  for (auto _ : state) {
    *out = x::pad<x::idx{16, 16}, x::idx{16, 16}>(*a, 0.0f);
    finish(out->data());
  }
  set_bytes(state, pad_bytes);
}

#ifdef SXLA_BENCH_EIGEN
void eigen_slice(benchmark::State& state) {
  const eigen_2d a = eigen_random(2048, 2048);
  eigen_2d out(2016, 2016);
  const Eigen::array<Eigen::Index, 2> offsets{16, 16}, extents{2016, 2016};
  for (auto _ : state) {
    out = a.slice(offsets, extents);
    finish(out.data());
  }
  set_bytes(state, slice_bytes);
}
void eigen_pad(benchmark::State& state) {
  const eigen_2d a = eigen_random(2048, 2048);
  eigen_2d out(2080, 2080);
  const Eigen::array<std::pair<int, int>, 2> paddings{std::make_pair(16, 16), std::make_pair(16, 16)};
  for (auto _ : state) {
    out = a.pad(paddings);
    finish(out.data());
  }
  set_bytes(state, pad_bytes);
}
#endif

#ifdef SXLA_BENCH_XTENSOR
void xtensor_slice(benchmark::State& state) {
  xt::xtensor<float, 2> a = xt::ones<float>({2048, 2048});
  xt::xtensor<float, 2> out = xt::zeros<float>({2016, 2016});
  for (auto _ : state) {
    xt::noalias(out) = xt::view(a, xt::range(16, 2032), xt::range(16, 2032));
    finish(out.data());
  }
  set_bytes(state, slice_bytes);
}
#endif

// ---- concatenate ---------------------------------------------------------------------------
using part_t = x::tensor<"f32[1024,4096]">;

template <int Dim>
void sxla_concatenate(benchmark::State& state) {
  const auto a = random_tensor<part_t>(4), b = random_tensor<part_t>(5), c = random_tensor<part_t>(6),
             d = random_tensor<part_t>(7);
  using out_t = std::conditional_t<Dim == 0, x::tensor<"f32[4096,4096]">, x::tensor<"f32[1024,16384]">>;
  auto out = std::make_unique<out_t>(x::uninitialized);
  for (auto _ : state) {
    *out = x::concatenate<Dim>(*a, *b, *c, *d);
    finish(out->data());
  }
  set_bytes(state, big_bytes);
}

#ifdef SXLA_BENCH_EIGEN
template <int Dim>
void eigen_concatenate(benchmark::State& state) {
  const eigen_2d a = eigen_random(1024, 4096), b = eigen_random(1024, 4096), c = eigen_random(1024, 4096),
                 d = eigen_random(1024, 4096);
  eigen_2d out(Dim == 0 ? 4096 : 1024, Dim == 0 ? 4096 : 16384);
  for (auto _ : state) {
    out = a.concatenate(b, Dim).concatenate(c, Dim).concatenate(d, Dim);
    finish(out.data());
  }
  set_bytes(state, big_bytes);
}
#endif

#ifdef SXLA_BENCH_XTENSOR
template <int Dim>
void xtensor_concatenate(benchmark::State& state) {
  xt::xtensor<float, 2> a = xt::ones<float>({1024, 4096}), b = a, c = a, d = a;
  xt::xtensor<float, 2> out = xt::zeros<float>({std::size_t(Dim == 0 ? 4096 : 1024), std::size_t(Dim == 0 ? 4096 : 16384)});
  for (auto _ : state) {
    xt::noalias(out) = xt::concatenate(xt::xtuple(a, b, c, d), Dim);
    finish(out.data());
  }
  set_bytes(state, big_bytes);
}
#endif

}  // namespace

BENCHMARK(memcpy_bytes)->Name("copy/memcpy_64MiB")->Arg(static_cast<std::int64_t>(big_bytes))->Unit(benchmark::kMillisecond);
BENCHMARK(streaming_copy)->Name("copy/streaming_copy_64MiB")->Arg(static_cast<std::int64_t>(big_bytes))->Unit(benchmark::kMillisecond);
BENCHMARK(streaming_copy)->Name("copy/streaming_copy_15.5MiB")->Arg(static_cast<std::int64_t>(slice_bytes))->Unit(benchmark::kMillisecond);
BENCHMARK(streaming_copy)->Name("copy/streaming_copy_16.5MiB")->Arg(static_cast<std::int64_t>(pad_bytes))->Unit(benchmark::kMillisecond);
BENCHMARK(memcpy_bytes)->Name("copy/memcpy_15.5MiB")->Arg(static_cast<std::int64_t>(slice_bytes))->Unit(benchmark::kMillisecond);
BENCHMARK(memcpy_bytes)->Name("copy/memcpy_16.5MiB")->Arg(static_cast<std::int64_t>(pad_bytes))->Unit(benchmark::kMillisecond);
BENCHMARK(sxla_transpose)->Name("transpose_4096/sxla")->Unit(benchmark::kMillisecond);
#ifdef SXLA_BENCH_EIGEN
BENCHMARK(eigen_transpose)->Name("transpose_4096/eigen_shuffle")->Unit(benchmark::kMillisecond);
#endif
#ifdef SXLA_BENCH_XTENSOR
BENCHMARK(xtensor_transpose)->Name("transpose_4096/xtensor")->Unit(benchmark::kMillisecond);
#endif
BENCHMARK(sxla_slice)->Name("slice_2048/sxla")->Unit(benchmark::kMillisecond);
#ifdef SXLA_BENCH_EIGEN
BENCHMARK(eigen_slice)->Name("slice_2048/eigen")->Unit(benchmark::kMillisecond);
#endif
#ifdef SXLA_BENCH_XTENSOR
BENCHMARK(xtensor_slice)->Name("slice_2048/xtensor")->Unit(benchmark::kMillisecond);
#endif
BENCHMARK(sxla_pad)->Name("pad_2048/sxla")->Unit(benchmark::kMillisecond);
#ifdef SXLA_BENCH_EIGEN
BENCHMARK(eigen_pad)->Name("pad_2048/eigen")->Unit(benchmark::kMillisecond);
#endif
BENCHMARK(sxla_concatenate<0>)->Name("concatenate_dim0/sxla")->Unit(benchmark::kMillisecond);
BENCHMARK(sxla_concatenate<1>)->Name("concatenate_dim1/sxla")->Unit(benchmark::kMillisecond);
#ifdef SXLA_BENCH_EIGEN
BENCHMARK(eigen_concatenate<0>)->Name("concatenate_dim0/eigen")->Unit(benchmark::kMillisecond);
BENCHMARK(eigen_concatenate<1>)->Name("concatenate_dim1/eigen")->Unit(benchmark::kMillisecond);
#endif
#ifdef SXLA_BENCH_XTENSOR
BENCHMARK(xtensor_concatenate<0>)->Name("concatenate_dim0/xtensor")->Unit(benchmark::kMillisecond);
BENCHMARK(xtensor_concatenate<1>)->Name("concatenate_dim1/xtensor")->Unit(benchmark::kMillisecond);
#endif

BENCHMARK_MAIN();
