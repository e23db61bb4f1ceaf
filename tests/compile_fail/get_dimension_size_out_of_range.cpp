// Compile-fail: get_dimension_size of a dimension the operand does not have.
// expect-error-gcc: sxla: get_dimension_size: f32[2,3]: dimension 2 is not a dimension of the operand (rank 2)
// expect-error-clang: sxla::diagnostic<sxla::hlo::get_dimension_size, sxla::hlo::f32[2][3]>::values<2, 2>
// expect-error-clang: sxla: {}: {}: dimension {} is not a dimension of the operand (rank {})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/dimension_size.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
auto n = sxla::get_dimension_size<1>(a);
#else
auto n = sxla::get_dimension_size<2>(a);
#endif
