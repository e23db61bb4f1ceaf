// Compile-fail: a buffer of another element type.
// expect-error: sxla::view: the buffer's element type is not the shape's element type
#include <sxla/tensor/view.hpp>

#ifdef SXLA_CONTROL
float buf[6];
auto v = sxla::view<"f32[2,3]">(buf);
#else
int buf[6];
auto v = sxla::view<"f32[2,3]">(buf);
#endif
