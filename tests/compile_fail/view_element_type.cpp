// Compile-fail: a buffer of another element type.
// expect-error-gcc: sxla: view: f32[2,3]: the buffer element type int is not the element type of the shape
// expect-error-clang: sxla::diagnostic<sxla::hlo::view, sxla::hlo::f32[2][3], int>::values<>
// expect-error-clang: sxla: {}: {}: the buffer element type {} is not the element type of the shape
#include <sxla/tensor/view.hpp>

#ifdef SXLA_CONTROL
float buf[6];
auto v = sxla::view<"f32[2,3]">(buf);
#else
int buf[6];
auto v = sxla::view<"f32[2,3]">(buf);
#endif
