// Compile-fail: minor_to_major shorter than the rank.
// expect-error: sxla: invalid layout: minor_to_major must list every dimension exactly once
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
using s = sxla::shape<"f32[2,3]{1,0}">;
static_assert(s::rank >= 0);
#else
using s = sxla::shape<"f32[2,3]{0}">;
static_assert(s::rank >= 0);
#endif
