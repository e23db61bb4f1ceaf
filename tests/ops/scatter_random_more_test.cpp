// More of scatter_random_test.cpp's random configurations (seeds 34-66), in a translation
// unit of their own to keep compile times short: one operand, ranks 1-4, every
// index_vector_dim position, a third with input batching dimensions, every index type,
// layout and computation of tests/ops/gather_cases.hpp, against the plain reference of
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
void run() {
  gk::for_seeds<First>([](auto seed) { gk::check_scatter<decltype(seed)::value, 2>(); }, std::make_index_sequence<N>{});
}

}  // namespace

TEST_CASE("scatter: random configurations, seeds 34-50") { run<34, 17>(); }
TEST_CASE("scatter: random configurations, seeds 51-66") { run<51, 16>(); }
