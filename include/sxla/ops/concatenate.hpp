// sxla/ops/concatenate.hpp: XLA's Concatenate as a lazy node: x::concatenate<0>(a, b, c)
// stacks its operands along dimension 0 (all of the same rank and element type, the
// other dimensions equal). A line along another dimension is one operand's line, chosen
// per line; a line along the concatenated dimension runs through the operands' lines one
// after the other. Scalars cannot be concatenated; a dimension out of range, different
// ranks, element types or sizes are compile errors naming the op and the shapes.
#ifndef SXLA_OPS_CONCATENATE_HPP
#define SXLA_OPS_CONCATENATE_HPP

#include <array>
#include <cstddef>
#include <utility>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"       // SXLA_DIAGNOSE, detail::nth_type, detail::first_index
#include "sxla/core/index.hpp"             // index_t, multi_index, idx
#include "sxla/expr/elementwise_node.hpp"  // detail::pack
#include "sxla/expr/expression.hpp"        // logical_spec, first_lane_t
#include "sxla/expr/leaf.hpp"              // as_operand, operand
#include "sxla/expr/view_lines.hpp"        // chosen_line, joined_line
#include "sxla/shape/print.hpp"            // diagnostic_display of shapes

namespace sxla {

template <std::size_t Dim, class... Ops>
struct concatenate_node {
  static constexpr bool is_expression = true;
  using Op0 = typename detail::first_type<Ops...>::type;
  using value_type = typename Op0::value_type;
  using lane_type = first_lane_t<typename Ops::lane_type...>;
  static constexpr std::size_t rank = Op0::rank;
  static constexpr std::size_t count = sizeof...(Ops);
  // Operand k covers [offsets[k], offsets[k + 1]) along Dim.
  static constexpr std::array<index_t, count + 1> offsets = [] {
    std::array<index_t, count + 1> o{};
    const index_t sizes[] = {Ops::spec.dimensions[Dim]...};
    for (std::size_t k = 0; k < count; ++k) o[k + 1] = o[k] + sizes[k];
    return o;
  }();
  static constexpr shape_spec spec = [] {
    idx d = Op0::spec.dimensions;
    d[Dim] = offsets[count];
    return logical_spec(Op0::spec.element_type, d);
  }();

  detail::pack<Ops...> ops;

  // The operand that holds position q along Dim.
  SXLA_FORCE_INLINE static constexpr std::size_t operand_at(index_t q) noexcept {
    std::size_t k = 0;
    while (k + 1 < count && q >= offsets[k + 1]) ++k;
    return k;
  }

  SXLA_FORCE_INLINE constexpr value_type at(const multi_index<rank>& idx) const noexcept {
    return at_from<0>(idx);
  }

  template <std::size_t M>
  SXLA_FORCE_INLINE constexpr auto line(const multi_index<rank>& start) const noexcept {
    return [&]<std::size_t... K>(std::index_sequence<K...>) {
      if constexpr (M == Dim) {
        multi_index<rank> s = start;
        s[Dim] = 0;
        using P = detail::pack<decltype(ops.template get<K>().template line<M>(s))...>;
        using J = joined_line<offsets, decltype(ops.template get<K>().template line<M>(s))...>;
        return J{P(ops.template get<K>().template line<M>(s)...), start[Dim]};
      } else {
        using P = detail::pack<decltype(ops.template get<K>().template line<M>(start))...>;
        using C = chosen_line<decltype(ops.template get<K>().template line<M>(start))...>;
        return C{P(operand_line<K, M>(start)...), operand_at(start[Dim])};
      }
    }(std::make_index_sequence<count>{});
  }

  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool mergeable = Outer != Dim && Inner != Dim && (Ops::template mergeable<Outer, Inner> && ...);
  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool periodic_mergeable = false;
  template <std::size_t Outer, std::size_t Inner, class L>
  void periodic_line(const multi_index<rank>&) const noexcept;  // never called
  template <std::size_t M>
  static constexpr bool strided_along = (Ops::template strided_along<M> || ...);
  template <class L>
  static constexpr bool vectorizable = (Ops::template vectorizable<L> && ...);

  template <class F>
  constexpr void for_each_leaf(F&& f, bool) const {
    ops.apply([&](const auto&... op) { (op.for_each_leaf(f, false), ...); });
  }
  template <class V>
  static constexpr void visit_leaves(V& v, bool) {
    (Ops::visit_leaves(v, false), ...);
  }

 private:
  // Operand K's line along M at start's position, clamped into the operand (only the
  // chosen operand's line is read).
  template <std::size_t K, std::size_t M>
  SXLA_FORCE_INLINE constexpr auto operand_line(multi_index<rank> start) const noexcept {
    const index_t n = offsets[K + 1] - offsets[K];
    const index_t q = start[Dim] - offsets[K];
    start[Dim] = q < 0 || n == 0 ? 0 : (q >= n ? n - 1 : q);
    return ops.template get<K>().template line<M>(start);
  }

  template <std::size_t K>
  SXLA_FORCE_INLINE constexpr value_type at_from(const multi_index<rank>& idx) const noexcept {
    if constexpr (K + 1 < count) {
      if (idx[Dim] >= offsets[K + 1]) return at_from<K + 1>(idx);
    }
    multi_index<rank> s = idx;
    s[Dim] -= offsets[K];
    return ops.template get<K>().at(s);
  }
};

// The op's name in compile errors (core/diagnostics.hpp).
namespace hlo {
struct concatenate;
}  // namespace hlo

namespace detail {
enum class concatenate_error { none, scalar, dimension_out_of_range, ranks_differ, element_types_differ, sizes_differ };

template <std::size_t Dim, class... E>
constexpr concatenate_error check_concatenate() noexcept {
  constexpr shape_spec specs[] = {E::spec...};
  const shape_spec& first = specs[0];
  if (first.dimensions.size() == 0) return concatenate_error::scalar;
  if (Dim >= first.dimensions.size()) return concatenate_error::dimension_out_of_range;
  for (const shape_spec& s : specs)
    if (s.dimensions.size() != first.dimensions.size()) return concatenate_error::ranks_differ;
  for (const shape_spec& s : specs)
    if (s.element_type != first.element_type) return concatenate_error::element_types_differ;
  for (const shape_spec& s : specs)
    for (std::size_t d = 0; d < first.dimensions.size(); ++d)
      if (d != Dim && s.dimensions[d] != first.dimensions[d]) return concatenate_error::sizes_differ;
  return concatenate_error::none;
}

// The error of concatenating E... along Dim: the first operand and the first that does
// not fit with it.
template <std::size_t Dim, concatenate_error Error, class... E>
constexpr void report_concatenate() noexcept {
  using E0 = typename nth_type<0, E...>::type;
  constexpr std::size_t r = E0::rank;
  if constexpr (Error == concatenate_error::scalar) {
    SXLA_DIAGNOSE(hlo::concatenate, "{}: scalars cannot be concatenated", (E0), ());
  } else if constexpr (Error == concatenate_error::dimension_out_of_range) {
    SXLA_DIAGNOSE(hlo::concatenate, "{}: dimension {} is not a dimension of the operands (rank {})", (E0), (Dim, r));
  } else if constexpr (Error == concatenate_error::ranks_differ) {
    using Ek = typename nth_type<first_index({(E::rank != r)...}), E...>::type;
    SXLA_DIAGNOSE(hlo::concatenate, "{} and {}: the ranks differ ({} and {})", (E0, Ek), (r, Ek::rank));
  } else if constexpr (Error == concatenate_error::element_types_differ) {
    using Ek = typename nth_type<first_index({(E::spec.element_type != E0::spec.element_type)...}), E...>::type;
    SXLA_DIAGNOSE(hlo::concatenate, "{} and {}: the element types differ (use x::convert)", (E0, Ek), ());
  } else if constexpr (Error == concatenate_error::sizes_differ) {
    constexpr auto differs = [](const idx& a, const idx& b) {
      std::size_t d = 0;
      while (d < a.size() && (d == Dim || a[d] == b[d])) ++d;
      return d;
    };
    using Ek = typename nth_type<first_index({(differs(E0::spec.dimensions, E::spec.dimensions) < r)...}), E...>::type;
    constexpr std::size_t d = differs(E0::spec.dimensions, Ek::spec.dimensions);
    SXLA_DIAGNOSE(hlo::concatenate,
                  "{} and {}: dimension {} differs ({} and {}); only the concatenated dimension {} may differ",
                  (E0, Ek), (d, E0::spec.dimensions[d], Ek::spec.dimensions[d], Dim));
  }
}
}  // namespace detail

// Concatenate(operands..., Dim).
template <std::size_t Dim, operand X0, operand... X>
constexpr auto concatenate(X0&& x0, X&&... x) noexcept {
  constexpr detail::concatenate_error err = detail::check_concatenate<Dim, operand_t<X0>, operand_t<X>...>();
  if constexpr (err != detail::concatenate_error::none) {
    detail::report_concatenate<Dim, err, operand_t<X0>, operand_t<X>...>();
    return as_operand(static_cast<X0&&>(x0));
  } else {
    using N = concatenate_node<Dim, operand_t<X0>, operand_t<X>...>;
    return N{detail::pack<operand_t<X0>, operand_t<X>...>(as_operand(static_cast<X0&&>(x0)),
                                                          as_operand(static_cast<X&&>(x))...)};
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_CONCATENATE_HPP
