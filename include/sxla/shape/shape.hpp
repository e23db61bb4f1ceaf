// sxla/shape/shape.hpp: shape<S>, a shape as a type. Its static members give the
// element type, rank, dimension sizes, element and storage counts and the layout map;
// linear_index<Shape>, delinearize<Shape> and the iteration functions take it as a
// template argument. An invalid spec (malformed string, bad layout) fails to compile
// here with a message that names the problem.
//
//   using tiled = x::shape<"f32[3,5]{1,0:T(2,2)}">;
//   static_assert(tiled::element_count == 15 && tiled::storage_count == 24);
//   static_assert(x::linear_index<tiled>({2, 3}) == 17);
#ifndef SXLA_SHAPE_SHAPE_HPP
#define SXLA_SHAPE_SHAPE_HPP

#include <array>
#include <cstddef>
#include <optional>
#include <type_traits>

#include "sxla/core/diagnostics.hpp"   // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"  // primitive_type, native_type_t
#include "sxla/core/index.hpp"         // index_t, multi_index
#include "sxla/config.hpp"                   // SXLA_FORCE_INLINE
#include "sxla/shape/layout_map.hpp"         // layout_map, delinearize, for_each_*
#include "sxla/shape/print.hpp"              // shape_arg, diagnostic_display of shapes
#include "sxla/shape/shape_spec.hpp"         // shape_spec, normalize_dimension
#include "sxla/shape/static_layout_map.hpp"  // static_layout_map, detail::to_array
#include "sxla/shape/validate.hpp"           // check_shape, valid_or_scalar

namespace sxla {

// The name of shape<S>::dimension<D> in compile errors (core/diagnostics.hpp).
namespace hlo {
struct dimension;
}  // namespace hlo

namespace detail {
template <shape_spec S, std::size_t Rank, index_t D>
constexpr auto report_dimension_number() noexcept {
  if constexpr (D < -static_cast<index_t>(Rank) || D >= static_cast<index_t>(Rank)) {
    SXLA_DIAGNOSE(hlo::dimension,
                  "{}: dimension number {} is out of range for rank {} (negative numbers count from the end: -1 is "
                  "the last dimension)",
                  (shape_arg<S>), (D, Rank));
  }
  return true;
}
// D as an index into the dimensions; out of range, one compile error (the report is
// instantiated through decltype, not evaluated, so that no second error follows) and 0.
template <shape_spec S, std::size_t Rank, index_t D>
consteval std::size_t checked_dimension() {
  using reported = decltype(report_dimension_number<S, Rank, D>());
  if constexpr (std::is_same_v<reported, bool> && D >= -static_cast<index_t>(Rank) && D < static_cast<index_t>(Rank)) {
    return static_cast<std::size_t>(normalize_dimension(Rank, D));
  } else {
    return 0;
  }
}
}  // namespace detail

template <shape_spec S>
struct shape {
  static_assert(check_shape<S>());

  // The spec as written, and the one the members are computed from (the same unless
  // the spec is invalid, in which case compilation has already failed above).
  static constexpr shape_spec spec = S;
  static constexpr shape_spec checked_spec = valid_or_scalar<S>;

  static constexpr primitive_type element_type = checked_spec.element_type;
  using value_type = native_type_t<element_type>;
  static constexpr std::size_t rank = checked_spec.rank();
  static constexpr std::array<index_t, rank> dimensions = detail::to_array<rank>(checked_spec.dimensions);
  static constexpr index_t element_count = checked_spec.element_count();
  static constexpr std::size_t true_rank = checked_spec.true_rank();
  static constexpr layout_spec layout = checked_spec.layout;
  static constexpr bool has_default_layout = is_default_layout(layout, rank);
  static constexpr bool is_tiled = !layout.tiles.empty();
  static constexpr bool is_padded = !layout.padded_dimensions.empty();

  // Logical index <-> storage offset: the generic map (layout_map.hpp) and its
  // compile-time specialisation (static_layout_map.hpp).
  static constexpr const layout_map& map = static_layout_map<S>::map;
  // Slots in storage, padding included.
  static constexpr index_t storage_count = map.storage_count;

  // The storage offset of a logical index, as straight-line arithmetic.
  SXLA_FORCE_INLINE static constexpr index_t offset(const multi_index<rank>& idx) noexcept {
    return static_layout_map<S>::offset(idx);
  }

  // Size of dimension D; D may be negative (-1 is the last dimension).
  template <index_t D>
  static constexpr index_t dimension = dimensions[detail::checked_dimension<S, rank, D>()];
};

// True for the instances of shape<S>.
template <class T>
inline constexpr bool is_shape_v = false;
template <shape_spec S>
inline constexpr bool is_shape_v<shape<S>> = true;
template <class T>
concept shape_type = is_shape_v<T>;

// The storage offset of a logical index: linear_index<x::shape<"f32[2,3]">>({1, 2}).
template <shape_type Shape>
SXLA_FORCE_INLINE constexpr index_t linear_index(const multi_index<Shape::rank>& idx) noexcept {
  return Shape::offset(idx);
}

// The logical index stored at `offset`, or nothing for a padding slot.
template <shape_type Shape>
constexpr std::optional<multi_index<Shape::rank>> delinearize(index_t offset) noexcept {
  multi_index<Shape::rank> idx{};
  if (!delinearize(Shape::map, offset, idx.data())) return std::nullopt;
  return idx;
}

// f(idx) for every logical index of Shape in logical (row-major) order.
template <shape_type Shape, class F>
constexpr void for_each_index(F&& f) {
  for_each_index(Shape::dimensions, static_cast<F&&>(f));
}

// f(idx, offset) for every logical element of Shape in storage order.
template <shape_type Shape, class F>
constexpr void for_each_stored(F&& f) {
  for_each_stored<Shape::rank>(Shape::map, static_cast<F&&>(f));
}

}  // namespace sxla

#endif  // SXLA_SHAPE_SHAPE_HPP
