// Sort, side by side with std::sort, std::stable_sort and Highway's vqsort (hwy::Sorter,
// libhwy-dev's libhwy_contrib) in one process:
//   keys      1M f32 keys (uniform in [-1e6, 1e6]) sorted ascending into a second array:
//             sxla x::sort; std::sort on a copy; hwy::Sorter on a copy through its float
//             path; and through its 64-bit path on order-preserving float bits (the
//             mapping there and back timed)
//   payload   1M f32 keys with an s32 payload: sxla sort_into(keys, values) against
//             hwy::Sorter's 64-bit key-value packing (key << 32 | payload, mapped, sorted,
//             unpacked: all timed) and std::sort of (key, payload) pairs
//   rows      f32[4096, 64] sorted along rows: sxla x::sort<1>; std::sort per row (on a
//             copy); hwy::Sorter per row (float path)
//   stable    1M (s32 key in [0, 1000), f32 value) pairs with a user comparator on the
//             key, stable: sxla sort_into<0, x::stable> against std::stable_sort of
//             pairs (copied in first)
//   top_k     the 1M keys as f32[64, 16384], the 16 largest of each row with their
//             indices: sxla x::top_k<16> against std::partial_sort of each row's indices
//             (filled 0..n-1, timed) by value, ties by index (Highway 1.0.3's vqsort has
//             no top-k or partial sort)
// Every sxla result is checked against its peer's once, after timing. sxla's scratch
// memory is a workspace made once, outside the timing.
#include <sxla/sxla.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <utility>
#include <vector>

#if __has_include(<hwy/contrib/sort/vqsort.h>) && defined(SXLA_BENCH_VQSORT_FOUND)
#define SXLA_BENCH_VQSORT 1
#include <hwy/contrib/sort/vqsort.h>
#endif

namespace x = sxla;

namespace {

constexpr std::size_t n = 1 << 20;
constexpr std::size_t rows = 4096, cols = 64;

using keys_t = x::tensor<"f32[1048576]">;
using vals_t = x::tensor<"s32[1048576]">;
using ikeys_t = x::tensor<"s32[1048576]">;
using rows_t = x::tensor<"f32[4096,64]">;

struct inputs {
  std::unique_ptr<keys_t> keys = std::make_unique<keys_t>(x::uninitialized);
  std::unique_ptr<vals_t> vals = std::make_unique<vals_t>(x::uninitialized);
  std::unique_ptr<ikeys_t> small_keys = std::make_unique<ikeys_t>(x::uninitialized);
  std::unique_ptr<rows_t> rows_in = std::make_unique<rows_t>(x::uninitialized);
  inputs() {
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> u(-1e6f, 1e6f);
    for (std::size_t i = 0; i < n; ++i) keys->data()[i] = u(rng);
    for (std::size_t i = 0; i < n; ++i) vals->data()[i] = static_cast<std::int32_t>(i);
    for (std::size_t i = 0; i < n; ++i) small_keys->data()[i] = static_cast<std::int32_t>(rng() % 1000);
    for (std::size_t i = 0; i < rows * cols; ++i) rows_in->data()[i] = u(rng);
  }
};
const inputs& data() {
  static const inputs in;
  return in;
}

void set_items(benchmark::State& state, std::size_t items) {
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(items));
}

template <class T>
void finish(T* p) {
  benchmark::DoNotOptimize(p);
  benchmark::ClobberMemory();
}

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "bench_sort: %s differs from its peer\n", what);
    std::abort();
  }
}

// Order-preserving unsigned bits of a float (the mapping a 64-bit integer sort needs).
inline std::uint32_t float_key(float f) {
  const auto b = std::bit_cast<std::uint32_t>(f);
  return (b & 0x80000000u) != 0 ? ~b : (b | 0x80000000u);
}
inline float key_float(std::uint32_t k) {
  return std::bit_cast<float>((k & 0x80000000u) != 0 ? (k ^ 0x80000000u) : ~k);
}

// ---- keys -------------------------------------------------------------------------------
void keys_sxla(benchmark::State& state) {
  const auto& in = data();
  auto out = std::make_unique<keys_t>(x::uninitialized);
  using E = decltype(x::sort(*in.keys));
  auto ws = std::make_unique<x::workspace<x::workspace_bytes<E, keys_t>>>();
  for (auto _ : state) {
    x::noalias(*out).using_workspace(*ws) = x::sort(*in.keys);
    finish(out->data());
  }
  set_items(state, n);
  std::vector<float> want(in.keys->data(), in.keys->data() + n);
  std::sort(want.begin(), want.end());
  check(std::memcmp(want.data(), out->data(), n * sizeof(float)) == 0, "keys");
}

void keys_std_sort(benchmark::State& state) {
  const auto& in = data();
  std::vector<float> w(n);
  for (auto _ : state) {
    std::memcpy(w.data(), in.keys->data(), n * sizeof(float));
    std::sort(w.begin(), w.end());
    finish(w.data());
  }
  set_items(state, n);
}

#if SXLA_BENCH_VQSORT
void keys_vqsort_f32(benchmark::State& state) {
  const auto& in = data();
  std::vector<float> w(n);
  const hwy::Sorter sorter;
  for (auto _ : state) {
    std::memcpy(w.data(), in.keys->data(), n * sizeof(float));
    sorter(w.data(), n, hwy::SortAscending());
    finish(w.data());
  }
  set_items(state, n);
}

void keys_vqsort_u64(benchmark::State& state) {
  const auto& in = data();
  std::vector<std::uint64_t> k(n);
  std::vector<float> w(n);
  const hwy::Sorter sorter;
  for (auto _ : state) {
    const float* src = in.keys->data();
    for (std::size_t i = 0; i < n; ++i) k[i] = float_key(src[i]);
    sorter(k.data(), n, hwy::SortAscending());
    for (std::size_t i = 0; i < n; ++i) w[i] = key_float(static_cast<std::uint32_t>(k[i]));
    finish(w.data());
  }
  set_items(state, n);
}
#endif

// ---- payload ----------------------------------------------------------------------------
void payload_sxla(benchmark::State& state) {
  const auto& in = data();
  auto ko = std::make_unique<keys_t>(x::uninitialized);
  auto vo = std::make_unique<vals_t>(x::uninitialized);
  auto ws = std::make_unique<x::workspace<x::sort_workspace_bytes<-1, keys_t&, vals_t&>>>();
  for (auto _ : state) {
    x::sort_into(*ws, std::tie(*ko, *vo), *in.keys, *in.vals);
    finish(ko->data());
    finish(vo->data());
  }
  set_items(state, n);
  std::vector<std::pair<float, std::int32_t>> want(n);
  for (std::size_t i = 0; i < n; ++i) want[i] = {in.keys->data()[i], in.vals->data()[i]};
  std::stable_sort(want.begin(), want.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  bool ok = true;
  for (std::size_t i = 0; i < n; ++i) ok = ok && want[i].first == ko->data()[i] && want[i].second == vo->data()[i];
  check(ok, "payload");
}

void payload_std_sort(benchmark::State& state) {
  const auto& in = data();
  std::vector<std::pair<float, std::int32_t>> w(n);
  for (auto _ : state) {
    for (std::size_t i = 0; i < n; ++i) w[i] = {in.keys->data()[i], in.vals->data()[i]};
    std::sort(w.begin(), w.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    finish(w.data());
  }
  set_items(state, n);
}

#if SXLA_BENCH_VQSORT
void payload_vqsort_kv64(benchmark::State& state) {
  const auto& in = data();
  std::vector<std::uint64_t> k(n);
  std::vector<float> ko(n);
  std::vector<std::int32_t> vo(n);
  const hwy::Sorter sorter;
  for (auto _ : state) {
    const float* src = in.keys->data();
    const std::int32_t* val = in.vals->data();
    for (std::size_t i = 0; i < n; ++i)
      k[i] = (std::uint64_t{float_key(src[i])} << 32) | static_cast<std::uint32_t>(val[i]);
    sorter(k.data(), n, hwy::SortAscending());
    for (std::size_t i = 0; i < n; ++i) {
      ko[i] = key_float(static_cast<std::uint32_t>(k[i] >> 32));
      vo[i] = static_cast<std::int32_t>(static_cast<std::uint32_t>(k[i]));
    }
    finish(ko.data());
    finish(vo.data());
  }
  set_items(state, n);
}
#endif

// ---- rows -------------------------------------------------------------------------------
void rows_sxla(benchmark::State& state) {
  const auto& in = data();
  auto out = std::make_unique<rows_t>(x::uninitialized);
  for (auto _ : state) {
    x::noalias(*out) = x::sort<1>(*in.rows_in);
    finish(out->data());
  }
  set_items(state, rows * cols);
  std::vector<float> want(in.rows_in->data(), in.rows_in->data() + rows * cols);
  for (std::size_t r = 0; r < rows; ++r) std::sort(want.begin() + static_cast<std::ptrdiff_t>(r * cols),
                                                   want.begin() + static_cast<std::ptrdiff_t>((r + 1) * cols));
  check(std::memcmp(want.data(), out->data(), rows * cols * sizeof(float)) == 0, "rows");
}

void rows_std_sort(benchmark::State& state) {
  const auto& in = data();
  std::vector<float> w(rows * cols);
  for (auto _ : state) {
    std::memcpy(w.data(), in.rows_in->data(), rows * cols * sizeof(float));
    for (std::size_t r = 0; r < rows; ++r)
      std::sort(w.begin() + static_cast<std::ptrdiff_t>(r * cols), w.begin() + static_cast<std::ptrdiff_t>((r + 1) * cols));
    finish(w.data());
  }
  set_items(state, rows * cols);
}

#if SXLA_BENCH_VQSORT
void rows_vqsort(benchmark::State& state) {
  const auto& in = data();
  std::vector<float> w(rows * cols);
  const hwy::Sorter sorter;
  for (auto _ : state) {
    std::memcpy(w.data(), in.rows_in->data(), rows * cols * sizeof(float));
    for (std::size_t r = 0; r < rows; ++r) sorter(w.data() + r * cols, cols, hwy::SortAscending());
    finish(w.data());
  }
  set_items(state, rows * cols);
}
#endif

// ---- stable, user comparator ------------------------------------------------------------
struct by_key {
  bool operator()(std::int32_t a, std::int32_t b, float, float) const { return a < b; }
};

void stable_sxla(benchmark::State& state) {
  const auto& in = data();
  auto ko = std::make_unique<ikeys_t>(x::uninitialized);
  auto vo = std::make_unique<keys_t>(x::uninitialized);
  auto ws = std::make_unique<x::workspace<x::sort_workspace_bytes<0, ikeys_t&, keys_t&, by_key>>>();
  for (auto _ : state) {
    x::sort_into<0, x::stable>(*ws, std::tie(*ko, *vo), *in.small_keys, *in.keys, by_key{});
    finish(ko->data());
    finish(vo->data());
  }
  set_items(state, n);
  std::vector<std::pair<std::int32_t, float>> want(n);
  for (std::size_t i = 0; i < n; ++i) want[i] = {in.small_keys->data()[i], in.keys->data()[i]};
  std::stable_sort(want.begin(), want.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  bool ok = true;
  for (std::size_t i = 0; i < n; ++i) ok = ok && want[i].first == ko->data()[i] && want[i].second == vo->data()[i];
  check(ok, "stable");
}

void stable_std(benchmark::State& state) {
  const auto& in = data();
  std::vector<std::pair<std::int32_t, float>> w(n);
  for (auto _ : state) {
    for (std::size_t i = 0; i < n; ++i) w[i] = {in.small_keys->data()[i], in.keys->data()[i]};
    std::stable_sort(w.begin(), w.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    finish(w.data());
  }
  set_items(state, n);
}

// ---- top_k ------------------------------------------------------------------------------
constexpr std::size_t top_rows = 64, top_cols = 16384, top_k_count = 16;
using top_in_t = x::tensor<"f32[64,16384]">;

const top_in_t& top_input() {
  static const auto t = [] {
    auto a = std::make_unique<top_in_t>(x::uninitialized);
    std::memcpy(a->data(), data().keys->data(), top_rows * top_cols * sizeof(float));
    return a;
  }();
  return *t;
}

void top_k_sxla(benchmark::State& state) {
  const top_in_t& in = top_input();
  for (auto _ : state) {
    auto [v, i] = x::top_k<top_k_count>(in);
    finish(v.data());
    finish(i.data());
  }
  set_items(state, top_rows * top_cols);
  auto [v, i] = x::top_k<top_k_count>(in);
  bool ok = true;
  std::vector<std::int32_t> idx(top_cols);
  for (std::size_t r = 0; r < top_rows; ++r) {
    const float* row = in.data() + r * top_cols;
    for (std::size_t j = 0; j < top_cols; ++j) idx[j] = static_cast<std::int32_t>(j);
    std::partial_sort(idx.begin(), idx.begin() + top_k_count, idx.end(),
                      [&](std::int32_t a, std::int32_t b) { return row[a] > row[b] || (row[a] == row[b] && a < b); });
    for (std::size_t j = 0; j < top_k_count; ++j)
      ok = ok && i(r, j) == idx[j] && v(r, j) == row[idx[j]];
  }
  check(ok, "top_k");
}

void top_k_std_partial_sort(benchmark::State& state) {
  const top_in_t& in = top_input();
  std::vector<std::int32_t> idx(top_cols);
  std::vector<float> values(top_rows * top_k_count);
  std::vector<std::int32_t> indices(top_rows * top_k_count);
  for (auto _ : state) {
    for (std::size_t r = 0; r < top_rows; ++r) {
      const float* row = in.data() + r * top_cols;
      for (std::size_t j = 0; j < top_cols; ++j) idx[j] = static_cast<std::int32_t>(j);
      std::partial_sort(idx.begin(), idx.begin() + top_k_count, idx.end(),
                        [&](std::int32_t a, std::int32_t b) { return row[a] > row[b] || (row[a] == row[b] && a < b); });
      for (std::size_t j = 0; j < top_k_count; ++j) {
        indices[r * top_k_count + j] = idx[j];
        values[r * top_k_count + j] = row[idx[j]];
      }
    }
    finish(values.data());
    finish(indices.data());
  }
  set_items(state, top_rows * top_cols);
}

}  // namespace

BENCHMARK(keys_sxla)->Unit(benchmark::kMillisecond);
BENCHMARK(keys_std_sort)->Unit(benchmark::kMillisecond);
#if SXLA_BENCH_VQSORT
BENCHMARK(keys_vqsort_f32)->Unit(benchmark::kMillisecond);
BENCHMARK(keys_vqsort_u64)->Unit(benchmark::kMillisecond);
#endif
BENCHMARK(payload_sxla)->Unit(benchmark::kMillisecond);
BENCHMARK(payload_std_sort)->Unit(benchmark::kMillisecond);
#if SXLA_BENCH_VQSORT
BENCHMARK(payload_vqsort_kv64)->Unit(benchmark::kMillisecond);
#endif
BENCHMARK(rows_sxla)->Unit(benchmark::kMillisecond);
BENCHMARK(rows_std_sort)->Unit(benchmark::kMillisecond);
#if SXLA_BENCH_VQSORT
BENCHMARK(rows_vqsort)->Unit(benchmark::kMillisecond);
#endif
BENCHMARK(stable_sxla)->Unit(benchmark::kMillisecond);
BENCHMARK(stable_std)->Unit(benchmark::kMillisecond);
BENCHMARK(top_k_sxla)->Unit(benchmark::kMillisecond);
BENCHMARK(top_k_std_partial_sort)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
