// x::sort of s32 and u32, lengths 17, 64, 1000 and 2^20 (11-bit digits on signed keys).
// Each row set is checked against std::stable_sort over XLA's orders written in
// sort_check.hpp, with every built-in comparator, as one operand (the node) and with the
// positions carried along (sort_into: stability); rows are random (full-range bits, the
// type's extremes and specials, many ties), all-equal, ascending and descending.
#define SXLA_ALLOW_HEAP 1  // the 2^20-element sorts take more than the stack allowance
#include "ops/sort_check.hpp"

TEST_CASE("sort: s32 and u32") {
  sort_check::check_lines<std::int32_t, 64>(32);
  sort_check::check_lines<std::int32_t, 1000>(33);
  sort_check::check_lines<std::uint32_t, 17>(34);
  sort_check::check_lines<std::uint32_t, 1000>(35);
  sort_check::check_lines<std::int32_t, 1 << 20, 1, false>(36);
}
