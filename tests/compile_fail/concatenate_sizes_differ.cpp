// Compile-fail: concatenating arrays whose other dimensions differ; the third operand is the one.
// expect-error-gcc: sxla: concatenate: f32[2,3] and f32[4,2]: dimension 1 differs (3 and 2); only the concatenated dimension 0 may differ
// expect-error-clang: sxla::diagnostic<sxla::hlo::concatenate, sxla::hlo::f32[2][3], sxla::hlo::f32[4][2]>::values<1, 3, 2, 0>
// expect-error-clang: sxla: {}: {} and {}: dimension {} differs ({} and {}); only the concatenated dimension {} may differ
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/concatenate.hpp>

sxla::tensor<"f32[2,3]"> a, b;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[4,3]"> c;
#else
sxla::tensor<"f32[4,2]"> c;
#endif
auto e = sxla::concatenate<0>(a, b, c);
