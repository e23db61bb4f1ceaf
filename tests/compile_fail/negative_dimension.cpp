// Compile-fail: a negative dimension size in a spec built in code.
// expect-error: sxla: invalid shape: a dimension size is negative
#include <sxla/shape/shape.hpp>

#ifdef SXLA_CONTROL
using s = sxla::shape<sxla::shape_spec(sxla::primitive_type::f32, {2, 3})>;
static_assert(s::rank >= 0);
#else
using s = sxla::shape<sxla::shape_spec(sxla::primitive_type::f32, {2, -3})>;
static_assert(s::rank >= 0);
#endif
