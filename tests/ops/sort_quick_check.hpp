// Shared by sort_quick_test.cpp and sort_quick_types_test.cpp: check_rows sorts two
// rows with lt_op and gt_op and compares them with std::stable_sort over sort_check's
// value order.
#ifndef SXLA_TESTS_OPS_SORT_QUICK_CHECK_HPP
#define SXLA_TESTS_OPS_SORT_QUICK_CHECK_HPP

#include "ops/sort_check.hpp"

namespace sort_quick_check {

namespace x = sxla;

// Two rows of T of length N (values: row 0, then row 1), sorted by x::sort with lt_op and
// gt_op, against std::stable_sort over sort_check's value order; bits compared.
template <class T, x::index_t N>
void check_rows(const std::vector<T>& values, const char* what) {
  constexpr x::shape_spec vs = x::shape_spec(x::primitive_type_of<T>, {2, N});
  auto v = std::make_unique<x::tensor<vs>>(), s = std::make_unique<x::tensor<vs>>();
  std::vector<T> line[2];
  for (x::index_t r = 0; r < 2; ++r)
    for (x::index_t i = 0; i < N; ++i) {
      const T t = values[static_cast<std::size_t>(r * N + i)];
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

}  // namespace sort_quick_check


#endif  // SXLA_TESTS_OPS_SORT_QUICK_CHECK_HPP
