// gather on random configurations drawn in constant evaluation from fixed seeds
// (tests/ops/gather_cases.hpp), without operand batching dimensions: operand ranks 1-4,
// every index_vector_dim position, collapsed dimensions, slice sizes from 1 to the whole
// dimension, index types s32/s64/u8/u32 holding in-range, repeated, negative, too large
// and huge values (clamped), operands row-major, column-major, permuted and tiled, against
// the plain reference of tests/support/gather_reference.hpp, exactly.
#define SXLA_ALLOW_HEAP 1
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <utility>

#include "ops/gather_check.hpp"

namespace gk = sxla_test::gather_check;

namespace {

template <std::uint64_t First, std::size_t N>
void run() {
  gk::for_seeds<First>([](auto seed) { gk::check_gather<decltype(seed)::value, 0>(); }, std::make_index_sequence<N>{});
}

}  // namespace

TEST_CASE("gather: random configurations without batching dimensions, seeds 1-30") { run<1, 30>(); }
TEST_CASE("gather: random configurations without batching dimensions, seeds 31-60") { run<31, 30>(); }
