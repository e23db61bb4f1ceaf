// Compile-fail: transpose dimensions that are not a permutation.
// expect-error-gcc: sxla: transpose: f32[2,3]: the dimensions are not a permutation of the operand dimensions (entry 1 is 1: out of range or repeated)
// expect-error-clang: sxla::diagnostic<sxla::hlo::transpose, sxla::hlo::f32[2][3]>::values<1, 1>
// expect-error-clang: sxla: {}: {}: the dimensions are not a permutation of the operand dimensions (entry {} is {}: out of range or repeated)
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::transpose<1, 0>(a);
#else
auto e = sxla::transpose<1, 1>(a);
#endif
