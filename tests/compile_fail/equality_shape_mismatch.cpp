// Compile-fail: comparing tensors of different dimensions.
// expect-error-gcc: sxla: equal: f32[2,3] and f32[6]: the shapes differ: element types and dimension sizes must match (layouts may differ; to change the element type use x::convert)
// expect-error-clang: sxla::diagnostic<sxla::hlo::equal, sxla::hlo::f32[2][3], sxla::hlo::f32[6]>::values<>
// expect-error-clang: sxla: {}: {} and {}: the shapes differ: element types and dimension sizes must match (layouts may differ; to change the element type use x::convert)
#include <sxla/tensor/tensor.hpp>

#ifdef SXLA_CONTROL
bool f(const sxla::tensor<"f32[2,3]">& a, const sxla::tensor<"f32[2,3]{0,1}">& b) { return a == b; }
#else
bool f(const sxla::tensor<"f32[2,3]">& a, const sxla::tensor<"f32[6]">& b) { return a == b; }
#endif
