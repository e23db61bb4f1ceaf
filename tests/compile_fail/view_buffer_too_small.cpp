// Compile-fail: a C array smaller than the layout's storage.
// expect-error: sxla::view: the buffer is smaller than the layout's storage size
#include <sxla/tensor/view.hpp>

#ifdef SXLA_CONTROL
float buf[15];
auto v = sxla::view<"f32[2,3]{0,1:pad(3,5)}">(buf);
#else
float buf[14];
auto v = sxla::view<"f32[2,3]{0,1:pad(3,5)}">(buf);
#endif
