// sxla/expr/assign.hpp: putting an expression into storage. evaluate_into(dst, e) is what
// `tensor = expr`, `view = expr` and `tensor t = expr` call: it checks the shapes at
// compile time, and at run time whether e reads dst's memory in another order than it
// writes it (a = x::transpose<1, 0>(a)); then it evaluates through a temporary (on the
// stack up to SXLA_STACK_TEMPORARY_BYTES, else on the heap), otherwise directly. Reading
// an element only where it is written (a = a * 2) needs no temporary.
//
//   x::eval(e)            a new tensor in the default layout
//   x::noalias(t) = e     evaluate without the aliasing check (the caller promises none)
#ifndef SXLA_EXPR_ASSIGN_HPP
#define SXLA_EXPR_ASSIGN_HPP

#include <cstdint>
#include <type_traits>

#include "sxla/config.hpp"                 // SXLA_STACK_TEMPORARY_BYTES, SXLA_FORCE_INLINE
#include "sxla/expr/executor.hpp"          // evaluate, with_scratch, reads_overwritten
#include "sxla/expr/expression.hpp"        // expression
#include "sxla/expr/leaf.hpp"              // operand, as_operand
#include "sxla/shape/shape_spec.hpp"       // shape_spec
#include "sxla/tensor/storage_array.hpp"   // require_same_logical_shape, copy_elements
#include "sxla/tensor/tensor.hpp"          // tensor, uninitialized

namespace sxla {

namespace detail {

// use(t) with t a temporary tensor<S> holding e's elements (with_scratch).
template <shape_spec S, class E, class F>
void with_temporary(const E& e, F&& use) {
  with_scratch<S>([&](tensor<S>& tmp) {
    evaluate(tmp, e);
    use(static_cast<const tensor<S>&>(tmp));
  });
}

template <class Dst, class E>
void evaluate_via_temporary(Dst& dst, const E& e) {
  with_temporary<Dst::spec>(e, [&](const auto& tmp) { copy_elements(dst, tmp); });
}

}  // namespace detail

// dst's elements := e's (same element type and dimensions; dst in any layout).
template <class Dst, expression E>
constexpr void evaluate_into(Dst& dst, const E& e) {
  static_assert(require_same_logical_shape<Dst::spec, E::spec>());
  if (!std::is_constant_evaluated() &&
      detail::reads_overwritten<Dst>(reinterpret_cast<std::uintptr_t>(dst.data()), e)) {
    detail::evaluate_via_temporary(dst, e);
  } else {
    evaluate(dst, e);
  }
}

// The same for a tensor being constructed, which nothing can read yet.
template <class Dst, expression E>
constexpr void evaluate_into(Dst& dst, const E& e, fresh_destination) {
  static_assert(require_same_logical_shape<Dst::spec, E::spec>());
  evaluate(dst, e);
}

// The result of an expression (or a copy of a tensor or view) as a new tensor in XLA's
// default layout: x::eval(x::add(a, b)). Usable in constant expressions.
template <operand X>
constexpr auto eval(X&& x) {
  using E = operand_t<X>;
  return tensor<E::spec>(as_operand(static_cast<X&&>(x)));
}

// x::noalias(dst) = e evaluates e straight into dst: the caller promises that e does not
// read dst in another order than it writes it.
template <class Dst>
class noalias_assignment {
 public:
  constexpr explicit noalias_assignment(Dst& dst) noexcept : dst_(dst) {}
  template <operand X>
  constexpr void operator=(X&& x) && {  // NOLINT: assignment through a proxy returns nothing
    const auto e = as_operand(static_cast<X&&>(x));
    static_assert(require_same_logical_shape<Dst::spec, std::remove_cvref_t<decltype(e)>::spec>());
    evaluate(dst_, e);
  }

 private:
  Dst& dst_;
};

template <storage_array Dst>
constexpr noalias_assignment<Dst> noalias(Dst& dst) noexcept {
  return noalias_assignment<Dst>(dst);
}

}  // namespace sxla

#endif  // SXLA_EXPR_ASSIGN_HPP
