// sxla/expr/scratch.hpp: how evaluations get scratch memory (core/workspace.hpp holds the
// arena itself). Every number here is a compile-time constant:
//
//   node_scratch<E, D>          bytes a node with its own loops (a dot) takes from the
//                               arena when evaluated into a destination of shape type D
//                               (its `template <class D> static constexpr std::size_t
//                               scratch`; 0 for nodes without one)
//   temporary_bytes<S>          bytes of a temporary tensor of shape S
//   take_temporary<S>(arena)    such a temporary, as a view of arena memory
//   dense_row_major<S>()        whether storage of shape type S is plain row-major (no
//                               temporary needed by an engine of raw rows)
//   may_read_written<Dst, E>()  whether evaluating E into Dst might read memory it has
//                               already written (the compile-time side of assign.hpp's
//                               run-time test): E reads a named tensor of Dst's exact
//                               type in another order, or a view of Dst's element type,
//                               or Dst is a view and E reads its element type
//   with_scratch_memory<B, Op>(f)
//                               f(arena) over B bytes: none when B is 0; a stack array up
//                               to SXLA_STACK_TEMPORARY_BYTES; above, one heap block when
//                               SXLA_ALLOW_HEAP is 1; else a compile error naming Op (the
//                               op that needs the memory) and B
//
// Leaves report what they read at compile time through each node's
//   template <class V> static constexpr void visit_leaves(V& v, bool direct);
// which calls v(leaf_read{...}) for every array leaf (expression.hpp).
#ifndef SXLA_EXPR_SCRATCH_HPP
#define SXLA_EXPR_SCRATCH_HPP

#include <cstddef>
#include <cstdlib>
#include <new>
#include <type_traits>

#include "sxla/config.hpp"              // SXLA_STACK_TEMPORARY_BYTES, SXLA_ALLOW_HEAP
#include "sxla/core/diagnostics.hpp"    // SXLA_DIAGNOSE, detail::op_name_t
#include "sxla/core/index.hpp"          // index_t
#include "sxla/core/workspace.hpp"      // arena, scratch_round, scratch_alignment
#include "sxla/expr/expression.hpp"     // leaf_read, leaf_kind
#include "sxla/shape/shape.hpp"         // shape
#include "sxla/shape/shape_spec.hpp"    // shape_spec
#include "sxla/tensor/view.hpp"         // tensor_view

namespace sxla {

// The op that asks for scratch memory when the whole evaluation is an assignment that may
// read its own destination (a = x::transpose<1, 0>(a)): named in the compile error.
struct assign_op {
  using name = hlo::assign;  // (tensor/storage_array.hpp)
};

namespace detail {

template <class E, class D>
inline constexpr std::size_t node_scratch = [] {
  if constexpr (requires { E::template scratch<D>; }) {
    return static_cast<std::size_t>(E::template scratch<D>);
  } else {
    return std::size_t{0};
  }
}();

template <shape_spec S>
inline constexpr std::size_t temporary_bytes =
    scratch_round(static_cast<std::size_t>(shape<S>::storage_count) * sizeof(typename shape<S>::value_type));

// A temporary tensor of shape S (uninitialised) in memory taken from a.
template <shape_spec S>
tensor_view<S> take_temporary(arena& a) noexcept {
  using T = typename shape<S>::value_type;
  return tensor_view<S>(a.take<T>(static_cast<std::size_t>(shape<S>::storage_count)));
}

// Whether storage of shape type S is dense and row-major: the plain layout that engines
// of raw rows (fft, cholesky, triangular_solve) read and write in place.
template <class S>
constexpr bool dense_row_major() noexcept {
  if constexpr (S::is_tiled) {
    return false;
  } else {
    index_t stride = 1;
    for (std::size_t d = S::rank; d-- > 0;) {
      if (S::dimensions[d] != 1 && S::map.strides[d] != stride) return false;
      stride *= S::dimensions[d];
    }
    return S::map.storage_count == stride;
  }
}

template <class A>
inline constexpr bool is_view = false;
template <shape_spec S, class T>
inline constexpr bool is_view<tensor_view<S, T>> = true;

// Whether an array leaf read as l may share memory with Dst (a tensor or view type) in a
// way that evaluating into Dst could overwrite before reading. With exact_reads_safe, a
// named tensor of Dst's own type read directly (at the index being written) is safe.
template <class Dst>
constexpr bool leaf_may_conflict(const leaf_read& l, bool exact_reads_safe) noexcept {
  if (l.kind == leaf_kind::owned || l.spec.element_type != Dst::spec.element_type) return false;
  if (is_view<Dst> || l.kind == leaf_kind::view) return true;
  // Two named tensors share memory only by being the same object, of the same type.
  return l.spec == Dst::spec && !(exact_reads_safe && l.direct);
}

template <class Dst, class E>
consteval bool may_read_written(bool exact_reads_safe = true) {
  bool conflict = false;
  auto visit = [&](const leaf_read& l) { conflict = conflict || leaf_may_conflict<Dst>(l, exact_reads_safe); };
  E::visit_leaves(visit, true);
  return conflict;
}

// The compile-time rule behind with_scratch_memory: the op Op needs Bytes of scratch,
// more than SXLA_STACK_TEMPORARY_BYTES, and the heap is not allowed. One compile error
// (core/diagnostics.hpp), instantiated through decltype so that the static_assert around
// the check adds no second one; the value is always true.
template <class Op, std::size_t Bytes, std::size_t StackLimit>
constexpr auto report_scratch_too_large() noexcept {
  SXLA_DIAGNOSE(op_name_t<Op>,
                "this evaluation needs {} bytes of scratch memory, more than SXLA_STACK_TEMPORARY_BYTES ({}), and "
                "the build does not allow the heap: pass a workspace (static x::workspace_for<decltype(expr), "
                "decltype(dst)> ws; x::noalias(dst).using_workspace(ws) = expr;), or write x::noalias(dst) = expr if "
                "the scratch is an aliasing temporary and expr does not read dst, or build with -DSXLA_ALLOW_HEAP=1",
                (), (Bytes, StackLimit));
  return true;
}
template <class Op, std::size_t Bytes, std::size_t StackLimit, bool Fits>
consteval bool check_scratch_fits() {
  if constexpr (!Fits) {
    return std::is_same_v<decltype(report_scratch_too_large<Op, Bytes, StackLimit>()), bool>;
  } else {
    return true;
  }
}

// f(arena) with Bytes of scratch memory (see the top).
template <std::size_t Bytes, class Op, class F>
SXLA_FORCE_INLINE void with_scratch_memory(F&& f) {
  if constexpr (Bytes == 0) {
    arena none;
    f(none);
  } else if constexpr (Bytes <= SXLA_STACK_TEMPORARY_BYTES) {
    alignas(scratch_alignment) std::byte block[Bytes];
    arena a(block, Bytes);
    f(a);
  } else if constexpr (SXLA_ALLOW_HEAP) {
    void* p = ::operator new(Bytes, std::align_val_t{scratch_alignment}, std::nothrow);
    if (p == nullptr) std::abort();  // out of memory: nothing defined is left to do
    arena a(static_cast<std::byte*>(p), Bytes);
    f(a);
    ::operator delete(p, std::align_val_t{scratch_alignment});
  } else {
    static_assert(check_scratch_fits<Op, Bytes, SXLA_STACK_TEMPORARY_BYTES, false>());
  }
}

}  // namespace detail

}  // namespace sxla

#endif  // SXLA_EXPR_SCRATCH_HPP
