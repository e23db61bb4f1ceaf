// sxla/shape/parse.hpp: parse_shape, the run-time parser for shape strings read from
// files or command lines. Applies the grammar and the shape rules and returns a
// parse_result: the shape, or an error value with a message (never an exception).
// For strings known at compile time, write the string as a template argument instead.
#ifndef SXLA_SHAPE_PARSE_HPP
#define SXLA_SHAPE_PARSE_HPP

#include <cstddef>
#include <string_view>

#include "sxla/core/static_string.hpp"  // static_string
#include "sxla/shape/grammar.hpp"       // parse_shape_into, parse_status
#include "sxla/shape/shape_error.hpp"   // shape_error_category, shape_error_message
#include "sxla/shape/shape_spec.hpp"    // shape_spec
#include "sxla/shape/validate.hpp"      // validate

namespace sxla {

struct parse_result {
  shape_spec shape;      // meaningful when ok()
  parse_status status;   // status.position: the character, for a malformed string

  constexpr bool ok() const noexcept { return status.ok(); }
  constexpr explicit operator bool() const noexcept { return ok(); }

  // "malformed shape string at character 7: expected ',' or ']' after a dimension
  // size", or "invalid layout: minor_to_major is not a permutation ...".
  constexpr static_string<512> message() const noexcept {
    static_string<512> m;
    m.append(shape_error_category(status.error));
    if (is_syntax_error()) {
      m.append(" at character ").append_integer(static_cast<std::int64_t>(status.position));
    }
    if (!ok()) m.append(": ");
    m.append(shape_error_message(status.error));
    return m;
  }
  constexpr bool is_syntax_error() const noexcept {
    return shape_error_category(status.error) == "malformed shape string";
  }
};

constexpr parse_result parse_shape(std::string_view text) noexcept {
  parse_result r;
  r.status = parse_shape_into(text, r.shape);
  if (r.status.ok()) r.status.error = validate(r.shape);
  if (!r.ok() && !r.is_syntax_error()) r.status.position = 0;
  return r;
}

}  // namespace sxla

#endif  // SXLA_SHAPE_PARSE_HPP
