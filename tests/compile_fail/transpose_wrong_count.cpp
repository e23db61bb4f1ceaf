// Compile-fail: a transpose with fewer dimensions than the operand has.
// expect-error-gcc: sxla: transpose: f32[2,3,4]: give one dimension per operand dimension (2 for rank 3)
// expect-error-clang: sxla::diagnostic<sxla::hlo::transpose, sxla::hlo::f32[2][3][4]>::values<2, 3>
// expect-error-clang: sxla: {}: {}: give one dimension per operand dimension ({} for rank {})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/transpose.hpp>

sxla::tensor<"f32[2,3,4]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::transpose<2, 0, 1>(a);
#else
auto e = sxla::transpose<1, 0>(a);
#endif
