// Compile-fail: '*' as the most minor tile entry.
// expect-error: sxla: invalid layout: '*' (combine) is the most minor tile entry
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
using s = sxla::shape<"f32[4,4]{1,0:T(*,2)}">;
static_assert(s::rank >= 0);
#else
using s = sxla::shape<"f32[4,4]{1,0:T(2,*)}">;
static_assert(s::rank >= 0);
#endif
