// gather on random configurations with operand batching dimensions (one or two, mapped
// from index dimensions in any order; tests/ops/gather_cases.hpp), else as
// gather_random_test.cpp; and StableHLO's worked example with batching dimensions, its
// numbers verbatim.
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

TEST_CASE("gather: StableHLO's example with batching dimensions") {
  // operand 2x3x4x2 holding 1..48, start_indices 2x2x3x2 (s64), offset_dims [3, 4],
  // collapsed_slice_dims [1], operand_batching_dims [0], start_indices_batching_dims [1],
  // start_index_map [2, 1], index_vector_dim 3, slice_sizes [1, 1, 2, 2]. The index
  // [0, 9] clamps to [0, 2] (dimension 1: 3 - 1).
  std::vector<std::int64_t> operand_values(48), index_values = {0, 0, 1, 0, 2, 1, 0, 1, 1, 1, 0, 9,
                                                                 0, 0, 2, 1, 2, 2, 1, 2, 0, 1, 1, 0};
  for (std::size_t i = 0; i < 48; ++i) operand_values[i] = static_cast<std::int64_t>(i + 1);
  x::tensor<"s64[2,3,4,2]"> operand;
  x::tensor<"s64[2,2,3,2]"> indices;
  gk::write(operand, operand_values);
  gk::write(indices, index_values);
  constexpr x::gather_dims dims = [] {
    x::gather_dims d{};
    d.offset_dims = x::idx{3, 4};
    d.collapsed_slice_dims = x::idx{1};
    d.start_index_map = x::idx{2, 1};
    d.index_vector_dim = 3;
    d.operand_batching_dims = x::idx{0};
    d.start_indices_batching_dims = x::idx{1};
    return d;
  }();
  x::tensor<"s64[2,2,3,2,2]"> result = x::gather<dims, x::idx{1, 1, 2, 2}>(operand, indices);
  const std::vector<std::int64_t> want = {1,  2,  3,  4,  3,  4,  5,  6,  13, 14, 15, 16, 33, 34, 35, 36,
                                          35, 36, 37, 38, 41, 42, 43, 44, 1,  2,  3,  4,  13, 14, 15, 16,
                                          21, 22, 23, 24, 43, 44, 45, 46, 33, 34, 35, 36, 27, 28, 29, 30};
  CHECK(gk::read(result) == want);
  // The reference agrees.
  const gr::gather_config cfg{{2, 3, 4, 2}, {2, 2, 3, 2}, {1, 1, 2, 2}, {3, 4}, {1}, {2, 1}, {0}, {1}, 3};
  CHECK(gr::validate(cfg).empty());
  CHECK(gr::gather(cfg, operand_values, index_values) == want);
}

TEST_CASE("gather: random configurations with batching dimensions, seeds 1001-1030") { gk::check_gathers<1001, 30, 1>(); }
