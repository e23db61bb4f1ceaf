// sxla/shape/shape_error.hpp: everything that can be wrong with a shape, as one list:
// shape-string syntax errors and shape/layout rule violations. Gives the run-time
// message of each (shape_error_category, shape_error_message) and the compile-time
// report (report_shape_error<E, AtCharacter>), which fails a static_assert whose text
// names the problem. The list is written once, in SXLA_SHAPE_ERROR_LIST (undefined at
// the end of this header); the static_assert texts repeat it, checked by a test.
#ifndef SXLA_SHAPE_SHAPE_ERROR_HPP
#define SXLA_SHAPE_SHAPE_ERROR_HPP

#include <cstddef>
#include <string_view>

// X(identifier, category, message). Categories: a malformed shape string, an invalid
// shape (dimensions), an invalid layout.
#define SXLA_SHAPE_ERROR_LIST(X) \
  X(none, "", \
    "no error") \
  X(expected_element_type, "malformed shape string", \
    "expected an element type (pred, s8, s16, s32, s64, u8, " \
    "u16, u32, u64, f16, bf16, f32, f64, c64, c128, s2, s4, u2, " \
    "u4, f8e5m2, f8e4m3, f8e3m4, f8e4m3fn, f8e4m3fnuz, " \
    "f8e5m2fnuz, f8e4m3b11fnuz, f4e2m1fn, f6e2m3fn, f6e3m2fn, " \
    "f8e8m0fnu)") \
  X(expected_open_bracket, "malformed shape string", \
    "expected '[' after the element type") \
  X(expected_dimension, "malformed shape string", \
    "expected a dimension size") \
  X(dynamic_dimension, "malformed shape string", \
    "dynamic dimensions ('<=N', '?') are not supported: sxla " \
    "shapes are static") \
  X(expected_comma_or_close_bracket, "malformed shape string", \
    "expected ',' or ']' after a dimension size") \
  X(number_too_large, "malformed shape string", \
    "number too large") \
  X(expected_layout_or_end, "malformed shape string", \
    "expected '{' or the end of the string after the dimensions") \
  X(expected_minor_to_major, "malformed shape string", \
    "expected a dimension number in minor_to_major") \
  X(expected_layout_separator, "malformed shape string", \
    "expected ',', ':' or '}' in the layout") \
  X(expected_layout_field, "malformed shape string", \
    "expected a layout field after ':' (sxla supports T(...) " \
    "tiles, pad(...) and E(...))") \
  X(misplaced_layout_field, "malformed shape string", \
    "layout field repeated or out of order (T(...) comes before " \
    "pad(...), and both before E(...))") \
  X(expected_element_size, "malformed shape string", \
    "expected an element size in bits (>= 1) in E(...)") \
  X(expected_open_paren, "malformed shape string", \
    "expected '('") \
  X(expected_tile_dimension, "malformed shape string", \
    "expected a tile size or '*'") \
  X(expected_padded_dimension, "malformed shape string", \
    "expected a padded dimension size") \
  X(expected_comma_or_close_paren, "malformed shape string", \
    "expected ',' or ')'") \
  X(unknown_padding_value, "malformed shape string", \
    "unknown padding value (expected zero, one, lowest, highest " \
    "or unknown)") \
  X(expected_close_brace, "malformed shape string", \
    "expected '}' to close the layout") \
  X(trailing_characters, "malformed shape string", \
    "unexpected characters after the shape") \
  X(rank_too_large, "invalid shape", \
    "rank exceeds SXLA_MAX_RANK") \
  X(negative_dimension, "invalid shape", \
    "a dimension size is negative") \
  X(minor_to_major_wrong_length, "invalid layout", \
    "minor_to_major must list every dimension exactly once (its " \
    "length differs from the rank)") \
  X(minor_to_major_not_permutation, "invalid layout", \
    "minor_to_major is not a permutation of the dimension " \
    "numbers") \
  X(padded_dimensions_wrong_length, "invalid layout", \
    "padded_dimensions must give one size per dimension") \
  X(padded_dimension_too_small, "invalid layout", \
    "a padded dimension is smaller than the dimension it pads") \
  X(padding_value_without_padding, "invalid layout", \
    "a padding value is set but padded_dimensions is empty") \
  X(too_many_tiles, "invalid layout", \
    "more tile levels than sxla supports (max_tiles)") \
  X(empty_tile, "invalid layout", \
    "a tile has no dimensions") \
  X(tile_too_long, "invalid layout", \
    "a tile has more dimensions than the shape it tiles") \
  X(tile_dimension_zero, "invalid layout", \
    "a tile dimension is 0") \
  X(tile_dimension_negative, "invalid layout", \
    "a tile dimension is negative (only '*', combine, is " \
    "allowed besides sizes >= 1)") \
  X(combine_without_minor, "invalid layout", \
    "'*' (combine) is the most minor tile entry: there is no " \
    "more minor dimension to merge it into") \
  X(bad_element_size, "invalid layout", \
    "E(n) packs sub-byte elements: n must be the element type's " \
    "bit width (2: s2, u2; 4: s4, u4, f4e2m1fn; 6: f6e2m3fn, " \
    "f6e3m2fn)") \
  X(storage_too_large, "invalid layout", \
    "the storage size overflows int64") \
  X(size_too_large, "invalid layout", \
    "a stride or a size in bytes overflows int64 (the product of " \
    "the sizes other than 0, times the element's bytes, must fit: a " \
    "size of 0 empties the array but the other sizes still multiply)")


namespace sxla {

enum class shape_error : int {
#define SXLA_X(id, category, message) id,
  SXLA_SHAPE_ERROR_LIST(SXLA_X)
#undef SXLA_X
};

// How many values shape_error has (none included).
inline constexpr int shape_error_count = 0
#define SXLA_X(id, category, message) +1
    SXLA_SHAPE_ERROR_LIST(SXLA_X)
#undef SXLA_X
    ;

// "malformed shape string", "invalid shape" or "invalid layout" ("" for none).
constexpr std::string_view shape_error_category(shape_error e) noexcept {
  constexpr std::string_view categories[] = {
#define SXLA_X(id, category, message) category,
      SXLA_SHAPE_ERROR_LIST(SXLA_X)
#undef SXLA_X
  };
  return categories[static_cast<int>(e)];
}

// The error's identifier, e.g. "expected_dimension".
constexpr std::string_view shape_error_name(shape_error e) noexcept {
  constexpr std::string_view names[] = {
#define SXLA_X(id, category, message) #id,
      SXLA_SHAPE_ERROR_LIST(SXLA_X)
#undef SXLA_X
  };
  return names[static_cast<int>(e)];
}

// What is wrong, in one sentence without the category.
constexpr std::string_view shape_error_message(shape_error e) noexcept {
  constexpr std::string_view messages[] = {
#define SXLA_X(id, category, message) message,
      SXLA_SHAPE_ERROR_LIST(SXLA_X)
#undef SXLA_X
  };
  return messages[static_cast<int>(e)];
}

// Compile-time report: instantiating report_shape_error<E, AtCharacter>() with
// E != none fails a static_assert reading "sxla: <category>: <message>"; the
// compiler's instantiation note shows E and, for a malformed shape string, the
// character position of the error.
template <shape_error E, std::size_t AtCharacter>
consteval bool report_shape_error() {
  // One assertion per error, so that the compiler prints that error's own text.
  // tests/shape/shape_error_test.cpp checks these texts against the list above.
  static_assert(E != shape_error::expected_element_type,
                "sxla: malformed shape string: expected an element type (pred, s8, s16, "
                "s32, s64, u8, u16, u32, u64, f16, bf16, f32, f64, c64, c128, s2, s4, u2, "
                "u4, f8e5m2, f8e4m3, f8e3m4, f8e4m3fn, f8e4m3fnuz, f8e5m2fnuz, "
                "f8e4m3b11fnuz, f4e2m1fn, f6e2m3fn, f6e3m2fn, f8e8m0fnu)");
  static_assert(E != shape_error::expected_open_bracket,
                "sxla: malformed shape string: expected '[' after the element type");
  static_assert(E != shape_error::expected_dimension,
                "sxla: malformed shape string: expected a dimension size");
  static_assert(E != shape_error::dynamic_dimension,
                "sxla: malformed shape string: dynamic dimensions ('<=N', '?') are not "
                "supported: sxla shapes are static");
  static_assert(E != shape_error::expected_comma_or_close_bracket,
                "sxla: malformed shape string: expected ',' or ']' after a dimension "
                "size");
  static_assert(E != shape_error::number_too_large,
                "sxla: malformed shape string: number too large");
  static_assert(E != shape_error::expected_layout_or_end,
                "sxla: malformed shape string: expected '{' or the end of the string "
                "after the dimensions");
  static_assert(E != shape_error::expected_minor_to_major,
                "sxla: malformed shape string: expected a dimension number in "
                "minor_to_major");
  static_assert(E != shape_error::expected_layout_separator,
                "sxla: malformed shape string: expected ',', ':' or '}' in the layout");
  static_assert(E != shape_error::expected_layout_field,
                "sxla: malformed shape string: expected a layout field after ':' (sxla "
                "supports T(...) tiles, pad(...) and E(...))");
  static_assert(E != shape_error::misplaced_layout_field,
                "sxla: malformed shape string: layout field repeated or out of order "
                "(T(...) comes before pad(...), and both before E(...))");
  static_assert(E != shape_error::expected_element_size,
                "sxla: malformed shape string: expected an element size in bits (>= 1) "
                "in E(...)");
  static_assert(E != shape_error::expected_open_paren,
                "sxla: malformed shape string: expected '('");
  static_assert(E != shape_error::expected_tile_dimension,
                "sxla: malformed shape string: expected a tile size or '*'");
  static_assert(E != shape_error::expected_padded_dimension,
                "sxla: malformed shape string: expected a padded dimension size");
  static_assert(E != shape_error::expected_comma_or_close_paren,
                "sxla: malformed shape string: expected ',' or ')'");
  static_assert(E != shape_error::unknown_padding_value,
                "sxla: malformed shape string: unknown padding value (expected zero, "
                "one, lowest, highest or unknown)");
  static_assert(E != shape_error::expected_close_brace,
                "sxla: malformed shape string: expected '}' to close the layout");
  static_assert(E != shape_error::trailing_characters,
                "sxla: malformed shape string: unexpected characters after the shape");
  static_assert(E != shape_error::rank_too_large,
                "sxla: invalid shape: rank exceeds SXLA_MAX_RANK");
  static_assert(E != shape_error::negative_dimension,
                "sxla: invalid shape: a dimension size is negative");
  static_assert(E != shape_error::minor_to_major_wrong_length,
                "sxla: invalid layout: minor_to_major must list every dimension exactly "
                "once (its length differs from the rank)");
  static_assert(E != shape_error::minor_to_major_not_permutation,
                "sxla: invalid layout: minor_to_major is not a permutation of the "
                "dimension numbers");
  static_assert(E != shape_error::padded_dimensions_wrong_length,
                "sxla: invalid layout: padded_dimensions must give one size per "
                "dimension");
  static_assert(E != shape_error::padded_dimension_too_small,
                "sxla: invalid layout: a padded dimension is smaller than the dimension "
                "it pads");
  static_assert(E != shape_error::padding_value_without_padding,
                "sxla: invalid layout: a padding value is set but padded_dimensions is "
                "empty");
  static_assert(E != shape_error::too_many_tiles,
                "sxla: invalid layout: more tile levels than sxla supports (max_tiles)");
  static_assert(E != shape_error::empty_tile,
                "sxla: invalid layout: a tile has no dimensions");
  static_assert(E != shape_error::tile_too_long,
                "sxla: invalid layout: a tile has more dimensions than the shape it "
                "tiles");
  static_assert(E != shape_error::tile_dimension_zero,
                "sxla: invalid layout: a tile dimension is 0");
  static_assert(E != shape_error::tile_dimension_negative,
                "sxla: invalid layout: a tile dimension is negative (only '*', combine, "
                "is allowed besides sizes >= 1)");
  static_assert(E != shape_error::combine_without_minor,
                "sxla: invalid layout: '*' (combine) is the most minor tile entry: "
                "there is no more minor dimension to merge it into");
  static_assert(E != shape_error::bad_element_size,
                "sxla: invalid layout: E(n) packs sub-byte elements: n must be the element "
                "type's bit width (2: s2, u2; 4: s4, u4, f4e2m1fn; 6: f6e2m3fn, f6e3m2fn)");
  static_assert(E != shape_error::storage_too_large,
                "sxla: invalid layout: the storage size overflows int64");
  static_assert(E != shape_error::size_too_large,
                "sxla: invalid layout: a stride or a size in bytes overflows int64 (the "
                "product of the sizes other than 0, times the element's bytes, must fit: "
                "a size of 0 empties the array but the other sizes still multiply)");
  return true;
}

}  // namespace sxla

#undef SXLA_SHAPE_ERROR_LIST

#endif  // SXLA_SHAPE_SHAPE_ERROR_HPP
