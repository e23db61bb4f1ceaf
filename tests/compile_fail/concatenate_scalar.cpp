// Compile-fail: concatenating scalars.
// expect-error-gcc: sxla: concatenate: f32[]: scalars cannot be concatenated
// expect-error-clang: sxla::diagnostic<sxla::hlo::concatenate, sxla::hlo::f32>::values<>
// expect-error-clang: sxla: {}: {}: scalars cannot be concatenated
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/concatenate.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"f32[1]"> a, b;
#else
sxla::tensor<"f32[]"> a, b;
#endif
auto e = sxla::concatenate<0>(a, b);
