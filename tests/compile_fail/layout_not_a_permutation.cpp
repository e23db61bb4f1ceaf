// Compile-fail: minor_to_major repeats a dimension.
// expect-error: sxla: invalid layout: minor_to_major is not a permutation of the dimension numbers
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
using s = sxla::shape<"f32[2,3]{0,1}">;
static_assert(s::rank >= 0);
#else
using s = sxla::shape<"f32[2,3]{0,0}">;
static_assert(s::rank >= 0);
#endif
