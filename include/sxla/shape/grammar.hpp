// sxla/shape/grammar.hpp: the HLO shape-string grammar, as a constexpr parser that writes
// the element type, dimensions and layout into any object with those members (it is
// used by shape_spec's string constructor at compile time and by parse_shape at run
// time). Syntax only: the shape and layout rules are in validate.hpp, the run-time
// entry point that applies both is parse.hpp.
//
//   shape   := type '[' [ size { ',' size } ] ']' [ layout ]
//   layout  := '{' [ dim { ',' dim } ] [ ':' [ 'T' tile { tile } ] [ padding ] [ bits ] ] '}'
//   tile    := '(' ( size | '*' ) { ',' ( size | '*' ) } ')'
//   padding := 'pad(' size { ',' size } [ ',' ( zero | one | lowest | highest | unknown ) ] ')'
//   bits    := 'E(' size ')'           (XLA's element_size_in_bits: "u4[8]{0:E(4)}")
//
// Examples: "f32[]", "f32[3,5]{1,0:T(2,2)}", "bf16[2,3,1004]{2,1,0:T(2,*,128)}",
// "f32[2,3]{0,1:pad(3,5)}". Blanks between tokens are skipped; type names may also be
// written in XLA's enum spelling (F32, BF16, PRED), as the seeds' prose does. pad(...)
// is sxla's spelling of the seed's padded_dimensions/padding_value (XLA has none).
#ifndef SXLA_SHAPE_GRAMMAR_HPP
#define SXLA_SHAPE_GRAMMAR_HPP

#include <cstddef>
#include <limits>
#include <string_view>

#include "sxla/core/element_type.hpp"  // primitive_type, all_primitive_types, type_name
#include "sxla/core/index.hpp"         // index_t
#include "sxla/shape/layout.hpp"       // layout_spec, padding_value, default_layout
#include "sxla/shape/shape_error.hpp"  // shape_error
#include "sxla/shape/tile.hpp"         // tile_spec

namespace sxla {

// The outcome of parsing: the first error and the character position where it was found.
struct parse_status {
  shape_error error = shape_error::none;
  std::size_t position = 0;
  constexpr bool ok() const noexcept { return error == shape_error::none; }
  friend constexpr bool operator==(const parse_status&, const parse_status&) = default;
};

namespace detail {

class shape_lexer {
 public:
  constexpr explicit shape_lexer(std::string_view text) noexcept : s_(text) {}

  constexpr std::size_t position() const noexcept { return pos_; }
  constexpr void skip_blanks() noexcept {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' ||
                                s_[pos_] == '\r'))
      ++pos_;
  }
  constexpr bool at_end() noexcept {
    skip_blanks();
    return pos_ == s_.size();
  }
  constexpr bool peek(char c) noexcept {
    skip_blanks();
    return pos_ < s_.size() && s_[pos_] == c;
  }
  constexpr bool eat(char c) noexcept {
    if (!peek(c)) return false;
    ++pos_;
    return true;
  }
  constexpr bool at_digit() noexcept {
    skip_blanks();
    return pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9';
  }
  constexpr bool at_letter() noexcept {
    skip_blanks();
    return pos_ < s_.size() && is_letter(s_[pos_]);
  }
  // A run of letters and digits starting with a letter ("f32", "pad", "T").
  constexpr std::string_view word() noexcept {
    skip_blanks();
    const std::size_t start = pos_;
    if (pos_ < s_.size() && is_letter(s_[pos_])) {
      while (pos_ < s_.size() && (is_letter(s_[pos_]) || (s_[pos_] >= '0' && s_[pos_] <= '9')))
        ++pos_;
    }
    return s_.substr(start, pos_ - start);
  }
  constexpr void rewind(std::size_t p) noexcept { pos_ = p; }
  // Reads a decimal number; the caller has checked at_digit().
  constexpr bool number(index_t& out) noexcept {
    skip_blanks();
    index_t v = 0;
    while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') {
      const int d = s_[pos_] - '0';
      if (v > (std::numeric_limits<index_t>::max() - d) / 10) return false;
      v = v * 10 + d;
      ++pos_;
    }
    out = v;
    return true;
  }

 private:
  static constexpr bool is_letter(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }
  std::string_view s_;
  std::size_t pos_ = 0;
};

// XLA's enum spelling of a type name ("F32", "BF16", "PRED"), as in the seeds' prose.
constexpr bool is_upper_case_of(std::string_view upper, std::string_view lower) noexcept {
  if (upper.size() != lower.size()) return false;
  for (std::size_t i = 0; i < upper.size(); ++i) {
    const char l = lower[i];
    const char u = (l >= 'a' && l <= 'z') ? static_cast<char>(l - 'a' + 'A') : l;
    if (upper[i] != u) return false;
  }
  return true;
}

}  // namespace detail

// Parses `text` into out.element_type, out.dimensions and out.layout (the members of
// shape_spec). A shape without a layout gets the default one. Returns the first
// syntax error and its position; `out` is then partially written.
template <class Out>
constexpr parse_status parse_shape_into(std::string_view text, Out& out) noexcept {
  detail::shape_lexer lex(text);
  const auto fail = [](shape_error e, std::size_t at) { return parse_status{e, at}; };

  // Element type.
  std::size_t at = (lex.skip_blanks(), lex.position());
  {
    const std::string_view w = lex.word();
    bool known = false;
    for (primitive_type t : all_primitive_types) {
      if (type_name(t) == w || detail::is_upper_case_of(w, type_name(t))) {
        out.element_type = t;
        known = true;
      }
    }
    if (!known) return fail(shape_error::expected_element_type, at);
  }

  // Dimensions.
  if (!lex.eat('[')) return fail(shape_error::expected_open_bracket, lex.position());
  if (!lex.eat(']')) {
    while (true) {
      if (lex.peek('<') || lex.peek('?')) return fail(shape_error::dynamic_dimension, lex.position());
      if (!lex.at_digit()) return fail(shape_error::expected_dimension, lex.position());
      at = lex.position();
      index_t size = 0;
      if (!lex.number(size)) return fail(shape_error::number_too_large, at);
      if (!out.dimensions.push_back(size)) return fail(shape_error::rank_too_large, at);
      if (lex.eat(',')) continue;
      if (lex.eat(']')) break;
      return fail(shape_error::expected_comma_or_close_bracket, lex.position());
    }
  }

  // Layout.
  if (lex.at_end()) {
    out.layout = default_layout(out.dimensions.size());
    return {};
  }
  if (!lex.eat('{')) return fail(shape_error::expected_layout_or_end, lex.position());
  layout_spec layout;
  if (lex.at_digit()) {
    while (true) {
      at = lex.position();
      index_t d = 0;
      if (!lex.number(d)) return fail(shape_error::number_too_large, at);
      if (!layout.minor_to_major.push_back(d))
        return fail(shape_error::minor_to_major_wrong_length, at);
      if (!lex.eat(',')) break;
      if (!lex.at_digit()) return fail(shape_error::expected_minor_to_major, lex.position());
    }
  }
  if (lex.eat(':')) {
    bool any_field = false;
    while (lex.at_letter()) {
      at = lex.position();
      const std::string_view field = lex.word();
      if (field == "T") {
        if (!layout.tiles.empty() || !layout.padded_dimensions.empty() || layout.element_size_in_bits != 0)
          return fail(shape_error::misplaced_layout_field, at);
        if (!lex.peek('(')) return fail(shape_error::expected_open_paren, lex.position());
        while (lex.eat('(')) {
          tile_spec tile;
          if (!lex.peek(')')) {
            while (true) {
              at = lex.position();
              index_t size = 0;
              if (lex.eat('*')) {
                size = tile_spec::combine;
              } else if (!lex.at_digit()) {
                return fail(shape_error::expected_tile_dimension, lex.position());
              } else if (!lex.number(size)) {
                return fail(shape_error::number_too_large, at);
              }
              if (!tile.dimensions.push_back(size)) return fail(shape_error::tile_too_long, at);
              if (lex.eat(',')) continue;
              break;
            }
          }
          if (!lex.eat(')')) return fail(shape_error::expected_comma_or_close_paren, lex.position());
          if (!layout.tiles.push_back(tile)) return fail(shape_error::too_many_tiles, at);
        }
      } else if (field == "E") {
        if (layout.element_size_in_bits != 0) return fail(shape_error::misplaced_layout_field, at);
        if (!lex.eat('(')) return fail(shape_error::expected_open_paren, lex.position());
        if (!lex.at_digit()) return fail(shape_error::expected_element_size, lex.position());
        at = lex.position();
        if (!lex.number(layout.element_size_in_bits)) return fail(shape_error::number_too_large, at);
        if (layout.element_size_in_bits == 0) return fail(shape_error::expected_element_size, at);
        if (!lex.eat(')')) return fail(shape_error::expected_comma_or_close_paren, lex.position());
      } else if (field == "pad") {
        if (!layout.padded_dimensions.empty() || layout.element_size_in_bits != 0)
          return fail(shape_error::misplaced_layout_field, at);
        if (!lex.eat('(')) return fail(shape_error::expected_open_paren, lex.position());
        while (true) {
          if (lex.at_letter() && !layout.padded_dimensions.empty()) {
            at = lex.position();
            const std::string_view name = lex.word();
            bool known = false;
            for (int v = 0; v <= static_cast<int>(padding_value::unknown); ++v) {
              if (padding_value_name(static_cast<padding_value>(v)) == name) {
                layout.pad_value = static_cast<padding_value>(v);
                known = true;
              }
            }
            if (!known) return fail(shape_error::unknown_padding_value, at);
            break;
          }
          if (!lex.at_digit()) return fail(shape_error::expected_padded_dimension, lex.position());
          at = lex.position();
          index_t size = 0;
          if (!lex.number(size)) return fail(shape_error::number_too_large, at);
          if (!layout.padded_dimensions.push_back(size))
            return fail(shape_error::padded_dimensions_wrong_length, at);
          if (!lex.eat(',')) break;
        }
        if (!lex.eat(')')) return fail(shape_error::expected_comma_or_close_paren, lex.position());
      } else {
        return fail(shape_error::expected_layout_field, at);
      }
      any_field = true;
    }
    if (!any_field) return fail(shape_error::expected_layout_field, lex.position());
  } else if (!lex.peek('}')) {
    return fail(shape_error::expected_layout_separator, lex.position());
  }
  if (!lex.eat('}')) return fail(shape_error::expected_close_brace, lex.position());
  if (!lex.at_end()) return fail(shape_error::trailing_characters, lex.position());
  out.layout = layout;
  return {};
}

}  // namespace sxla

#endif  // SXLA_SHAPE_GRAMMAR_HPP
