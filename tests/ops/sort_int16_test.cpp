// x::sort of s16, u16 and pred, lengths 2, 17 and 1000.
// Each row set is checked against std::stable_sort over XLA's orders written in
// sort_check.hpp, with every built-in comparator, as one operand (the node) and with the
// positions carried along (sort_into: stability); rows are random (full-range bits, the
// type's extremes and specials, many ties), all-equal, ascending and descending.
#include "ops/sort_check.hpp"

TEST_CASE("sort: s16, u16 and pred") {
  sort_check::check_lines<std::int16_t, 2>(55);
  sort_check::check_lines<std::int16_t, 1000>(56);
  sort_check::check_lines<std::uint16_t, 1000>(57);
  sort_check::check_lines<bool, 17>(58);
  sort_check::check_lines<bool, 1000>(59);
}
