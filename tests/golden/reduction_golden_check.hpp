// The checks shared by the golden tests of tests/golden/reduction_golden.txt
// (reduction_golden_test.cpp: batch norm; window_golden_test.cpp: ReduceWindow and
// SelectAndScatter): the NumPy values of a section, and every element within a tolerance.
#ifndef SXLA_TESTS_GOLDEN_REDUCTION_GOLDEN_CHECK_HPP
#define SXLA_TESTS_GOLDEN_REDUCTION_GOLDEN_CHECK_HPP

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstddef>
#include <sstream>
#include <string>
#include <vector>

#include "support/golden_file.hpp"

namespace reduction_golden {

namespace x = sxla;
namespace golden = sxla_test::golden;

inline const golden::sections& data() {
  static const golden::sections d = golden::read("reduction_golden.txt");
  return d;
}

inline const std::vector<double>& want(const std::string& name) {
  const auto it = data().find(name);
  REQUIRE_MESSAGE(it != data().end(), "no golden section " << name);
  return it->second;
}

template <class Tensor>
Tensor load(const std::string& name) {
  return golden::load<Tensor>(data(), name);
}

inline double max_abs(const std::vector<double>& v) {
  double m = 0;
  for (double e : v) m = std::fabs(e) > m ? std::fabs(e) : m;
  return m;
}

// Every element of got (any layout, logical row-major order) within tol(index) of
// the NumPy values; one CHECK, naming the count and the first element out of tolerance.
template <class Tensor, class Tol>
void check_close(const std::string& what, const Tensor& got, const std::vector<double>& values, Tol tol) {
  REQUIRE_EQ(static_cast<x::index_t>(values.size()), Tensor::element_count);
  std::size_t k = 0;
  int failures = 0;
  std::ostringstream first;
  x::for_each_index<typename Tensor::shape_type>([&](const auto& i) {
    const double g = static_cast<double>(got[i]);
    const double w = values[k];
    const double t = tol(i);
    if (!(std::fabs(g - w) <= t) && failures++ == 0)
      first << "element " << k << ": sxla " << g << ", NumPy " << w << ", |difference| " << std::fabs(g - w)
            << " > " << t;
    ++k;
  });
  CHECK_MESSAGE(failures == 0, what << ": " << failures << " of " << values.size() << " out of tolerance; "
                                    << first.str());
}

template <class Tensor>
void check_exact(const std::string& what, const Tensor& got, const std::vector<double>& values) {
  check_close(what, got, values, [](const auto&) { return 0.0; });
}

}  // namespace reduction_golden

#endif  // SXLA_TESTS_GOLDEN_REDUCTION_GOLDEN_CHECK_HPP
