// sxla/expr/expression.hpp: what a lazy expression is. Every node (an op's result, or a
// leaf wrapping a tensor, a view or a number) is a small value type with a static shape
// and this protocol:
//
//   static constexpr bool is_expression = true;
//   static constexpr shape_spec spec;        // element type and dimensions (default layout)
//   static constexpr std::size_t rank;
//   using value_type;                        // the C++ type of the element type
//   value_type at(const multi_index<rank>&) const;        // one logical element
//   template <std::size_t M> auto line(const multi_index<rank>& start) const;
//       // a cursor over start, start + e_M, start + 2 e_M, ... (see line.hpp)
//   template <std::size_t Outer, std::size_t Inner> static constexpr bool mergeable;
//       // a line along Inner may run on across Outer: element j of the line at
//       // (.., o, .., 0, ..) is element (.., o + j / n, .., j % n, ..), n = dims[Inner]
//   template <std::size_t Outer, std::size_t Inner> static constexpr bool periodic_mergeable;
//   template <std::size_t Outer, std::size_t Inner, class L> auto periodic_line(start) const;
//       // rows shorter than a vector (f32[4,4] + a broadcast row): across the merged
//       // run every node is mergeable or constant along Outer, so that it repeats with
//       // period n; the line's load<L>(j) holds for j a multiple of lanes<L>, which n
//       // divides (see line.hpp, pattern_line)
//   using lane_type;                         // the lane type its vectors naturally
//       // have (void: none, or it adapts to any); a pred result takes its operands'
//   template <std::size_t M> static constexpr bool strided_along;
//       // a line along M gathers from memory (a leaf's stride there is not 0 or 1,
//       // or its layout is tiled): the executor then blocks its loops
//   template <class L> static constexpr bool vectorizable;
//       // the line's load<L>() works with lanes of L's width
//   template <class F> void for_each_leaf(F&& f, bool direct) const;
//       // f.template operator()<Spec>(first, last, direct) for the memory [first, last)
//       // of each array leaf, Spec its shape; direct is true when the leaf is read at
//       // the very index being evaluated (see assign.hpp)
//   template <class V> static constexpr void visit_leaves(V& v, bool direct);
//       // the same at compile time: v(leaf_read{spec, kind, direct}) for each array
//       // leaf (see scratch.hpp, which sizes aliasing temporaries from it; the
//       // executor streams no stores for an expression with a scattered read)
//
// Bounded dynamic dimensions (XLA's SetDimensionSize): a node whose sizes may be smaller
// at run time than its static shape says declares
//   static constexpr bool dynamic_sizes = true;
//   multi_index<rank> dimension_sizes() const;     // each <= the static size
// (set_dimension_size, and the elementwise ops and reductions above one). The static
// shape stays the type; runtime_dimensions(e) gives the sizes of any node.
//
// Nodes hold their operands by value (leaves hold a pointer to a tensor, or a view), so
// an expression is cheap to copy and must not outlive the tensors it reads.
#ifndef SXLA_EXPR_EXPRESSION_HPP
#define SXLA_EXPR_EXPRESSION_HPP

#include <cstddef>
#include <type_traits>

#include "sxla/core/element_type.hpp"    // primitive_type_of, element
#include "sxla/core/index.hpp"           // index_t, multi_index
#include "sxla/shape/layout.hpp"         // default_layout
#include "sxla/shape/shape_spec.hpp"     // shape_spec
#include "sxla/shape/broadcast_rules.hpp"  // dimension_list

namespace sxla {

// What an array leaf is, for the compile-time aliasing rule (scratch.hpp): a named
// tensor read through a pointer, a view (of any memory), or a copy the expression owns.
enum class leaf_kind { named_tensor, view, owned };
struct leaf_read {
  shape_spec spec;  // the array's own shape and layout
  leaf_kind kind;
  bool direct;      // read at the very index being written
  bool scattered = false;  // read element by element at positions known only at run time
                           // (a gather along the result's last dimension)
};

template <class E>
concept expression = requires {
  requires std::remove_cvref_t<E>::is_expression;
  std::remove_cvref_t<E>::spec;
};

template <expression E>
using expr_value_t = typename std::remove_cvref_t<E>::value_type;

namespace detail {
// The first of Ts that is not void (void if all are).
template <class... Ts>
struct first_lane {
  using type = void;
};
template <class T, class... Ts>
struct first_lane<T, Ts...> {
  using type = std::conditional_t<std::is_void_v<T>, typename first_lane<Ts...>::type, T>;
};
}  // namespace detail

template <class... Ts>
using first_lane_t = typename detail::first_lane<Ts...>::type;

// The logical shape of an expression result: an element type and dimensions in XLA's
// default layout (expressions have no storage, hence no layout of their own).
constexpr shape_spec logical_spec(primitive_type type, const dimension_list& dims) noexcept {
  return shape_spec(type, dims, default_layout(dims.size()));
}

template <class T>
constexpr shape_spec logical_spec(const dimension_list& dims) noexcept {
  return logical_spec(primitive_type_of<T>, dims);
}

constexpr dimension_list dimensions_of(const shape_spec& s) noexcept { return s.dimensions; }

// Whether E's sizes may be set at run time (see above).
template <class E>
inline constexpr bool has_dynamic_sizes = requires { requires std::remove_cvref_t<E>::dynamic_sizes; };

// E's static sizes as a multi-index.
template <class E>
constexpr multi_index<E::rank> static_dimensions() noexcept {
  multi_index<E::rank> d{};
  for (std::size_t k = 0; k < E::rank; ++k) d[k] = E::spec.dimensions[k];
  return d;
}

// The sizes of e's dimensions at run time: its static sizes unless a set_dimension_size
// below it says less.
template <class E>
constexpr multi_index<E::rank> runtime_dimensions(const E& e) noexcept {
  if constexpr (has_dynamic_sizes<E>) {
    return e.dimension_sizes();
  } else {
    return static_dimensions<E>();
  }
}

}  // namespace sxla

#endif  // SXLA_EXPR_EXPRESSION_HPP
