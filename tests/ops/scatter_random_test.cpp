// scatter (one operand) on random configurations drawn in constant evaluation from fixed
// seeds (tests/ops/gather_cases.hpp; seeds 1-17 here, 18-33 in
// scatter_random_part2_test.cpp, 34-66 in scatter_random_more_test.cpp): operand ranks
// 1-4, every index_vector_dim position, inserted window dimensions, window sizes from 1 to
// the whole dimension, a third with input batching dimensions, index types s32/s64/u8/u32
// holding in-range, repeated, negative, too large and huge values (their windows skipped),
// f32/f64/s32 elements in every layout; computations add_op, sub_op, max_op and lambdas,
// non-commutative ones among them (updates apply in scatter index order, each window in
// row-major order), evaluated by assignment and by x::eval; against the plain reference
// of tests/support/gather_reference.hpp, exactly. And StableHLO's worked example with
// batching dimensions, its numbers verbatim.
#define SXLA_ALLOW_HEAP 1
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "ops/gather_check.hpp"

namespace x = sxla;
namespace gk = sxla_test::gather_check;
namespace gr = sxla_test::gather;

namespace {

template <std::uint64_t First, std::size_t N>
void run() {
  gk::for_seeds<First>([](auto seed) { gk::check_scatter<decltype(seed)::value, 2>(); }, std::make_index_sequence<N>{});
}

}  // namespace

TEST_CASE("scatter: StableHLO's example with batching dimensions") {
  // input 2x3x4x2 holding 1..48, scatter_indices 2x2x3x2 (s64), updates 2x2x3x2x2 of ones,
  // update_window_dims [3, 4], inserted_window_dims [1], input_batching_dims [0],
  // scatter_indices_batching_dims [1], scatter_dims_to_operand_dims [2, 1],
  // index_vector_dim 3, add. The index [0, 9] is out of range: its window is skipped.
  std::vector<std::int64_t> input_values(48), index_values = {0, 0, 1, 0, 2, 1, 0, 1, 1, 1, 0, 9,
                                                               0, 0, 2, 1, 2, 2, 1, 2, 0, 1, 1, 0};
  for (std::size_t i = 0; i < 48; ++i) input_values[i] = static_cast<std::int64_t>(i + 1);
  const std::vector<std::int64_t> update_values(48, 1);
  x::tensor<"s64[2,3,4,2]"> input;
  x::tensor<"s64[2,2,3,2]"> indices;
  x::tensor<"s64[2,2,3,2,2]"> updates;
  gk::write(input, input_values);
  gk::write(indices, index_values);
  gk::write(updates, update_values);
  constexpr x::scatter_dims dims = [] {
    x::scatter_dims d{};
    d.update_window_dims = x::idx{3, 4};
    d.inserted_window_dims = x::idx{1};
    d.scatter_dims_to_operand_dims = x::idx{2, 1};
    d.index_vector_dim = 3;
    d.input_batching_dims = x::idx{0};
    d.scatter_indices_batching_dims = x::idx{1};
    return d;
  }();
  x::tensor<"s64[2,3,4,2]"> result = x::scatter<dims>(input, indices, updates, x::add_op);
  const std::vector<std::int64_t> want = {3,  4,  6,  7,  6,  7,  7,  8,  9,  10, 11, 12, 15, 16, 17, 18,
                                          17, 18, 19, 20, 22, 23, 24, 25, 25, 26, 28, 29, 30, 31, 31, 32,
                                          35, 36, 38, 39, 38, 39, 39, 40, 41, 42, 44, 45, 46, 47, 47, 48};
  CHECK(gk::read(result) == want);
  // The reference agrees.
  const gr::scatter_config cfg{{2, 3, 4, 2}, {2, 2, 3, 2}, {2, 2, 3, 2, 2}, {3, 4}, {1}, {2, 1}, {0}, {1}, 3};
  CHECK(gr::validate(cfg).empty());
  CHECK(gr::scatter(cfg, input_values, index_values, update_values,
                    [](std::int64_t a, std::int64_t b) { return a + b; }) == want);
}

TEST_CASE("scatter: random configurations, seeds 1-17") { run<1, 17>(); }
