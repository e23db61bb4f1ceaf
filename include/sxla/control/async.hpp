// sxla/control/async.hpp: XLA's asynchronous pairs as synchronous ops, and the copy and
// ordering ops that programs show outside the compiler:
//
//   auto h = x::async_start(f, a, b);          // AsyncStart: runs f(a, b) now
//   h = x::async_update(h);                    // AsyncUpdate: nothing left to do
//   auto r = x::async_done(h);                 // AsyncDone: f's result
//   auto c = x::copy_done(x::copy_start(a));   // CopyStart / CopyDone: a copy of a
//   auto d = x::copy(a);                       // Copy: a as a new value
//   auto e = x::add_dependency(a, tok);        // AddDependency: a, ordered after tok
//
// XLA's scheduler overlaps a start with the work up to its done; sxla does the whole op
// at the start and hands its result over at the done (x::async_handle): XLA's values,
// without the overlap, and no thread. The collective pairs (AllReduceStart ...) are in
// dist/async_collectives.hpp. Copies go through control/value.hpp's to_value: a tensor
// is copied, a view or a lazy expression evaluated into a tensor of its shape, a
// std::tuple element by element; the result's layout is the operand's for a tensor, the
// default one otherwise (XLA's Copy may change layouts: x::noalias(dst) = a does that).
#ifndef SXLA_CONTROL_ASYNC_HPP
#define SXLA_CONTROL_ASYNC_HPP

#include <tuple>
#include <type_traits>

#include "sxla/control/token.hpp"     // token
#include "sxla/control/value.hpp"     // value_like, value_t, to_value
#include "sxla/core/diagnostics.hpp"  // SXLA_DIAGNOSE
#include "sxla/core/invoke.hpp"       // detail::invoke

namespace sxla {

namespace hlo {
struct copy;
struct async_start;
}  // namespace hlo

// The result of an asynchronous op's start, complete: its done returns value.
template <class R>
struct async_handle {
  R value;
};

namespace detail {
// Every done of sxla's synchronous pairs: the handle's result.
// (By reference: a result may be a large, over-aligned tensor.)
struct async_done_fn {
  template <class R>
  constexpr R operator()(async_handle<R>&& h) const {
    return static_cast<R&&>(h.value);
  }
  template <class R>
  constexpr R operator()(const async_handle<R>& h) const {
    return h.value;
  }
};
}  // namespace detail

// Copy(operand): the operand as a new value.
template <class V>
constexpr auto copy(V&& v) {
  if constexpr (!value_like<V>) {
    SXLA_DIAGNOSE(hlo::copy, "{} is not an XLA value (an array, a number, a token or a tuple of them)",
                  (std::remove_cvref_t<V>), ());
    return 0;
  } else {
    return to_value(static_cast<V&&>(v));
  }
}

// CopyStart(operand) and CopyDone(handle).
template <class V>
constexpr auto copy_start(V&& v) {
  using R = decltype(copy(static_cast<V&&>(v)));
  return async_handle<R>{copy(static_cast<V&&>(v))};
}
inline constexpr detail::async_done_fn copy_done{};

// AsyncStart(computation, operands...), AsyncUpdate and AsyncDone: the computation (any
// callable, as x::call takes) runs at the start.
template <class F, class... A>
constexpr auto async_start(F&& f, A&&... args) {
  if constexpr (!std::is_invocable_v<F&&, A&&...>) {
    SXLA_DIAGNOSE(hlo::async_start, "the computation {} cannot be called with the operands {}",
                  (std::remove_cvref_t<F>, std::tuple<std::remove_cvref_t<A>...>), ());
    return async_handle<int>{};
  } else {
    using R = std::remove_cvref_t<std::invoke_result_t<F&&, A&&...>>;
    return async_handle<R>{detail::invoke(static_cast<F&&>(f), static_cast<A&&>(args)...)};
  }
}
template <class R>
constexpr const async_handle<R>& async_update(const async_handle<R>& h) noexcept {
  return h;
}
inline constexpr detail::async_done_fn async_done{};

// AddDependency(operand, token): the operand itself, after the token's side effects (a
// reference to an lvalue operand; a temporary moved into the result).
template <class V>
constexpr V add_dependency(V&& v, token) noexcept(std::is_nothrow_move_constructible_v<std::remove_cvref_t<V>>) {
  return static_cast<V&&>(v);
}

}  // namespace sxla

#endif  // SXLA_CONTROL_ASYNC_HPP
