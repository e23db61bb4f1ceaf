// sxla/control/conditional.hpp: Conditional, in the seed's two forms:
//   x::conditional(pred, true_operand, true_fn, false_operand, false_fn)
//   x::conditional(branch_index, std::tuple{f0, f1, f2}, std::tuple{o0, o1, o2})
// Only the chosen computation runs, on its operand; its result is returned as a value
// (control/value.hpp). pred is a bool or a pred[] array (a tensor, a view, or an
// expression, of which only the one element is computed); branch_index a C++ integer or
// an s32[] array, and an index below 0 or at least N runs the last computation, as XLA's
// default branch. Every computation must accept its operand and return the same value
// type: otherwise one compile error naming the types.
#ifndef SXLA_CONTROL_CONDITIONAL_HPP
#define SXLA_CONTROL_CONDITIONAL_HPP

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "sxla/control/call.hpp"      // computation_ok, report_computation, computation_value_t
#include "sxla/control/value.hpp"     // predicate, branch_index, scalar_of, to_value
#include "sxla/core/diagnostics.hpp"  // SXLA_DIAGNOSE, detail::first_index
#include "sxla/core/invoke.hpp"       // detail::invoke

namespace sxla {

namespace hlo {
struct conditional;
}  // namespace hlo

namespace detail {
// Runs branch `index` if it is one of I, ..., N - 2, and the last branch otherwise.
template <std::size_t I, class Fs, class Os>
constexpr auto run_branch(std::int64_t index, Fs&& fns, Os&& operands) {
  constexpr std::size_t n = std::tuple_size_v<std::remove_cvref_t<Fs>>;
  if constexpr (I + 1 < n) {
    if (index != static_cast<std::int64_t>(I))
      return run_branch<I + 1>(index, static_cast<Fs&&>(fns), static_cast<Os&&>(operands));
  }
  return to_value(detail::invoke(std::get<I>(static_cast<Fs&&>(fns)), std::get<I>(static_cast<Os&&>(operands))));
}

// Which branch is wrong: the first whose computation fails Call's checks (found) or
// whose value type is not branch 0's (bad_type), or none.
struct branch_problem {
  std::size_t index = 0;
  bool found = false;
  bool bad_type = false;
};
template <class Fs, class Os, std::size_t... I>
consteval branch_problem find_branch_problem(std::index_sequence<I...>) {
  constexpr bool fails[] = {!computation_ok<std::tuple_element_t<I, Fs>, std::tuple_element_t<I, Os>>()...};
  if constexpr ((fails[I] || ...)) {
    return {first_index(fails), true, false};
  } else {
    using first = computation_value_t<std::tuple_element_t<0, Fs>, std::tuple_element_t<0, Os>>;
    constexpr bool differs[] = {
        !std::is_same_v<computation_value_t<std::tuple_element_t<I, Fs>, std::tuple_element_t<I, Os>>, first>...};
    if constexpr ((differs[I] || ...)) {
      return {first_index(differs), true, true};
    } else {
      return {};
    }
  }
}

template <class Fs, class Os, branch_problem P>
constexpr void report_branch_problem() {
  using F = std::tuple_element_t<P.index, Fs>;
  using O = std::tuple_element_t<P.index, Os>;
  if constexpr (!P.bad_type) {
    report_computation<hlo::conditional, F, O>();
  } else {
    SXLA_DIAGNOSE(hlo::conditional, "branch 0 returns {} but another returns {} (branch {}): every branch must return the same type",
                  (computation_value_t<std::tuple_element_t<0, Fs>, std::tuple_element_t<0, Os>>,
                   computation_value_t<F, O>),
                  (P.index));
  }
}
}  // namespace detail

// Conditional(branch_index, branch_computations, branch_operands).
template <class I, class... F, class... O>
constexpr auto conditional(const I& branch_index, const std::tuple<F...>& branches, const std::tuple<O...>& operands) {
  using Fs = std::tuple<const F&...>;
  using Os = std::tuple<const O&...>;
  if constexpr (!detail::branch_index<I>) {
    SXLA_DIAGNOSE(hlo::conditional, "the branch index is {}: it must be an s32[] (or a C++ integer)", (I), ());
    return std::tuple<>{};
  } else if constexpr (sizeof...(F) == 0 || sizeof...(F) != sizeof...(O)) {
    SXLA_DIAGNOSE(hlo::conditional, "{} computations and {} operands: give one operand per computation, and at least one",
                  (), (sizeof...(F), sizeof...(O)));
    return std::tuple<>{};
  } else if constexpr (constexpr auto p = detail::find_branch_problem<Fs, Os>(std::index_sequence_for<F...>{});
                       p.found) {
    detail::report_branch_problem<Fs, Os, p>();
    return std::tuple<>{};
  } else {
    const auto raw = detail::scalar_of(branch_index);
    std::int64_t index;
    if constexpr (std::is_unsigned_v<decltype(raw)>) {
      index = raw > static_cast<decltype(raw)>(sizeof...(F)) ? static_cast<std::int64_t>(sizeof...(F))
                                                               : static_cast<std::int64_t>(raw);
    } else {
      index = static_cast<std::int64_t>(raw);
    }
    if (index < 0) index = static_cast<std::int64_t>(sizeof...(F)) - 1;
    return detail::run_branch<0>(index, Fs(branches), Os(operands));
  }
}

// Conditional(pred, true_operand, true_computation, false_operand, false_computation).
template <class P, class TO, class TF, class FO, class FF>
constexpr auto conditional(const P& pred, TO&& true_operand, TF&& true_computation, FO&& false_operand,
                           FF&& false_computation) {
  if constexpr (!detail::predicate<P>) {
    SXLA_DIAGNOSE(hlo::conditional, "the predicate is {}: it must be a pred[] (or a bool)", (P), ());
    return std::tuple<>{};
  } else if constexpr (!detail::computation_ok<TF, TO>()) {
    detail::report_computation<hlo::conditional, TF, TO>();
    return std::tuple<>{};
  } else if constexpr (!detail::computation_ok<FF, FO>()) {
    detail::report_computation<hlo::conditional, FF, FO>();
    return std::tuple<>{};
  } else if constexpr (!std::is_same_v<detail::computation_value_t<TF, TO>, detail::computation_value_t<FF, FO>>) {
    SXLA_DIAGNOSE(hlo::conditional, "the true computation returns {} and the false one {}: both must return the same type",
                  (detail::computation_value_t<TF, TO>, detail::computation_value_t<FF, FO>), ());
    return std::tuple<>{};
  } else {
    if (static_cast<bool>(detail::scalar_of(pred)))
      return to_value(detail::invoke(static_cast<TF&&>(true_computation), static_cast<TO&&>(true_operand)));
    return to_value(detail::invoke(static_cast<FF&&>(false_computation), static_cast<FO&&>(false_operand)));
  }
}

}  // namespace sxla

#endif  // SXLA_CONTROL_CONDITIONAL_HPP
