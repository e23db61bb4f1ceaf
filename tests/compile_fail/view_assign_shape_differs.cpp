// Compile-fail: writing an expression of other dimensions into a view.
// expect-error-gcc: sxla: assign: f32[6] from f32[2,3]: the shapes differ: element types and dimension sizes must match (layouts may differ; to change the element type use x::convert)
// expect-error-clang: sxla::diagnostic<sxla::hlo::assign, sxla::hlo::f32[6], sxla::hlo::f32[2][3]>::values<>
// expect-error-clang: sxla: {}: {} from {}: the shapes differ: element types and dimension sizes must match (layouts may differ; to change the element type use x::convert)
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> a;
float buf[6];
void f() {
#ifdef SXLA_CONTROL
  auto v = sxla::view<"f32[2,3]{0,1}">(buf);
#else
  auto v = sxla::view<"f32[6]">(buf);
#endif
  v = a * 2.0f;
}
