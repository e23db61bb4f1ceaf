// Compile-fail: a negative tile size in a spec built in code.
// expect-error: sxla: invalid layout: a tile dimension is negative
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
constexpr sxla::shape_spec spec() {
  sxla::shape_spec s(sxla::primitive_type::f32, {8, 8});
  s.layout.tiles.push_back(sxla::tile_spec{{4, 4}});
  return s;
}
using s = sxla::shape<spec()>;
static_assert(s::rank >= 0);
#else
constexpr sxla::shape_spec spec() {
  sxla::shape_spec s(sxla::primitive_type::f32, {8, 8});
  s.layout.tiles.push_back(sxla::tile_spec{{-4, 4}});
  return s;
}
using s = sxla::shape<spec()>;
static_assert(s::rank >= 0);
#endif
