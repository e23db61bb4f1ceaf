// x::sort of the 8- and 16-bit types (f16 and bf16 with NaNs of both signs, signed zeros
// and infinities; s8, u8, s16, u16) and pred with every built-in comparator against
// std::stable_sort (sort_check.hpp), lengths 2, 17, 64 and 1000.
#include "ops/sort_check.hpp"

TEST_CASE("sort: f16 and bf16") {
  sort_check::check_lines<sxla::f16, 17>(41);
  sort_check::check_lines<sxla::f16, 1000>(42);
  sort_check::check_lines<sxla::bf16, 64>(43);
  sort_check::check_lines<sxla::bf16, 1000>(44);
}

TEST_CASE("sort: s8, u8, s16, u16 and pred") {
  sort_check::check_lines<std::int8_t, 17>(51);
  sort_check::check_lines<std::int8_t, 1000>(52);
  sort_check::check_lines<std::uint8_t, 64>(53);
  sort_check::check_lines<std::uint8_t, 1000>(54);
  sort_check::check_lines<std::int16_t, 2>(55);
  sort_check::check_lines<std::int16_t, 1000>(56);
  sort_check::check_lines<std::uint16_t, 1000>(57);
  sort_check::check_lines<bool, 17>(58);
  sort_check::check_lines<bool, 1000>(59);
}
