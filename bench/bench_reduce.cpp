// Reduce and ReduceWindow, side by side with their peers in one process, each against the
// machine's read bandwidth measured in the same run:
//   machine      read-only loops summing f32[4096*4096]: Highway with four full-width
//                (512-bit) accumulators, and a plain C++ loop with 32 float accumulators
//                that g++ vectorises; and Highway reading two such arrays side by side
//                (the reference for the fused rows, which read two)
//   sum_all      f32[4096,4096] -> f32[]: sxla reduce<0, 1>, Eigen Tensor .sum(), xtensor
//                xt::sum (immediate), a plain loop
//   row_sums     f32[4096,4096] -> f32[4096] (reduce<1>): sxla, Eigen Tensor .sum({1}),
//                xtensor xt::sum(a, {1}) (lazy, and immediate), a plain loop
//   col_sums     f32[4096,4096] -> f32[4096] (reduce<0>): the same peers, the plain loop
//                adding each row into the result in turn
//   fused_rows   reduce<1>(mul(a, b)): sxla fused, sxla unfused (p = a * b stored, then
//                reduce<1>(p)), Eigen (a * b).sum({1}), a plain loop; sxla reduce<1>(a)
//                alone is row_sums/sxla (64 MiB), and reduce<1> of an f32[8192,4096]
//                (128 MiB, the fused form's footprint); and reduce<1>(mul(a, a)), the
//                product fused over one array (64 MiB, as reduce<1>(a) reads)
//   maxpool      2x2 stride-2 max pooling, f32[1,112,112,64] NHWC -> f32[1,56,56,64]: sxla
//                reduce_window, a plain loop over the channels, a Highway loop (four loads,
//                three maxima per vector), Eigen (reshape to [56,2,56,2,64], maximum over
//                {1,3}), xtensor (reshape_view, amax over {1,3}); and sxla and the two loops
//                on f32[1,56,56,64] (784 KiB, in L2), where the arithmetic shows. The loops
//                use vmaxps (the second operand when either is NaN); sxla's max follows
//                XLA (NaN propagates, -0 < +0), which costs more instructions
// Bytes counted: the bytes of the operands read once (one f32[4096,4096] = 64 MiB; two
// for the fused forms, however many times the unfused one touches memory; the pooling
// input), so every row's GB/s is a read bandwidth. The sxla benchmarks check
// their result against a plain loop once, after timing.
#include <sxla/sxla.hpp>

#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
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
#include <xtensor/xadapt.hpp>
#include <xtensor/xmath.hpp>
#include <xtensor/xnoalias.hpp>
#include <xtensor/xreducer.hpp>
#include <xtensor/xstrided_view.hpp>
#include <xtensor/xtensor.hpp>
#endif

namespace x = sxla;

namespace {

constexpr std::size_t n = 4096;
constexpr std::size_t count = n * n;
constexpr std::size_t big_bytes = count * sizeof(float);  // 64 MiB

using big_t = x::tensor<"f32[4096,4096]">;
using vec_t = x::tensor<"f32[4096]">;
using scalar_t = x::tensor<"f32[]">;
// Pooling over f32[1,H,H,64] NHWC: H = 112 (3 MiB, beyond this core's 2 MiB L2) and H = 56
// (784 KiB, in L2).
constexpr std::size_t pool_c = 64;
template <std::size_t H>
using pool_in_t = x::tensor<x::shape_spec(x::primitive_type::f32, {1, H, H, pool_c})>;
template <std::size_t H>
using pool_out_t = x::tensor<x::shape_spec(x::primitive_type::f32, {1, H / 2, H / 2, pool_c})>;
template <std::size_t H>
constexpr std::size_t pool_in_count = H * H * pool_c;
template <std::size_t H>
constexpr std::size_t pool_bytes = pool_in_count<H> * sizeof(float);

// The inputs, shared by every benchmark: a, b in [-1, 1).
struct inputs {
  std::unique_ptr<big_t> a = std::make_unique<big_t>(x::uninitialized);
  std::unique_ptr<big_t> b = std::make_unique<big_t>(x::uninitialized);
  inputs() {
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (std::size_t i = 0; i < count; ++i) {
      a->data()[i] = u(rng);
      b->data()[i] = u(rng);
    }
  }
};
const inputs& data() {
  static const inputs in;
  return in;
}

// The pooling input in [-1, 1).
template <std::size_t H>
const pool_in_t<H>& pool_input() {
  static const std::unique_ptr<pool_in_t<H>> in = [] {
    auto t = std::make_unique<pool_in_t<H>>(x::uninitialized);
    std::mt19937 rng(2);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (std::size_t i = 0; i < pool_in_count<H>; ++i) t->data()[i] = u(rng);
    return t;
  }();
  return *in;
}

void set_bytes(benchmark::State& state, std::size_t bytes) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(bytes));
}

template <class T>
void finish(T* p) {
  benchmark::DoNotOptimize(p);
  benchmark::ClobberMemory();
}

// ---- references (plain loops), also used to check sxla's results --------------------------
// len a multiple of 32 (every length here is).
float plain_sum(const float* p, std::size_t len) {
  float acc[32] = {};
  for (std::size_t i = 0; i < len; i += 32)
    for (std::size_t k = 0; k < 32; ++k) acc[k] += p[i + k];
  float s = 0.0f;
  for (float v : acc) s += v;
  return s;
}

void plain_row_sums(const float* a, float* out) {
  for (std::size_t i = 0; i < n; ++i) out[i] = plain_sum(a + i * n, n);
}

void plain_col_sums(const float* a, float* out) {
  for (std::size_t j = 0; j < n; ++j) out[j] = a[j];
  for (std::size_t i = 1; i < n; ++i) {
    const float* row = a + i * n;
    for (std::size_t j = 0; j < n; ++j) out[j] += row[j];
  }
}

void plain_fused_rows(const float* a, const float* b, float* out) {
  for (std::size_t i = 0; i < n; ++i) {
    float acc[32] = {};
    const float* ra = a + i * n;
    const float* rb = b + i * n;
    for (std::size_t j = 0; j < n; j += 32)
      for (std::size_t k = 0; k < 32; ++k) acc[k] += ra[j + k] * rb[j + k];
    float s = 0.0f;
    for (float v : acc) s += v;
    out[i] = s;
  }
}

template <std::size_t H>
void plain_maxpool(const float* in, float* out) {
  for (std::size_t oh = 0; oh < H / 2; ++oh)
    for (std::size_t ow = 0; ow < H / 2; ++ow) {
      const float* p00 = in + ((2 * oh) * H + 2 * ow) * pool_c;
      const float* p01 = p00 + pool_c;
      const float* p10 = p00 + H * pool_c;
      const float* p11 = p10 + pool_c;
      float* o = out + (oh * (H / 2) + ow) * pool_c;
      for (std::size_t c = 0; c < pool_c; ++c) {
        const float m0 = p00[c] > p01[c] ? p00[c] : p01[c];
        const float m1 = p10[c] > p11[c] ? p10[c] : p11[c];
        o[c] = m0 > m1 ? m0 : m1;
      }
    }
}

// |got - want| small against the sum of magnitudes (summation order differs).
bool close(float got, float want, float magnitude) {
  return std::fabs(got - want) <= 1e-5f * magnitude + 1e-6f;
}
bool check_vector(benchmark::State& state, const float* got, const float* want, std::size_t len, float magnitude) {
  for (std::size_t i = 0; i < len; ++i) {
    if (!close(got[i], want[i], magnitude)) {
      state.SkipWithError("sxla's result differs from the plain loop's");
      return false;
    }
  }
  return true;
}

// ---- The machine: read bandwidth ---------------------------------------------------------
#if defined(SXLA_SIMD_HIGHWAY)
namespace hn = hwy::HWY_NAMESPACE;
void read_highway(benchmark::State& state) {
  const float* p = data().a->data();
  const hn::ScalableTag<float> d;
  const std::size_t l = hn::Lanes(d);
  for (auto _ : state) {
    auto s0 = hn::Zero(d), s1 = hn::Zero(d), s2 = hn::Zero(d), s3 = hn::Zero(d);
    for (std::size_t i = 0; i < count; i += 4 * l) {
      s0 = hn::Add(s0, hn::LoadU(d, p + i));
      s1 = hn::Add(s1, hn::LoadU(d, p + i + l));
      s2 = hn::Add(s2, hn::LoadU(d, p + i + 2 * l));
      s3 = hn::Add(s3, hn::LoadU(d, p + i + 3 * l));
    }
    float s = hn::GetLane(hn::SumOfLanes(d, hn::Add(hn::Add(s0, s1), hn::Add(s2, s3))));
    benchmark::DoNotOptimize(s);
    benchmark::ClobberMemory();
  }
  set_bytes(state, big_bytes);
}

// Two arrays read side by side (a[i] + b[i] summed): the reference for the fused rows.
void read_highway_two(benchmark::State& state) {
  const float* p = data().a->data();
  const float* q = data().b->data();
  const hn::ScalableTag<float> d;
  const std::size_t l = hn::Lanes(d);
  for (auto _ : state) {
    auto s0 = hn::Zero(d), s1 = hn::Zero(d), s2 = hn::Zero(d), s3 = hn::Zero(d);
    for (std::size_t i = 0; i < count; i += 2 * l) {
      s0 = hn::Add(s0, hn::LoadU(d, p + i));
      s1 = hn::Add(s1, hn::LoadU(d, q + i));
      s2 = hn::Add(s2, hn::LoadU(d, p + i + l));
      s3 = hn::Add(s3, hn::LoadU(d, q + i + l));
    }
    float s = hn::GetLane(hn::SumOfLanes(d, hn::Add(hn::Add(s0, s1), hn::Add(s2, s3))));
    benchmark::DoNotOptimize(s);
    benchmark::ClobberMemory();
  }
  set_bytes(state, 2 * big_bytes);
}
#endif

void read_plain(benchmark::State& state) {
  const float* p = data().a->data();
  for (auto _ : state) {
    float s = plain_sum(p, count);
    benchmark::DoNotOptimize(s);
    benchmark::ClobberMemory();
  }
  set_bytes(state, big_bytes);
}

// ---- sum of all elements -----------------------------------------------------------------
void sxla_sum_all(benchmark::State& state) {
  const auto& in = data();
  auto out = std::make_unique<scalar_t>(x::uninitialized);
  for (auto _ : state) {
    *out = x::reduce<0, 1>(*in.a, 0.0f, x::add_op);
    finish(out->data());
  }
  set_bytes(state, big_bytes);
  float magnitude = 0.0f;
  for (std::size_t i = 0; i < count; ++i) magnitude += std::fabs(in.a->data()[i]);
  if (!close(out->data()[0], plain_sum(in.a->data(), count), magnitude))
    state.SkipWithError("sxla's sum differs from the plain loop's");
}

#if SXLA_BENCH_EIGEN
using eigen_map2 = Eigen::TensorMap<Eigen::Tensor<const float, 2, Eigen::RowMajor>>;
using eigen_vec = Eigen::Tensor<float, 1, Eigen::RowMajor>;

void eigen_sum_all(benchmark::State& state) {
  const eigen_map2 a(data().a->data(), static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n));
  Eigen::Tensor<float, 0, Eigen::RowMajor> out;
  for (auto _ : state) {
    out = a.sum();
    finish(out.data());
  }
  set_bytes(state, big_bytes);
}
#endif

#if SXLA_BENCH_XTENSOR
auto xtensor_view(const float* p) {
  return xt::adapt(const_cast<float*>(p), count, xt::no_ownership(), std::array<std::size_t, 2>{n, n});
}

void xtensor_sum_all(benchmark::State& state) {
  const auto a = xtensor_view(data().a->data());
  for (auto _ : state) {
    float s = xt::sum(a, xt::evaluation_strategy::immediate)();
    benchmark::DoNotOptimize(s);
    benchmark::ClobberMemory();
  }
  set_bytes(state, big_bytes);
}
#endif

void plain_sum_all(benchmark::State& state) {
  const float* p = data().a->data();
  for (auto _ : state) {
    float s = plain_sum(p, count);
    benchmark::DoNotOptimize(s);
    benchmark::ClobberMemory();
  }
  set_bytes(state, big_bytes);
}

// ---- row sums (reduce<1>) and column sums (reduce<0>) --------------------------------------
template <int Dim>
void sxla_sums(benchmark::State& state) {
  const auto& in = data();
  auto out = std::make_unique<vec_t>(x::uninitialized);
  for (auto _ : state) {
    *out = x::reduce<Dim>(*in.a, 0.0f, x::add_op);
    finish(out->data());
  }
  set_bytes(state, big_bytes);
  auto want = std::make_unique<vec_t>(x::uninitialized);
  if constexpr (Dim == 1) {
    plain_row_sums(in.a->data(), want->data());
  } else {
    plain_col_sums(in.a->data(), want->data());
  }
  check_vector(state, out->data(), want->data(), n, static_cast<float>(n));
}

#if SXLA_BENCH_EIGEN
template <int Dim>
void eigen_sums(benchmark::State& state) {
  const eigen_map2 a(data().a->data(), static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n));
  eigen_vec out(static_cast<Eigen::Index>(n));
  const Eigen::array<int, 1> dims{Dim};
  for (auto _ : state) {
    out = a.sum(dims);
    finish(out.data());
  }
  set_bytes(state, big_bytes);
}
#endif

#if SXLA_BENCH_XTENSOR
template <std::size_t Dim, bool Immediate>
void xtensor_sums(benchmark::State& state) {
  const auto a = xtensor_view(data().a->data());
  auto out = xt::xtensor<float, 1>::from_shape({n});
  for (auto _ : state) {
    if constexpr (Immediate) {
      xt::noalias(out) = xt::sum(a, {Dim}, xt::evaluation_strategy::immediate);
    } else {
      xt::noalias(out) = xt::sum(a, {Dim});
    }
    finish(out.data());
  }
  set_bytes(state, big_bytes);
}
#endif

template <int Dim>
void plain_sums(benchmark::State& state) {
  const float* a = data().a->data();
  auto out = std::make_unique<vec_t>(x::uninitialized);
  for (auto _ : state) {
    if constexpr (Dim == 1) {
      plain_row_sums(a, out->data());
    } else {
      plain_col_sums(a, out->data());
    }
    finish(out->data());
  }
  set_bytes(state, big_bytes);
}

// ---- fused row sums of a * b -------------------------------------------------------------
void sxla_fused_rows(benchmark::State& state) {
  const auto& in = data();
  auto out = std::make_unique<vec_t>(x::uninitialized);
  for (auto _ : state) {
    *out = x::reduce<1>(x::mul(*in.a, *in.b), 0.0f, x::add_op);
    finish(out->data());
  }
  set_bytes(state, 2 * big_bytes);
  auto want = std::make_unique<vec_t>(x::uninitialized);
  plain_fused_rows(in.a->data(), in.b->data(), want->data());
  check_vector(state, out->data(), want->data(), n, static_cast<float>(n));
}

// reduce<1>(mul(a, a)): the product fused into the row sums of one array, the same 64 MiB
// as reduce<1>(a) alone (row_sums/sxla): what the multiply costs inside the reduction.
void sxla_fused_square_rows(benchmark::State& state) {
  const auto& in = data();
  auto out = std::make_unique<vec_t>(x::uninitialized);
  for (auto _ : state) {
    *out = x::reduce<1>(x::mul(*in.a, *in.a), 0.0f, x::add_op);
    finish(out->data());
  }
  set_bytes(state, big_bytes);
  auto want = std::make_unique<vec_t>(x::uninitialized);
  plain_fused_rows(in.a->data(), in.a->data(), want->data());
  check_vector(state, out->data(), want->data(), n, static_cast<float>(n));
}

// reduce<1> of one f32[8192,4096]: the same 128 MiB of operand bytes as the fused rows read
// (on this VM a 64 MiB array reads faster than 128 MiB, whether one array or two).
void sxla_rows_128mib(benchmark::State& state) {
  using tall_t = x::tensor<"f32[8192,4096]">;
  auto a = std::make_unique<tall_t>(x::uninitialized);
  std::memcpy(a->data(), data().a->data(), big_bytes);
  std::memcpy(a->data() + count, data().b->data(), big_bytes);
  auto out = std::make_unique<x::tensor<"f32[8192]">>(x::uninitialized);
  for (auto _ : state) {
    *out = x::reduce<1>(*a, 0.0f, x::add_op);
    finish(out->data());
  }
  set_bytes(state, 2 * big_bytes);
}

void sxla_unfused_rows(benchmark::State& state) {
  const auto& in = data();
  auto p = std::make_unique<big_t>(x::uninitialized);
  auto out = std::make_unique<vec_t>(x::uninitialized);
  for (auto _ : state) {
    *p = *in.a * *in.b;
    *out = x::reduce<1>(*p, 0.0f, x::add_op);
    finish(out->data());
  }
  set_bytes(state, 2 * big_bytes);
}

#if SXLA_BENCH_EIGEN
void eigen_fused_rows(benchmark::State& state) {
  const eigen_map2 a(data().a->data(), static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n));
  const eigen_map2 b(data().b->data(), static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n));
  eigen_vec out(static_cast<Eigen::Index>(n));
  const Eigen::array<int, 1> dims{1};
  for (auto _ : state) {
    out = (a * b).sum(dims);
    finish(out.data());
  }
  set_bytes(state, 2 * big_bytes);
}
#endif

void plain_fused(benchmark::State& state) {
  const auto& in = data();
  auto out = std::make_unique<vec_t>(x::uninitialized);
  for (auto _ : state) {
    plain_fused_rows(in.a->data(), in.b->data(), out->data());
    finish(out->data());
  }
  set_bytes(state, 2 * big_bytes);
}

// ---- 2x2 stride-2 max pooling, NHWC ------------------------------------------------------
template <std::size_t H>
void sxla_maxpool(benchmark::State& state) {
  const auto& in = pool_input<H>();
  auto out = std::make_unique<pool_out_t<H>>(x::uninitialized);
  for (auto _ : state) {
    *out = x::reduce_window<x::idx{1, 2, 2, 1}, x::idx{1, 2, 2, 1}>(in, -std::numeric_limits<float>::infinity(),
                                                                     x::max_op);
    finish(out->data());
  }
  set_bytes(state, pool_bytes<H>);
  auto want = std::make_unique<pool_out_t<H>>(x::uninitialized);
  plain_maxpool<H>(in.data(), want->data());
  check_vector(state, out->data(), want->data(), pool_in_count<H> / 4, 0.0f);
}

template <std::size_t H>
void plain_maxpool_bench(benchmark::State& state) {
  const auto& in = pool_input<H>();
  auto out = std::make_unique<pool_out_t<H>>(x::uninitialized);
  for (auto _ : state) {
    plain_maxpool<H>(in.data(), out->data());
    finish(out->data());
  }
  set_bytes(state, pool_bytes<H>);
}

#if defined(SXLA_SIMD_HIGHWAY)
template <std::size_t H>
void highway_maxpool(benchmark::State& state) {
  auto out = std::make_unique<pool_out_t<H>>(x::uninitialized);
  const hn::ScalableTag<float> d;
  const std::size_t l = hn::Lanes(d);
  const float* src = pool_input<H>().data();
  float* dst = out->data();
  for (auto _ : state) {
    for (std::size_t oh = 0; oh < H / 2; ++oh)
      for (std::size_t ow = 0; ow < H / 2; ++ow) {
        const float* p00 = src + ((2 * oh) * H + 2 * ow) * pool_c;
        const float* p10 = p00 + H * pool_c;
        float* o = dst + (oh * (H / 2) + ow) * pool_c;
        for (std::size_t c = 0; c < pool_c; c += l) {
          const auto m0 = hn::Max(hn::LoadU(d, p00 + c), hn::LoadU(d, p00 + pool_c + c));
          const auto m1 = hn::Max(hn::LoadU(d, p10 + c), hn::LoadU(d, p10 + pool_c + c));
          hn::StoreU(hn::Max(m0, m1), d, o + c);
        }
      }
    finish(dst);
  }
  set_bytes(state, pool_bytes<H>);
}
#endif

#if SXLA_BENCH_EIGEN
void eigen_maxpool(benchmark::State& state) {
  using map5 = Eigen::TensorMap<Eigen::Tensor<const float, 5, Eigen::RowMajor>>;
  const map5 in(pool_input<112>().data(), 56, 2, 56, 2, 64);
  Eigen::Tensor<float, 3, Eigen::RowMajor> out(56, 56, 64);
  const Eigen::array<int, 2> dims{1, 3};
  for (auto _ : state) {
    out = in.maximum(dims);
    finish(out.data());
  }
  set_bytes(state, pool_bytes<112>);
}
#endif

#if SXLA_BENCH_XTENSOR
void xtensor_maxpool(benchmark::State& state) {
  auto in = xt::adapt(const_cast<float*>(pool_input<112>().data()), pool_in_count<112>, xt::no_ownership(),
                      std::array<std::size_t, 4>{1, 112, 112, pool_c});
  auto out = xt::xtensor<float, 3>::from_shape({56, 56, 64});
  for (auto _ : state) {
    xt::noalias(out) = xt::amax(xt::reshape_view(in, {56, 2, 56, 2, 64}), {1, 3});
    finish(out.data());
  }
  set_bytes(state, pool_bytes<112>);
}
#endif

}  // namespace

#define SXLA_MS(f, name) BENCHMARK(f)->Name(name)->Unit(benchmark::kMillisecond)
#define SXLA_US(f, name) BENCHMARK(f)->Name(name)->Unit(benchmark::kMicrosecond)

#if defined(SXLA_SIMD_HIGHWAY)
SXLA_MS(read_highway, "machine/read_highway_4acc");
SXLA_MS(read_highway_two, "machine/read_highway_two_arrays");
#endif
SXLA_MS(read_plain, "machine/read_plain_loop");

SXLA_MS(sxla_sum_all, "sum_all/sxla");
#if SXLA_BENCH_EIGEN
SXLA_MS(eigen_sum_all, "sum_all/eigen_tensor");
#endif
#if SXLA_BENCH_XTENSOR
SXLA_MS(xtensor_sum_all, "sum_all/xtensor");
#endif
SXLA_MS(plain_sum_all, "sum_all/plain_loop");

SXLA_MS(sxla_sums<1>, "row_sums/sxla");
#if SXLA_BENCH_EIGEN
SXLA_MS(eigen_sums<1>, "row_sums/eigen_tensor");
#endif
#if SXLA_BENCH_XTENSOR
SXLA_MS((xtensor_sums<1, false>), "row_sums/xtensor_lazy");
SXLA_MS((xtensor_sums<1, true>), "row_sums/xtensor_immediate");
#endif
SXLA_MS(plain_sums<1>, "row_sums/plain_loop");

SXLA_MS(sxla_sums<0>, "col_sums/sxla");
#if SXLA_BENCH_EIGEN
SXLA_MS(eigen_sums<0>, "col_sums/eigen_tensor");
#endif
#if SXLA_BENCH_XTENSOR
SXLA_MS((xtensor_sums<0, false>), "col_sums/xtensor_lazy");
SXLA_MS((xtensor_sums<0, true>), "col_sums/xtensor_immediate");
#endif
SXLA_MS(plain_sums<0>, "col_sums/plain_loop");

SXLA_MS(sxla_fused_rows, "fused_rows/sxla_fused");
SXLA_MS(sxla_unfused_rows, "fused_rows/sxla_unfused");
SXLA_MS(sxla_fused_square_rows, "fused_rows/sxla_fused_square_one_array");
SXLA_MS(sxla_rows_128mib, "fused_rows/sxla_reduce1_alone_8192x4096");
#if SXLA_BENCH_EIGEN
SXLA_MS(eigen_fused_rows, "fused_rows/eigen_tensor");
#endif
SXLA_MS(plain_fused, "fused_rows/plain_loop");

SXLA_US(sxla_maxpool<112>, "maxpool/sxla");
SXLA_US(plain_maxpool_bench<112>, "maxpool/plain_loop");
#if defined(SXLA_SIMD_HIGHWAY)
SXLA_US(highway_maxpool<112>, "maxpool/highway_loop");
#endif
#if SXLA_BENCH_EIGEN
SXLA_US(eigen_maxpool, "maxpool/eigen_tensor_reshape");
#endif
#if SXLA_BENCH_XTENSOR
SXLA_US(xtensor_maxpool, "maxpool/xtensor_reshape_view");
#endif
SXLA_US(sxla_maxpool<56>, "maxpool_in_L2/sxla");
SXLA_US(plain_maxpool_bench<56>, "maxpool_in_L2/plain_loop");
#if defined(SXLA_SIMD_HIGHWAY)
SXLA_US(highway_maxpool<56>, "maxpool_in_L2/highway_loop");
#endif

BENCHMARK_MAIN();
