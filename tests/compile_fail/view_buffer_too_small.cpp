// Compile-fail: a C array smaller than the layout's storage.
// expect-error-gcc: sxla: view: f32[2,3]{0,1:pad(3,5)}: the buffer has 14 elements; the layout stores 15 (padding included)
// expect-error-clang: sxla::diagnostic<sxla::hlo::view, sxla::hlo::f32[2][3]>::values<14, 15>
// expect-error-clang: sxla: {}: {}: the buffer has {} elements; the layout stores {} (padding included)
#include <sxla/tensor/view.hpp>

#ifdef SXLA_CONTROL
float buf[15];
auto v = sxla::view<"f32[2,3]{0,1:pad(3,5)}">(buf);
#else
float buf[14];
auto v = sxla::view<"f32[2,3]{0,1:pad(3,5)}">(buf);
#endif
