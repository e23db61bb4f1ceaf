// sxla/ops/reduce.hpp: XLA's Reduce.
//   x::reduce<1>(x::mul(a, b), 0.0f, x::add_op)     f32[M,N] -> f32[M], a*b never stored
//   x::reduce<0, 1>(a, 0.0f, x::add_op)             dimensions in any order
//   auto [m, i] = x::reduce<0>(v, x::iota<"s32[N]", 0>(), -inf, 0, argmax)   variadic
// One operand gives a lazy node: evaluated where it is assigned, into any layout, and
// fused with its operand's expression. Several give a std::tuple of tensors (the
// computation takes the N accumulators, then the N elements, and returns a tuple).
//
// Order. A user computation folds each result element sequentially over the reduced
// dimensions in row-major order, from the init value: f(...f(f(init, x_0), x_1)...). A
// built-in monoid (reduction.hpp) splits the reduced dimensions in two: those more minor
// than every kept dimension (the "row" part; all of them for a full reduction) are one
// run, combined in reduction.hpp's interleaved order; the others are folded sequentially
// around it, from the init value: f(...f(f(init, row(c_0)), row(c_1))...). So a column sum
// is the plain sequential sum of each column (vectorized across columns), a row sum or a
// total is the interleaved order: the same bits on every backend, run after run. The
// init value is applied once per result element. A dimension set at run time
// (set_dimension_size) is reduced up to its run-time size only.
//
// Reading a reduction node inside another expression recomputes it for each element that
// reads it; store it first (x::eval) to use it more than once per element.
#ifndef SXLA_OPS_REDUCE_HPP
#define SXLA_OPS_REDUCE_HPP

#include <concepts>
#include <cstddef>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"       // SXLA_DIAGNOSE, detail::nth_type, detail::first_index
#include "sxla/core/index.hpp"             // index_t, multi_index, idx
#include "sxla/core/workspace.hpp"         // detail::arena
#include "sxla/expr/expression.hpp"        // logical_spec, runtime_dimensions
#include "sxla/expr/leaf.hpp"              // as_operand, operand, scalar_value
#include "sxla/expr/line.hpp"              // detail::load_by_element
#include "sxla/ops/reduction.hpp"          // monoids, reduce_runs, odometer
#include "sxla/ops/transpose.hpp"          // detail::distinct_dimensions, first_bad_dimension
#include "sxla/shape/print.hpp"            // diagnostic_display of shapes
#include "sxla/simd/vec.hpp"               // vec, splat, load, store
#include "sxla/tensor/tensor.hpp"          // tensor

namespace sxla {

// The op's name in compile errors (core/diagnostics.hpp).
namespace hlo {
struct reduce;
}  // namespace hlo

namespace detail {

// Which dimensions a reduction keeps and how it walks the others (see the top).
struct reduce_plan {
  idx reduced;              // sorted
  idx kept;                 // sorted: result dimension k is operand dimension kept[k]
  idx column;               // reduced dimensions below the last kept one
  index_t row_begin = 0;    // the row part is [row_begin, rank)
  idx kept_sizes;

  friend constexpr bool operator==(const reduce_plan&, const reduce_plan&) = default;
};

constexpr reduce_plan make_reduce_plan(const idx& dims, const idx& sizes) noexcept {
  reduce_plan p;
  bool reduced[max_rank] = {};
  for (index_t d : dims) reduced[d] = true;
  for (std::size_t d = 0; d < sizes.size(); ++d) {
    if (reduced[d]) {
      p.reduced.push_back(static_cast<index_t>(d));
    } else {
      p.kept.push_back(static_cast<index_t>(d));
      p.kept_sizes.push_back(sizes[d]);
      p.row_begin = static_cast<index_t>(d) + 1;
    }
  }
  for (index_t d : p.reduced)
    if (d < p.row_begin) p.column.push_back(d);
  return p;
}

// The error of a reduction (Op: reduce, reduce_window) whose computation F cannot combine
// two elements of E.
template <class Op, class E, class F>
constexpr void report_reduce_computation() noexcept {
  SXLA_DIAGNOSE(Op,
                "{}: the computation {} cannot combine two elements of this type (a built-in computation that rejects "
                "the type, or a callable f(T, T) whose result does not convert to T)",
                (E, F), ());
}
// The error of reduce dimensions Dims that are out of E's range or repeated.
template <class E, idx Dims>
constexpr void report_reduce_dimensions() noexcept {
  SXLA_DIAGNOSE(hlo::reduce, "{}: dimension {} is out of range or listed twice (rank {})", (E),
                (Dims[first_bad_dimension(Dims, E::rank)], E::rank));
}

// An init value as T: a number, or a rank-0 operand.
template <class T, class I>
constexpr T init_value(const I& init) noexcept {
  if constexpr (scalar_value<I>) {
    return static_cast<T>(init);
  } else {
    return static_cast<T>(as_operand(init).at({}));
  }
}

// Whether F can be the computation of a reduction of T.
template <class F, class T>
inline constexpr bool reduces = [] {
  if constexpr (is_builtin_monoid<F>) {
    return F::template accepts<T>;
  } else if constexpr (std::is_invocable_v<const F&, T, T>) {
    return std::is_convertible_v<std::invoke_result_t<const F&, T, T>, T>;
  } else {
    return false;
  }
}();
}  // namespace detail

template <class Node, std::size_t M>
struct reduce_line;

// Reduce(operand, init, f, dimensions) for one operand, lazily.
template <class F, class Op, detail::reduce_plan P>
struct reduce_node {
  static constexpr bool is_expression = true;
  using value_type = typename Op::value_type;
  static constexpr bool monoid = detail::is_builtin_monoid<F>;
  using acc_type = std::conditional_t<monoid, detail::accumulate_t<value_type>, value_type>;
  static constexpr std::size_t rank = P.kept.size();
  static constexpr std::size_t op_rank = Op::rank;
  static constexpr detail::reduce_plan plan = P;
  static constexpr shape_spec spec = logical_spec(Op::spec.element_type, P.kept_sizes);
  using lane_type = std::conditional_t<simd::has_vec<value_type>, value_type, void>;

  Op operand;
  acc_type init;
  [[no_unique_address]] F f;
  multi_index<op_rank> extent;  // the operand's run-time sizes

  // The operand index of result index i, its reduced dimensions 0.
  SXLA_FORCE_INLINE constexpr multi_index<op_rank> source(const multi_index<rank>& i) const noexcept {
    multi_index<op_rank> s{};
    for (std::size_t k = 0; k < rank; ++k) s[static_cast<std::size_t>(P.kept[k])] = i[k];
    return s;
  }

  // The reduction of the elements whose kept dimensions are those of b.
  constexpr value_type element(multi_index<op_rank> b) const noexcept {
    acc_type acc = init;
    if constexpr (!monoid) {
      detail::odometer(P.reduced, extent, b, [&] { acc = f(acc, operand.at(b)); });
    } else {
      detail::odometer(P.column, extent, b, [&] { acc = f(acc, row(b)); });
    }
    return static_cast<value_type>(acc);
  }

  // The row part at b (a monoid): one run when the operand's lines merge across it.
  constexpr acc_type row(multi_index<op_rank> b) const noexcept {
    if constexpr (static_cast<std::size_t>(P.row_begin) == op_rank) {
      return static_cast<acc_type>(operand.at(b));
    } else {
      constexpr std::size_t last = op_rank - 1;
      // Dimensions [merge_from, rank) run as one line where the operand allows it and
      // the inner ones are whole.
      std::size_t from = merge_floor;
      for (std::size_t d = last; d > from; --d) {
        if (extent[d] != Op::spec.dimensions[d]) {
          from = d;
          break;
        }
      }
      index_t n = 1, runs = 1;
      for (std::size_t d = from; d < op_rank; ++d) n *= extent[d];
      for (auto d = static_cast<std::size_t>(P.row_begin); d < from; ++d) runs *= extent[d];
      for (auto d = static_cast<std::size_t>(P.row_begin); d < op_rank; ++d) b[d] = 0;
      return detail::reduce_runs<Op::template vectorizable<value_type>, F, acc_type, row_elements>(
          f, runs, n, [&](index_t k) {
            multi_index<op_rank> i = b;
            for (std::size_t d = from; d-- > static_cast<std::size_t>(P.row_begin);) {
              i[d] = k % extent[d];
              k /= extent[d];
            }
            return operand.template line<last>(i);
          });
    }
  }

  SXLA_FORCE_INLINE constexpr value_type at(const multi_index<rank>& i) const noexcept { return element(source(i)); }

  template <std::size_t M>
  SXLA_FORCE_INLINE constexpr auto line(const multi_index<rank>& start) const noexcept {
    return reduce_line<reduce_node, M>{this, source(start)};
  }

  // Lanes of results along operand dimension m, folded vector by vector: the column
  // case (no row part), for a monoid with vectors.
  template <class L>
  static constexpr bool vertical = [] {
    if constexpr (!monoid || static_cast<std::size_t>(P.row_begin) != op_rank || std::is_same_v<value_type, bool> ||
                  !std::is_same_v<acc_type, value_type>) {
      return false;
    } else if constexpr (!simd::has_vec<value_type> || !simd::has_vec<L>) {
      return false;
    } else {
      return sizeof(L) == sizeof(value_type) && Op::template vectorizable<value_type>;
    }
  }();

  template <class L, std::size_t Dim>
  SXLA_FORCE_INLINE auto fold_lanes(multi_index<op_rank> b, index_t j, std::size_t n) const noexcept {
    using V = simd::vec<value_type>;
    V acc = simd::splat<V>(init);
    detail::odometer(P.reduced, extent, b, [&] {
      const auto l = operand.template line<Dim>(b);
      acc = f(acc, n == simd::lanes<value_type> ? l.template load<value_type>(j) : l.template load_n<value_type>(j, n));
    });
    return acc;
  }

  template <std::size_t, std::size_t>
  static constexpr bool mergeable = false;
  template <std::size_t, std::size_t>
  static constexpr bool periodic_mergeable = false;
  template <std::size_t>
  static constexpr bool strided_along = false;
  template <class L>
  static constexpr bool vectorizable = detail::lanes_fit<value_type, L>;

  template <class G>
  constexpr void for_each_leaf(G&& g, bool) const {
    operand.for_each_leaf(g, false);
  }
  template <class V>
  static constexpr void visit_leaves(V& v, bool) {
    decltype(operand)::visit_leaves(v, false);
  }

  static constexpr bool dynamic_sizes = has_dynamic_sizes<Op>;
  constexpr multi_index<rank> dimension_sizes() const noexcept {
    multi_index<rank> d{};
    for (std::size_t k = 0; k < rank; ++k) d[k] = extent[static_cast<std::size_t>(P.kept[k])];
    return d;
  }

  // Column reductions written straight into an untiled destination whose last dimension
  // is contiguous: each operand row (a line along the last kept dimension) is folded
  // into a block of the destination in turn, so the operand is read in memory order.
  template <class D>
  static constexpr bool evaluates_into = [] {
    if constexpr (rank == 0 || D::is_tiled || !vertical<value_type>) {
      return false;
    } else {
      return D::map.strides[rank - 1] == 1;
    }
  }();

  template <class Dst>
  void evaluate_to(Dst& dst, detail::arena&) const noexcept {  // (no scratch)
    using D = typename Dst::shape_type;
    using V = simd::vec<value_type>;
    constexpr std::size_t m = static_cast<std::size_t>(P.kept[rank - 1]);
    constexpr index_t n = D::dimensions[rank - 1];
    constexpr index_t lanes = static_cast<index_t>(simd::lanes<value_type>);
    constexpr index_t block = static_cast<index_t>(16384 / sizeof(value_type));
    constexpr idx outer = [] {
      idx o;
      for (std::size_t k = 0; k + 1 < rank; ++k) o.push_back(static_cast<index_t>(k));
      return o;
    }();
    const V first = simd::splat<V>(init);
    using line_t = decltype(operand.template line<m>(std::declval<const multi_index<op_rank>&>()));
    multi_index<rank> i{};
    detail::odometer(outer, static_dimensions<reduce_node>(), i, [&] {
      value_type* o = dst.data() + D::offset(i);
      multi_index<op_rank> b = source(i);
      for (index_t j0 = 0; j0 < n; j0 += block) {
        const index_t j1 = j0 + block < n ? j0 + block : n;
        bool empty = true;
        // The rows fold into the block in order, up to four at a time: each vector of
        // the block is loaded and stored once per four rows, not once per row (the same
        // order of operations: acc = f(f(f(f(acc, r0), r1), r2), r3)).
        auto fold = [&](const auto&... rows) {
          index_t j = j0;
          if constexpr (n >= lanes) {  // (else g++ 12 -O3 warns of the loop that never runs)
            for (; j + lanes <= j1; j += lanes) {
              V acc = empty ? first : simd::load(o + j);
              ((acc = f(acc, rows.template load<value_type>(j))), ...);
              simd::store(acc, o + j);
            }
          }
          if (j < j1) {
            const auto c = static_cast<std::size_t>(j1 - j);
            V acc = empty ? first : simd::load_n(o + j, c);
            ((acc = f(acc, rows.template load_n<value_type>(j, c))), ...);
            simd::store_n(acc, o + j, c);
          }
          empty = false;
        };
        std::optional<line_t> group[4];
        int count = 0;
        detail::odometer(P.reduced, extent, b, [&] {
          group[count++].emplace(operand.template line<m>(b));
          if (count == 4) {
            fold(*group[0], *group[1], *group[2], *group[3]);
            count = 0;
          }
        });
        if (count == 1) fold(*group[0]);
        if (count == 2) fold(*group[0], *group[1]);
        if (count == 3) fold(*group[0], *group[1], *group[2]);
        if (empty)
          for (index_t j = j0; j < j1; ++j) o[j] = init;
      }
    });
  }

 private:
  // The elements of the row part (its static sizes).
  static constexpr index_t row_elements = [] {
    index_t n = 1;
    for (auto d = static_cast<std::size_t>(P.row_begin); d < op_rank; ++d) n *= Op::spec.dimensions[d];
    return n;
  }();
  // The first dimension of the row part the operand's lines can merge into the last.
  static constexpr std::size_t merge_floor = [] {
    if constexpr (op_rank == 0) {
      return std::size_t{0};
    } else {
      return []<std::size_t... K>(std::index_sequence<K...>) {
        constexpr bool ok[] = {true, Op::template mergeable<K, K + 1>...};  // ok[d + 1]: d merges into d + 1
        std::size_t d = op_rank - 1;
        while (d > static_cast<std::size_t>(P.row_begin) && ok[d]) --d;
        return d;
      }(std::make_index_sequence<op_rank - 1>{});
    }
  }();
};

// A line of a reduction: element j is the reduction at start + j along result dimension M.
template <class Node, std::size_t M>
struct reduce_line {
  using value_type = typename Node::value_type;
  static constexpr auto m = static_cast<std::size_t>(Node::plan.kept[M]);  // the operand's dimension
  const Node* node;
  multi_index<Node::op_rank> base;

  SXLA_FORCE_INLINE constexpr value_type get(index_t j) const noexcept {
    multi_index<Node::op_rank> b = base;
    b[m] += j;
    return node->element(b);
  }
  template <class L>
  SXLA_FORCE_INLINE auto load(index_t j) const noexcept {
    return load_n<L>(j, simd::lanes<L>);
  }
  template <class L>
  SXLA_FORCE_INLINE auto load_n(index_t j, std::size_t n) const noexcept {
    if constexpr (Node::template vertical<L>) {
      multi_index<Node::op_rank> b = base;
      b[m] += j;
      return node->template fold_lanes<L, m>(b, 0, n);
    } else {
      return detail::load_by_element<L, value_type>([this](index_t k) { return get(k); }, j, n);
    }
  }
};

namespace detail {

template <idx Dims, operand X, class I, class F>
constexpr auto reduce_one(X&& x, const I& init, F f) noexcept {
  auto e = as_operand(static_cast<X&&>(x));
  using E = decltype(e);
  using T = typename E::value_type;
  constexpr bool dims_ok = distinct_dimensions(Dims, E::rank);
  constexpr bool computation_ok = reduces<F, T>;
  if constexpr (!dims_ok) {
    report_reduce_dimensions<E, Dims>();
    return e;
  } else if constexpr (!computation_ok) {
    report_reduce_computation<hlo::reduce, E, F>();
    return e;
  } else {
    using N = reduce_node<F, E, make_reduce_plan(Dims, E::spec.dimensions)>;
    return N{e, init_value<typename N::acc_type>(init), f, runtime_dimensions(e)};
  }
}

// The variadic forms of reduce and reduce_window, evaluated at once into N tensors of
// dimensions Dims from args (N operands, N inits, the computation f): for each result
// index o, the N accumulators start at the inits and become f(accumulators...,
// elements...) for each operand index s that visit(o, g) passes to g(s), in order.
template <idx Dims, std::size_t... K, class Args, class Visit>
constexpr auto fold_many(std::index_sequence<K...>, Args&& args, const Visit& visit) {
  constexpr std::size_t n = sizeof...(K);
  constexpr std::size_t rank = Dims.size();
  const auto ops = std::make_tuple(as_operand(std::get<K>(args))...);
  using ops_t = decltype(ops);
  using accs_t = std::tuple<typename std::tuple_element_t<K, ops_t>::value_type...>;
  using result = std::tuple<tensor<logical_spec(std::tuple_element_t<K, ops_t>::spec.element_type, Dims)>...>;
  const accs_t inits{init_value<std::tuple_element_t<K, accs_t>>(std::get<n + K>(args))...};
  const auto& f = std::get<2 * n>(args);
  result out(((void)K, uninitialized)...);  // each tensor made in place
  multi_index<rank> o{}, sizes{};
  for (std::size_t d = 0; d < rank; ++d) sizes[d] = Dims[d];
  odometer(all_dimensions<rank>(), sizes, o, [&] {
    accs_t acc = inits;
    visit(o, [&](const auto& s) {
      const auto r = f(std::get<K>(acc)..., std::get<K>(ops).at(s)...);
      acc = {static_cast<std::tuple_element_t<K, accs_t>>(std::get<K>(r))...};
    });
    ((std::get<K>(out).data()[std::tuple_element_t<K, result>::shape_type::offset(o)] = std::get<K>(acc)), ...);
  });
  return out;
}

// The variadic reduce's visit: the reduced dimensions in row-major order, up to their
// run-time sizes (the first operand's).
template <reduce_plan P, std::size_t OpRank>
struct reduced_elements {
  multi_index<OpRank> extent;

  template <class G>
  constexpr void operator()(const multi_index<P.kept.size()>& o, G&& g) const {
    multi_index<OpRank> b{};
    for (std::size_t k = 0; k < o.size(); ++k) b[static_cast<std::size_t>(P.kept[k])] = o[k];
    odometer(P.reduced, extent, b, [&] { g(b); });
  }
};

template <idx Dims, std::size_t... K, class Args>
constexpr auto reduce_many(std::index_sequence<K...> seq, Args&& args) {
  using E0 = operand_t<std::tuple_element_t<0, std::remove_cvref_t<Args>>>;
  constexpr bool dims_ok = distinct_dimensions(Dims, E0::rank);
  constexpr bool shapes_ok =
      ((operand_t<std::tuple_element_t<K, std::remove_cvref_t<Args>>>::spec.dimensions == E0::spec.dimensions) && ...);
  if constexpr (!dims_ok) {
    report_reduce_dimensions<E0, Dims>();
    return 0;
  } else if constexpr (!shapes_ok) {
    using Ek = typename nth_type<
        first_index({!(operand_t<std::tuple_element_t<K, std::remove_cvref_t<Args>>>::spec.dimensions ==
                       E0::spec.dimensions)...}),
        operand_t<std::tuple_element_t<K, std::remove_cvref_t<Args>>>...>::type;
    SXLA_DIAGNOSE(hlo::reduce, "{} and {}: the operands of a variadic reduce must have the same dimensions", (E0, Ek),
                  ());
    return 0;
  } else {
    constexpr reduce_plan p = make_reduce_plan(Dims, E0::spec.dimensions);
    return fold_many<p.kept_sizes>(seq, static_cast<Args&&>(args),
                                   reduced_elements<p, E0::rank>{runtime_dimensions(as_operand(std::get<0>(args)))});
  }
}
}  // namespace detail

// Reduce(operands..., init_values..., computation, {Dims...}): for one operand a lazy
// node, for N > 1 a std::tuple of N tensors (auto [a, b] = ..., or get<I>).
template <index_t... Dims, class... Args>
constexpr auto reduce(Args&&... args) {
  constexpr std::size_t count = sizeof...(Args);
  constexpr bool ok = count >= 3 && count % 2 == 1;
  if constexpr (!ok) {
    SXLA_DIAGNOSE(hlo::reduce, "give N operands, then N init values, then the computation ({} arguments given)", (),
                  (count));
    return 0;
  } else if constexpr (count == 3) {
    return [](auto&& x, const auto& init, auto f) {
      return detail::reduce_one<idx{Dims...}>(static_cast<decltype(x)&&>(x), init, f);
    }(static_cast<Args&&>(args)...);
  } else {
    return detail::reduce_many<idx{Dims...}>(std::make_index_sequence<(count - 1) / 2>{},
                                              std::forward_as_tuple(static_cast<Args&&>(args)...));
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_REDUCE_HPP
