// Compile-fail: a padded size below the dimension.
// expect-error: sxla: invalid layout: a padded dimension is smaller than the dimension it pads
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
using s = sxla::shape<"f32[2,3]{0,1:pad(3,5)}">;
static_assert(s::rank >= 0);
#else
using s = sxla::shape<"f32[2,3]{0,1:pad(3,2)}">;
static_assert(s::rank >= 0);
#endif
