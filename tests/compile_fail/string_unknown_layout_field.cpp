// Compile-fail: an XLA layout field sxla does not support (S(n), the memory space).
// expect-error: sxla: malformed shape string: expected a layout field after ':'
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
using s = sxla::shape<"f32[2]{0:T(2)}">;
static_assert(s::rank >= 0);
#else
using s = sxla::shape<"f32[2]{0:S(1)}">;
static_assert(s::rank >= 0);
#endif
