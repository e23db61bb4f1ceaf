// Compile-fail: a tile with more dimensions than the shape.
// expect-error: sxla: invalid layout: a tile has more dimensions than the shape it tiles
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
using s = sxla::shape<"f32[2,3]{1,0:T(2,2)}">;
static_assert(s::rank >= 0);
#else
using s = sxla::shape<"f32[2,3]{1,0:T(2,2,2)}">;
static_assert(s::rank >= 0);
#endif
