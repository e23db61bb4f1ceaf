// Compile-fail: an empty shape whose strides overflow int64 (dimension 0's stride would
// be 9999999999^2).
// expect-error: sxla: invalid layout: a stride or a size in bytes overflows int64
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
using s = sxla::shape<"s8[0,99999999,9999999999]">;
static_assert(s::storage_count == 0 && s::element_count == 0);
#else
using s = sxla::shape<"s8[0,9999999999,9999999999]">;
static_assert(s::rank >= 0);
#endif
