// x::sort of f16 and bf16, with NaNs of both signs and payloads, signed zeros and
// infinities, lengths 17, 64 and 1000.
// Each row set is checked against std::stable_sort over XLA's orders written in
// sort_check.hpp, with every built-in comparator, as one operand (the node) and with the
// positions carried along (sort_into: stability); rows are random (full-range bits, the
// type's extremes and specials, many ties), all-equal, ascending and descending.
#include "ops/sort_check.hpp"

TEST_CASE("sort: f16 and bf16") {
  sort_check::check_lines<sxla::f16, 17>(41);
  sort_check::check_lines<sxla::f16, 1000>(42);
  sort_check::check_lines<sxla::bf16, 64>(43);
  sort_check::check_lines<sxla::bf16, 1000>(44);
}
