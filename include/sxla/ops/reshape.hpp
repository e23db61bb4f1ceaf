// sxla/ops/reshape.hpp: XLA's Reshape and Collapse as lazy nodes (no copy).
//   x::reshape<"f32[8,3]">(v)           the elements in row-major order, re-cut as 8x3
//   x::reshape<"f32[8,3]", 1, 2, 0>(v)  collapsed in dimension order 1, 2, 0 first
//                                       (= reshape of transpose<1, 2, 0>(v))
//   x::collapse<0, 1>(v)                f32[4,2,3] -> f32[8,3]
// A single-element array reshapes to a scalar and back. A result dimension whose elements
// are a run along operand dimensions (same linear step; the run does not wrap) reads the
// operand's own line there, merged across dimensions where the operand allows it (the
// collapse of a row-major tensor reads contiguous memory); any other is read element by
// element. A different element count or type, dimensions that are not a permutation,
// and collapse dimensions that are not consecutive and in order are compile errors
// naming the op and the shapes.
#ifndef SXLA_OPS_RESHAPE_HPP
#define SXLA_OPS_RESHAPE_HPP

#include <array>
#include <cstddef>
#include <utility>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"       // SXLA_DIAGNOSE
#include "sxla/core/index.hpp"             // index_t, multi_index, idx
#include "sxla/expr/expression.hpp"        // logical_spec
#include "sxla/expr/leaf.hpp"              // as_operand, operand
#include "sxla/expr/line.hpp"              // make_gather_line
#include "sxla/expr/make_elementwise.hpp"  // detail::identity_dimensions
#include "sxla/ops/transpose.hpp"          // transpose_node, detail::is_permutation, first_bad_dimension
#include "sxla/shape/print.hpp"            // shape_arg, diagnostic_display of shapes
#include "sxla/shape/shape_spec.hpp"       // shape_spec
#include "sxla/shape/validate.hpp"         // check_shape, is_valid

namespace sxla {

namespace detail {
// Row-major linear strides of dimensions d: the product of the sizes after each.
template <std::size_t N>
constexpr std::array<index_t, N> row_major_strides(const idx& d) noexcept {
  std::array<index_t, N> s{};
  index_t step = 1;
  for (std::size_t k = N; k-- > 0;) {
    s[k] = step;
    step *= d[k];
  }
  return s;
}
}  // namespace detail

// The operand's elements in row-major order, as OutDims.
template <class Op, idx OutDims>
struct reshape_node {
  static constexpr bool is_expression = true;
  using value_type = typename Op::value_type;
  using lane_type = typename Op::lane_type;
  static constexpr std::size_t rank = OutDims.size();
  static constexpr std::size_t in_rank = Op::rank;
  static constexpr shape_spec spec = logical_spec(Op::spec.element_type, OutDims);
  static constexpr auto in_dims = Op::spec.dimensions;
  static constexpr auto in_strides = detail::row_major_strides<in_rank>(in_dims);
  static constexpr auto out_strides = detail::row_major_strides<rank>(OutDims);

  Op operand;

  SXLA_FORCE_INLINE static constexpr multi_index<in_rank> source(const multi_index<rank>& idx) noexcept {
    index_t linear = 0;
    for (std::size_t k = 0; k < rank; ++k) linear += idx[k] * out_strides[k];
    multi_index<in_rank> s{};
    for (std::size_t d = 0; d < in_rank; ++d) s[d] = (linear / in_strides[d]) % in_dims[d];
    return s;
  }

  // The operand dimension whose line (merged across more major dimensions where needed)
  // holds a run of `extent` elements at linear step `step` from any start the result
  // can have; -1 if there is none.
  static constexpr int run_source(index_t step, index_t extent) noexcept {
    constexpr auto merges = [] {
      std::array<bool, in_rank + 1> m{};
      [&]<std::size_t... K>(std::index_sequence<K...>) {
        ((m[K + 1] = Op::template mergeable<K, K + 1>), ...);
      }(std::make_index_sequence<in_rank == 0 ? 0 : in_rank - 1>{});
      return m;  // m[e]: dimension e's line runs on into dimension e - 1
    }();
    for (std::size_t d = in_rank; d-- > 0;) {
      if (in_strides[d] != step || (in_dims[d] == 1 && extent > 1)) continue;
      index_t covered = in_dims[d];
      std::size_t e = d;
      while (covered % extent != 0) {
        if (e == 0 || !merges[e]) return -1;
        covered *= in_dims[--e];
      }
      return static_cast<int>(d);
    }
    return -1;
  }
  template <std::size_t M>
  static constexpr int line_source = run_source(out_strides[M], OutDims[M]);

  SXLA_FORCE_INLINE constexpr value_type at(const multi_index<rank>& idx) const noexcept {
    return operand.at(source(idx));
  }
  template <std::size_t M>
  SXLA_FORCE_INLINE constexpr auto line(const multi_index<rank>& start) const noexcept {
    if constexpr (line_source<M> >= 0) {
      return operand.template line<static_cast<std::size_t>(line_source<M>)>(source(start));
    } else {
      return make_gather_line<value_type>([this, start](index_t j) {
        multi_index<rank> k = start;
        k[M] += j;
        return operand.at(source(k));
      });
    }
  }
  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool mergeable = out_strides[Outer] == OutDims[Inner] * out_strides[Inner] &&
                                    line_source<Inner> >= 0 &&
                                    run_source(out_strides[Inner], OutDims[Inner] * OutDims[Outer]) == line_source<Inner>;
  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool periodic_mergeable = false;
  template <std::size_t Outer, std::size_t Inner, class L>
  void periodic_line(const multi_index<rank>&) const noexcept;  // never called
  template <std::size_t M>
  static constexpr bool strided_along = [] {
    if constexpr (line_source<M> >= 0) {
      return Op::template strided_along<static_cast<std::size_t>(line_source<M>)>;
    } else {
      return true;
    }
  }();
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
struct reshape;
struct collapse;
}  // namespace hlo

namespace detail {
constexpr index_t element_count(const idx& d) noexcept {
  index_t n = 1;
  for (index_t k : d) n *= k;
  return n;
}

// The error of reshape from E to Out through the dimension order Dims.
template <class E, shape_spec Out, idx Dims, bool SameType, bool SameCount>
constexpr void report_reshape() noexcept {
  using O = shape_arg<Out>;
  if constexpr (!SameType) {
    SXLA_DIAGNOSE(hlo::reshape, "{} to {}: the result shape has another element type", (E, O), ());
  } else if constexpr (!SameCount) {
    SXLA_DIAGNOSE(hlo::reshape, "{} to {}: the element counts differ ({} and {})", (E, O),
                  (element_count(E::spec.dimensions), element_count(Out.dimensions)));
  } else if constexpr (Dims.size() != E::rank) {
    SXLA_DIAGNOSE(hlo::reshape, "{} to {}: give one dimension per operand dimension ({} for rank {})", (E, O),
                  (Dims.size(), E::rank));
  } else {
    constexpr std::size_t at = first_bad_dimension(Dims, E::rank);
    SXLA_DIAGNOSE(hlo::reshape,
                  "{} to {}: the dimensions are not a permutation of the operand dimensions (entry {} is {}: out of "
                  "range or repeated)",
                  (E, O), (at, Dims[at]));
  }
}

template <idx OutDims, class E>
constexpr auto make_reshape(E e) noexcept {
  if constexpr (OutDims == E::spec.dimensions) {
    return e;
  } else {
    return reshape_node<E, OutDims>{e};
  }
}
}  // namespace detail

// Reshape(operand, {Dims...}, Out's dimensions); without Dims, in order.
template <shape_spec Out, index_t... Dims, operand X>
constexpr auto reshape(X&& x) noexcept {
  auto e = as_operand(static_cast<X&&>(x));
  using E = decltype(e);
  constexpr bool same_type = Out.element_type == E::spec.element_type;
  constexpr bool same_count = detail::element_count(Out.dimensions) == detail::element_count(E::spec.dimensions);
  constexpr bool permutation = sizeof...(Dims) == 0 || detail::is_permutation(idx{Dims...}, E::rank);
  if constexpr (!is_valid(Out)) {
    static_assert(check_shape<Out>());  // the shape's own error, alone
    return e;
  } else if constexpr (!same_type || !same_count || !permutation) {
    detail::report_reshape<E, Out, idx{Dims...}, same_type, same_count>();
    return e;
  } else if constexpr (sizeof...(Dims) == 0 || idx{Dims...} == detail::identity_dimensions(E::rank)) {
    return detail::make_reshape<Out.dimensions>(e);
  } else {
    return detail::make_reshape<Out.dimensions>(transpose_node<E, idx{Dims...}>{e});
  }
}

// Collapse(operand, {Dims...}): consecutive dimensions, in order, become one.
template <index_t... Dims, operand X>
constexpr auto collapse(X&& x) noexcept {
  auto e = as_operand(static_cast<X&&>(x));
  using E = decltype(e);
  constexpr idx dims{Dims...};
  constexpr bool ok = [&] {
    if (dims.size() == 0 || dims[0] < 0 || dims[dims.size() - 1] >= static_cast<index_t>(E::rank)) return false;
    for (std::size_t k = 1; k < dims.size(); ++k)
      if (dims[k] != dims[k - 1] + 1) return false;
    return true;
  }();
  if constexpr (!ok && dims.size() == 0) {
    SXLA_DIAGNOSE(hlo::collapse, "{}: give at least one dimension", (E), ());
    return e;
  } else if constexpr (!ok) {
    constexpr std::size_t at = [&] {
      std::size_t k = 0;
      while (k < dims.size() && dims[k] >= 0 && dims[k] < static_cast<index_t>(E::rank) &&
             (k == 0 || dims[k] == dims[k - 1] + 1))
        ++k;
      return k;
    }();
    SXLA_DIAGNOSE(hlo::collapse,
                  "{}: the dimensions must be consecutive operand dimensions, in increasing order (entry {} is {}; "
                  "rank {})",
                  (E), (at, dims[at], E::rank));
    return e;
  } else {
    constexpr idx out = [&] {
      idx r;
      for (std::size_t d = 0; d < E::rank; ++d) {
        const auto k = static_cast<index_t>(d);
        if (k <= dims[0] || k > dims[dims.size() - 1]) {
          r.push_back(E::spec.dimensions[d]);
        } else {
          r[r.size() - 1] *= E::spec.dimensions[d];
        }
      }
      return r;
    }();
    return detail::make_reshape<out>(e);
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_RESHAPE_HPP
