// sxla/ops/scatter.hpp: XLA's Scatter.
//   x::scatter<x::scatter_dims{.update_window_dims = x::idx{1}, .inserted_window_dims = x::idx{0},
//       .scatter_dims_to_operand_dims = x::idx{0}, .index_vector_dim = 1}>(table, ids, rows, x::add_op)
//       table with each row of rows added at row ids[i]
//   x::scatter<dims>(a, b, ids, ua, ub, f)   N operands updated together: f(a, b, ua, ub)
//       returns a std::tuple of N values; the result is a std::tuple of N tensors
// Semantics (ops/index_map.hpp has the index arithmetic): the result starts as the
// operand; then for each scatter index G (the updates' dimensions outside
// update_window_dims) in row-major order, the update window of G is combined into the
// result at start + batching + window position with result = f(result, update) (the
// current value always first: f need not commute). Repeated indices thus apply in index
// order, and every result is reproducible. Start components are read at run time from
// indices of any integer type; a scatter index whose window does not lie wholly inside
// the operand (some start component negative, or start + window size beyond the
// dimension: XLA's CPU rule) is skipped whole, window and all, whatever its value
// (negative, huge, INT_MIN). indices_are_sorted and unique_indices are accepted and
// change nothing.
//
// Evaluation. With one operand scatter is a node: assigned to a tensor or view (any
// layout), it copies the operand there, then applies the updates in place (no other
// memory); `t = x::scatter<...>(t, ids, u, f)` skips the copy. Runs along the updates'
// last window dimension over a contiguous destination with a built-in computation
// (x::add_op, max_op ...) are vectorised. Elementwise work over a scatter is applied row
// by row after it (expr/producer.hpp). Read element by element inside another node, an
// element costs a pass over the indices: assign it first. With several operands the
// result is a std::tuple of tensors, computed element by element.
//
// Misuse is a compile error naming scatter, the shapes and the field: as gather's, plus
// updates whose rank or sizes disagree with the indices and window dimensions, a window
// larger than the operand, operands (or updates) of different dimensions or element
// types, and a computation that cannot combine them.
#ifndef SXLA_OPS_SCATTER_HPP
#define SXLA_OPS_SCATTER_HPP

#include <cstddef>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"       // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"      // is_integral
#include "sxla/core/index.hpp"             // index_t, multi_index, idx
#include "sxla/core/workspace.hpp"         // detail::arena
#include "sxla/expr/executor.hpp"          // detail::evaluate_plain
#include "sxla/expr/expression.hpp"        // logical_spec
#include "sxla/expr/leaf.hpp"              // as_operand, operand, detail::lanes_fit
#include "sxla/expr/producer.hpp"          // gather_producer
#include "sxla/ops/gather.hpp"             // detail::outer_rank, position_of
#include "sxla/ops/index_map.hpp"          // index_map, check_index_map, make_index_map
#include "sxla/ops/reduction.hpp"          // detail::odometer
#include "sxla/shape/print.hpp"            // diagnostic_display of shapes
#include "sxla/simd/vec.hpp"               // load, store, load_n, store_n
#include "sxla/tensor/tensor.hpp"          // tensor

namespace sxla {

// Scatter's dimension numbers (XLA's ScatterDimensionNumbers, with its two hints).
struct scatter_dims {
  idx update_window_dims{};
  idx inserted_window_dims{};
  idx scatter_dims_to_operand_dims{};
  index_t index_vector_dim = 0;
  idx input_batching_dims{};
  idx scatter_indices_batching_dims{};
  bool indices_are_sorted = false;
  bool unique_indices = false;
};

// The op's name in compile errors (core/diagnostics.hpp), and the op named where an
// evaluation's scratch memory does not fit (scatter needs none of its own).
namespace hlo {
struct scatter;
}  // namespace hlo
struct scatter_op {
  using name = hlo::scatter;
};

namespace detail {
// The updates' dimensions outside update_window_dims (Window false: the scatter
// dimensions) or inside them (true: the window dimensions), ascending.
template <bool Window>
constexpr idx updates_dimensions(const index_map& m) noexcept {
  idx r;
  for (std::size_t o = 0; o < m.outer.size(); ++o)
    if ((m.outer_operand[o] >= 0) == Window) r.push_back(static_cast<index_t>(o));
  return r;
}
// The window dimensions but the last (the runs go along the last).
constexpr idx outer_window_dimensions(const index_map& m) noexcept {
  idx r = updates_dimensions<true>(m);
  if (r.size() > 0) r.pop_back();
  return r;
}

// The updates' sizes, as a multi-index.
template <index_map M>
constexpr multi_index<M.outer.size()> updates_extent() noexcept {
  multi_index<M.outer.size()> e{};
  for (std::size_t d = 0; d < M.outer.size(); ++d) e[d] = M.outer[d];
  return e;
}

// The operand index that updates index u reaches in the window starting at s.
template <index_map M, std::size_t OpRank>
SXLA_FORCE_INLINE constexpr multi_index<OpRank> window_target(const multi_index<OpRank>& s,
                                                              const multi_index<M.outer.size()>& u) noexcept {
  multi_index<OpRank> o = s;
  for (std::size_t d = 0; d < OpRank; ++d)
    if (M.operand_outer[d] >= 0) o[d] += u[static_cast<std::size_t>(M.operand_outer[d])];
  return o;
}

// For each scatter index whose window lies inside the operand, in row-major order:
// g(u, s) with u the updates' index of the window's first element, s the operand's.
template <index_map M, class Ix, std::size_t OpRank, class G>
SXLA_FORCE_INLINE constexpr void for_each_window(const Ix& indices, G&& g) {
  constexpr auto extent = updates_extent<M>();
  constexpr idx scatter_dims = updates_dimensions<false>(M);
  for (index_t e : extent)
    if (e == 0) return;
  multi_index<M.outer.size()> u{};
  odometer(scatter_dims, extent, u, [&] {
    multi_index<Ix::rank> p = indices_position<M, Ix::rank>(u);
    multi_index<OpRank> s{};
    for (std::size_t d = 0; d < OpRank; ++d) {
      index_t v = 0;
      if (M.operand_batch[d] >= 0) v += u[static_cast<std::size_t>(M.operand_batch[d])];
      if (M.operand_start[d] >= 0) {
        if constexpr (!M.implicit) p[static_cast<std::size_t>(M.index_vector_dim)] = M.operand_start[d];
        index_t start = 0;
        if (!start_in_bounds(indices.at(p), M.limit[d], start)) return;
        v += start;
      }
      s[d] = v;
    }
    g(u, s);
  });
}

// Whether f combines lanes of T as vectors (a built-in computation).
template <class F, class T>
inline constexpr bool vector_computation = [] {
  if constexpr (requires { F::template vectorizable<T, T>; }) {
    return simd::has_vec<T> && F::template vectorizable<T, T>;
  } else {
    return false;
  }
}();
}  // namespace detail

// Scatter(operand, indices, updates, f) with the tables M (ops/index_map.hpp; "outer"
// is the updates): a producer (expr/producer.hpp) of the operand's shape.
template <class Op, class Ix, class Up, class F, detail::index_map M>
struct scatter_node : gather_producer<scatter_node<Op, Ix, Up, F, M>, typename Op::value_type, Op::rank> {
  static constexpr bool is_expression = true;
  static constexpr bool produces = true;
  using value_type = typename Op::value_type;
  using lane_type = typename Op::lane_type;
  static constexpr std::size_t rank = Op::rank;
  static constexpr shape_spec spec = Op::spec;
  using scratch_op = scatter_op;

  Op operand;
  Ix indices;
  Up updates;
  F f;

  // One element: the operand's, with every update that lands on it combined in order.
  constexpr value_type at(const multi_index<rank>& i) const noexcept {
    value_type v = operand.at(i);
    detail::for_each_window<M, Ix, rank>(indices, [&](multi_index<Up::rank> u, const multi_index<rank>& s) {
      for (std::size_t d = 0; d < rank; ++d) {
        const index_t k = i[d] - s[d];
        if (k < 0 || k >= M.window[d]) return;
        if (M.operand_outer[d] >= 0) u[static_cast<std::size_t>(M.operand_outer[d])] = k;
      }
      v = static_cast<value_type>(f(v, updates.at(u)));
    });
    return v;
  }

  // Writes the result into dst: the operand (unless dst is the operand's own storage),
  // then every update in place; finish(start, n) for each run along the last dimension.
  template <class Dst, class Finish>
  void produce(Dst& dst, Finish&& finish, detail::arena&) const {
    using D = typename Dst::shape_type;
    if constexpr (D::element_count == 0) {
      return;
    } else {
      copy_operand(dst);
      apply(dst);
      if constexpr (rank > 0) detail::finish_every_row<rank>(spec.dimensions, finish);
    }
  }

  // The operand is read only where the result is written (the copy), so an assignment
  // to the operand's own storage needs no temporary.
  template <class G>
  constexpr void for_each_leaf(G&& g, bool direct) const {
    operand.for_each_leaf(g, direct);
    indices.for_each_leaf(g, false);
    updates.for_each_leaf(g, false);
  }
  template <class V>
  static constexpr void visit_leaves(V& v, bool direct) {
    Op::visit_leaves(v, direct);
    Ix::visit_leaves(v, false);
    Up::visit_leaves(v, false);
  }

 private:
  // Whether the operand is storage (a tensor or view) of Dst's own shape type.
  template <class Dst>
  static constexpr bool operand_is_storage_like = [] {
    if constexpr (requires { typename Op::shape_type; }) {
      return std::is_same_v<typename Op::shape_type, typename Dst::shape_type>;
    } else {
      return false;
    }
  }();

  // The operand into dst: nothing when dst is the operand's own storage, one memcpy
  // when it is storage of the same type, else the executor's loops.
  template <class Dst>
  void copy_operand(Dst& dst) const noexcept {
    if constexpr (operand_is_storage_like<Dst>) {
      if (operand.data() != dst.data())
        std::memcpy(dst.data(), operand.data(),
                    sizeof(value_type) * static_cast<std::size_t>(Dst::shape_type::storage_count));
    } else {
      detail::evaluate_plain(dst, operand);
    }
  }

  // The updates combined into dst, which holds the operand.
  template <class Dst>
  void apply(Dst& dst) const {
    using D = typename Dst::shape_type;
    using T = value_type;
    T* out = dst.data();
    constexpr idx window_dims = detail::updates_dimensions<true>(M);
    constexpr index_t wl = window_dims.size() > 0 ? window_dims[window_dims.size() - 1] : -1;
    detail::for_each_window<M, Ix, rank>(indices, [&](multi_index<Up::rank> u, const multi_index<rank>& s) {
      if constexpr (wl < 0) {
        T& r = out[D::offset(s)];
        r = static_cast<T>(f(r, updates.at(u)));
      } else {
        constexpr auto w = static_cast<std::size_t>(wl);
        constexpr auto dl = static_cast<std::size_t>(M.outer_operand[w]);
        constexpr index_t n = M.outer[w];
        constexpr idx run_outer = detail::outer_window_dimensions(M);  // the run is along the last
        detail::odometer(run_outer, detail::updates_extent<M>(), u, [&] {
          multi_index<rank> o = detail::window_target<M>(s, u);
          const auto run = updates.template line<w>(u);
          if constexpr (D::is_tiled) {
            for (index_t j = 0; j < n; ++j) {
              T& r = out[D::offset(o)];
              r = static_cast<T>(f(r, run.get(j)));
              ++o[dl];
            }
          } else {
            constexpr index_t stride = D::map.strides[dl];
            T* p = out + D::offset(o);
            if constexpr (stride == 1 && detail::vector_computation<F, T> && Up::template vectorizable<T>) {
              constexpr auto lanes = static_cast<index_t>(simd::lanes<T>);
              index_t j = 0;
              for (; j + lanes <= n; j += lanes)
                simd::store(f(simd::load(p + j), run.template load<T>(j)), p + j);
              if (j < n) {
                const auto left = static_cast<std::size_t>(n - j);
                simd::store_n(f(simd::load_n(p + j, left), run.template load_n<T>(j, left)), p + j, left);
              }
            } else {
              for (index_t j = 0; j < n; ++j) p[j * stride] = static_cast<T>(f(p[j * stride], run.get(j)));
            }
          }
        });
      }
    });
  }
};

namespace detail {
// Each operand dimension's window size: the updates' size of its window dimension, 1
// for inserted and batching dimensions.
constexpr idx scatter_window(const scatter_dims& s, const idx& updates, std::size_t operand_rank) noexcept {
  idx w;
  std::size_t k = 0;
  for (std::size_t d = 0; d < operand_rank; ++d) {
    const auto dd = static_cast<index_t>(d);
    if (contains(s.inserted_window_dims, dd) || contains(s.input_batching_dims, dd) ||
        k >= s.update_window_dims.size()) {
      w.push_back(1);
    } else {
      w.push_back(updates[static_cast<std::size_t>(s.update_window_dims[k++])]);
    }
  }
  return w;
}

enum class scatter_error { none, arguments, index_type, map, updates_rank, scatter_size, window_size, operands,
                           updates, element_type, computation };

struct scatter_check {
  scatter_error error = scatter_error::none;
  index_map_check map{};
  index_t pos = 0;
};

// The checks of scatter with operand, indices and updates dimensions (the first
// operand's and update's; the others are compared by the caller).
constexpr scatter_check check_scatter(const scatter_dims& s, const idx& operand, const idx& indices,
                                      const idx& updates) noexcept {
  const auto up_rank = static_cast<index_t>(updates.size());
  const index_map_check c =
      check_index_map(s.update_window_dims, s.inserted_window_dims, s.scatter_dims_to_operand_dims,
                      s.index_vector_dim, s.input_batching_dims, s.scatter_indices_batching_dims, operand, indices,
                      up_rank);
  if (c.error != index_map_error::none) return {scatter_error::map, c, 0};
  const index_t want = outer_rank(s.index_vector_dim, indices.size(), s.update_window_dims.size());
  if (want != up_rank) return {scatter_error::updates_rank, {}, want};
  const idx window = scatter_window(s, updates, operand.size());
  const idx expected = outer_dimensions(s.update_window_dims, s.inserted_window_dims, s.input_batching_dims,
                                        s.index_vector_dim, indices, window);
  for (std::size_t d = 0; d < updates.size(); ++d)
    if (updates[d] != expected[d]) return {scatter_error::scatter_size, {}, static_cast<index_t>(d)};
  for (std::size_t d = 0; d < operand.size(); ++d)
    if (window[d] > operand[d]) return {scatter_error::window_size, {}, static_cast<index_t>(d)};
  return {};
}

template <class E, class S, class U, scatter_dims G, scatter_check C>
constexpr void report_scatter() noexcept {
  constexpr index_t p = C.error == scatter_error::map ? C.map.pos : C.pos;
  constexpr index_map_error m = C.map.error;
  if constexpr (C.error == scatter_error::index_type) {
    SXLA_DIAGNOSE(hlo::scatter, "{}, indices {} and updates {}: indices must be of an integer type", (E, S, U), ());
  } else if constexpr (m == index_map_error::index_vector_dim) {
    SXLA_DIAGNOSE(hlo::scatter, "{}, indices {} and updates {}: index_vector_dim {} is outside [0, {}]", (E, S, U),
                  (p, S::rank));
  } else if constexpr (m == index_map_error::window_dims) {
    SXLA_DIAGNOSE(hlo::scatter,
                  "{}, indices {} and updates {}: update_window_dims entry {} ({}) is repeated, out of ascending "
                  "order or outside the updates rank",
                  (E, S, U), (p, G.update_window_dims[static_cast<std::size_t>(p)]));
  } else if constexpr (m == index_map_error::collapsed_dims) {
    SXLA_DIAGNOSE(hlo::scatter,
                  "{}, indices {} and updates {}: inserted_window_dims entry {} ({}) is repeated, out of ascending "
                  "order or outside the operand rank",
                  (E, S, U), (p, G.inserted_window_dims[static_cast<std::size_t>(p)]));
  } else if constexpr (m == index_map_error::operand_batching) {
    SXLA_DIAGNOSE(hlo::scatter,
                  "{}, indices {} and updates {}: input_batching_dims entry {} ({}) is repeated, out of ascending "
                  "order, outside the operand rank or also in inserted_window_dims",
                  (E, S, U), (p, G.input_batching_dims[static_cast<std::size_t>(p)]));
  } else if constexpr (m == index_map_error::rank_sum) {
    SXLA_DIAGNOSE(hlo::scatter,
                  "{}, indices {} and updates {}: the operand rank ({}) must be the sizes of update_window_dims "
                  "({}), inserted_window_dims ({}) and input_batching_dims ({}) added",
                  (E, S, U), (E::rank, G.update_window_dims.size(), G.inserted_window_dims.size(),
                              G.input_batching_dims.size()));
  } else if constexpr (m == index_map_error::indices_batching) {
    SXLA_DIAGNOSE(hlo::scatter,
                  "{}, indices {} and updates {}: scatter_indices_batching_dims entry {} ({}) is repeated, outside "
                  "the indices rank or index_vector_dim",
                  (E, S, U), (p, G.scatter_indices_batching_dims[static_cast<std::size_t>(p)]));
  } else if constexpr (m == index_map_error::batching_count) {
    SXLA_DIAGNOSE(hlo::scatter,
                  "{}, indices {} and updates {}: input_batching_dims ({} entries) and scatter_indices_batching_dims "
                  "({}) must have the same length",
                  (E, S, U), (G.input_batching_dims.size(), G.scatter_indices_batching_dims.size()));
  } else if constexpr (m == index_map_error::batching_size) {
    SXLA_DIAGNOSE(hlo::scatter,
                  "{}, indices {} and updates {}: batching pair {}: operand dimension {} and indices dimension {} "
                  "differ in size",
                  (E, S, U), (p, G.input_batching_dims[static_cast<std::size_t>(p)],
                              G.scatter_indices_batching_dims[static_cast<std::size_t>(p)]));
  } else if constexpr (m == index_map_error::start_map_size) {
    SXLA_DIAGNOSE(hlo::scatter,
                  "{}, indices {} and updates {}: scatter_dims_to_operand_dims has {} entries, but index_vector_dim "
                  "holds {} start components",
                  (E, S, U), (G.scatter_dims_to_operand_dims.size(), p));
  } else if constexpr (m == index_map_error::start_map) {
    SXLA_DIAGNOSE(hlo::scatter,
                  "{}, indices {} and updates {}: scatter_dims_to_operand_dims entry {} ({}) is repeated, outside "
                  "the operand rank or an input batching dimension",
                  (E, S, U), (p, G.scatter_dims_to_operand_dims[static_cast<std::size_t>(p)]));
  } else if constexpr (C.error == scatter_error::updates_rank) {
    SXLA_DIAGNOSE(hlo::scatter,
                  "{}, indices {} and updates {}: the updates rank must be {} (the batch dimensions of the indices and "
                  "update_window_dims)",
                  (E, S, U), (p));
  } else if constexpr (C.error == scatter_error::scatter_size) {
    SXLA_DIAGNOSE(hlo::scatter,
                  "{}, indices {} and updates {}: updates dimension {} is a scatter dimension, and its size must be "
                  "that of the matching indices dimension",
                  (E, S, U), (p));
  } else if constexpr (C.error == scatter_error::window_size) {
    SXLA_DIAGNOSE(hlo::scatter,
                  "{}, indices {} and updates {}: the update window is larger than operand dimension {}", (E, S, U),
                  (p));
  }
}

template <class T>
struct tuple_size_or_zero : std::integral_constant<std::size_t, 0> {};
template <class T>
  requires requires { std::tuple_size<T>::value; }
struct tuple_size_or_zero<T> : std::integral_constant<std::size_t, std::tuple_size<T>::value> {};

// Scatter of N operands into a tuple of N tensors, element by element.
template <index_map M, class Ops, class Ix, class Ups, class F, std::size_t... K>
auto scatter_many(const Ops& ops, const Ix& ix, const Ups& ups, const F& f, std::index_sequence<K...>) {
  using result = std::tuple<tensor<logical_spec(std::tuple_element_t<K, Ops>::spec.element_type,
                                                std::tuple_element_t<K, Ops>::spec.dimensions)>...>;
  constexpr std::size_t rank = std::tuple_element_t<0, Ops>::rank;
  using Up = std::tuple_element_t<0, Ups>;
  result out(std::tuple_element_t<K, result>(std::get<K>(ops))...);
  constexpr idx window_dims = updates_dimensions<true>(M);
  for_each_window<M, Ix, rank>(ix, [&](multi_index<Up::rank> u, const multi_index<rank>& s) {
    odometer(window_dims, updates_extent<M>(), u, [&] {
      const multi_index<rank> o = window_target<M>(s, u);
      auto& slots = out;
      const auto r = f(std::get<K>(slots).data()[std::tuple_element_t<K, result>::shape_type::offset(o)]...,
                       std::get<K>(ups).at(u)...);
      ((std::get<K>(slots).data()[std::tuple_element_t<K, result>::shape_type::offset(o)] =
            static_cast<typename std::tuple_element_t<K, result>::value_type>(std::get<K>(r))),
       ...);
    });
  });
  return out;
}

template <scatter_dims G, class Args, std::size_t... K>
constexpr auto scatter_args(Args&& args, std::index_sequence<K...> seq) {
  constexpr std::size_t n = sizeof...(K);
  auto ops = std::make_tuple(as_operand(std::get<K>(static_cast<Args&&>(args)))...);
  auto ix = as_operand(std::get<n>(static_cast<Args&&>(args)));
  auto ups = std::make_tuple(as_operand(std::get<n + 1 + K>(static_cast<Args&&>(args)))...);
  auto f = std::get<2 * n + 1>(static_cast<Args&&>(args));
  using Ops = decltype(ops);
  using Ups = decltype(ups);
  using E = std::tuple_element_t<0, Ops>;
  using S = decltype(ix);
  using U = std::tuple_element_t<0, Ups>;
  using Fn = decltype(f);
  constexpr idx od = E::spec.dimensions;
  constexpr idx ud = U::spec.dimensions;
  constexpr bool operands_ok = ((std::tuple_element_t<K, Ops>::spec.dimensions == od) && ...);
  constexpr bool updates_ok = ((std::tuple_element_t<K, Ups>::spec.dimensions == ud) && ...);
  constexpr bool types_ok =
      ((std::tuple_element_t<K, Ops>::spec.element_type == std::tuple_element_t<K, Ups>::spec.element_type) && ...);
  constexpr bool f_ok = [] {
    if constexpr (n == 1) {
      using T = typename E::value_type;
      if constexpr (std::is_invocable_v<const Fn&, T, T>) {
        return std::is_convertible_v<std::invoke_result_t<const Fn&, T, T>, T>;
      } else {
        return false;
      }
    } else if constexpr (std::is_invocable_v<const Fn&, typename std::tuple_element_t<K, Ops>::value_type...,
                                             typename std::tuple_element_t<K, Ops>::value_type...>) {
      using R = std::remove_cvref_t<std::invoke_result_t<const Fn&, typename std::tuple_element_t<K, Ops>::value_type...,
                                                         typename std::tuple_element_t<K, Ops>::value_type...>>;
      return tuple_size_or_zero<R>::value == n;
    } else {
      return false;
    }
  }();
  constexpr scatter_check c = !is_integral(S::spec.element_type)
                                  ? scatter_check{scatter_error::index_type, {}, 0}
                                  : check_scatter(G, od, S::spec.dimensions, ud);
  if constexpr (c.error != scatter_error::none) {
    report_scatter<E, S, U, G, c>();
    return 0;
  } else if constexpr (!operands_ok) {
    SXLA_DIAGNOSE(hlo::scatter, "{}, indices {} and updates {}: every operand must have the dimensions of the first",
                  (E, S, U), ());
    return 0;
  } else if constexpr (!updates_ok) {
    SXLA_DIAGNOSE(hlo::scatter, "{}, indices {} and updates {}: every updates array must have the dimensions of the first",
                  (E, S, U), ());
    return 0;
  } else if constexpr (!types_ok) {
    SXLA_DIAGNOSE(hlo::scatter, "{}, indices {} and updates {}: each updates array must have the element type of its operand",
                  (E, S, U), ());
    return 0;
  } else if constexpr (!f_ok) {
    SXLA_DIAGNOSE(hlo::scatter,
                  "{}, indices {} and updates {}: the computation ({}) must take the N current values, then the N "
                  "updates, and return a value (N = 1) or a tuple of N values",
                  (E, S, U, Fn), ());
    return 0;
  } else {
    constexpr idx window = scatter_window(G, ud, od.size());
    constexpr index_map m = make_index_map(G.update_window_dims, G.inserted_window_dims, G.scatter_dims_to_operand_dims,
                                           G.index_vector_dim, G.input_batching_dims, G.scatter_indices_batching_dims,
                                           od, S::spec.dimensions, ud, window);
    if constexpr (n == 1) {
      return scatter_node<E, S, U, Fn, m>{{}, std::get<0>(ops), ix, std::get<0>(ups), f};
    } else {
      return scatter_many<m>(ops, ix, ups, f, seq);
    }
  }
}
}  // namespace detail

// Scatter(operands..., indices, updates..., computation) with the dimension numbers G:
// one operand gives a node (assign it), several a std::tuple of tensors (see the top).
template <scatter_dims G, class... Args>
constexpr auto scatter(Args&&... args) {
  constexpr std::size_t count = sizeof...(Args);
  if constexpr (count < 4 || count % 2 != 0) {
    SXLA_DIAGNOSE(hlo::scatter, "give N operands, the indices, N updates arrays, then the computation ({} arguments given)",
                  (), (count));
    return 0;
  } else {
    return detail::scatter_args<G>(std::forward_as_tuple(static_cast<Args&&>(args)...),
                                   std::make_index_sequence<(count - 2) / 2>{});
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_SCATTER_HPP
