// x::sort of f64 (64-bit keys: the network on keys alone, the radix sort with positions
// beside the keys), lengths 2, 17, 64 and 1000.
// Each row set is checked against std::stable_sort over XLA's orders written in
// sort_check.hpp, with every built-in comparator, as one operand (the node) and with the
// positions carried along (sort_into: stability); rows are random (full-range bits, the
// type's extremes and specials, many ties), all-equal, ascending and descending.
#include "ops/sort_check.hpp"

TEST_CASE("sort: f64") {
  sort_check::check_lines<double, 2>(21);
  sort_check::check_lines<double, 17>(22);
  sort_check::check_lines<double, 64>(23);
  sort_check::check_lines<double, 1000>(24);
}
