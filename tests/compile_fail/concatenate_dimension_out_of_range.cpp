// Compile-fail: concatenating along a dimension the operands do not have.
// expect-error-gcc: sxla: concatenate: f32[2,3]: dimension 2 is not a dimension of the operands (rank 2)
// expect-error-clang: sxla::diagnostic<sxla::hlo::concatenate, sxla::hlo::f32[2][3]>::values<2, 2>
// expect-error-clang: sxla: {}: {}: dimension {} is not a dimension of the operands (rank {})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/concatenate.hpp>

sxla::tensor<"f32[2,3]"> a, b;
#ifdef SXLA_CONTROL
auto e = sxla::concatenate<1>(a, b);
#else
auto e = sxla::concatenate<2>(a, b);
#endif
