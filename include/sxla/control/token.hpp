// sxla/control/token.hpp: XLA's token, and AfterAll. A token carries no data: ops with
// side effects (infeed, outfeed) take one and return one, and a program orders them by
// threading the tokens through; after_all joins several into one.
#ifndef SXLA_CONTROL_TOKEN_HPP
#define SXLA_CONTROL_TOKEN_HPP

#include <cstddef>
#include <type_traits>

#include "sxla/core/diagnostics.hpp"  // SXLA_DIAGNOSE, diagnostic_display

namespace sxla {

namespace hlo {
struct after_all;
struct token {};  // how a token shows in compile errors (clang)
}  // namespace hlo

// XLA's token type: an empty value; x::token{} is the program's first one (XLA's
// CreateToken).
struct token {
  friend constexpr bool operator==(token, token) noexcept = default;
};

template <>
struct diagnostic_display<token> {
  using type = hlo::token;
  static constexpr void append(detail::diagnostic_buffer& out) noexcept { out.append("token"); }
};

// AfterAll(tokens...): one token that comes after every operand. Anything else is a
// compile error naming its type; the result of an outfeed converts to its token.
template <class... T>
constexpr token after_all(const T&... tokens) noexcept {
  if constexpr (!(std::is_convertible_v<const T&, token> && ...)) {
    constexpr std::size_t i = detail::first_index({!std::is_convertible_v<const T&, token>...});
    SXLA_DIAGNOSE(hlo::after_all, "{} is not a token (operand {})", (typename detail::nth_type<i, T...>::type), (i));
  }
  (static_cast<void>(tokens), ...);
  return {};
}

}  // namespace sxla

#endif  // SXLA_CONTROL_TOKEN_HPP
