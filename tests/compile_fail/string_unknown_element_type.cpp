// Compile-fail: an element type XLA does not have.
// expect-error: sxla: malformed shape string: expected an element type
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
using s = sxla::shape<"f32[2]">;
static_assert(s::rank >= 0);
#else
using s = sxla::shape<"f31[2]">;
static_assert(s::rank >= 0);
#endif
