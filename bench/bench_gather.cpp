// Gather and Scatter, side by side with hand-written loops in one process:
//   embedding    gather 65536 rows of f32[256] from a f32[100000,256] table (100 MB) by
//                random s32 ids into f32[65536,256] (64 MiB): sxla gather; a hand loop
//                that memcpy's each row; the same with vector loads and streaming
//                stores (sxla's SIMD vocabulary: what the machine allows for random
//                rows); and memcpy of 64 MiB contiguous (the copy bandwidth of the
//                gathered bytes)
//   scatter_add  f32[65536,256] updates added into rows of f32[100000,256] at random
//                s32 ids: sxla scatter into a new array (the operand copied, then the
//                rows added) against a hand loop doing the same (memcpy, then a loop
//                adding each row); and in place (t = scatter(t, ...)) against the hand
//                loop's adding part alone
//   take_along   take_along_axis of f32[4096,1024] by s32[4096,1024] (gather with
//                operand and start indices batching dimension 0): sxla against a hand
//                loop out[i][j] = a[i][idx[i][j]] and Eigen 3.4's indexed view per row
//                (out.row(i) = a.row(i)(idx.row(i))); xtensor 0.24 has no take_along_axis
//                (index_view takes whole index tuples), so it is not measured
// Bytes counted: the bytes written to the result (for in-place scatter: the rows added),
// the same for every peer of a benchmark. Ids are uniform in [0, rows): no clamping or
// skipping happens, and the hand loops do not check bounds (sxla does). Each sxla result
// is checked against its hand loop once, after timing.
#include <sxla/sxla.hpp>

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>

#if __has_include(<Eigen/Core>)
#define SXLA_BENCH_EIGEN 1
#include <Eigen/Core>
#elif __has_include(<eigen3/Eigen/Core>)
#define SXLA_BENCH_EIGEN 1
#include <eigen3/Eigen/Core>
#endif

namespace x = sxla;

namespace {

constexpr std::size_t table_rows = 100000, width = 256, lookups = 65536;
constexpr std::size_t ta_rows = 4096, ta_cols = 1024;

using table_t = x::tensor<"f32[100000,256]">;
using rows_t = x::tensor<"f32[65536,256]">;
using ids_t = x::tensor<"s32[65536]">;
using ta_t = x::tensor<"f32[4096,1024]">;
using ta_ids_t = x::tensor<"s32[4096,1024]">;

constexpr x::gather_dims take_rows{.offset_dims = x::idx{1}, .collapsed_slice_dims = x::idx{0},
                                   .start_index_map = x::idx{0}, .index_vector_dim = 1};
constexpr x::scatter_dims put_rows{.update_window_dims = x::idx{1}, .inserted_window_dims = x::idx{0},
                                   .scatter_dims_to_operand_dims = x::idx{0}, .index_vector_dim = 1};
constexpr x::gather_dims along{.offset_dims = x::idx{}, .collapsed_slice_dims = x::idx{1},
                               .start_index_map = x::idx{1}, .index_vector_dim = 2,
                               .operand_batching_dims = x::idx{0}, .start_indices_batching_dims = x::idx{0}};

struct inputs {
  std::unique_ptr<table_t> table = std::make_unique<table_t>(x::uninitialized);
  std::unique_ptr<rows_t> updates = std::make_unique<rows_t>(x::uninitialized);
  std::unique_ptr<ids_t> ids = std::make_unique<ids_t>(x::uninitialized);
  std::unique_ptr<ta_t> ta = std::make_unique<ta_t>(x::uninitialized);
  std::unique_ptr<ta_ids_t> ta_ids = std::make_unique<ta_ids_t>(x::uninitialized);
  inputs() {
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (std::size_t i = 0; i < table_rows * width; ++i) table->data()[i] = u(rng);
    for (std::size_t i = 0; i < lookups * width; ++i) updates->data()[i] = u(rng);
    std::uniform_int_distribution<std::int32_t> row(0, static_cast<std::int32_t>(table_rows) - 1);
    for (std::size_t i = 0; i < lookups; ++i) ids->data()[i] = row(rng);
    for (std::size_t i = 0; i < ta_rows * ta_cols; ++i) ta->data()[i] = u(rng);
    std::uniform_int_distribution<std::int32_t> col(0, static_cast<std::int32_t>(ta_cols) - 1);
    for (std::size_t i = 0; i < ta_rows * ta_cols; ++i) ta_ids->data()[i] = col(rng);
  }
};
const inputs& data() {
  static const inputs in;
  return in;
}

void set_bytes(benchmark::State& state, std::size_t bytes) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(bytes));
}

template <class T>
void finish(T* p) {
  benchmark::DoNotOptimize(p);
  benchmark::ClobberMemory();
}

void check(const float* got, const float* want, std::size_t n, const char* what) {
  if (std::memcmp(got, want, n * sizeof(float)) != 0) {
    std::fprintf(stderr, "bench_gather: %s differs from its hand loop\n", what);
    std::abort();
  }
}

// ---- hand loops ---------------------------------------------------------------------------
void hand_embedding(const float* table, const std::int32_t* ids, float* out) {
  for (std::size_t i = 0; i < lookups; ++i)
    std::memcpy(out + i * width, table + static_cast<std::size_t>(ids[i]) * width, width * sizeof(float));
}

void hand_stream_rows(const float* table, const std::int32_t* ids, float* out) {
  constexpr std::size_t lanes = x::simd::lanes<float>;
  for (std::size_t i = 0; i < lookups; ++i) {
    const float* src = table + static_cast<std::size_t>(ids[i]) * width;
    for (std::size_t j = 0; j < width; j += lanes) x::simd::stream(x::simd::load(src + j), out + i * width + j);
  }
  x::simd::stream_fence();
}

void hand_scatter_rows(float* out, const std::int32_t* ids, const float* upd) {
  for (std::size_t i = 0; i < lookups; ++i) {
    float* row = out + static_cast<std::size_t>(ids[i]) * width;
    const float* u = upd + i * width;
    for (std::size_t j = 0; j < width; ++j) row[j] += u[j];
  }
}

void hand_take_along(const float* a, const std::int32_t* idx, float* out) {
  for (std::size_t i = 0; i < ta_rows; ++i)
    for (std::size_t j = 0; j < ta_cols; ++j) out[i * ta_cols + j] = a[i * ta_cols + static_cast<std::size_t>(idx[i * ta_cols + j])];
}

// ---- embedding lookup ---------------------------------------------------------------------
void embedding_sxla(benchmark::State& state) {
  const auto& in = data();
  auto out = std::make_unique<rows_t>(x::uninitialized);
  for (auto _ : state) {
    *out = x::gather<take_rows, x::idx{1, 256}>(*in.table, *in.ids);
    finish(out->data());
  }
  set_bytes(state, lookups * width * sizeof(float));
  auto want = std::make_unique<rows_t>(x::uninitialized);
  hand_embedding(in.table->data(), in.ids->data(), want->data());
  check(out->data(), want->data(), lookups * width, "embedding");
}
BENCHMARK(embedding_sxla)->Name("embedding/sxla")->Unit(benchmark::kMillisecond);

void embedding_hand(benchmark::State& state) {
  const auto& in = data();
  auto out = std::make_unique<rows_t>(x::uninitialized);
  for (auto _ : state) {
    hand_embedding(in.table->data(), in.ids->data(), out->data());
    finish(out->data());
  }
  set_bytes(state, lookups * width * sizeof(float));
}
BENCHMARK(embedding_hand)->Name("embedding/hand_memcpy_rows")->Unit(benchmark::kMillisecond);

void embedding_stream(benchmark::State& state) {
  const auto& in = data();
  auto out = std::make_unique<rows_t>(x::uninitialized);
  for (auto _ : state) {
    hand_stream_rows(in.table->data(), in.ids->data(), out->data());
    finish(out->data());
  }
  set_bytes(state, lookups * width * sizeof(float));
}
BENCHMARK(embedding_stream)->Name("embedding/hand_stream_rows")->Unit(benchmark::kMillisecond);

void embedding_copy(benchmark::State& state) {
  const auto& in = data();
  auto out = std::make_unique<rows_t>(x::uninitialized);
  for (auto _ : state) {
    std::memcpy(out->data(), in.table->data(), lookups * width * sizeof(float));
    finish(out->data());
  }
  set_bytes(state, lookups * width * sizeof(float));
}
BENCHMARK(embedding_copy)->Name("embedding/memcpy_64MiB")->Unit(benchmark::kMillisecond);

// ---- scatter-add --------------------------------------------------------------------------
void scatter_sxla(benchmark::State& state) {
  const auto& in = data();
  auto out = std::make_unique<table_t>(x::uninitialized);
  for (auto _ : state) {
    *out = x::scatter<put_rows>(*in.table, *in.ids, *in.updates, x::add_op);
    finish(out->data());
  }
  set_bytes(state, table_rows * width * sizeof(float));
  auto want = std::make_unique<table_t>(x::uninitialized);
  std::memcpy(want->data(), in.table->data(), table_rows * width * sizeof(float));
  hand_scatter_rows(want->data(), in.ids->data(), in.updates->data());
  check(out->data(), want->data(), table_rows * width, "scatter");
}
BENCHMARK(scatter_sxla)->Name("scatter_add/sxla")->Unit(benchmark::kMillisecond);

void scatter_hand(benchmark::State& state) {
  const auto& in = data();
  auto out = std::make_unique<table_t>(x::uninitialized);
  for (auto _ : state) {
    std::memcpy(out->data(), in.table->data(), table_rows * width * sizeof(float));
    hand_scatter_rows(out->data(), in.ids->data(), in.updates->data());
    finish(out->data());
  }
  set_bytes(state, table_rows * width * sizeof(float));
}
BENCHMARK(scatter_hand)->Name("scatter_add/hand_memcpy_then_rows")->Unit(benchmark::kMillisecond);

void scatter_in_place_sxla(benchmark::State& state) {
  const auto& in = data();
  auto t = std::make_unique<table_t>(*in.table);
  for (auto _ : state) {
    *t = x::scatter<put_rows>(*t, *in.ids, *in.updates, x::add_op);
    finish(t->data());
  }
  set_bytes(state, lookups * width * sizeof(float));
}
BENCHMARK(scatter_in_place_sxla)->Name("scatter_add_in_place/sxla")->Unit(benchmark::kMillisecond);

void scatter_in_place_hand(benchmark::State& state) {
  const auto& in = data();
  auto t = std::make_unique<table_t>(*in.table);
  for (auto _ : state) {
    hand_scatter_rows(t->data(), in.ids->data(), in.updates->data());
    finish(t->data());
  }
  set_bytes(state, lookups * width * sizeof(float));
}
BENCHMARK(scatter_in_place_hand)->Name("scatter_add_in_place/hand_rows")->Unit(benchmark::kMillisecond);

// ---- take_along_axis ----------------------------------------------------------------------
void take_along_sxla(benchmark::State& state) {
  const auto& in = data();
  auto out = std::make_unique<ta_t>(x::uninitialized);
  for (auto _ : state) {
    x::noalias(*out) = x::gather<along, x::idx{1, 1}>(*in.ta, *in.ta_ids);
    finish(out->data());
  }
  set_bytes(state, ta_rows * ta_cols * sizeof(float));
  auto want = std::make_unique<ta_t>(x::uninitialized);
  hand_take_along(in.ta->data(), in.ta_ids->data(), want->data());
  check(out->data(), want->data(), ta_rows * ta_cols, "take_along");
}
BENCHMARK(take_along_sxla)->Name("take_along/sxla")->Unit(benchmark::kMillisecond);

void take_along_hand(benchmark::State& state) {
  const auto& in = data();
  auto out = std::make_unique<ta_t>(x::uninitialized);
  for (auto _ : state) {
    hand_take_along(in.ta->data(), in.ta_ids->data(), out->data());
    finish(out->data());
  }
  set_bytes(state, ta_rows * ta_cols * sizeof(float));
}
BENCHMARK(take_along_hand)->Name("take_along/hand_loop")->Unit(benchmark::kMillisecond);

#ifdef SXLA_BENCH_EIGEN
void take_along_eigen(benchmark::State& state) {
  using matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  using index_matrix = Eigen::Matrix<std::int32_t, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  const auto& in = data();
  const Eigen::Map<const matrix> a(in.ta->data(), ta_rows, ta_cols);
  const Eigen::Map<const index_matrix> idx(in.ta_ids->data(), ta_rows, ta_cols);
  matrix out(ta_rows, ta_cols);
  for (auto _ : state) {
    for (Eigen::Index i = 0; i < static_cast<Eigen::Index>(ta_rows); ++i) out.row(i) = a.row(i)(idx.row(i));
    finish(out.data());
  }
  set_bytes(state, ta_rows * ta_cols * sizeof(float));
  auto want = std::make_unique<ta_t>(x::uninitialized);
  hand_take_along(in.ta->data(), in.ta_ids->data(), want->data());
  check(out.data(), want->data(), ta_rows * ta_cols, "Eigen take_along");
}
BENCHMARK(take_along_eigen)->Name("take_along/eigen_indexed_view")->Unit(benchmark::kMillisecond);
#endif

}  // namespace

BENCHMARK_MAIN();
