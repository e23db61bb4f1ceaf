// Compile-fail: a layout without its closing brace.
// expect-error: sxla: malformed shape string: expected '}' to close the layout
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
using s = sxla::shape<"f32[3,5]{1,0:T(2,2)}">;
static_assert(s::rank >= 0);
#else
using s = sxla::shape<"f32[3,5]{1,0:T(2,2)">;
static_assert(s::rank >= 0);
#endif
