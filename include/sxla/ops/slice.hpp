// sxla/ops/slice.hpp: XLA's Slice and DynamicSlice as lazy nodes (no copy).
//   x::slice<x::idx{2, 1}, x::idx{4, 3}>(b)             Slice(b, {2,1}, {4,3}): [2,4) x [1,3)
//   x::slice<x::idx{0}, x::idx{5}, x::idx{2}>(a)        every 2nd element: ceil((5-0)/2) = 3
//   x::dynamic_slice<2, 2>(b, i, j)                     sizes static, starts at run time
// A slice reads its operand in place: a line of the result is the operand's line from the
// slice's start (every Stride-th element: over memory, a strided line again).
// DynamicSlice clamps each start to [0, operand size - slice size], as XLA does, so the
// slice is always in bounds whatever the starts. Bad static arguments (limits beyond the
// shape, start above limit, stride below 1, a size larger than the dimension, the wrong
// number of entries or starts) are compile errors naming the op and the shape.
#ifndef SXLA_OPS_SLICE_HPP
#define SXLA_OPS_SLICE_HPP

#include <cstddef>
#include <concepts>
#include <type_traits>
#include <utility>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"       // SXLA_DIAGNOSE
#include "sxla/core/index.hpp"             // index_t, multi_index, idx
#include "sxla/core/intn.hpp"              // intn
#include "sxla/expr/expression.hpp"        // logical_spec
#include "sxla/expr/leaf.hpp"              // as_operand, operand
#include "sxla/expr/view_lines.hpp"        // step_line
#include "sxla/shape/print.hpp"            // diagnostic_display of shapes

namespace sxla {

// The window of an operand from `starts`, Dims elements every Stride-th.
template <class Op, idx Dims, idx Stride>
struct slice_node {
  static constexpr bool is_expression = true;
  using value_type = typename Op::value_type;
  using lane_type = typename Op::lane_type;
  static constexpr std::size_t rank = Op::rank;
  static constexpr shape_spec spec = logical_spec(Op::spec.element_type, Dims);

  Op operand;
  multi_index<rank> starts;

  SXLA_FORCE_INLINE constexpr multi_index<rank> source(const multi_index<rank>& idx) const noexcept {
    multi_index<rank> s{};
    for (std::size_t d = 0; d < rank; ++d) s[d] = starts[d] + idx[d] * Stride[d];
    return s;
  }

  SXLA_FORCE_INLINE constexpr value_type at(const multi_index<rank>& idx) const noexcept {
    return operand.at(source(idx));
  }
  template <std::size_t M>
  SXLA_FORCE_INLINE constexpr auto line(const multi_index<rank>& start) const noexcept {
    return step_line<Stride[M]>(operand.template line<M>(source(start)));
  }

 private:
  // A run along Inner continues across Outer when Inner is whole (so its start is 0) and
  // neither is strided.
  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool runs_on = Stride[Outer] == 1 && Stride[Inner] == 1 && Dims[Inner] == Op::spec.dimensions[Inner];

 public:
  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool mergeable = runs_on<Outer, Inner> && Op::template mergeable<Outer, Inner>;
  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool periodic_mergeable = runs_on<Outer, Inner> && Op::template periodic_mergeable<Outer, Inner>;
  template <std::size_t Outer, std::size_t Inner, class L>
  SXLA_FORCE_INLINE auto periodic_line(const multi_index<rank>& start) const noexcept {
    return operand.template periodic_line<Outer, Inner, L>(source(start));
  }
  template <std::size_t M>
  static constexpr bool strided_along = Stride[M] != 1 || Op::template strided_along<M>;
  template <class L>
  static constexpr bool vectorizable = Op::template vectorizable<L>;

  template <class F>
  constexpr void for_each_leaf(F&& f, bool) const {
    operand.for_each_leaf(f, false);
  }
  template <class V>
  static constexpr void visit_leaves(V& v, bool) {
    decltype(operand)::visit_leaves(v, false);
  }
};

// The ops' names in compile errors (core/diagnostics.hpp).
namespace hlo {
struct slice;
struct dynamic_slice;
}  // namespace hlo

namespace detail {
enum class slice_error { none, wrong_length, start_negative, limit_beyond_shape, start_above_limit, stride_below_one };

constexpr slice_error check_slice(const idx& dims, const idx& start, const idx& limit, const idx& stride) noexcept {
  if (start.size() != dims.size() || limit.size() != dims.size() || stride.size() != dims.size())
    return slice_error::wrong_length;
  for (std::size_t d = 0; d < dims.size(); ++d) {
    if (start[d] < 0) return slice_error::start_negative;
    if (limit[d] > dims[d]) return slice_error::limit_beyond_shape;
    if (start[d] > limit[d]) return slice_error::start_above_limit;
    if (stride[d] < 1) return slice_error::stride_below_one;
  }
  return slice_error::none;
}

// The error of slice(E, Start, Limit, Stride), with the dimension where it is.
template <class E, idx Start, idx Limit, idx Stride, slice_error Error>
constexpr void report_slice() noexcept {
  constexpr idx dims = E::spec.dimensions;
  constexpr std::size_t d = [] {
    std::size_t k = 0;
    if constexpr (Error == slice_error::start_negative) {
      while (Start[k] >= 0) ++k;
    } else if constexpr (Error == slice_error::limit_beyond_shape) {
      while (Limit[k] <= E::spec.dimensions[k]) ++k;
    } else if constexpr (Error == slice_error::start_above_limit) {
      while (Start[k] <= Limit[k]) ++k;
    } else if constexpr (Error == slice_error::stride_below_one) {
      while (Stride[k] >= 1) ++k;
    }
    return k;
  }();
  if constexpr (Error == slice_error::wrong_length) {
    SXLA_DIAGNOSE(hlo::slice, "{}: start, limit and strides need one entry per dimension ({}, {} and {} for rank {})",
                  (E), (Start.size(), Limit.size(), Stride.size(), E::rank));
  } else if constexpr (Error == slice_error::start_negative) {
    SXLA_DIAGNOSE(hlo::slice, "{}: the start of dimension {} is negative ({})", (E), (d, Start[d]));
  } else if constexpr (Error == slice_error::limit_beyond_shape) {
    SXLA_DIAGNOSE(hlo::slice, "{}: the limit of dimension {} is {}, beyond its size {}", (E), (d, Limit[d], dims[d]));
  } else if constexpr (Error == slice_error::start_above_limit) {
    SXLA_DIAGNOSE(hlo::slice, "{}: the start of dimension {} is above its limit ({} and {})", (E),
                  (d, Start[d], Limit[d]));
  } else if constexpr (Error == slice_error::stride_below_one) {
    SXLA_DIAGNOSE(hlo::slice, "{}: the stride of dimension {} is below 1 ({})", (E), (d, Stride[d]));
  }
}

constexpr idx slice_dimensions(const idx& start, const idx& limit, const idx& stride) noexcept {
  idx d;
  for (std::size_t k = 0; k < start.size(); ++k) d.push_back((limit[k] - start[k] + stride[k] - 1) / stride[k]);
  return d;
}
// A run-time start index clamped to [0, hi] (hi >= 0), as XLA clamps: in the index's
// own type, so a huge unsigned start is hi.
template <std::integral I>
constexpr index_t clamp_index(I i, index_t hi) noexcept {
  if constexpr (std::is_unsigned_v<I>) {
    return i > static_cast<std::make_unsigned_t<index_t>>(hi) ? hi : static_cast<index_t>(i);
  } else {
    return i < 0 ? 0 : (static_cast<index_t>(i) > hi ? hi : static_cast<index_t>(i));
  }
}
// The sub-byte integers (s2, s4, u2, u4: gather and scatter indices of those types) by
// their value.
template <int Bits, bool Signed>
constexpr index_t clamp_index(intn<Bits, Signed> i, index_t hi) noexcept {
  return clamp_index(static_cast<int>(i), hi);
}

constexpr idx ones(std::size_t n) noexcept {
  idx d;
  for (std::size_t k = 0; k < n; ++k) d.push_back(1);
  return d;
}
}  // namespace detail

// Slice(operand, Start, Limit, Stride): Stride defaults to all 1.
template <idx Start, idx Limit, idx Stride = idx{}, operand X>
constexpr auto slice(X&& x) noexcept {
  auto e = as_operand(static_cast<X&&>(x));
  using E = decltype(e);
  constexpr idx stride = Stride.size() == 0 ? detail::ones(E::rank) : Stride;
  constexpr detail::slice_error err = detail::check_slice(E::spec.dimensions, Start, Limit, stride);
  if constexpr (err != detail::slice_error::none) {
    detail::report_slice<E, Start, Limit, stride, err>();
    return e;
  } else {
    using N = slice_node<E, detail::slice_dimensions(Start, Limit, stride), stride>;
    multi_index<E::rank> s{};
    for (std::size_t d = 0; d < E::rank; ++d) s[d] = Start[d];
    return N{e, s};
  }
}

// DynamicSlice(operand, {starts...}, {Sizes...}): start d is clamped to
// [0, dimension d - Sizes[d]].
template <index_t... Sizes, operand X, std::integral... I>
constexpr auto dynamic_slice(X&& x, I... starts) noexcept {
  auto e = as_operand(static_cast<X&&>(x));
  using E = decltype(e);
  constexpr bool count_ok = sizeof...(Sizes) == E::rank && sizeof...(I) == E::rank;
  constexpr bool sizes_ok = [] {
    if constexpr (count_ok) {
      const idx sizes{Sizes...};
      for (std::size_t d = 0; d < E::rank; ++d)
        if (sizes[d] < 0 || sizes[d] > E::spec.dimensions[d]) return false;
    }
    return true;
  }();
  if constexpr (!count_ok) {
    SXLA_DIAGNOSE(hlo::dynamic_slice, "{}: give one size and one start index per dimension ({} and {} for rank {})",
                  (E), (sizeof...(Sizes), sizeof...(I), E::rank));
    return e;
  } else if constexpr (!sizes_ok) {
    constexpr idx sizes{Sizes...};
    constexpr std::size_t d = [&] {
      std::size_t k = 0;
      while (sizes[k] >= 0 && sizes[k] <= E::spec.dimensions[k]) ++k;
      return k;
    }();
    SXLA_DIAGNOSE(hlo::dynamic_slice, "{}: the slice size of dimension {} is {}, outside [0, {}]", (E),
                  (d, sizes[d], E::spec.dimensions[d]));
    return e;
  } else {
    constexpr idx sizes{Sizes...};
    const multi_index<E::rank> s = [&]<std::size_t... D>(std::index_sequence<D...>) {
      return multi_index<E::rank>{detail::clamp_index(starts, E::spec.dimensions[D] - sizes[D])...};
    }(std::make_index_sequence<E::rank>{});
    return slice_node<E, sizes, detail::ones(E::rank)>{e, s};
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_SLICE_HPP
