// x::sort of f32, lengths 17, 64 (the network's longest), 65 and 1000 (the radix sort with
// 8-bit digits) and 2^20 (11-bit digits).
// Each row set is checked against std::stable_sort over XLA's orders written in
// sort_check.hpp, with every built-in comparator, as one operand (the node) and with the
// positions carried along (sort_into: stability); rows are random (full-range bits, the
// type's extremes and specials, many ties), all-equal, ascending and descending.
#define SXLA_ALLOW_HEAP 1  // the 2^20-element sorts take more than the stack allowance
#include "ops/sort_check.hpp"

TEST_CASE("sort: f32, lengths 17 to 1000") {
  sort_check::check_lines<float, 17>(6);
  sort_check::check_lines<float, 64>(7);
  sort_check::check_lines<float, 65>(8);
  sort_check::check_lines<float, 1000>(9);
}

// One random row and two comparators: the same paths as above with 11-bit digits, quick
// enough under -O0 with sanitizers.
TEST_CASE("sort: 2^20 f32") { sort_check::check_lines<float, 1 << 20, 1, false>(15); }
