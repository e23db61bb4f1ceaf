// sxla/ops/select_and_scatter.hpp: XLA's SelectAndScatter, the gradient of a window
// reduction such as max pooling.
//   auto g = x::select_and_scatter<x::idx{2, 3}, x::idx{2, 2}>(
//       operand, [](float a, float b) { return a >= b; }, source, 0.0f, x::add_op);
// The result has the operand's shape, every element init; then for each window (in
// row-major order) select picks one of its elements: it walks the window's elements in
// row-major order (padding skipped), keeping the current one c while select(c, next) is
// true; source's element for that window is combined into the picked position with
// scatter(result, source). Windows that select the same element combine there in turn
// (the seed's overlapping windows: 9 picked twice, 2 + 6 = 8). A window with no element
// (all padding) scatters nothing. The result is a tensor (evaluated at once).
#ifndef SXLA_OPS_SELECT_AND_SCATTER_HPP
#define SXLA_OPS_SELECT_AND_SCATTER_HPP

#include <concepts>
#include <cstddef>
#include <type_traits>

#include "sxla/core/diagnostics.hpp"     // SXLA_DIAGNOSE
#include "sxla/core/index.hpp"           // index_t, multi_index, idx
#include "sxla/expr/expression.hpp"      // logical_spec
#include "sxla/expr/leaf.hpp"            // as_operand, operand
#include "sxla/ops/reduce.hpp"           // detail::init_value
#include "sxla/ops/reduce_window.hpp"    // detail::window_source, window_extent, all_dimensions
#include "sxla/ops/reduction.hpp"        // odometer
#include "sxla/ops/window.hpp"           // window_geometry, padding, report_window
#include "sxla/shape/print.hpp"          // shape_arg, diagnostic_display of shapes
#include "sxla/tensor/tensor.hpp"        // tensor

namespace sxla {

// The op's name in compile errors (core/diagnostics.hpp).
namespace hlo {
struct select_and_scatter;
}  // namespace hlo

// SelectAndScatter(operand, select, Window, Strides, Padding, source, init, scatter).
template <idx Window, idx Strides = idx{}, window_padding Padding = padding::valid, operand X, class Select,
          operand S, class I, class Scatter>
constexpr auto select_and_scatter(X&& x, Select select, S&& source, const I& init, Scatter scatter) {
  const auto e = as_operand(static_cast<X&&>(x));
  const auto src = as_operand(static_cast<S&&>(source));
  using E = std::remove_cvref_t<decltype(e)>;
  using Src = std::remove_cvref_t<decltype(src)>;
  using T = typename E::value_type;
  constexpr window_geometry g = make_window_geometry(E::spec.dimensions, Window, Strides, Padding, idx{}, idx{});
  constexpr bool select_ok = std::is_invocable_r_v<bool, const Select&, T, T>;
  constexpr bool scatter_ok = [] {
    if constexpr (std::is_invocable_v<const Scatter&, T, T>) {
      return std::is_convertible_v<std::invoke_result_t<const Scatter&, T, T>, T>;
    } else {
      return false;
    }
  }();
  using result = tensor<logical_spec(E::spec.element_type, E::spec.dimensions)>;
  if constexpr (g.error != window_error::none) {
    report_window<hlo::select_and_scatter, E, g>();
    return result{};
  } else if constexpr (Src::spec.dimensions != g.result || Src::spec.element_type != E::spec.element_type) {
    SXLA_DIAGNOSE(hlo::select_and_scatter,
                  "{} and source {}: the source must be {}, one element of the operand type per window", (E, Src,
                  shape_arg<logical_spec(E::spec.element_type, g.result)>), ());
    return result{};
  } else if constexpr (!select_ok) {
    SXLA_DIAGNOSE(hlo::select_and_scatter, "{}: select ({}) must be callable as select(T, T) returning pred", (E, Select),
                  ());
    return result{};
  } else if constexpr (!scatter_ok) {
    SXLA_DIAGNOSE(hlo::select_and_scatter, "{}: scatter ({}) must be callable as scatter(T, T) returning T", (E, Scatter),
                  ());
    return result{};
  } else {
    constexpr std::size_t rank = E::rank;
    result out(uninitialized);
    const T first = detail::init_value<T>(init);
    multi_index<rank> i{}, sizes = static_dimensions<E>();
    detail::odometer(detail::all_dimensions<rank>(), sizes, i,
                     [&] { out.data()[result::shape_type::offset(i)] = first; });
    multi_index<rank> windows{};
    for (std::size_t d = 0; d < rank; ++d) windows[d] = g.result[d];
    multi_index<rank> o{};
    detail::odometer(detail::all_dimensions<rank>(), windows, o, [&] {
      bool found = false;
      T best{};
      multi_index<rank> picked{}, k{}, s{};
      detail::odometer(detail::all_dimensions<rank>(), detail::window_extent<g, rank>(), k, [&] {
        if (!detail::window_source<g>(o, k, E::spec.dimensions, s)) return;
        const T v = e.at(s);
        if (!found || !select(best, v)) {
          best = v;
          picked = s;
          found = true;
        }
      });
      if (found) {
        T& slot = out.data()[result::shape_type::offset(picked)];
        slot = static_cast<T>(scatter(slot, src.at(o)));
      }
    });
    return out;
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_SELECT_AND_SCATTER_HPP
