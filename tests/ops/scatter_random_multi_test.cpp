// scatter of two operands (a, b, indices, update_a, update_b, f), f(a, b, ua, ub)
// returning std::tuple, the operands of different element types and layouts, on random
// configurations (tests/ops/gather_cases.hpp: a third with input batching dimensions),
// against the plain reference of tests/support/gather_reference.hpp, exactly.
#define SXLA_ALLOW_HEAP 1
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <utility>

#include "ops/gather_check.hpp"

namespace gk = sxla_test::gather_check;

namespace {

template <std::uint64_t First, std::size_t N>
void run_two() {
  gk::for_seeds<First>([](auto seed) { gk::check_scatter2<decltype(seed)::value, 2>(); }, std::make_index_sequence<N>{});
}

}  // namespace

TEST_CASE("scatter of two operands: random configurations, seeds 2001-2013") { run_two<2001, 13>(); }
TEST_CASE("scatter of two operands: random configurations, seeds 2014-2026") { run_two<2014, 13>(); }
