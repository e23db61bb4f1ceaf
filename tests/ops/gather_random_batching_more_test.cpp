// gather on random configurations with operand batching dimensions, seeds 1031-1060 (the
// first thirty and StableHLO's worked example: gather_random_batching_test.cpp; split for
// compile time).
#define SXLA_ALLOW_HEAP 1
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include "ops/gather_check.hpp"

namespace gk = sxla_test::gather_check;

TEST_CASE("gather: random configurations with batching dimensions, seeds 1031-1060") { gk::check_gathers<1031, 30, 1>(); }
