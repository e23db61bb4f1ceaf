// x::sort of s32, u32, f64 and s64 rows long enough for the vectorised quicksort (32- and
// 64-bit keys, signed and unsigned, a float with its flip), checked as in
// sort_quick_test.cpp.
#include "ops/sort_quick_check.hpp"

TEST_CASE("sort: long integer and f64 rows through the quicksort") {
  using sort_quick_check::check_rows;
  std::mt19937_64 rng(14);
  auto rows = [&](auto make) {
    std::vector<decltype(make())> v(2 * 1000);
    for (auto& e : v) e = make();
    return v;
  };
  check_rows<std::int32_t, 1000>(rows([&] { return static_cast<std::int32_t>(rng()); }), "s32");
  check_rows<std::uint32_t, 1000>(rows([&] { return static_cast<std::uint32_t>(rng() % 50); }), "u32");
  check_rows<double, 1000>(rows([&] { return static_cast<double>(static_cast<std::int64_t>(rng() % 4001) - 2000) / 8; }),
                           "f64");
  check_rows<std::int64_t, 1000>(rows([&] { return static_cast<std::int64_t>(rng()); }), "s64");
}

