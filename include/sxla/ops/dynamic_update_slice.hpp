// sxla/ops/dynamic_update_slice.hpp: XLA's DynamicUpdateSlice, as a lazy node and in place.
//   x::dynamic_update_slice(op, update, i, j)            op with update written at (i, j)
//   x::dynamic_update_slice_in_place(t, update, i, j)    writes update into tensor/view t
// Each start is clamped to [0, operand size - update size], as XLA does, so the update
// always lands inside. A line of the node is the operand's line with the update's line
// spliced in where the window crosses it. The in-place form writes only the window (an
// update that reads t is evaluated into a temporary first). Ranks, element types or an
// update larger than the operand that differ are compile errors naming the op and the
// shapes.
#ifndef SXLA_OPS_DYNAMIC_UPDATE_SLICE_HPP
#define SXLA_OPS_DYNAMIC_UPDATE_SLICE_HPP

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"       // SXLA_DIAGNOSE
#include "sxla/core/index.hpp"             // index_t, multi_index
#include "sxla/expr/scratch.hpp"           // detail::may_read_written, detail::take_temporary, detail::with_scratch_memory
#include "sxla/expr/executor.hpp"          // evaluate, detail::write_line, detail::reads_overwritten, detail::evaluate_scratch
#include "sxla/expr/expression.hpp"        // first_lane_t
#include "sxla/expr/leaf.hpp"              // as_operand, operand
#include "sxla/expr/view_lines.hpp"        // spliced_line
#include "sxla/ops/slice.hpp"              // detail::clamp_index
#include "sxla/tensor/view.hpp"            // tensor_view
#include "sxla/shape/print.hpp"            // diagnostic_display of shapes
#include "sxla/tensor/storage_array.hpp"   // storage_array

namespace sxla {

template <class Op, class Upd>
struct dynamic_update_slice_node {
  static constexpr bool is_expression = true;
  using value_type = typename Op::value_type;
  using lane_type = first_lane_t<typename Op::lane_type, typename Upd::lane_type>;
  static constexpr std::size_t rank = Op::rank;
  static constexpr shape_spec spec = Op::spec;

  Op operand;
  Upd update;
  multi_index<rank> starts;  // clamped

  SXLA_FORCE_INLINE constexpr value_type at(const multi_index<rank>& idx) const noexcept {
    multi_index<rank> u{};
    bool inside = true;
    for (std::size_t d = 0; d < rank; ++d) {
      u[d] = idx[d] - starts[d];
      inside = inside && u[d] >= 0 && u[d] < Upd::spec.dimensions[d];
    }
    return inside ? update.at(u) : operand.at(idx);
  }

  template <std::size_t M>
  SXLA_FORCE_INLINE constexpr auto line(const multi_index<rank>& start) const noexcept {
    multi_index<rank> u{};
    bool inside = true;
    for (std::size_t d = 0; d < rank; ++d) {
      if (d == M) continue;
      const index_t k = start[d] - starts[d];
      inside = inside && k >= 0 && k < Upd::spec.dimensions[d];
      u[d] = inside ? k : 0;
    }
    const index_t shift = starts[M] - start[M];  // line element j is update element j - shift
    index_t begin = 0, end = 0;
    if (inside && whole(M)) {  // the line may run on across merged dimensions
      begin = std::numeric_limits<index_t>::min();
      end = std::numeric_limits<index_t>::max();
    } else if (inside) {
      begin = shift;
      end = shift + Upd::spec.dimensions[M];
    }
    using A = decltype(operand.template line<M>(start));
    using B = decltype(update.template line<M>(u));
    return spliced_line<A, B>{operand.template line<M>(start), update.template line<M>(u), begin, end, shift};
  }

 private:
  static constexpr bool whole(std::size_t d) noexcept { return Upd::spec.dimensions[d] == Op::spec.dimensions[d]; }

 public:
  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool mergeable = whole(Outer) && whole(Inner) && Op::template mergeable<Outer, Inner> &&
                                    Upd::template mergeable<Outer, Inner>;
  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool periodic_mergeable = false;
  template <std::size_t Outer, std::size_t Inner, class L>
  void periodic_line(const multi_index<rank>&) const noexcept;  // never called
  template <std::size_t M>
  static constexpr bool strided_along = Op::template strided_along<M> || Upd::template strided_along<M>;
  template <class L>
  static constexpr bool vectorizable = Op::template vectorizable<L> && Upd::template vectorizable<L>;

  template <class F>
  constexpr void for_each_leaf(F&& f, bool direct) const {
    operand.for_each_leaf(f, direct);
    update.for_each_leaf(f, false);
  }
  template <class V>
  static constexpr void visit_leaves(V& v, bool direct) {
    Op::visit_leaves(v, direct);
    Upd::visit_leaves(v, false);
  }
};

struct dynamic_update_slice_op {};

// The op's name in compile errors (core/diagnostics.hpp).
namespace hlo {
struct dynamic_update_slice;
}  // namespace hlo

namespace detail {
enum class update_slice_error { none, ranks_differ, element_types_differ, update_too_large, wrong_start_count };

template <class Op, class Upd, std::size_t Starts>
constexpr update_slice_error check_update_slice() noexcept {
  if (Op::rank != Upd::rank) return update_slice_error::ranks_differ;
  if (Op::spec.element_type != Upd::spec.element_type) return update_slice_error::element_types_differ;
  for (std::size_t d = 0; d < Op::rank; ++d)
    if (Upd::spec.dimensions[d] > Op::spec.dimensions[d]) return update_slice_error::update_too_large;
  if (Starts != Op::rank) return update_slice_error::wrong_start_count;
  return update_slice_error::none;
}

// The error of dynamic_update_slice of Upd into Op with Starts start indices.
template <class Op, class Upd, std::size_t Starts, update_slice_error E>
constexpr void report_update_slice() noexcept {
  if constexpr (E == update_slice_error::ranks_differ) {
    SXLA_DIAGNOSE(hlo::dynamic_update_slice, "{} and update {}: the ranks differ ({} and {})", (Op, Upd),
                  (Op::rank, Upd::rank));
  } else if constexpr (E == update_slice_error::element_types_differ) {
    SXLA_DIAGNOSE(hlo::dynamic_update_slice, "{} and update {}: the element types differ (use x::convert)", (Op, Upd),
                  ());
  } else if constexpr (E == update_slice_error::update_too_large) {
    constexpr std::size_t d = [] {
      std::size_t k = 0;
      while (Upd::spec.dimensions[k] <= Op::spec.dimensions[k]) ++k;
      return k;
    }();
    SXLA_DIAGNOSE(hlo::dynamic_update_slice, "{} and update {}: the update is larger in dimension {} ({} and {})",
                  (Op, Upd), (d, Upd::spec.dimensions[d], Op::spec.dimensions[d]));
  } else if constexpr (E == update_slice_error::wrong_start_count) {
    SXLA_DIAGNOSE(hlo::dynamic_update_slice, "{} and update {}: give one start index per dimension ({} for rank {})",
                  (Op, Upd), (Starts, Op::rank));
  }
}

template <class Op, class Upd, std::integral... I>
constexpr multi_index<Op::rank> clamped_starts(I... starts) noexcept {
  return [&]<std::size_t... D>(std::index_sequence<D...>) {
    return multi_index<Op::rank>{clamp_index(starts, Op::spec.dimensions[D] - Upd::spec.dimensions[D])...};
  }(std::make_index_sequence<Op::rank>{});
}
}  // namespace detail

// DynamicUpdateSlice(operand, update, {starts...}).
template <operand X, operand U, std::integral... I>
constexpr auto dynamic_update_slice(X&& x, U&& u, I... starts) noexcept {
  using E = operand_t<X>;
  using F = operand_t<U>;
  constexpr detail::update_slice_error err = detail::check_update_slice<E, F, sizeof...(I)>();
  if constexpr (err != detail::update_slice_error::none) {
    detail::report_update_slice<E, F, sizeof...(I), err>();
    return as_operand(static_cast<X&&>(x));
  } else {
    return dynamic_update_slice_node<E, F>{as_operand(static_cast<X&&>(x)), as_operand(static_cast<U&&>(u)),
                                           detail::clamped_starts<E, F>(starts...)};
  }
}

namespace detail {
// Writes e (of U's dimensions) into dst's window at `at`, along dst's most minor
// physical dimension, with the executor's line writer where dst is untiled.
template <class Dst, class E>
constexpr void write_window(Dst& dst, const E& e, const multi_index<E::rank>& at) noexcept {
  using D = typename Dst::shape_type;
  using T = typename D::value_type;
  constexpr std::size_t rank = E::rank;
  T* out = dst.data();
  multi_index<rank> u{};
  for (std::size_t d = 0; d < rank; ++d)
    if (E::spec.dimensions[d] == 0) return;
  if constexpr (rank == 0) {
    out[D::offset(at)] = e.at(u);
  } else {
    constexpr auto inner = static_cast<std::size_t>(D::map.physical_to_logical[rank - 1]);
    constexpr index_t n = E::spec.dimensions[inner];
    while (true) {
      multi_index<rank> o{};
      for (std::size_t d = 0; d < rank; ++d) o[d] = at[d] + u[d];
      if constexpr (!D::is_tiled && D::map.strides[inner] == 1) {
        if (std::is_constant_evaluated()) {
          const auto line = e.template line<inner>(u);
          for (index_t j = 0; j < n; ++j) out[D::offset(o) + j] = line.get(j);
        } else {
          write_line<E, T, false>(e.template line<inner>(u), out + D::offset(o), n);
        }
      } else {
        for (index_t j = 0; j < n; ++j, ++o[inner], ++u[inner]) out[D::offset(o)] = e.at(u);
        u[inner] = 0;
      }
      // Next index of the other dimensions (an odometer, the last fastest).
      bool done = true;
      for (std::size_t d = rank; d-- > 0;) {
        if (d == inner) continue;
        if (++u[d] < E::spec.dimensions[d]) {
          done = false;
          break;
        }
        u[d] = 0;
      }
      if (done) return;
    }
  }
}
}  // namespace detail

// dst := DynamicUpdateSlice(dst, update, {starts...}), writing only the window.
template <storage_array Dst, operand U, std::integral... I>
constexpr void dynamic_update_slice_in_place(Dst& dst, U&& u, I... starts) noexcept {
  using E = operand_t<Dst&>;
  using F = operand_t<U>;
  constexpr detail::update_slice_error err = detail::check_update_slice<E, F, sizeof...(I)>();
  if constexpr (err != detail::update_slice_error::none) {
    detail::report_update_slice<E, F, sizeof...(I), err>();
  } else {
    const auto e = as_operand(static_cast<U&&>(u));
    const multi_index<E::rank> at = detail::clamped_starts<E, F>(starts...);
    // An update that reads dst (other than each element at the very index it writes,
    // which needs the same shape and so all starts 0) goes through a temporary.
    // Whether it may is known at compile time (expr/scratch.hpp), and only then is the
    // temporary's memory needed (its bytes: x::workspace_bytes rules).
    if constexpr (detail::may_read_written<Dst, F>()) {
      if (!std::is_constant_evaluated() &&
          detail::reads_overwritten<Dst>(reinterpret_cast<std::uintptr_t>(dst.data()), e)) {
        constexpr std::size_t bytes =
            detail::temporary_bytes<F::spec> + detail::evaluate_scratch<tensor_view<F::spec>, F>;
        detail::with_scratch_memory<bytes, dynamic_update_slice_op>([&](detail::arena& ws) {
          auto tmp = detail::take_temporary<F::spec>(ws);
          evaluate(tmp, e, ws);
          detail::write_window(dst, as_operand(tmp), at);
        });
        return;
      }
    }
    detail::write_window(dst, e, at);
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_DYNAMIC_UPDATE_SLICE_HPP
