// What the cheat-sheet tests (cheatsheet_*test.cpp) share: near(), whether a tensor holds
// given values (row-major) within a relative tolerance, and the float constants inf and
// qnan.
#ifndef SXLA_TESTS_DOCS_CHEATSHEET_CHECK_HPP
#define SXLA_TESTS_DOCS_CHEATSHEET_CHECK_HPP

#include <doctest/doctest.h>

#include <sxla/sxla.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <limits>

namespace cheatsheet {

namespace x = sxla;

inline constexpr float inf = std::numeric_limits<float>::infinity();
inline constexpr float qnan = std::numeric_limits<float>::quiet_NaN();

// Whether tensor t holds `want` (row-major), each value within a relative tolerance (the
// transcendental functions are within 3 ulps; an FFT within a few).
template <class A>
bool near(const A& t, std::initializer_list<double> want, double tol = 1e-6) {
  using S = typename A::shape_type;
  if (want.size() != static_cast<std::size_t>(S::element_count)) return false;
  const double* w = want.begin();
  bool ok = true;
  x::for_each_index<S>([&](const auto& i) {
    const double got = static_cast<double>(t[i]);
    if (!(std::abs(got - *w) <= tol * std::max(1.0, std::abs(*w)))) {
      MESSAGE("got " << got << ", want " << *w);
      ok = false;
    }
    ++w;
  });
  return ok;
}

}  // namespace cheatsheet

#endif  // SXLA_TESTS_DOCS_CHEATSHEET_CHECK_HPP
