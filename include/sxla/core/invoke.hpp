// sxla/core/invoke.hpp: invoke(f, args...), a computation called with its arguments
// (std::invoke for the callables sxla takes: function objects, lambdas and pointers to
// functions), without <functional>, whose searchers bring <unordered_map> into every
// translation unit that includes sxla.
#ifndef SXLA_CORE_INVOKE_HPP
#define SXLA_CORE_INVOKE_HPP

#include <type_traits>

namespace sxla::detail {

template <class F, class... A>
constexpr decltype(auto) invoke(F&& f, A&&... args) noexcept(std::is_nothrow_invocable_v<F, A...>) {
  static_assert(!std::is_member_pointer_v<std::remove_cvref_t<F>>,
                "sxla: a computation is a function object or a function, not a pointer to a member");
  return static_cast<F&&>(f)(static_cast<A&&>(args)...);
}

}  // namespace sxla::detail

#endif  // SXLA_CORE_INVOKE_HPP
