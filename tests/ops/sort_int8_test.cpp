// x::sort of s8 and u8, lengths 17, 64 and 1000.
// Each row set is checked against std::stable_sort over XLA's orders written in
// sort_check.hpp, with every built-in comparator, as one operand (the node) and with the
// positions carried along (sort_into: stability); rows are random (full-range bits, the
// type's extremes and specials, many ties), all-equal, ascending and descending.
#include "ops/sort_check.hpp"

TEST_CASE("sort: s8 and u8") {
  sort_check::check_lines<std::int8_t, 17>(51);
  sort_check::check_lines<std::int8_t, 1000>(52);
  sort_check::check_lines<std::uint8_t, 64>(53);
  sort_check::check_lines<std::uint8_t, 1000>(54);
}
