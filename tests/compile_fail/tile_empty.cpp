// Compile-fail: an empty tile T().
// expect-error: sxla: invalid layout: a tile has no dimensions
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
using s = sxla::shape<"f32[8]{0:T(4)}">;
static_assert(s::rank >= 0);
#else
using s = sxla::shape<"f32[8]{0:T()}">;
static_assert(s::rank >= 0);
#endif
