// Compile-fail: a tensor built from one of another element type.
// expect-error-gcc: sxla: assign: s32[2] from f32[2]: the shapes differ: element types and dimension sizes must match (layouts may differ; to change the element type use x::convert)
// expect-error-clang: sxla::diagnostic<sxla::hlo::assign, sxla::hlo::s32[2], sxla::hlo::f32[2]>::values<>
// expect-error-clang: sxla: {}: {} from {}: the shapes differ: element types and dimension sizes must match (layouts may differ; to change the element type use x::convert)
#include <sxla/tensor/tensor.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"f32[2]"> a;
sxla::tensor<"f32[2]"> b = a;
#else
sxla::tensor<"f32[2]"> a;
sxla::tensor<"s32[2]"> b = a;
#endif
