// Compile-fail: a bounded dynamic dimension.
// expect-error: sxla: malformed shape string: dynamic dimensions ('<=N', '?') are not supported
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
using s = sxla::shape<"f32[10]">;
static_assert(s::rank >= 0);
#else
using s = sxla::shape<"f32[<=10]">;
static_assert(s::rank >= 0);
#endif
