// Compile-fail: text after the shape.
// expect-error: sxla: malformed shape string: unexpected characters after the shape
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
using s = sxla::shape<"f32[2]{0}">;
static_assert(s::rank >= 0);
#else
using s = sxla::shape<"f32[2]{0} x">;
static_assert(s::rank >= 0);
#endif
