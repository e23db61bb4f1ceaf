// Compile-fail: a padding value on an unpadded layout.
// expect-error: sxla: invalid layout: a padding value is set but padded_dimensions is empty
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
constexpr sxla::shape_spec spec() {
  sxla::shape_spec s(sxla::primitive_type::f32, {2});
  s.layout.padded_dimensions.push_back(4);
  s.layout.pad_value = sxla::padding_value::lowest;
  return s;
}
using s = sxla::shape<spec()>;
static_assert(s::rank >= 0);
#else
constexpr sxla::shape_spec spec() {
  sxla::shape_spec s(sxla::primitive_type::f32, {2});
  s.layout.pad_value = sxla::padding_value::lowest;
  return s;
}
using s = sxla::shape<spec()>;
static_assert(s::rank >= 0);
#endif
