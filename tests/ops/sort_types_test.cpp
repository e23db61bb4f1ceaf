// x::sort of the integer types and f64 with every built-in comparator against
// std::stable_sort (sort_check.hpp): lengths 1, 17, 64 and 1000 (insertion, network,
// radix), 2^20 for s32 (11-bit digits on signed keys); random rows mix full-range bit
// patterns, the type's extremes and many ties.
#define SXLA_ALLOW_HEAP 1  // the 2^20-element sort takes more than the stack allowance
#include "ops/sort_check.hpp"

TEST_CASE("sort: f64, s64 and u64 (64-bit keys)") {
  sort_check::check_lines<double, 2>(21);
  sort_check::check_lines<double, 17>(22);
  sort_check::check_lines<double, 64>(23);
  sort_check::check_lines<double, 1000>(24);
  sort_check::check_lines<std::int64_t, 17>(25);
  sort_check::check_lines<std::int64_t, 1000>(26);
  sort_check::check_lines<std::uint64_t, 64>(27);
  sort_check::check_lines<std::uint64_t, 1000>(28);
}

TEST_CASE("sort: s32 and u32") {
  sort_check::check_lines<std::int32_t, 1>(31);
  sort_check::check_lines<std::int32_t, 64>(32);
  sort_check::check_lines<std::int32_t, 1000>(33);
  sort_check::check_lines<std::uint32_t, 17>(34);
  sort_check::check_lines<std::uint32_t, 1000>(35);
  sort_check::check_lines<std::int32_t, 1 << 20>(36);
}
