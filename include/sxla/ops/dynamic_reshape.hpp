// sxla/ops/dynamic_reshape.hpp: XLA's DynamicReshape, a reshape to sizes known only at
// run time, within static bounds (sxla's bounded dynamic dimensions, ops/dimension_size.hpp):
//   auto r = x::dynamic_reshape<"f32[6,4]">(v, x::tensor<"s32[2]">{3, 2});  // or (v, 3, 2)
// The result has the static shape given (the bounds) and carries the sizes given as its
// run-time sizes, as set_dimension_size would: get_dimension_size, reductions and
// elementwise ops above it see them. Its elements, in row-major order over the run-time
// sizes, are the operand's elements in row-major order over the operand's run-time sizes
// (its static sizes unless a set_dimension_size below it says less). Elements past the
// run-time sizes are zero (XLA leaves them unspecified). The sizes: one integer per result
// dimension, or a 1-D integer array of them (StableHLO's output_shape operand); each is
// clamped to [0, bound]. When their product differs from the operand's run-time element
// count (XLA's undefined case), the first min of the two elements are moved and the rest of
// the result is zero. The result is a tensor evaluated at once (eager), in the default
// layout. Misuse (an element type that differs, bounds that hold another number of elements
// than the operand's static shape, as XLA requires, sizes that are not integers or not one
// per result dimension) is a compile error naming dynamic_reshape and the shapes.
#ifndef SXLA_OPS_DYNAMIC_RESHAPE_HPP
#define SXLA_OPS_DYNAMIC_RESHAPE_HPP

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>

#include "sxla/core/diagnostics.hpp"      // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"    // is_integral
#include "sxla/core/index.hpp"            // index_t, multi_index
#include "sxla/expr/expression.hpp"       // runtime_dimensions, logical_spec
#include "sxla/expr/leaf.hpp"             // as_operand, operand
#include "sxla/ops/dimension_size.hpp"    // dynamic_size_node
#include "sxla/ops/reshape.hpp"           // detail::element_count
#include "sxla/ops/slice.hpp"             // detail::clamp_index
#include "sxla/shape/print.hpp"           // shape_arg, diagnostic_display of shapes
#include "sxla/shape/validate.hpp"        // check_shape, is_valid
#include "sxla/tensor/tensor.hpp"         // tensor

namespace sxla {

namespace hlo {
struct dynamic_reshape;
}  // namespace hlo

namespace detail {

enum class dynamic_reshape_error { none, type, count, size_count, size_type };

template <class E, shape_spec Out, class... S>
consteval dynamic_reshape_error dynamic_reshape_check() {
  constexpr std::size_t rank = Out.dimensions.size();
  if constexpr (E::spec.element_type != Out.element_type) {
    return dynamic_reshape_error::type;
  } else if constexpr (element_count(E::spec.dimensions) != element_count(Out.dimensions)) {
    return dynamic_reshape_error::count;
  } else if constexpr (sizeof...(S) == 1 && (operand<S> && ...)) {
    using Z = operand_t<const std::tuple_element_t<0, std::tuple<S...>>&>;
    if constexpr (Z::rank != 1 || Z::spec.dimensions[0] != static_cast<index_t>(rank)) {
      return dynamic_reshape_error::size_count;
    } else if constexpr (!is_integral(Z::spec.element_type)) {
      return dynamic_reshape_error::size_type;
    } else {
      return dynamic_reshape_error::none;
    }
  } else if constexpr (!((std::is_integral_v<std::remove_cvref_t<S>> && !std::is_same_v<std::remove_cvref_t<S>, bool>) &&
                         ...)) {
    return dynamic_reshape_error::size_type;
  } else if constexpr (sizeof...(S) != rank) {
    return dynamic_reshape_error::size_count;
  } else {
    return dynamic_reshape_error::none;
  }
}

// The sizes asked for, clamped to the bounds.
template <class R, class... S>
multi_index<R::rank> dynamic_reshape_sizes(const S&... s) noexcept {
  multi_index<R::rank> out{};
  if constexpr (sizeof...(S) == 1 && (operand<S> && ...)) {
    const auto z = as_operand((s, ...));
    for (std::size_t d = 0; d < R::rank; ++d)
      out[d] = clamp_index(z.at(multi_index<1>{static_cast<index_t>(d)}), R::spec.dimensions[d]);
  } else {
    std::size_t d = 0;
    ((out[d] = clamp_index(s, R::spec.dimensions[d]), ++d), ...);
  }
  return out;
}

// The next index in row-major order within sizes (the last dimension fastest).
template <std::size_t N>
constexpr void next_row_major(multi_index<N>& i, const multi_index<N>& sizes) noexcept {
  for (std::size_t d = N; d-- > 0;) {
    if (++i[d] < sizes[d]) return;
    i[d] = 0;
  }
}

}  // namespace detail

// DynamicReshape(operand, sizes): see the top.
template <shape_spec Out, operand X, class... S>
auto dynamic_reshape(X&& x, const S&... sizes) {
  static_assert(check_shape<Out>(), "sxla: dynamic_reshape: the result shape is not valid");
  auto e = as_operand(static_cast<X&&>(x));
  using E = decltype(e);
  using R = tensor<logical_spec(Out.element_type, Out.dimensions)>;
  constexpr detail::dynamic_reshape_error err = detail::dynamic_reshape_check<E, Out, S...>();
  if constexpr (err == detail::dynamic_reshape_error::type) {
    SXLA_DIAGNOSE(hlo::dynamic_reshape, "{} to {}: the element type differs", (E, shape_arg<Out>), ());
    return R{};
  } else if constexpr (err == detail::dynamic_reshape_error::count) {
    SXLA_DIAGNOSE(hlo::dynamic_reshape, "{} to {}: the bounds hold {} elements, the operand shape {}",
                  (E, shape_arg<Out>), (detail::element_count(Out.dimensions), detail::element_count(E::spec.dimensions)));
    return R{};
  } else if constexpr (err == detail::dynamic_reshape_error::size_count) {
    SXLA_DIAGNOSE(hlo::dynamic_reshape, "{} to {}: one size per result dimension is needed ({}), given {}",
                  (E, shape_arg<Out>), (R::rank, sizeof...(S)));
    return R{};
  } else if constexpr (err == detail::dynamic_reshape_error::size_type) {
    SXLA_DIAGNOSE(hlo::dynamic_reshape, "{} to {}: the sizes must be integers", (E, shape_arg<Out>), ());
    return R{};
  } else {
    const multi_index<R::rank> out_sizes = detail::dynamic_reshape_sizes<R>(sizes...);
    const multi_index<E::rank> in_sizes = runtime_dimensions(e);
    index_t in_count = 1, out_count = 1;
    for (std::size_t d = 0; d < E::rank; ++d) in_count *= in_sizes[d];
    for (std::size_t d = 0; d < R::rank; ++d) out_count *= out_sizes[d];
    R r{};
    multi_index<E::rank> i{};
    multi_index<R::rank> o{};
    const index_t n = in_count < out_count ? in_count : out_count;
    for (index_t k = 0; k < n; ++k) {
      r[o] = e.at(i);
      detail::next_row_major(i, in_sizes);
      detail::next_row_major(o, out_sizes);
    }
    return dynamic_size_node<operand_t<R>>{as_operand(static_cast<R&&>(r)), out_sizes};
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_DYNAMIC_RESHAPE_HPP
