// x::sort of f32, lengths 0, 1, 2, 15 and 16 (the insertion and network paths and their
// edges), with NaNs of both signs and payloads, signed zeros and infinities.
// Each row set is checked against std::stable_sort over XLA's orders written in
// sort_check.hpp, with every built-in comparator, as one operand (the node) and with the
// positions carried along (sort_into: stability); rows are random (full-range bits, the
// type's extremes and specials, many ties), all-equal, ascending and descending.
#include "ops/sort_check.hpp"

TEST_CASE("sort: f32, lengths 0 to 16") {
  sort_check::check_lines<float, 0>(1);
  sort_check::check_lines<float, 1>(2);
  sort_check::check_lines<float, 2>(3);
  sort_check::check_lines<float, 15>(4);
  sort_check::check_lines<float, 16>(5);
}
