// Compile-fail: a sort along a dimension the operand does not have.
// expect-error-gcc: sxla: sort: f32[4,3]: dimension 2 is outside the operand rank 2 (or the operand is a scalar)
// expect-error-clang: sxla::diagnostic<sxla::hlo::sort, sxla::hlo::f32[4][3]>::values<2, 2>
// expect-error-clang: sxla: {}: {}: dimension {} is outside the operand rank {} (or the operand is a scalar)
#include <sxla/sxla.hpp>

sxla::tensor<"f32[4,3]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[4,3]"> r = sxla::sort<1>(a);
#else
sxla::tensor<"f32[4,3]"> r = sxla::sort<2>(a);
#endif
