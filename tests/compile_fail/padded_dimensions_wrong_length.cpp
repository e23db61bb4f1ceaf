// Compile-fail: padded_dimensions with too few sizes.
// expect-error: sxla: invalid layout: padded_dimensions must give one size per dimension
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
using s = sxla::shape<"f32[2,3]{0,1:pad(3,3)}">;
static_assert(s::rank >= 0);
#else
using s = sxla::shape<"f32[2,3]{0,1:pad(3)}">;
static_assert(s::rank >= 0);
#endif
