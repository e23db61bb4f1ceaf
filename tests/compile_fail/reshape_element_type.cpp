// Compile-fail: a reshape to another element type (reshape does not convert).
// expect-error-gcc: sxla: reshape: f32[2,3] to s32[6]: the result shape has another element type
// expect-error-clang: sxla::diagnostic<sxla::hlo::reshape, sxla::hlo::f32[2][3], sxla::hlo::s32[6]>::values<>
// expect-error-clang: sxla: {}: {} to {}: the result shape has another element type
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/reshape.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::reshape<"f32[6]">(a);
#else
auto e = sxla::reshape<"s32[6]">(a);
#endif
