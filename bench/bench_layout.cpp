// Layout conversion through the generic index map (tensor = tensor of another layout):
// row-major -> column-major and -> 2-D tiled, f32[512,512], against memcpy of the same
// bytes in the same process. This is the reference path (per-element index math); the
// expression engine's blocked loops are measured against it.
#include <sxla/sxla.hpp>

#include <benchmark/benchmark.h>

#include <cstring>
#include <memory>

namespace x = sxla;

using row_major = x::tensor<"f32[512,512]">;
using col_major = x::tensor<"f32[512,512]{0,1}">;
using tiled = x::tensor<"f32[512,512]{1,0:T(8,128)}">;

namespace {

template <class Dst>
void layout_copy(benchmark::State& state) {
  auto src = std::make_unique<row_major>();
  for (x::index_t i = 0; i < row_major::storage_count; ++i) src->data()[i] = static_cast<float>(i);
  auto dst = std::make_unique<Dst>(x::uninitialized);
  for (auto _ : state) {
    *dst = *src;
    benchmark::DoNotOptimize(dst->data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * 2 * row_major::storage_count * sizeof(float));
}

void memcpy_reference(benchmark::State& state) {
  auto src = std::make_unique<row_major>();
  auto dst = std::make_unique<row_major>(x::uninitialized);
  for (auto _ : state) {
    std::memcpy(dst->data(), src->data(), row_major::storage_count * sizeof(float));
    benchmark::DoNotOptimize(dst->data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * 2 * row_major::storage_count * sizeof(float));
}

}  // namespace

BENCHMARK(memcpy_reference);
BENCHMARK(layout_copy<col_major>)->Name("sxla_row_to_col_major");
BENCHMARK(layout_copy<tiled>)->Name("sxla_row_to_tiled_8x128");
BENCHMARK_MAIN();
