// sxla/ops/gather.hpp: XLA's Gather as a lazy node.
//   x::gather<x::gather_dims{.offset_dims = x::idx{1}, .collapsed_slice_dims = x::idx{0},
//       .start_index_map = x::idx{0}, .index_vector_dim = 1}, x::idx{1, 256}>(table, ids)
//       rows of table picked by ids (ids s32[n] with index_vector_dim 1, an implicit
//       trailing 1): f32[n, 256]
//   .operand_batching_dims / .start_indices_batching_dims   XLA's batching dimensions
//       (take_along_axis: x::idx{0} and x::idx{0}, slice size 1 in the batching dimension)
// Semantics (ops/index_map.hpp has the index arithmetic): result index Out reads the
// operand at start + batching + offset, where each start component comes from the start
// indices (any integer type, read at run time) and is clamped to [0, operand size -
// slice size] in the index's own type, as XLA clamps, so the slice is always in bounds:
// no index value (negative, huge, INT_MIN) reads outside the operand. indices_are_sorted
// is accepted and changes nothing.
//
// Evaluation: the node reads both operands in place, element by element or line by line,
// so it fuses into whatever consumes it (x::max(x::gather<...>(t, ids), 0.0f) reads each
// gathered element once). A line along an offset dimension is the operand's own line
// from the slice's start (the start indices read once per line): a whole contiguous
// slice is loaded as vectors. A line along a batch dimension with one start component
// reads the indices along the line and the operand's line at the clamped positions.
//
// Misuse is a compile error naming gather, both shapes and the field: dimension numbers
// out of range, unsorted or repeated, ranks that do not add up, batching dimensions of
// different sizes, slice sizes outside [0, size], a collapsed or batching dimension whose
// slice size is not 1, start indices that are not integers.
#ifndef SXLA_OPS_GATHER_HPP
#define SXLA_OPS_GATHER_HPP

#include <cstddef>
#include <limits>
#include <type_traits>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"       // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"      // is_integral
#include "sxla/core/index.hpp"             // index_t, multi_index, idx
#include "sxla/expr/expression.hpp"        // logical_spec
#include "sxla/expr/leaf.hpp"              // as_operand, operand
#include "sxla/expr/line.hpp"              // strided_line, make_gather_line, detail::load_by_element
#include "sxla/ops/index_map.hpp"          // index_map, check_index_map, make_index_map
#include "sxla/ops/slice.hpp"              // detail::clamp_index
#include "sxla/shape/print.hpp"            // diagnostic_display of shapes
#include "sxla/simd/vec.hpp"               // vec, gather_index, min, max, mul

namespace sxla {

// Gather's dimension numbers (XLA's GatherDimensionNumbers, with indices_are_sorted).
struct gather_dims {
  idx offset_dims{};
  idx collapsed_slice_dims{};
  idx start_index_map{};
  index_t index_vector_dim = 0;
  idx operand_batching_dims{};
  idx start_indices_batching_dims{};
  bool indices_are_sorted = false;
};

namespace detail {
// The constant stride of a line over memory (strided_line), 0 for other lines.
template <class Line>
inline constexpr index_t memory_stride = 0;
template <class T, index_t S>
inline constexpr index_t memory_stride<strided_line<T, S>> = S;
}  // namespace detail

// A line along a batch dimension of a gather with one start component: element j is
// the operand line's element at the j-th start index, clamped to [0, Hi]. Over memory at
// a positive stride, with indices as wide as the elements (s32 for f32), a vector of
// indices is loaded, clamped and turned into offsets as vectors, and the elements are
// gathered by one instruction.
template <class T, class OperandLine, class IndexLine, index_t Hi>
struct indexed_line {
  using value_type = T;
  OperandLine operand;
  IndexLine indices;

 private:
  using I = typename IndexLine::value_type;
  static constexpr index_t stride = detail::memory_stride<OperandLine>;
  template <class L>
  static constexpr bool gathers = [] {
    if constexpr (!simd::has_vec<T> || !simd::has_vec<I> || sizeof(I) != sizeof(T) || sizeof(L) != sizeof(T)) {
      return false;
    } else {
      return stride > 0 && Hi <= static_cast<index_t>(std::numeric_limits<I>::max()) / (stride > 0 ? stride : 1);
    }
  }();

 public:
  SXLA_FORCE_INLINE constexpr T get(index_t j) const noexcept {
    return operand.get(detail::clamp_index(indices.get(j), Hi));
  }
  template <class L>
  SXLA_FORCE_INLINE auto load(index_t j) const noexcept {
    if constexpr (gathers<L>) {
      using V = simd::vec<I>;
      V k = indices.template load<L>(j);
      if constexpr (std::is_signed_v<I>) k = simd::max(k, simd::zero<I>());
      k = simd::min(k, simd::splat<V>(static_cast<I>(Hi)));
      if constexpr (stride != 1) k = simd::mul(k, simd::splat<V>(static_cast<I>(stride)));
      return simd::gather_index(operand.p, k);
    } else {
      return detail::load_by_element<L, T>([this](index_t k) { return get(k); }, j, simd::lanes<L>);
    }
  }
  template <class L>
  SXLA_FORCE_INLINE auto load_n(index_t j, std::size_t n) const noexcept {
    return detail::load_by_element<L, T>([this](index_t k) { return get(k); }, j, n);
  }
};

namespace detail {
constexpr index_t position_of(const idx& v, index_t x) noexcept {
  for (std::size_t k = 0; k < v.size(); ++k)
    if (v[k] == x) return static_cast<index_t>(k);
  return -1;
}
constexpr std::size_t count_at_least_zero(const idx& v) noexcept {
  std::size_t n = 0;
  for (std::size_t k = 0; k < v.size(); ++k) n += v[k] >= 0 ? 1 : 0;
  return n;
}
}  // namespace detail

// Gather(operand, start_indices) with the tables M (ops/index_map.hpp).
template <class Op, class Ix, detail::index_map M>
struct gather_node {
  static constexpr bool is_expression = true;
  using value_type = typename Op::value_type;
  using lane_type = typename Op::lane_type;
  static constexpr std::size_t rank = M.outer.size();
  static constexpr shape_spec spec = logical_spec(Op::spec.element_type, M.outer);

  Op operand;
  Ix indices;

  // The operand index of result index o; the start of operand dimension Skip is left
  // out (a line along a batch dimension adds it per element).
  template <index_t Skip = -1>
  SXLA_FORCE_INLINE constexpr multi_index<Op::rank> source(const multi_index<rank>& o) const noexcept {
    multi_index<Ix::rank> p = detail::indices_position<M, Ix::rank>(o);
    multi_index<Op::rank> s{};
    for (std::size_t d = 0; d < Op::rank; ++d) {
      index_t v = 0;
      if (M.operand_outer[d] >= 0) v += o[static_cast<std::size_t>(M.operand_outer[d])];
      if (M.operand_batch[d] >= 0) v += o[static_cast<std::size_t>(M.operand_batch[d])];
      if (M.operand_start[d] >= 0 && static_cast<index_t>(d) != Skip) {
        if constexpr (!M.implicit) p[static_cast<std::size_t>(M.index_vector_dim)] = M.operand_start[d];
        v += detail::clamp_index(indices.at(p), M.limit[d]);
      }
      s[d] = v;
    }
    return s;
  }

  SXLA_FORCE_INLINE constexpr value_type at(const multi_index<rank>& o) const noexcept {
    return operand.at(source(o));
  }

 private:
  // The operand dimension of the one start component, if there is exactly one and no
  // operand dimension's batching coordinate runs along result dimension Dim; else -1.
  template <std::size_t Dim>
  static constexpr index_t indexed_dimension = [] {
    if (detail::count_at_least_zero(M.operand_start) != 1 || detail::position_of(M.operand_batch, Dim) >= 0) return index_t{-1};
    for (std::size_t d = 0; d < M.operand_start.size(); ++d)
      if (M.operand_start[d] >= 0) return static_cast<index_t>(d);
    return index_t{-1};
  }();

 public:
  template <std::size_t Dim>
  SXLA_FORCE_INLINE constexpr auto line(const multi_index<rank>& start) const noexcept {
    constexpr index_t d = M.outer_operand[Dim];
    if constexpr (d >= 0) {
      return operand.template line<static_cast<std::size_t>(d)>(source(start));
    } else if constexpr (indexed_dimension<Dim> >= 0) {
      constexpr auto d0 = static_cast<std::size_t>(indexed_dimension<Dim>);
      constexpr auto s = static_cast<std::size_t>(detail::position_of(M.indices_outer, Dim));
      multi_index<Ix::rank> p = detail::indices_position<M, Ix::rank>(start);
      if constexpr (!M.implicit) p[static_cast<std::size_t>(M.index_vector_dim)] = 0;
      auto op_line = operand.template line<d0>(source<static_cast<index_t>(d0)>(start));
      auto ix_line = indices.template line<s>(p);
      return indexed_line<value_type, decltype(op_line), decltype(ix_line), M.limit[d0]>{op_line, ix_line};
    } else {
      return make_gather_line<value_type>([this, start](index_t j) {
        multi_index<rank> o = start;
        o[Dim] += j;
        return at(o);
      });
    }
  }

 private:
  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool runs_on = [] {
    constexpr index_t o = M.outer_operand[Outer], i = M.outer_operand[Inner];
    if constexpr (o < 0 || i != o + 1) {
      return false;
    } else {
      return M.window[static_cast<std::size_t>(i)] == Op::spec.dimensions[static_cast<std::size_t>(i)] &&
             Op::template mergeable<static_cast<std::size_t>(o), static_cast<std::size_t>(i)>;
    }
  }();

 public:
  // Two offset dimensions merge where the slice covers the inner one whole and the
  // operand's own dimensions merge.
  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool mergeable = runs_on<Outer, Inner>;
  template <std::size_t, std::size_t>
  static constexpr bool periodic_mergeable = false;
  template <std::size_t Dim>
  static constexpr bool strided_along = [] {
    if constexpr (M.outer_operand[Dim] >= 0) {
      return Op::template strided_along<static_cast<std::size_t>(M.outer_operand[Dim])>;
    } else {
      return true;
    }
  }();
  template <class L>
  static constexpr bool vectorizable = Op::template vectorizable<L>;

  template <class F>
  constexpr void for_each_leaf(F&& f, bool) const {
    operand.for_each_leaf(f, false);
    indices.for_each_leaf(f, false);
  }
  // The operand's reads are scattered when the result's last dimension is a batch
  // dimension: lines along it gather single elements (expr/expression.hpp).
  template <class V>
  static constexpr void visit_leaves(V& v, bool) {
    if constexpr (rank > 0 && M.outer_operand[rank - 1] < 0) {
      auto mark = [&v](leaf_read l) {
        l.scattered = true;
        v(l);
      };
      Op::visit_leaves(mark, false);
    } else {
      Op::visit_leaves(v, false);
    }
    Ix::visit_leaves(v, false);
  }
};

// The op's name in compile errors (core/diagnostics.hpp).
namespace hlo {
struct gather;
}  // namespace hlo

namespace detail {
enum class slice_sizes_error { none, count, range, collapsed, batching };

struct slice_sizes_check {
  slice_sizes_error error = slice_sizes_error::none;
  index_t pos = 0;
};

constexpr slice_sizes_check check_slice_sizes(const gather_dims& g, const idx& sizes, const idx& operand) noexcept {
  if (sizes.size() != operand.size()) return {slice_sizes_error::count, static_cast<index_t>(sizes.size())};
  for (std::size_t d = 0; d < sizes.size(); ++d)
    if (sizes[d] < 0 || sizes[d] > operand[d]) return {slice_sizes_error::range, static_cast<index_t>(d)};
  for (std::size_t k = 0; k < g.collapsed_slice_dims.size(); ++k)
    if (sizes[static_cast<std::size_t>(g.collapsed_slice_dims[k])] != 1)
      return {slice_sizes_error::collapsed, g.collapsed_slice_dims[k]};
  for (std::size_t k = 0; k < g.operand_batching_dims.size(); ++k)
    if (sizes[static_cast<std::size_t>(g.operand_batching_dims[k])] != 1)
      return {slice_sizes_error::batching, g.operand_batching_dims[k]};
  return {};
}

// The rank of a result (or scatter's updates), -1 when index_vector_dim is invalid.
constexpr index_t outer_rank(index_t ivd, std::size_t indices_rank, std::size_t window_count) noexcept {
  const auto r = static_cast<index_t>(indices_rank);
  if (ivd < 0 || ivd > r) return -1;
  return r - (ivd < r ? 1 : 0) + static_cast<index_t>(window_count);
}

template <class E, class S, gather_dims G, idx Sizes, index_map_check C, slice_sizes_check Z>
constexpr void report_gather() noexcept {
  constexpr index_t p = C.error != index_map_error::none ? C.pos : Z.pos;
  if constexpr (!is_integral(S::spec.element_type)) {
    SXLA_DIAGNOSE(hlo::gather, "{} and start indices {}: start indices must be of an integer type", (E, S), ());
  } else if constexpr (C.error == index_map_error::index_vector_dim) {
    SXLA_DIAGNOSE(hlo::gather, "{} and start indices {}: index_vector_dim {} is outside [0, {}]", (E, S),
                  (p, S::rank));
  } else if constexpr (C.error == index_map_error::window_dims) {
    SXLA_DIAGNOSE(hlo::gather,
                  "{} and start indices {}: offset_dims entry {} ({}) is repeated, out of ascending order or outside "
                  "the result rank {}",
                  (E, S), (p, G.offset_dims[static_cast<std::size_t>(p)],
                           outer_rank(G.index_vector_dim, S::rank, G.offset_dims.size())));
  } else if constexpr (C.error == index_map_error::collapsed_dims) {
    SXLA_DIAGNOSE(hlo::gather,
                  "{} and start indices {}: collapsed_slice_dims entry {} ({}) is repeated, out of ascending order or "
                  "outside the operand rank",
                  (E, S), (p, G.collapsed_slice_dims[static_cast<std::size_t>(p)]));
  } else if constexpr (C.error == index_map_error::operand_batching) {
    SXLA_DIAGNOSE(hlo::gather,
                  "{} and start indices {}: operand_batching_dims entry {} ({}) is repeated, out of ascending order, "
                  "outside the operand rank or also in collapsed_slice_dims",
                  (E, S), (p, G.operand_batching_dims[static_cast<std::size_t>(p)]));
  } else if constexpr (C.error == index_map_error::rank_sum) {
    SXLA_DIAGNOSE(hlo::gather,
                  "{} and start indices {}: the operand rank ({}) must be the sizes of offset_dims ({}), "
                  "collapsed_slice_dims ({}) and operand_batching_dims ({}) added",
                  (E, S), (E::rank, G.offset_dims.size(), G.collapsed_slice_dims.size(),
                           G.operand_batching_dims.size()));
  } else if constexpr (C.error == index_map_error::indices_batching) {
    SXLA_DIAGNOSE(hlo::gather,
                  "{} and start indices {}: start_indices_batching_dims entry {} ({}) is repeated, outside the start "
                  "indices rank or index_vector_dim",
                  (E, S), (p, G.start_indices_batching_dims[static_cast<std::size_t>(p)]));
  } else if constexpr (C.error == index_map_error::batching_count) {
    SXLA_DIAGNOSE(hlo::gather,
                  "{} and start indices {}: operand_batching_dims ({} entries) and start_indices_batching_dims ({}) "
                  "must have the same length",
                  (E, S), (G.operand_batching_dims.size(), G.start_indices_batching_dims.size()));
  } else if constexpr (C.error == index_map_error::batching_size) {
    SXLA_DIAGNOSE(hlo::gather,
                  "{} and start indices {}: batching pair {}: operand dimension {} and start indices dimension {} "
                  "differ in size",
                  (E, S), (p, G.operand_batching_dims[static_cast<std::size_t>(p)],
                           G.start_indices_batching_dims[static_cast<std::size_t>(p)]));
  } else if constexpr (C.error == index_map_error::start_map_size) {
    SXLA_DIAGNOSE(hlo::gather,
                  "{} and start indices {}: start_index_map has {} entries, but index_vector_dim holds {} start "
                  "components",
                  (E, S), (G.start_index_map.size(), p));
  } else if constexpr (C.error == index_map_error::start_map) {
    SXLA_DIAGNOSE(hlo::gather,
                  "{} and start indices {}: start_index_map entry {} ({}) is repeated, outside the operand rank or "
                  "an operand batching dimension",
                  (E, S), (p, G.start_index_map[static_cast<std::size_t>(p)]));
  } else if constexpr (Z.error == slice_sizes_error::count) {
    SXLA_DIAGNOSE(hlo::gather, "{} and start indices {}: slice_sizes has {} entries, one per operand dimension needs {}",
                  (E, S), (p, E::rank));
  } else if constexpr (Z.error == slice_sizes_error::range) {
    SXLA_DIAGNOSE(hlo::gather, "{} and start indices {}: slice_sizes entry {} ({}) is outside [0, {}]", (E, S),
                  (p, Sizes[static_cast<std::size_t>(p)], E::spec.dimensions[static_cast<std::size_t>(p)]));
  } else if constexpr (Z.error == slice_sizes_error::collapsed) {
    SXLA_DIAGNOSE(hlo::gather, "{} and start indices {}: collapsed_slice_dims has dimension {}, whose slice size {} is not 1",
                  (E, S), (p, Sizes[static_cast<std::size_t>(p)]));
  } else if constexpr (Z.error == slice_sizes_error::batching) {
    SXLA_DIAGNOSE(hlo::gather,
                  "{} and start indices {}: operand_batching_dims has dimension {}, whose slice size {} is not 1",
                  (E, S), (p, Sizes[static_cast<std::size_t>(p)]));
  }
}
}  // namespace detail

// Gather(operand, start_indices, G, SliceSizes): a lazy node of the operand's element
// type (see the top).
template <gather_dims G, idx SliceSizes, operand X, operand I>
constexpr auto gather(X&& x, I&& i) noexcept {
  auto e = as_operand(static_cast<X&&>(x));
  auto s = as_operand(static_cast<I&&>(i));
  using E = decltype(e);
  using S = decltype(s);
  constexpr idx od = E::spec.dimensions;
  constexpr idx sd = S::spec.dimensions;
  constexpr detail::index_map_check c =
      detail::check_index_map(G.offset_dims, G.collapsed_slice_dims, G.start_index_map, G.index_vector_dim,
                              G.operand_batching_dims, G.start_indices_batching_dims, od, sd,
                              detail::outer_rank(G.index_vector_dim, S::rank, G.offset_dims.size()));
  constexpr detail::slice_sizes_check z = c.error == detail::index_map_error::none
                                              ? detail::check_slice_sizes(G, SliceSizes, od)
                                              : detail::slice_sizes_check{};
  if constexpr (!is_integral(S::spec.element_type) || c.error != detail::index_map_error::none ||
                z.error != detail::slice_sizes_error::none) {
    detail::report_gather<E, S, G, SliceSizes, c, z>();
    return e;
  } else {
    constexpr idx outer = detail::outer_dimensions(G.offset_dims, G.collapsed_slice_dims, G.operand_batching_dims,
                                                   G.index_vector_dim, sd, SliceSizes);
    constexpr detail::index_map m =
        detail::make_index_map(G.offset_dims, G.collapsed_slice_dims, G.start_index_map, G.index_vector_dim,
                               G.operand_batching_dims, G.start_indices_batching_dims, od, sd, outer, SliceSizes);
    return gather_node<E, S, m>{e, s};
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_GATHER_HPP
