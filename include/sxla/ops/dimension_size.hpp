// sxla/ops/dimension_size.hpp: XLA's bounded dynamic dimensions.
//   auto v5 = x::set_dimension_size<0>(v, 5);   // f32[10] still; 5 elements count
//   x::reduce<0>(v5, 0.0f, x::add_op)           // 1 + 2 + 3 + 4 + 5 for v = {1 .. 10}
//   x::get_dimension_size<0>(v5)                // 5 (s32); of a static operand a constant
// SetDimensionSize keeps the static shape (the bound) and carries the run-time size
// beside it in the node; elementwise ops above it carry it on (the smallest of their
// operands'), reductions reduce only up to it and their results carry the kept
// dimensions' sizes. Elements past the size are still computed where an expression is
// stored (XLA leaves them unspecified). Other ops see the static shape. A size outside
// [0, bound] is clamped to it.
#ifndef SXLA_OPS_DIMENSION_SIZE_HPP
#define SXLA_OPS_DIMENSION_SIZE_HPP

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "sxla/core/diagnostics.hpp"  // SXLA_DIAGNOSE
#include "sxla/core/index.hpp"        // index_t, multi_index
#include "sxla/expr/expression.hpp"   // runtime_dimensions, has_dynamic_sizes
#include "sxla/expr/leaf.hpp"         // as_operand, operand
#include "sxla/ops/slice.hpp"         // detail::clamp_index
#include "sxla/shape/print.hpp"       // diagnostic_display of shapes

namespace sxla {

// The ops' names in compile errors (core/diagnostics.hpp).
namespace hlo {
struct set_dimension_size;
struct get_dimension_size;
}  // namespace hlo

// An operand with run-time sizes: everything of Op, plus the sizes.
template <class Op>
struct dynamic_size_node : Op {
  static constexpr bool dynamic_sizes = true;
  multi_index<Op::rank> sizes;

  constexpr multi_index<Op::rank> dimension_sizes() const noexcept { return sizes; }
};


// SetDimensionSize(operand, size, D).
template <index_t D, operand X, std::integral I>
constexpr auto set_dimension_size(X&& x, I size) noexcept {
  auto e = as_operand(static_cast<X&&>(x));
  using E = decltype(e);
  constexpr bool in_range = D >= 0 && D < static_cast<index_t>(E::rank);
  if constexpr (!in_range) {
    SXLA_DIAGNOSE(hlo::set_dimension_size, "{}: dimension {} is not a dimension of the operand (rank {})", (E),
                  (D, E::rank));
    return e;
  } else {
    multi_index<E::rank> sizes = runtime_dimensions(e);
    const index_t bound = E::spec.dimensions[static_cast<std::size_t>(D)];
    sizes[static_cast<std::size_t>(D)] = detail::clamp_index(size, bound);
    if constexpr (has_dynamic_sizes<E>) {
      e.sizes = sizes;
      return e;
    } else {
      return dynamic_size_node<E>{e, sizes};
    }
  }
}

// GetDimensionSize(operand, D) as s32: the run-time size under a set_dimension_size, else
// the static size, a constant expression whatever the operand (it is not read):
// constexpr auto n = x::get_dimension_size<1>(t);
template <index_t D, operand X>
constexpr std::int32_t get_dimension_size(const X& x) noexcept {
  using E = operand_t<const X&>;
  constexpr bool in_range = D >= 0 && D < static_cast<index_t>(E::rank);
  if constexpr (!in_range) {
    SXLA_DIAGNOSE(hlo::get_dimension_size, "{}: dimension {} is not a dimension of the operand (rank {})", (E),
                  (D, E::rank));
    return 0;
  } else {
    constexpr index_t n = E::spec.dimensions[static_cast<std::size_t>(D)];
    constexpr bool fits = n <= std::numeric_limits<std::int32_t>::max();
    if constexpr (!fits) {
      SXLA_DIAGNOSE(hlo::get_dimension_size, "{}: dimension {} has size {}, which does not fit the s32 result", (E),
                    (D, n));
      return 0;
    } else if constexpr (has_dynamic_sizes<E>) {
      return static_cast<std::int32_t>(runtime_dimensions(as_operand(x))[static_cast<std::size_t>(D)]);
    } else {
      return static_cast<std::int32_t>(n);
    }
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_DIMENSION_SIZE_HPP
