// Compile-fail: a reshape whose dimension order is not a permutation.
// expect-error-gcc: sxla: reshape: f32[2,3] to f32[6]: the dimensions are not a permutation of the operand dimensions (entry 1 is 1: out of range or repeated)
// expect-error-clang: sxla::diagnostic<sxla::hlo::reshape, sxla::hlo::f32[2][3], sxla::hlo::f32[6]>::values<1, 1>
// expect-error-clang: sxla: {}: {} to {}: the dimensions are not a permutation of the operand dimensions (entry {} is {}: out of range or repeated)
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/reshape.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::reshape<"f32[6]", 1, 0>(a);
#else
auto e = sxla::reshape<"f32[6]", 1, 1>(a);
#endif
