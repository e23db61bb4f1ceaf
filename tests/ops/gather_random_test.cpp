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

TEST_CASE("gather: random configurations without batching dimensions, seeds 1-30") { gk::check_gathers<1, 30, 0>(); }
TEST_CASE("gather: random configurations without batching dimensions, seeds 31-60") { gk::check_gathers<31, 30, 0>(); }
