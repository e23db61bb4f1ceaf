// sxla/shape/validate.hpp: the rules a shape_spec must satisfy (XLA's
// ShapeUtil::ValidateShape and LayoutUtil::ValidateLayoutForShape, plus sxla's limits):
// validate(spec) returns the first broken rule; check_shape<S>() turns it into a
// compile error whose message names the rule (see shape_error.hpp for the list).
#ifndef SXLA_SHAPE_VALIDATE_HPP
#define SXLA_SHAPE_VALIDATE_HPP

#include <cstddef>

#include "sxla/core/element_type.hpp"   // bit_width
#include "sxla/core/index.hpp"          // index_t
#include "sxla/shape/layout_map.hpp"    // make_layout_map (tiling rules, storage size)
#include "sxla/shape/shape_error.hpp"   // shape_error, report_shape_error
#include "sxla/shape/shape_spec.hpp"    // shape_spec
#include "sxla/shape/tile.hpp"          // tile_spec

namespace sxla {

constexpr shape_error validate(const shape_spec& s) noexcept {
  if (s.parse_error != shape_error::none) return s.parse_error;
  const std::size_t n = s.rank();
  for (index_t d : s.dimensions)
    if (d < 0) return shape_error::negative_dimension;

  const layout_spec& l = s.layout;
  if (l.minor_to_major.size() != n) return shape_error::minor_to_major_wrong_length;
  bool seen[max_rank] = {};
  for (index_t d : l.minor_to_major) {
    if (d < 0 || d >= static_cast<index_t>(n) || seen[d])
      return shape_error::minor_to_major_not_permutation;
    seen[d] = true;
  }

  if (!l.padded_dimensions.empty()) {
    if (l.padded_dimensions.size() != n) return shape_error::padded_dimensions_wrong_length;
    for (std::size_t i = 0; i < n; ++i)
      if (l.padded_dimensions[i] < s.dimensions[i]) return shape_error::padded_dimension_too_small;
  } else if (l.pad_value != padding_value::zero) {
    return shape_error::padding_value_without_padding;
  }

  for (const tile_spec& t : l.tiles) {
    if (t.dimensions.empty()) return shape_error::empty_tile;
    for (index_t d : t.dimensions) {
      if (d == 0) return shape_error::tile_dimension_zero;
      if (d < 0 && d != tile_spec::combine) return shape_error::tile_dimension_negative;
    }
  }
  if (l.element_size_in_bits != 0 &&
      (bit_width(s.element_type) >= 8 || l.element_size_in_bits != bit_width(s.element_type)))
    return shape_error::bad_element_size;
  return make_layout_map(s).error;  // tile lengths, '*' placement, storage overflow
}

constexpr bool is_valid(const shape_spec& s) noexcept { return validate(s) == shape_error::none; }

// Compile-time check of a spec used as a template argument: a no-op for a valid shape,
// otherwise a static_assert failure "sxla: <category>: <rule>" from report_shape_error.
template <shape_spec S>
consteval bool check_shape() {
  return report_shape_error<validate(S), S.parse_error_position>();
}

// S when valid, else f32[]: lets a class keep computing members from a broken spec
// without a cascade of errors after check_shape's message.
template <shape_spec S>
inline constexpr shape_spec valid_or_scalar = is_valid(S) ? S : shape_spec{};

}  // namespace sxla

#endif  // SXLA_SHAPE_VALIDATE_HPP
