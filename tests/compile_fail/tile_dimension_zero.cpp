// Compile-fail: a tile size of 0.
// expect-error: sxla: invalid layout: a tile dimension is 0
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
using s = sxla::shape<"f32[8,8]{1,0:T(1,4)}">;
static_assert(s::rank >= 0);
#else
using s = sxla::shape<"f32[8,8]{1,0:T(0,4)}">;
static_assert(s::rank >= 0);
#endif
