// Compile-fail: an f64 shape whose size in bytes overflows int64 (2^60 elements of 8 bytes).
// expect-error: sxla: invalid layout: a stride or a size in bytes overflows int64
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
using t = sxla::shape<"f64[1152921504606846975]">;
static_assert(t::rank == 1);
#else
using t = sxla::shape<"f64[1152921504606846976]">;
static_assert(t::rank >= 0);
#endif
