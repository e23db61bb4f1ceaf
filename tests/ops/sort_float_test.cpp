// x::sort of f32 with every built-in comparator against std::stable_sort over XLA's
// orders written in sort_check.hpp: lengths 0, 1, 2, 15, 16, 17, 64, 65, 1000 and 2^20
// (the insertion, network and radix paths on each side of their limits, and the 11-bit
// digits), random, all-equal, ascending and descending rows with NaNs of both signs and
// payloads, signed zeros, infinities and many ties; the positions carried along check
// stability.
#define SXLA_ALLOW_HEAP 1  // the 2^20-element sorts take more than the stack allowance
#include "ops/sort_check.hpp"

TEST_CASE("sort: f32 against std::stable_sort, lengths 0 to 1000") {
  sort_check::check_lines<float, 0>(1);
  sort_check::check_lines<float, 1>(2);
  sort_check::check_lines<float, 2>(3);
  sort_check::check_lines<float, 15>(4);
  sort_check::check_lines<float, 16>(5);
  sort_check::check_lines<float, 17>(6);
  sort_check::check_lines<float, 64>(7);
  sort_check::check_lines<float, 65>(8);
  sort_check::check_lines<float, 1000>(9);
}

TEST_CASE("sort: 2^20 f32") { sort_check::check_lines<float, 1 << 20>(15); }
