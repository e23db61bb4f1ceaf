// sxla/expr/producer.hpp: producers, the nodes that compute their values in blocks of
// their own (dot's matrix multiply) rather than element by element, and how elementwise
// work on top of one is fused into it (the "epilogue"). A producer declares
//
//   static constexpr bool produces = true;
//   template <class Dst, class Finish> void produce(Dst& dst, Finish&& finish) const;
//       // writes every value into dst (any layout, element type value_type) and calls
//       // finish(start, count) once elements start .. start + count - 1 along the last
//       // dimension hold their final values, while they are still in cache; finish is
//       // a detail::finish_nothing when nothing will read them (plain evaluation)
//
// An expression whose root is an elementwise node with exactly one producer below it,
// reached through elementwise nodes only and not broadcast
// (x::max(x::add(x::dot(a, w), bias, x::broadcast_dimensions<1>), 0.0f)), is evaluated
// by the executor as: the producer writes into the destination, and each finished run is
// at once overwritten by the elementwise work, read from the destination in place of
// the producer (substitute_producer). With several (x::dot(x, wx) + x::dot(h, wh)), each
// but the last writes a temporary first (substitute_first_producer), read by the
// elementwise work like any array. Nothing else on this file knows any op.
#ifndef SXLA_EXPR_PRODUCER_HPP
#define SXLA_EXPR_PRODUCER_HPP

#include <cstddef>
#include <type_traits>
#include <utility>

#include "sxla/config.hpp"                // SXLA_FORCE_INLINE
#include "sxla/core/index.hpp"            // index_t, multi_index
#include "sxla/core/workspace.hpp"        // detail::arena
#include "sxla/expr/elementwise_node.hpp" // elementwise_node, detail::pack
#include "sxla/expr/leaf.hpp"             // array_leaf, detail::lanes_fit
#include "sxla/expr/line.hpp"             // make_gather_line

namespace sxla {

namespace detail {
// The finish of a produce() with no fused work: a producer may then write its result
// around the caches (nothing reads it at once).
struct finish_nothing {
  template <class Index>
  SXLA_FORCE_INLINE constexpr void operator()(const Index&, index_t) const noexcept {}
};
template <class Finish>
inline constexpr bool finishes_nothing = std::is_same_v<std::remove_cvref_t<Finish>, finish_nothing>;
}  // namespace detail

template <class E>
inline constexpr bool is_producer = requires { requires std::remove_cvref_t<E>::produces; };

namespace detail {
template <class E>
struct producer_count : std::integral_constant<std::size_t, is_producer<E> ? 1 : 0> {};
template <class F, class... Ops>
struct producer_count<elementwise_node<F, Ops...>>
    : std::integral_constant<std::size_t, (producer_count<Ops>::value + ...)> {};
}  // namespace detail

// Whether E is an elementwise node with exactly one producer below it through
// elementwise nodes (the executor also requires the producer's element type to be the
// destination's for the fused path).
template <class E>
inline constexpr bool has_fusable_producer = false;
template <class F, class... Ops>
inline constexpr bool has_fusable_producer<elementwise_node<F, Ops...>> =
    detail::producer_count<elementwise_node<F, Ops...>>::value == 1;

// Whether E is an elementwise node with more than one producer below it through
// elementwise nodes.
template <class E>
inline constexpr bool has_several_producers = false;
template <class F, class... Ops>
inline constexpr bool has_several_producers<elementwise_node<F, Ops...>> =
    (detail::producer_count<elementwise_node<F, Ops...>>::value > 1);

// The producer below e (see has_fusable_producer), or with several, the first (depth
// first, operands in order).
template <class E>
constexpr const auto& find_producer(const E& e) noexcept;

namespace detail {
template <class Op, class... Ops>
constexpr const auto& pick_producer(const Op& op, const Ops&... ops) noexcept {
  if constexpr (producer_count<Op>::value != 0) {
    return find_producer(op);
  } else {
    return pick_producer(ops...);
  }
}

template <class F, class... Old, class... New>
constexpr auto rebuild_elementwise(const elementwise_node<F, Old...>& e, const New&... ops) noexcept {
  return elementwise_node<F, New...>{e.f, pack<New...>(ops...)};
}
}  // namespace detail

template <class E>
constexpr const auto& find_producer(const E& e) noexcept {
  if constexpr (is_producer<E>) {
    return e;
  } else {
    return e.ops.apply([](const auto&... op) -> const auto& { return detail::pick_producer(op...); });
  }
}

// The values of a producer, read back from where it wrote them: an array leaf that
// declares no memory to the aliasing check (that memory is the destination itself).
template <class A>
struct produced_leaf : array_leaf<A, true> {
  template <class G>
  constexpr void for_each_leaf(G&&, bool) const {}
  template <class V>
  static constexpr void visit_leaves(V&, bool) {}
};

// What a producer that computes a whole result (dot, convolution, sort, scatter) shares
// with the node protocol (expr/expression.hpp), given its one-element evaluation
// Derived::at(index) and Derived::produce: lines that gather elements, no merging of
// dimensions, and evaluation into a destination as produce() with no fused work. The
// derived node is an aggregate whose first initializer is this base ({}); it declares
// its operands' leaves itself.
template <class Derived, class R, std::size_t Rank>
struct gather_producer {
  template <std::size_t M>
  SXLA_FORCE_INLINE constexpr auto line(const multi_index<Rank>& start) const noexcept {
    return make_gather_line<R>([self = static_cast<const Derived*>(this), start](index_t j) {
      multi_index<Rank> i = start;
      i[M] += j;
      return self->at(i);
    });
  }

  template <std::size_t, std::size_t>
  static constexpr bool mergeable = false;
  template <std::size_t, std::size_t>
  static constexpr bool periodic_mergeable = false;
  template <std::size_t>
  static constexpr bool strided_along = false;
  template <class L>
  static constexpr bool vectorizable = detail::lanes_fit<R, L>;

  template <class D>
  static constexpr bool evaluates_into = true;
  template <class Dst>
  void evaluate_to(Dst& dst, detail::arena& ws) const {
    static_cast<const Derived*>(this)->produce(dst, detail::finish_nothing{}, ws);
  }
};

// A gather_producer of one operand (sort, fft), the derived node's member operand, whose
// leaves it declares as not read in the order written (every result element reads
// other positions: an assignment to the operand's own storage goes through the
// executor's temporary).
template <class Derived, class Op, class R, std::size_t Rank>
struct unary_producer : gather_producer<Derived, R, Rank> {
  template <class G>
  constexpr void for_each_leaf(G&& g, bool) const {
    static_cast<const Derived*>(this)->operand.for_each_leaf(g, false);
  }
  template <class V>
  static constexpr void visit_leaves(V& v, bool) {
    Op::visit_leaves(v, false);
  }
};

// A gather_producer of two operands (dot, convolution), the derived node's members lhs
// and rhs, whose leaves it declares.
template <class Derived, class Lhs, class Rhs, class R, std::size_t Rank>
struct binary_producer : gather_producer<Derived, R, Rank> {
  template <class G>
  constexpr void for_each_leaf(G&& g, bool) const {
    static_cast<const Derived*>(this)->lhs.for_each_leaf(g, false);
    static_cast<const Derived*>(this)->rhs.for_each_leaf(g, false);
  }
  template <class V>
  static constexpr void visit_leaves(V& v, bool) {
    Lhs::visit_leaves(v, false);
    Rhs::visit_leaves(v, false);
  }
};

// e with its producer replaced by leaf.
template <class E, class Leaf>
constexpr auto substitute_producer(const E& e, const Leaf& leaf) noexcept {
  if constexpr (is_producer<E>) {
    return leaf;
  } else if constexpr (detail::producer_count<E>::value == 0) {
    return e;
  } else {
    return e.ops.apply(
        [&](const auto&... op) { return detail::rebuild_elementwise(e, substitute_producer(op, leaf)...); });
  }
}

// e with its first producer (find_producer's) replaced by leaf, the others kept.
template <class E, class Leaf>
constexpr auto substitute_first_producer(const E& e, const Leaf& leaf) noexcept;

namespace detail {
// The index of the first of Ops with a producer below it.
template <class... Ops>
inline constexpr std::size_t first_with_producer = [] {
  constexpr bool has[] = {(producer_count<Ops>::value != 0)...};
  std::size_t i = 0;
  while (!has[i]) ++i;
  return i;
}();

template <std::size_t I, std::size_t First, class Op, class Leaf>
constexpr auto substitute_if_first(const Op& op, const Leaf& leaf) noexcept {
  if constexpr (I == First) {
    return substitute_first_producer(op, leaf);
  } else {
    return op;
  }
}

template <class F, class... Ops, class Leaf, std::size_t... I>
constexpr auto substitute_first_at(const elementwise_node<F, Ops...>& e, const Leaf& leaf,
                                   std::index_sequence<I...>) noexcept {
  constexpr std::size_t first = first_with_producer<Ops...>;
  return rebuild_elementwise(e, substitute_if_first<I, first>(e.ops.template get<I>(), leaf)...);
}
template <class F, class... Ops, class Leaf>
constexpr auto substitute_first_of(const elementwise_node<F, Ops...>& e, const Leaf& leaf) noexcept {
  return substitute_first_at(e, leaf, std::index_sequence_for<Ops...>{});
}
}  // namespace detail

template <class E, class Leaf>
constexpr auto substitute_first_producer(const E& e, const Leaf& leaf) noexcept {
  if constexpr (is_producer<E>) {
    return leaf;
  } else {
    return detail::substitute_first_of(e, leaf);
  }
}

}  // namespace sxla

#endif  // SXLA_EXPR_PRODUCER_HPP
