// Compile-fail: E(n) on a type that is not narrower than a byte, or with another width.
// expect-error: sxla: invalid layout: E(n) packs sub-byte elements: n must be the element type's bit width (2: s2, u2; 4: s4, u4, f4e2m1fn; 6: f6e2m3fn, f6e3m2fn)
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
using s = sxla::shape<"u4[8]{0:E(4)}">;
static_assert(s::rank >= 0);
#else
using s = sxla::shape<"u8[8]{0:E(4)}">;
static_assert(s::rank >= 0);
#endif
