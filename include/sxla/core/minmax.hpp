// sxla/core/minmax.hpp: max_of and min_of, the larger and the smaller of values of one
// type (std::max and std::min, constexpr, without <algorithm>'s ranges machinery, which
// a user's translation unit would parse for two comparisons).
#ifndef SXLA_CORE_MINMAX_HPP
#define SXLA_CORE_MINMAX_HPP

#include <type_traits>

namespace sxla::detail {

// The largest of the values (the first of equal ones, as std::max).
template <class T, class... U>
  requires(std::is_same_v<T, U> && ...)
constexpr T max_of(T first, U... rest) noexcept {
  T m = first;
  ((m = m < rest ? rest : m), ...);
  return m;
}

// The smallest of the values (the first of equal ones, as std::min).
template <class T, class... U>
  requires(std::is_same_v<T, U> && ...)
constexpr T min_of(T first, U... rest) noexcept {
  T m = first;
  ((m = rest < m ? rest : m), ...);
  return m;
}

}  // namespace sxla::detail

#endif  // SXLA_CORE_MINMAX_HPP
