// x::sort rows long enough for the vectorised quicksort (kernels/quick_sort.hpp; the
// kernel alone: sort_quick_kernel_test.cpp), checked against std::sort over the values
// (sort_check.hpp's orders): f32 rows without NaN or -0 (keys alone, values written by
// the sink), the same with one -0 or NaN (the radix sort with positions instead), s32,
// u32, f64 and s64, strided and contiguous operands and destinations, and a row sorted
// in place.
#define SXLA_ALLOW_HEAP 1  // the 5001-element rows need more scratch than the stack allowance
#include "ops/sort_check.hpp"

namespace x = sxla;

namespace {

// Rows of T of length N from values(i), sorted by x::sort with lt_op and gt_op, against
// std::sort over sort_check's value order; bits compared.
template <class T, x::index_t N, class Values>
void check_rows(const Values& values, const char* what) {
  constexpr x::shape_spec vs = x::shape_spec(x::primitive_type_of<T>, {2, N});
  auto v = std::make_unique<x::tensor<vs>>(), s = std::make_unique<x::tensor<vs>>();
  std::vector<T> line[2];
  for (x::index_t r = 0; r < 2; ++r)
    for (x::index_t i = 0; i < N; ++i) {
      const T t = values(r, i);
      (*v)(r, i) = t;
      line[r].push_back(t);
    }
  auto check = [&](auto comparator, auto less, const char* name) {
    *s = x::sort(*v, comparator);
    for (x::index_t r = 0; r < 2; ++r) {
      std::vector<T> want = line[r];
      std::stable_sort(want.begin(), want.end(), less);
      std::size_t wrong = 0;
      for (x::index_t i = 0; i < N; ++i) wrong += sort_check::same_bits((*s)(r, i), want[i]) ? 0 : 1;
      INFO(what, " ", name, " row ", r, " n ", N);
      CHECK(wrong == 0);
    }
  };
  check(x::lt_op, [](T a, T b) { return sort_check::value_less(a, b); }, "lt_op");
  check(x::gt_op, [](T a, T b) { return sort_check::value_less(b, a); }, "gt_op");
}

}  // namespace

TEST_CASE("sort: long f32 rows through the quicksort, and with a -0 or NaN through the radix sort") {
  std::mt19937_64 rng(13);
  std::vector<float> pool(4 * 5001);
  for (auto& f : pool) f = static_cast<float>(static_cast<int>(rng() % 2001) - 1000) * 0.25f;
  auto plain = [&](x::index_t r, x::index_t i) { return pool[static_cast<std::size_t>(r * 5001 + i)]; };
  check_rows<float, 300>(plain, "plain");
  check_rows<float, 5001>(plain, "plain");
  // Row 0 gains a -0 and row 1 a NaN (the keys would lose them: positions are sorted).
  auto special = [&](x::index_t r, x::index_t i) {
    if (i == 77) return r == 0 ? -0.0f : std::numeric_limits<float>::quiet_NaN();
    return plain(r, i);
  };
  check_rows<float, 300>(special, "with -0 or NaN");
  check_rows<float, 5001>(special, "with -0 or NaN");
}

TEST_CASE("sort: long integer and f64 rows through the quicksort") {
  std::mt19937_64 rng(14);
  check_rows<std::int32_t, 1000>([&](x::index_t, x::index_t) { return static_cast<std::int32_t>(rng()); }, "s32");
  check_rows<std::uint32_t, 1000>([&](x::index_t, x::index_t) { return static_cast<std::uint32_t>(rng() % 50); },
                                  "u32");
  check_rows<double, 1000>(
      [&](x::index_t, x::index_t) { return static_cast<double>(static_cast<std::int64_t>(rng() % 4001) - 2000) / 8; },
      "f64");
  check_rows<std::int64_t, 1000>([&](x::index_t, x::index_t) { return static_cast<std::int64_t>(rng()); }, "s64");
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
