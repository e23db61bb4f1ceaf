// Compile-fail: storage that overflows int64.
// expect-error: sxla: invalid layout: the storage size overflows int64
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
using s = sxla::shape<"u8[3037000,3037000]">;
static_assert(s::rank >= 0);
#else
using s = sxla::shape<"u8[3037000500,3037000500]">;
static_assert(s::rank >= 0);
#endif
