// sxla/ops/reduce_window.hpp: XLA's ReduceWindow.
//   x::reduce_window<x::idx{2, 3}, x::idx{2, 3}>(a, -inf, x::max_op)        VALID, strides
//   x::reduce_window<x::idx{3}, x::idx{2}, x::padding::same>(v, inf, x::min_op)
//   x::reduce_window<W, S, P, BaseDilations, WindowDilations>(a, init, f)
//   auto [m, i] = x::reduce_window<W, S>(a, b, init_a, init_b, f)          variadic
// (window.hpp has the geometry.) One operand gives a lazy node, fused with its operand's
// expression and with what reads it; each result element folds its window's elements in
// row-major window order, from the init value, skipping padding and dilation holes:
// f(...f(f(init, x_0), x_1)...). A line of results along a dimension without padding or
// base dilation runs in vectors for the built-in monoids: one vector load per window
// element (2x2 max pooling over NHWC channels is four loads and three maxima per
// vector). Several operands give a std::tuple of tensors.
// Seed example: the minimum over windows of 3, stride 2, of [10000, 1000, 100, 10, 1] is
// [100, 1] (VALID) and [1000, 10, 1] (SAME).
#ifndef SXLA_OPS_REDUCE_WINDOW_HPP
#define SXLA_OPS_REDUCE_WINDOW_HPP

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "sxla/config.hpp"               // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"     // SXLA_DIAGNOSE
#include "sxla/core/index.hpp"           // index_t, multi_index, idx
#include "sxla/expr/expression.hpp"      // logical_spec
#include "sxla/expr/leaf.hpp"            // as_operand, operand
#include "sxla/expr/line.hpp"            // detail::load_by_element
#include "sxla/expr/view_lines.hpp"      // step_line
#include "sxla/ops/reduce.hpp"           // detail::init_value, reduces, fold_many, report_reduce_computation
#include "sxla/ops/reduction.hpp"        // monoids, odometer, all_dimensions
#include "sxla/ops/window.hpp"           // window_geometry, padding, report_window
#include "sxla/shape/print.hpp"          // diagnostic_display of shapes
#include "sxla/simd/vec.hpp"             // vec, splat
#include "sxla/tensor/tensor.hpp"        // tensor

namespace sxla {

// The op's name in compile errors (core/diagnostics.hpp).
namespace hlo {
struct reduce_window;
}  // namespace hlo

namespace detail {
// The operand index s of element k of window o, or false when it falls on padding or a
// dilation hole.
template <window_geometry G, std::size_t R>
SXLA_FORCE_INLINE constexpr bool window_source(const multi_index<R>& o, const multi_index<R>& k,
                                               const idx& dims, multi_index<R>& s) noexcept {
  for (std::size_t d = 0; d < R; ++d) {
    const index_t p = o[d] * G.stride[d] + k[d] * G.window_dilation[d] - G.low[d];
    if (p < 0 || p % G.base_dilation[d] != 0) return false;
    const index_t i = p / G.base_dilation[d];
    if (i >= dims[d]) return false;
    s[d] = i;
  }
  return true;
}

template <window_geometry G, std::size_t R>
constexpr multi_index<R> window_extent() noexcept {
  multi_index<R> w{};
  for (std::size_t d = 0; d < R; ++d) w[d] = G.window[d];
  return w;
}
}  // namespace detail

template <class Node, std::size_t M>
struct reduce_window_line;

template <class F, class Op, window_geometry G>
struct reduce_window_node {
  static constexpr bool is_expression = true;
  using value_type = typename Op::value_type;
  static constexpr bool monoid = detail::is_builtin_monoid<F>;
  using acc_type = std::conditional_t<monoid, detail::accumulate_t<value_type>, value_type>;
  static constexpr std::size_t rank = Op::rank;
  static constexpr shape_spec spec = logical_spec(Op::spec.element_type, G.result);
  static constexpr window_geometry geometry = G;
  using operand_type = Op;
  using function_type = F;
  using lane_type = std::conditional_t<simd::has_vec<value_type>, value_type, void>;

  Op operand;
  acc_type init;
  [[no_unique_address]] F f;

  constexpr value_type at(const multi_index<rank>& o) const noexcept {
    acc_type acc = init;
    multi_index<rank> k{}, s{};
    detail::odometer(detail::all_dimensions<rank>(), detail::window_extent<G, rank>(), k, [&] {
      // (A monoid accumulates f16 and bf16 in f32: the element is widened first.)
      if (detail::window_source<G>(o, k, Op::spec.dimensions, s)) acc = f(acc, static_cast<acc_type>(operand.at(s)));
    });
    return static_cast<value_type>(acc);
  }

  template <std::size_t M>
  SXLA_FORCE_INLINE auto line(const multi_index<rank>& start) const noexcept {
    return reduce_window_line<reduce_window_node, M>(this, start);
  }

  // Whether lines along M run in vectors: a built-in monoid, and every window of the
  // line inside the operand along M (no padding there, no base dilation).
  template <std::size_t M>
  static constexpr bool vector_along = [] {
    if constexpr (!monoid || std::is_same_v<value_type, bool> || !std::is_same_v<acc_type, value_type> ||
                  !simd::has_vec<value_type>) {
      return false;
    } else {
      index_t taps = 1;
      for (index_t w : G.window) taps *= w;
      return Op::template vectorizable<value_type> && G.low[M] <= 0 && G.high[M] <= 0 &&
             G.base_dilation[M] == 1 && taps <= 64;
    }
  }();

  template <std::size_t, std::size_t>
  static constexpr bool mergeable = false;
  template <std::size_t, std::size_t>
  static constexpr bool periodic_mergeable = false;
  template <std::size_t M>
  static constexpr bool strided_along = G.stride[M] != 1 || Op::template strided_along<M>;
  template <class L>
  static constexpr bool vectorizable = detail::lanes_fit<value_type, L>;

  template <class H>
  constexpr void for_each_leaf(H&& h, bool) const {
    operand.for_each_leaf(h, false);
  }
  template <class V>
  static constexpr void visit_leaves(V& v, bool) {
    decltype(operand)::visit_leaves(v, false);
  }
};

// A line of window results along M: in vectors, one line of the operand per window
// element that lies inside it (found once, when the line is made).
template <class Node, std::size_t M>
struct reduce_window_line {
  using value_type = typename Node::value_type;
  static constexpr std::size_t rank = Node::rank;
  static constexpr window_geometry G = Node::geometry;
  static constexpr bool vector = Node::template vector_along<M>;
  static constexpr index_t taps = [] {
    index_t t = 1;
    for (index_t w : G.window) t *= w;
    return vector ? t : 0;
  }();
  using tap_line = decltype(step_line<G.stride[M]>(
      std::declval<const typename Node::operand_type&>().template line<M>(multi_index<rank>{})));

  // The lines themselves when they can be held, else where they start.
  static constexpr bool hold_lines = std::is_default_constructible_v<tap_line>;
  using tap = std::conditional_t<hold_lines, tap_line, multi_index<rank>>;

  const Node* node;
  multi_index<rank> start;
  index_t count = 0;
  typename Node::acc_type init;
  // Whether the fold may start from the first element: init is the monoid's identity,
  // f(init, x) == x exactly (max pooling from -inf saves one maximum per vector).
  bool from_first = false;
  tap taps_[taps == 0 ? 1 : taps];

  SXLA_FORCE_INLINE reduce_window_line(const Node* n, const multi_index<rank>& s) noexcept
      : node(n), start(s), init(n->init) {
    if constexpr (vector) {
      multi_index<rank> k{}, src{};
      detail::odometer(detail::all_dimensions<rank>(), detail::window_extent<G, rank>(), k, [&] {
        if (detail::window_source<G>(start, k, Node::operand_type::spec.dimensions, src)) {
          if constexpr (hold_lines) {
            taps_[count++] = step_line<G.stride[M]>(node->operand.template line<M>(src));
          } else {
            taps_[count++] = src;
          }
        }
      });
      from_first = count > 0 && detail::same_bits(init, detail::monoid_identity<typename Node::function_type, value_type>());
    }
  }

  SXLA_FORCE_INLINE constexpr value_type get(index_t j) const noexcept {
    multi_index<rank> o = start;
    o[M] += j;
    return node->at(o);
  }
  SXLA_FORCE_INLINE tap_line tap_at(index_t t) const noexcept {
    if constexpr (hold_lines) {
      return taps_[t];
    } else {
      return step_line<G.stride[M]>(node->operand.template line<M>(taps_[t]));
    }
  }
  template <class L>
  SXLA_FORCE_INLINE auto load(index_t j) const noexcept {
    return load_n<L>(j, simd::lanes<L>);
  }
  template <class L>
  SXLA_FORCE_INLINE auto load_n(index_t j, std::size_t n) const noexcept {
    if constexpr (vector) {
      using V = simd::vec<value_type>;
      const auto f = node->f;
      auto tap_load = [&](index_t t) {
        const tap_line l = tap_at(t);
        return n == simd::lanes<value_type> ? l.template load<value_type>(j) : l.template load_n<value_type>(j, n);
      };
      index_t t = 0;
      V acc = from_first ? tap_load(t++) : simd::splat<V>(init);
      for (; t < count; ++t) acc = f(acc, tap_load(t));
      return acc;
    } else {
      return detail::load_by_element<L, value_type>([this](index_t k) { return get(k); }, j, n);
    }
  }
};

namespace detail {
template <window_geometry G, class X, class I, class F>
constexpr auto reduce_window_one(X&& x, const I& init, F f) {
  auto e = as_operand(static_cast<X&&>(x));
  using E = decltype(e);
  constexpr bool computation_ok = reduces<F, typename E::value_type>;
  if constexpr (!computation_ok) {
    report_reduce_computation<hlo::reduce_window, E, F>();
    return e;
  } else {
    using N = reduce_window_node<F, E, G>;
    return N{e, init_value<typename N::acc_type>(init), f};
  }
}

// The variadic form: each window's elements in row-major window order.
template <window_geometry G, std::size_t... K, class Args>
constexpr auto reduce_window_many(std::index_sequence<K...> seq, Args&& args) {
  using E0 = operand_t<std::tuple_element_t<0, std::remove_cvref_t<Args>>>;
  constexpr std::size_t rank = E0::rank;
  return fold_many<G.result>(seq, static_cast<Args&&>(args), [](const multi_index<rank>& o, auto&& g) {
    multi_index<rank> k{}, s{};
    odometer(all_dimensions<rank>(), window_extent<G, rank>(), k, [&] {
      if (window_source<G>(o, k, E0::spec.dimensions, s)) g(s);
    });
  });
}
}  // namespace detail

// ReduceWindow(operands..., init_values..., computation, Window, Strides, Padding) with
// base and window dilations; empty Strides and dilations mean all 1.
template <idx Window, idx Strides = idx{}, window_padding Padding = padding::valid, idx BaseDilations = idx{},
          idx WindowDilations = idx{}, class... Args>
constexpr auto reduce_window(Args&&... args) {
  constexpr std::size_t count = sizeof...(Args);
  using E0 = operand_t<std::tuple_element_t<0, std::tuple<Args...>>>;
  constexpr window_geometry g =
      make_window_geometry(E0::spec.dimensions, Window, Strides, Padding, BaseDilations, WindowDilations);
  constexpr bool args_ok = count >= 3 && count % 2 == 1 && [] {
    if constexpr (count >= 3 && count % 2 == 1) {
      return []<std::size_t... K>(std::index_sequence<K...>) {
        return ((operand_t<std::tuple_element_t<K, std::tuple<Args...>>>::spec.dimensions == E0::spec.dimensions) &&
                ...);
      }(std::make_index_sequence<(count - 1) / 2>{});
    } else {
      return false;
    }
  }();
  if constexpr (!args_ok) {
    SXLA_DIAGNOSE(hlo::reduce_window,
                  "{}: give N operands of the same dimensions, then N init values, then the computation ({} "
                  "arguments given)",
                  (E0), (count));
    return 0;
  } else if constexpr (g.error != window_error::none) {
    report_window<hlo::reduce_window, E0, g>();
    return 0;
  } else if constexpr (count == 3) {
    return detail::reduce_window_one<g>(static_cast<Args&&>(args)...);
  } else {
    return detail::reduce_window_many<g>(std::make_index_sequence<(count - 1) / 2>{},
                                         std::forward_as_tuple(static_cast<Args&&>(args)...));
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_REDUCE_WINDOW_HPP
