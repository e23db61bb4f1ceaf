// gather on random configurations with operand batching dimensions, seeds 1031-1060 (the
// first thirty and StableHLO's worked example: gather_random_batching_test.cpp; split for
// compile time).
#define SXLA_ALLOW_HEAP 1
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <utility>

#include "ops/gather_check.hpp"

namespace x = sxla;
namespace gk = sxla_test::gather_check;
namespace gr = sxla_test::gather;

namespace {

template <std::uint64_t First, std::size_t N>
void run() {
  gk::for_seeds<First>([](auto seed) { gk::check_gather<decltype(seed)::value, 1>(); }, std::make_index_sequence<N>{});
}

}  // namespace

TEST_CASE("gather: random configurations with batching dimensions, seeds 1031-1060") { run<1031, 30>(); }
