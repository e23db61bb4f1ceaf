// Compile-fail: assigning an expression of other dimensions to a tensor.
// expect-error-gcc: sxla: assign: f32[3,2] from f32[2,3]: the shapes differ: element types and dimension sizes must match (layouts may differ; to change the element type use x::convert)
// expect-error-clang: sxla::diagnostic<sxla::hlo::assign, sxla::hlo::f32[3][2], sxla::hlo::f32[2][3]>::values<>
// expect-error-clang: sxla: {}: {} from {}: the shapes differ: element types and dimension sizes must match (layouts may differ; to change the element type use x::convert)
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[2,3]{0,1}"> b = a + 1.0f;
#else
sxla::tensor<"f32[3,2]"> b = a + 1.0f;
#endif
