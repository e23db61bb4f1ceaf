// sxla/control/call.hpp: Call(computation, args...): the computation, any C++ callable,
// run on the arguments, and its result as an XLA value (control/value.hpp: a returned
// lazy expression is evaluated, a number becomes a rank-0 tensor). A callable that does
// not accept the arguments, or returns no value (void, a pointer, ...), is a compile
// error naming the argument or result types.
#ifndef SXLA_CONTROL_CALL_HPP
#define SXLA_CONTROL_CALL_HPP

#include <tuple>
#include <type_traits>

#include "sxla/control/value.hpp"     // value_like, value_t, to_value
#include "sxla/core/diagnostics.hpp"  // SXLA_DIAGNOSE
#include "sxla/core/invoke.hpp"       // detail::invoke

namespace sxla {

namespace hlo {
struct call;
}  // namespace hlo

namespace detail {
// The checks Call makes, shared with Conditional and While: F callable with A...,
// returning something that converts to a value.
template <class F, class... A>
consteval bool computation_ok() {
  if constexpr (!std::is_invocable_v<F, A...>) {
    return false;
  } else {
    return value_like<std::invoke_result_t<F, A...>>;
  }
}

// The compile error when they fail (Op names the op). Called, not constant-evaluated,
// in the failing branch: g++ would add a second error for a diagnostic evaluated.
template <class Op, class F, class... A>
constexpr void report_computation() {
  if constexpr (!std::is_invocable_v<F, A...>) {
    SXLA_DIAGNOSE(Op, "the computation does not accept arguments of types {}",
                  (std::tuple<std::remove_cvref_t<A>...>), ());
  } else {
    SXLA_DIAGNOSE(Op, "the computation returns {}, which is not an XLA value (a tensor, a tuple or a token)",
                  (std::invoke_result_t<F, A...>), ());
  }
}

// The value a computation F returns for arguments A....
template <class F, class... A>
using computation_value_t = value_t<std::invoke_result_t<F, A...>>;
}  // namespace detail

// Call(computation, args...): computation(args...) as a value. Usable in constant
// expressions when the computation is.
template <class F, class... A>
constexpr auto call(F&& computation, A&&... args) {
  if constexpr (!detail::computation_ok<F, A...>()) {
    detail::report_computation<hlo::call, F, A...>();
    return std::tuple<>{};
  } else {
    return to_value(detail::invoke(static_cast<F&&>(computation), static_cast<A&&>(args)...));
  }
}

}  // namespace sxla

#endif  // SXLA_CONTROL_CALL_HPP
