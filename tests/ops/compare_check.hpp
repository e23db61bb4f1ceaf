// tests/ops/compare_check.hpp: the comparison checks shared by compare_test.cpp,
// compare_narrow_test.cpp and compare_integer_test.cpp (split by element type to keep
// each translation unit's compile time down): each direction of x::compare's spellings
// against the C++ operator on the element type, on random operands in every layout.
#ifndef SXLA_TESTS_OPS_COMPARE_CHECK_HPP
#define SXLA_TESTS_OPS_COMPARE_CHECK_HPP

#include "support/elementwise_check.hpp"

namespace sxla_test::compare {

// eq, ne, lt, le, gt and ge on T.
template <class T>
void check_every_direction() {
  namespace x = sxla;
  check_binary<T, 0>(x::eq, [](T a, T b) { return a == b; }, "eq");
  check_binary<T, 1>(x::ne, [](T a, T b) { return a != b; }, "ne");
  check_binary<T, 2>(x::lt, [](T a, T b) { return a < b; }, "lt");
  check_binary<T, 3>(x::le, [](T a, T b) { return a <= b; }, "le");
  check_binary<T, 0>(x::gt, [](T a, T b) { return a > b; }, "gt");
  check_binary<T, 1>(x::ge, [](T a, T b) { return a >= b; }, "ge");
}

// eq and lt on T (the element types that share their code with a type tested in full).
template <class T>
void check_eq_lt() {
  namespace x = sxla;
  check_binary<T, 2>(x::eq, [](T a, T b) { return a == b; }, "eq");
  check_binary<T, 3>(x::lt, [](T a, T b) { return a < b; }, "lt");
}

}  // namespace sxla_test::compare

#endif  // SXLA_TESTS_OPS_COMPARE_CHECK_HPP
