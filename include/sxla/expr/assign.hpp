// sxla/expr/assign.hpp: putting an expression into storage. evaluate_into(dst, e) is what
// `tensor = expr`, `view = expr` and `tensor t = expr` call: it checks the shapes at
// compile time, and at run time whether e reads dst's memory in another order than it
// writes it (a = x::transpose<1, 0>(a)); then it evaluates through a temporary,
// otherwise directly. Reading an element only where it is written (a = a * 2) needs no
// temporary, and neither does an expression that cannot read dst's memory at all (a
// tensor of another type, or a copy): that is known at compile time (scratch.hpp:
// may_read_written), and only the others carry the run-time test and the temporary.
//
//   x::eval(e)                             a new tensor in the default layout
//   x::noalias(t) = e                      evaluate without the aliasing check (the caller
//                                          promises none)
//   t.using_workspace(ws) = e              scratch memory (temporaries, a dot's packing
//   x::noalias(t).using_workspace(ws) = e  buffers) from the caller's x::workspace
//   x::eval(e, ws)
//
// Scratch memory. Every evaluation needs a number of bytes known at compile time,
// x::workspace_bytes<E, Dst> (0 for most). Without a workspace it comes from the stack up
// to SXLA_STACK_TEMPORARY_BYTES; above, from one heap block per evaluation if the build
// defines SXLA_ALLOW_HEAP=1, else the evaluation does not compile (scratch.hpp). With a
// workspace nothing is allocated; a workspace smaller than needed does not compile.
#ifndef SXLA_EXPR_ASSIGN_HPP
#define SXLA_EXPR_ASSIGN_HPP

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "sxla/config.hpp"                 // SXLA_FORCE_INLINE
#include "sxla/core/minmax.hpp"            // detail::max_of, detail::min_of
#include "sxla/core/workspace.hpp"         // workspace, arena, arena_scope
#include "sxla/expr/executor.hpp"          // evaluate, evaluate_scratch, reads_overwritten
#include "sxla/expr/expression.hpp"        // expression
#include "sxla/expr/leaf.hpp"              // operand, as_operand, operand_t
#include "sxla/expr/scratch.hpp"           // may_read_written, take_temporary, with_scratch_memory
#include "sxla/shape/shape_spec.hpp"       // shape_spec
#include "sxla/tensor/storage_array.hpp"   // require_same_logical_shape, copy_elements
#include "sxla/tensor/tensor.hpp"          // tensor, uninitialized
#include "sxla/tensor/view.hpp"            // tensor_view

namespace sxla {

namespace detail {

// Whether assigning E to Dst may need the aliasing temporary (see the top).
template <class Dst, class E>
inline constexpr bool may_need_alias_temporary = may_read_written<Dst, E>(true);

// The scratch bytes of dst = e: e's own, or the temporary of dst's shape and e's scratch
// evaluated into it.
template <class Dst, class E>
inline constexpr std::size_t assign_scratch = [] {
  if constexpr (may_need_alias_temporary<Dst, E>) {
    return detail::max_of(evaluate_scratch<Dst, E>,
                    temporary_bytes<Dst::spec> + evaluate_scratch<tensor_view<Dst::spec>, E>);
  } else {
    return evaluate_scratch<Dst, E>;
  }
}();

template <class Dst, class E>
using assign_scratch_op = std::conditional_t<may_need_alias_temporary<Dst, E> &&
                                                 (evaluate_scratch<Dst, E> < assign_scratch<Dst, E>),
                                             assign_op, scratch_op_t<E>>;

// dst = e with scratch from ws (at least assign_scratch<Dst, E> bytes).
template <class Dst, class E>
void assign_with(Dst& dst, const E& e, arena& ws) noexcept {
  if constexpr (may_need_alias_temporary<Dst, E>) {
    if (reads_overwritten<Dst>(reinterpret_cast<std::uintptr_t>(dst.data()), e)) {
      const arena_scope scope(ws);
      auto tmp = take_temporary<Dst::spec>(ws);
      evaluate(tmp, e, ws);
      copy_elements(dst, tmp);
      return;
    }
  }
  evaluate(dst, e, ws);
}

template <class W, std::size_t Need>
consteval bool check_workspace_size() {
  static_assert(W::size >= Need,
                "sxla: the workspace is smaller than this evaluation needs (x::workspace_bytes<E, Dst> "
                "bytes): declare it as x::workspace_for<decltype(expr), decltype(dst)>");
  return true;
}

}  // namespace detail

template <class Dst, class W>
class noalias_assignment;

namespace detail {
template <class Dst>
struct noalias_target {
  using type = void;
};
template <class Dst, class W>
struct noalias_target<noalias_assignment<Dst, W>> {
  using type = Dst;
};
}  // namespace detail

// The scratch bytes of assigning an expression of type E to Dst, a compile-time constant:
//   Dst a tensor or view type    dst = e, including a temporary for an E that may read
//                                dst's memory in another order
//   decltype(x::noalias(dst))    x::noalias(dst) = e (no such temporary)
//   void                         x::eval(e), or a tensor constructed from e
template <class E, class Dst = void>
inline constexpr std::size_t workspace_bytes = [] {
  using X = operand_t<E>;
  using D = std::remove_cvref_t<Dst>;
  if constexpr (std::is_void_v<D>) {
    return detail::evaluate_scratch<tensor<X::spec>, X>;
  } else if constexpr (!std::is_void_v<typename detail::noalias_target<D>::type>) {
    return detail::evaluate_scratch<typename detail::noalias_target<D>::type, X>;
  } else {
    return detail::assign_scratch<D, X>;
  }
}();

// A workspace sized for assigning an expression of type E to Dst (see workspace_bytes).
template <class E, class Dst = void>
using workspace_for = workspace<workspace_bytes<E, Dst>>;

// dst's elements := e's (same element type and dimensions; dst in any layout).
template <class Dst, expression E>
constexpr void evaluate_into(Dst& dst, const E& e) {
  static_assert(require_same_logical_shape<Dst::spec, E::spec>());
  if (std::is_constant_evaluated()) {
    evaluate(dst, e);
  } else {
    detail::with_scratch_memory<detail::assign_scratch<Dst, E>, detail::assign_scratch_op<Dst, E>>(
        [&](detail::arena& ws) { detail::assign_with(dst, e, ws); });
  }
}

// The same for a tensor being constructed, which nothing can read yet.
template <class Dst, expression E>
constexpr void evaluate_into(Dst& dst, const E& e, fresh_destination) {
  static_assert(require_same_logical_shape<Dst::spec, E::spec>());
  evaluate(dst, e);
}

// The same with scratch memory from the caller's workspace (t.using_workspace(ws) = e).
template <class Dst, expression E, class W>
  requires workspace_object<W>
void evaluate_into(Dst& dst, const E& e, W& ws) {
  static_assert(require_same_logical_shape<Dst::spec, E::spec>());
  static_assert(detail::check_workspace_size<W, detail::assign_scratch<Dst, E>>());
  detail::arena a(ws.data(), W::size);
  detail::assign_with(dst, e, a);
}

// The result of an expression (or a copy of a tensor or view) as a new tensor in XLA's
// default layout: x::eval(x::add(a, b)). Usable in constant expressions.
template <operand X>
constexpr auto eval(X&& x) {
  using E = operand_t<X>;
  return tensor<E::spec>(as_operand(static_cast<X&&>(x)));
}

// The same with scratch memory from the caller's workspace.
template <operand X, class W>
  requires workspace_object<W>
auto eval(X&& x, W& ws) {
  using E = operand_t<X>;
  static_assert(detail::check_workspace_size<W, detail::evaluate_scratch<tensor<E::spec>, E>>());
  tensor<E::spec> t(uninitialized);
  detail::arena a(ws.data(), W::size);
  evaluate(t, as_operand(static_cast<X&&>(x)), a);
  return t;
}

// x::noalias(dst) = e evaluates e straight into dst: the caller promises that e does not
// read dst in another order than it writes it. x::noalias(dst).using_workspace(ws) = e
// takes the scratch memory from ws.
template <class Dst, class W = void>
class noalias_assignment {
 public:
  constexpr explicit noalias_assignment(Dst& dst) noexcept : dst_(dst) {}
  constexpr noalias_assignment(Dst& dst, W* ws) noexcept : dst_(dst), ws_(ws) {}

  template <class V>
    requires workspace_object<V>
  constexpr noalias_assignment<Dst, V> using_workspace(V& ws) const noexcept {
    return noalias_assignment<Dst, V>(dst_, &ws);
  }

  template <operand X>
  constexpr void operator=(X&& x) && {  // NOLINT: assignment through a proxy returns nothing
    const auto e = as_operand(static_cast<X&&>(x));
    using E = std::remove_cvref_t<decltype(e)>;
    if constexpr (!same_logical_shape(Dst::spec, E::spec)) {
      static_assert(require_same_logical_shape<Dst::spec, E::spec>());  // one error, nothing evaluated
    } else if constexpr (std::is_void_v<W>) {
      evaluate(dst_, e);
    } else {
      static_assert(detail::check_workspace_size<W, detail::evaluate_scratch<Dst, E>>());
      detail::arena a(ws_->data(), W::size);
      evaluate(dst_, e, a);
    }
  }

 private:
  Dst& dst_;
  [[no_unique_address]] std::conditional_t<std::is_void_v<W>, std::nullptr_t, W*> ws_{};
};

template <storage_array Dst>
constexpr noalias_assignment<Dst> noalias(Dst& dst) noexcept {
  return noalias_assignment<Dst>(dst);
}

}  // namespace sxla

#endif  // SXLA_EXPR_ASSIGN_HPP
