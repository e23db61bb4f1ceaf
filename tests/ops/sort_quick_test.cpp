// x::sort rows long enough for the vectorised quicksort (kernels/quick_sort.hpp; the
// kernel alone: sort_quick_kernel_test.cpp; s32, u32, f64, s64: sort_quick_types_test.cpp),
// checked against std::sort over the values (sort_check.hpp's orders): f32 rows without
// NaN or -0 (keys alone, values written by the networks), the same with one -0 or NaN
// (the radix sort with positions instead), strided and contiguous operands and
// destinations, and a row sorted in place.
#define SXLA_ALLOW_HEAP 1  // the 5001-element rows need more scratch than the stack allowance
#include "ops/sort_quick_check.hpp"

namespace x = sxla;

TEST_CASE("sort: long f32 rows through the quicksort, and with a -0 or NaN through the radix sort") {
  using sort_quick_check::check_rows;
  std::mt19937_64 rng(13);
  std::vector<float> plain(2 * 5001);
  for (auto& f : plain) f = static_cast<float>(static_cast<int>(rng() % 2001) - 1000) * 0.25f;
  check_rows<float, 300>(plain, "plain");
  check_rows<float, 5001>(plain, "plain");
  // Row 0 gains a -0 and row 1 a NaN (the keys would lose them: positions are sorted).
  std::vector<float> special = plain;
  special[77] = -0.0f;
  special[300 + 77] = std::numeric_limits<float>::quiet_NaN();
  special[5001 + 77] = std::numeric_limits<float>::quiet_NaN();
  check_rows<float, 300>(special, "with -0 or NaN");
  check_rows<float, 5001>(special, "with -0 or NaN");
}

TEST_CASE("sort: the quicksort with strided lines and in place") {
  constexpr x::index_t n = 700;
  std::mt19937_64 rng(15);
  x::tensor<"f32[700,3]"> rm, rm_sorted;            // lines along 0 have stride 3
  x::tensor<"f32[700,3]{0,1}"> cm, cm_sorted;       // lines along 0 are contiguous
  x::tensor<"f32[700]"> row, back;
  std::vector<std::vector<float>> want(3);
  for (x::index_t i = 0; i < n; ++i)
    for (x::index_t j = 0; j < 3; ++j) {
      const float f = static_cast<float>(static_cast<int>(rng() % 301) - 150);
      rm(i, j) = f;
      cm(i, j) = f;
      want[static_cast<std::size_t>(j)].push_back(f);
      if (j == 1) row(i) = f;
    }
  for (auto& w : want) std::sort(w.begin(), w.end());
  auto check = [&](const auto& t, const char* what) {
    std::size_t wrong = 0;
    for (x::index_t i = 0; i < n; ++i)
      for (x::index_t j = 0; j < 3; ++j)
        wrong += t(i, j) == want[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)] ? 0 : 1;
    INFO(what);
    CHECK(wrong == 0);
  };
  rm_sorted = x::sort<0>(rm);  // strided operand, strided destination
  check(rm_sorted, "strided to strided");
  cm_sorted = x::sort<0>(rm);  // strided operand, contiguous destination (the sink)
  check(cm_sorted, "strided to contiguous");
  rm_sorted = x::sort<0>(cm);  // contiguous operand (vector keys), strided destination
  check(rm_sorted, "contiguous to strided");
  cm_sorted = x::sort<0>(cm);
  check(cm_sorted, "contiguous to contiguous");
  x::sort_into(std::tie(row), row);  // in place
  for (x::index_t i = 0; i < n; ++i) CHECK_EQ(row(i), want[1][static_cast<std::size_t>(i)]);
  back = x::sort(row, x::gt_op);
  for (x::index_t i = 0; i < n; ++i) CHECK_EQ(back(i), want[1][static_cast<std::size_t>(n - 1 - i)]);
}
