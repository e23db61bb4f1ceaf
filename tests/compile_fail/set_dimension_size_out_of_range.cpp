// Compile-fail: set_dimension_size of a negative dimension number.
// expect-error-gcc: sxla: set_dimension_size: f32[2,3]: dimension -1 is not a dimension of the operand (rank 2)
// expect-error-clang: sxla::diagnostic<sxla::hlo::set_dimension_size, sxla::hlo::f32[2][3]>::values<-1, 2>
// expect-error-clang: sxla: {}: {}: dimension {} is not a dimension of the operand (rank {})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/dimension_size.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::set_dimension_size<0>(a, 1);
#else
auto e = sxla::set_dimension_size<-1>(a, 1);
#endif
