// sxla/expr/elementwise_node.hpp: elementwise_node<F, Ops...>, an N-ary elementwise op
// as a lazy node: element idx is f(op.at(idx)...), and a line is f applied to the
// operands' lines, lane by lane. The operands have the result's dimensions already (the
// op functions insert broadcast nodes). F is a functor:
//
//   template <class... T> using result = ...;   // the result's C++ element type
//   template <class V...> constexpr auto operator()(V... v) const;
//       // on elements (V = the operands' value types) and on vectors (vec<T>, mask<L>)
//   template <class L, class... T> static constexpr bool vectorizable;
//       // operator() has a vector form for these element types at L's lane width
#ifndef SXLA_EXPR_ELEMENTWISE_NODE_HPP
#define SXLA_EXPR_ELEMENTWISE_NODE_HPP

#include <cstddef>
#include <type_traits>
#include <utility>

#include "sxla/config.hpp"            // SXLA_FORCE_INLINE
#include "sxla/core/element_type.hpp" // primitive_type_of
#include "sxla/core/float16.hpp"      // small_float
#include "sxla/core/float8.hpp"       // is_minifloat_v
#include "sxla/core/intn.hpp"         // is_intn_v
#include "sxla/core/index.hpp"        // index_t, multi_index
#include "sxla/expr/expression.hpp"   // logical_spec
#include "sxla/expr/line.hpp"         // detail::as_lanes_of, constant_line
#include "sxla/simd/vec.hpp"          // has_vec

namespace sxla {

namespace detail {
// The floats narrower than f32: f16, bf16 and the 8-, 6- and 4-bit floats.
template <class T>
inline constexpr bool is_small_float_v = is_minifloat_v<T>;
template <int E, int M>
inline constexpr bool is_small_float_v<small_float<E, M>> = true;

// The small floats compute in f32, as XLA does, and s2, s4, u2 and u4 in int (wrapping
// back to N bits when the result is stored): functors see floats and ints.
template <class T>
using compute_t = std::conditional_t<is_small_float_v<T>, float, std::conditional_t<is_intn_v<T>, int, T>>;

template <class T>
SXLA_FORCE_INLINE constexpr compute_t<T> promote(T x) noexcept {
  return static_cast<compute_t<T>>(x);
}

// Whether F sees small-float and sub-byte operands as their computing types (every XLA
// op; not a user's map).
template <class F>
inline constexpr bool promotes_v = !requires { requires !F::promotes_small_floats; };

template <class F, class T>
SXLA_FORCE_INLINE constexpr auto promote_for(T x) noexcept {
  if constexpr (promotes_v<F>) {
    return promote(x);
  } else {
    return x;
  }
}
template <class F, class T>
using operand_for_t = std::conditional_t<promotes_v<F>, compute_t<T>, T>;

// F's result on operands T0, T...: computed on compute_t, then rounded (or wrapped) back
// to T0 when T0 computes in a wider type and the result has that type.
template <class F, class T0, class... T>
using elementwise_result_t = std::conditional_t<
    promotes_v<F> && !std::is_same_v<compute_t<T0>, T0> &&
        std::is_same_v<typename F::template result<compute_t<T0>, compute_t<T>...>, compute_t<T0>>,
    T0, typename F::template result<operand_for_t<F, T0>, operand_for_t<F, T>...>>;
}  // namespace detail

namespace detail {
// A fixed set of values, cheaper to instantiate than std::tuple and std::apply (the
// compile time of an expression is mostly its nodes' instantiations).
template <std::size_t I, class T>
struct slot {
  T value;
};
template <class Seq, class... T>
struct pack_base;
template <std::size_t... I, class... T>
struct pack_base<std::index_sequence<I...>, T...> : slot<I, T>... {
  // g(values...)
  template <class G>
  SXLA_FORCE_INLINE constexpr decltype(auto) apply(G&& g) const {
    return g(static_cast<const slot<I, T>&>(*this).value...);
  }
  // The J-th value.
  template <std::size_t J>
  constexpr const auto& get() const noexcept {
    return pick<J>(*this);
  }

 private:
  template <std::size_t J, class U>
  static constexpr const U& pick(const slot<J, U>& s) noexcept {
    return s.value;
  }
};
template <class... T>
struct pack : pack_base<std::index_sequence_for<T...>, T...> {
  constexpr explicit pack(T... v) noexcept : pack_base<std::index_sequence_for<T...>, T...>{{v}...} {}
};
}  // namespace detail

// A line of f over the operands' lines.
template <class R, class F, class... Lines>
struct elementwise_line {
  [[no_unique_address]] F f;
  detail::pack<Lines...> lines;

  SXLA_FORCE_INLINE constexpr R get(index_t j) const noexcept {
    return lines.apply([&](const auto&... l) SXLA_LAMBDA_INLINE {
      return static_cast<R>(f(detail::promote_for<F>(l.get(j))...));
    });
  }
  template <class L>
  SXLA_FORCE_INLINE auto load(index_t j) const noexcept {
    return detail::as_lanes_of<L>(
        lines.apply([&](const auto&... l) SXLA_LAMBDA_INLINE { return f(l.template load<L>(j)...); }));
  }
  template <class L>
  SXLA_FORCE_INLINE auto load_n(index_t j, std::size_t n) const noexcept {
    return detail::as_lanes_of<L>(
        lines.apply([&](const auto&... l) SXLA_LAMBDA_INLINE { return f(l.template load_n<L>(j, n)...); }));
  }
};

namespace detail {
template <class L>
inline constexpr bool is_constant_line_v = false;
template <class T>
inline constexpr bool is_constant_line_v<constant_line<T>> = true;

// Whether F binds the constant of line L (F::bind_constant(c) gives a unary functor).
template <class F, class L>
inline constexpr bool binds_constant = [] {
  if constexpr (is_constant_line_v<L>) {
    return requires(const L& l) { F::bind_constant(l.value); };
  } else {
    return false;
  }
}();
template <class F>
inline constexpr bool commutes_v = requires { requires F::commutes; };

// The line of f over lines a, b; a binary functor with a constant operand may bind it,
// which leaves less work per vector: max(x, 0) is one instruction and a mask instead of
// XLA's general NaN-propagating maximum.
template <class R, class F, class A, class B>
SXLA_FORCE_INLINE constexpr auto make_elementwise_line(const F& f, const A& a, const B& b) noexcept {
  if constexpr (binds_constant<F, B>) {
    const auto g = F::bind_constant(b.value);
    return elementwise_line<R, decltype(g), A>{g, pack<A>(a)};
  } else if constexpr (binds_constant<F, A> && commutes_v<F>) {
    const auto g = F::bind_constant(a.value);
    return elementwise_line<R, decltype(g), B>{g, pack<B>(b)};
  } else {
    return elementwise_line<R, F, A, B>{f, pack<A, B>(a, b)};
  }
}
template <class R, class F, class... Lines>
SXLA_FORCE_INLINE constexpr auto make_elementwise_line(const F& f, const Lines&... l) noexcept {
  return elementwise_line<R, F, Lines...>{f, pack<Lines...>(l...)};
}
}  // namespace detail

template <class F, class Op0, class... Ops>
struct elementwise_node {
  static constexpr bool is_expression = true;
  using value_type = detail::elementwise_result_t<F, typename Op0::value_type, typename Ops::value_type...>;
  static constexpr std::size_t rank = Op0::rank;
  static constexpr shape_spec spec = logical_spec(primitive_type_of<value_type>, Op0::spec.dimensions);
  using lane_type = first_lane_t<std::conditional_t<simd::has_vec<value_type>, value_type, void>,
                                 typename Op0::lane_type, typename Ops::lane_type...>;

  [[no_unique_address]] F f;
  detail::pack<Op0, Ops...> ops;

  SXLA_FORCE_INLINE constexpr value_type at(const multi_index<rank>& idx) const noexcept {
    return ops.apply(
        [&](const auto&... op) { return static_cast<value_type>(f(detail::promote_for<F>(op.at(idx))...)); });
  }

  template <std::size_t M>
  SXLA_FORCE_INLINE constexpr auto line(const multi_index<rank>& start) const noexcept {
    return ops.apply([&](const auto&... op) {
      return detail::make_elementwise_line<value_type>(f, op.template line<M>(start)...);
    });
  }

  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool mergeable =
      Op0::template mergeable<Outer, Inner> && (Ops::template mergeable<Outer, Inner> && ...);

  template <std::size_t Outer, std::size_t Inner>
  static constexpr bool periodic_mergeable =
      Op0::template periodic_mergeable<Outer, Inner> && (Ops::template periodic_mergeable<Outer, Inner> && ...);

  template <std::size_t Outer, std::size_t Inner, class L>
  SXLA_FORCE_INLINE auto periodic_line(const multi_index<rank>& start) const noexcept {
    return ops.apply([&](const auto&... op) {
      return detail::make_elementwise_line<value_type>(f, op.template periodic_line<Outer, Inner, L>(start)...);
    });
  }

  template <std::size_t M>
  static constexpr bool strided_along =
      Op0::template strided_along<M> || (Ops::template strided_along<M> || ...);

  template <class L>
  static constexpr bool vectorizable =
      Op0::template vectorizable<L> && (Ops::template vectorizable<L> && ...) &&
      F::template vectorizable<L, typename Op0::value_type, typename Ops::value_type...>;

  template <class G>
  constexpr void for_each_leaf(G&& g, bool direct) const {
    ops.apply([&](const auto&... op) { (op.for_each_leaf(g, direct), ...); });
  }
  template <class V>
  static constexpr void visit_leaves(V& v, bool direct) {
    Op0::visit_leaves(v, direct);
    (Ops::visit_leaves(v, direct), ...);
  }

  // Run-time sizes (set_dimension_size below): the smallest of the operands'.
  static constexpr bool dynamic_sizes = has_dynamic_sizes<Op0> || (has_dynamic_sizes<Ops> || ...);
  constexpr multi_index<rank> dimension_sizes() const noexcept {
    multi_index<rank> d = static_dimensions<elementwise_node>();
    ops.apply([&](const auto&... op) {
      auto narrow = [&](const auto& o) {
        if constexpr (std::remove_cvref_t<decltype(o)>::rank == rank) {
          const auto od = runtime_dimensions(o);
          for (std::size_t k = 0; k < rank; ++k) d[k] = od[k] < d[k] ? od[k] : d[k];
        }
      };
      (narrow(op), ...);
    });
    return d;
  }
};

}  // namespace sxla

#endif  // SXLA_EXPR_ELEMENTWISE_NODE_HPP
