// Compile-fail: a letter where a dimension size belongs; the position shows.
// expect-error: sxla: malformed shape string: expected a dimension size
// expect-note-gcc: AtCharacter = 6
// expect-note-clang: report_shape_error<sxla::shape_error::expected_dimension, 6UL>
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
using s = sxla::shape<"f32[2,4]">;
static_assert(s::rank >= 0);
#else
using s = sxla::shape<"f32[2,x]">;
static_assert(s::rank >= 0);
#endif
