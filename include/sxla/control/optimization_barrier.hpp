// sxla/control/optimization_barrier.hpp: OptimizationBarrier(values...): every operand
// is evaluated into storage here, before anything that uses the result runs, and
// returned as a value (control/value.hpp): a lazy expression is computed once, and no
// expression built on the result fuses with the work before the barrier. One operand
// gives its value; several a std::tuple of them.
#ifndef SXLA_CONTROL_OPTIMIZATION_BARRIER_HPP
#define SXLA_CONTROL_OPTIMIZATION_BARRIER_HPP

#include <tuple>
#include <type_traits>

#include "sxla/control/value.hpp"     // value_like, value_t, to_value
#include "sxla/core/diagnostics.hpp"  // SXLA_DIAGNOSE, detail::nth_type, detail::first_index

namespace sxla {

namespace hlo {
struct optimization_barrier;
}  // namespace hlo

template <class... V>
constexpr auto optimization_barrier(V&&... values) {
  if constexpr (sizeof...(V) == 0) {
    SXLA_DIAGNOSE(hlo::optimization_barrier, "no operand ({}): give at least one value", (std::tuple<V...>), ());
    return std::tuple<>{};
  } else if constexpr (!(value_like<V> && ...)) {
    constexpr std::size_t i = detail::first_index({!value_like<V>...});
    using bad = std::remove_cvref_t<typename detail::nth_type<i, V...>::type>;
    SXLA_DIAGNOSE(hlo::optimization_barrier, "{} is not an XLA value (operand {})", (bad), (i));
    return std::tuple<>{};
  } else if constexpr (sizeof...(V) == 1) {
    return to_value(static_cast<V&&>(values)...);
  } else {
    return std::tuple<value_t<V>...>(to_value(static_cast<V&&>(values))...);
  }
}

}  // namespace sxla

#endif  // SXLA_CONTROL_OPTIMIZATION_BARRIER_HPP
