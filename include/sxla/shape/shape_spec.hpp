// sxla/shape/shape_spec.hpp: shape_spec, a shape as a value: element type, dimension
// sizes and layout. It is a structural type, so it is the template argument of every
// shape, tensor and view type; a string literal converts to it at compile time
// (x::tensor<"f32[3,5]{1,0:T(2,2)}">). A malformed string does not fail here: the
// spec records the error and its position, and check_shape (validate.hpp) reports it
// where the spec is used, with a message that names the problem.
#ifndef SXLA_SHAPE_SHAPE_SPEC_HPP
#define SXLA_SHAPE_SHAPE_SPEC_HPP

#include <cstddef>
#include <initializer_list>
#include <limits>
#include <string_view>

#include "sxla/core/element_type.hpp"  // primitive_type
#include "sxla/core/index.hpp"         // index_t, max_rank
#include "sxla/core/small_vector.hpp"  // small_vector
#include "sxla/shape/grammar.hpp"      // parse_shape_into
#include "sxla/shape/layout.hpp"       // layout_spec, default_layout
#include "sxla/shape/shape_error.hpp"  // shape_error

namespace sxla {

struct shape_spec {
  primitive_type element_type = primitive_type::f32;
  small_vector<index_t, max_rank> dimensions;
  layout_spec layout;
  // Set only by the string constructor, when the string is malformed.
  shape_error parse_error = shape_error::none;
  std::size_t parse_error_position = 0;

  // f32[], a scalar.
  constexpr shape_spec() noexcept = default;

  // An array shape in the default layout: shape_spec(primitive_type::f32, {2, 3}).
  constexpr shape_spec(primitive_type type, std::initializer_list<index_t> dims) noexcept
      : element_type(type), dimensions(dims), layout(default_layout(dims.size())) {}

  constexpr shape_spec(primitive_type type, const small_vector<index_t, max_rank>& dims,
                       const layout_spec& l) noexcept
      : element_type(type), dimensions(dims), layout(l) {}

  // From an HLO shape string, at compile time: x::tensor<"f32[2,3]{0,1}">.
  template <std::size_t N>
  consteval shape_spec(const char (&text)[N]) noexcept {  // NOLINT: implicit by design
    const parse_status st = parse_shape_into(std::string_view(text, N - 1), *this);
    parse_error = st.error;
    parse_error_position = st.position;
  }

  constexpr std::size_t rank() const noexcept { return dimensions.size(); }

  // Number of logical elements (the product of the dimension sizes; 1 for a scalar; 0
  // when a size is 0, whatever the others). It fits in index_t for a valid shape; for
  // one whose product overflows (which validate rejects), it is the largest index_t.
  constexpr index_t element_count() const noexcept {
    for (index_t d : dimensions)
      if (d == 0) return 0;
    index_t n = 1;
    for (index_t d : dimensions)
      if (__builtin_mul_overflow(n, d, &n)) return std::numeric_limits<index_t>::max();
    return n;
  }

  // XLA's "true rank": the number of dimensions of size greater than 1.
  constexpr std::size_t true_rank() const noexcept {
    std::size_t n = 0;
    for (index_t d : dimensions) n += d > 1 ? 1 : 0;
    return n;
  }

  // The same dimensions and element type with another layout.
  constexpr shape_spec with_layout(const layout_spec& l) const noexcept {
    return shape_spec(element_type, dimensions, l);
  }
  constexpr shape_spec with_element_type(primitive_type t) const noexcept {
    return shape_spec(t, dimensions, layout);
  }

  friend constexpr bool operator==(const shape_spec&, const shape_spec&) = default;
};

// Same element type and dimension sizes (layouts may differ): XLA's ShapeUtil::Compatible.
constexpr bool same_logical_shape(const shape_spec& a, const shape_spec& b) noexcept {
  return a.element_type == b.element_type && a.dimensions == b.dimensions;
}

// Python-style dimension number: -1 is the last dimension. Returns the dimension in
// [0, rank), or -1 when d is out of range.
constexpr index_t normalize_dimension(std::size_t rank, index_t d) noexcept {
  const auto r = static_cast<index_t>(rank);
  const index_t n = d < 0 ? d + r : d;
  return n >= 0 && n < r ? n : -1;
}

}  // namespace sxla

#endif  // SXLA_SHAPE_SHAPE_SPEC_HPP
