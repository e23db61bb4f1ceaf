// scatter of one operand on random configurations that all have input batching
// dimensions (tests/ops/gather_cases.hpp), against the plain reference of
// tests/support/gather_reference.hpp, exactly.
#define SXLA_ALLOW_HEAP 1
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <utility>

#include "ops/gather_check.hpp"

namespace gk = sxla_test::gather_check;

namespace {

template <std::uint64_t First, std::size_t N>
void run_batching() {
  gk::for_seeds<First>([](auto seed) { gk::check_scatter<decltype(seed)::value, 1>(); }, std::make_index_sequence<N>{});
}

}  // namespace

TEST_CASE("scatter: random configurations with batching dimensions, seeds 3001-3014") { run_batching<3001, 14>(); }
TEST_CASE("scatter: random configurations with batching dimensions, seeds 3015-3028") { run_batching<3015, 14>(); }
