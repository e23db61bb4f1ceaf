// Compile-fail: collapse of dimensions that are not consecutive ({0, 2}).
// expect-error-gcc: sxla: collapse: f32[4,2,3]: the dimensions must be consecutive operand dimensions, in increasing order (entry 1 is 2; rank 3)
// expect-error-clang: sxla::diagnostic<sxla::hlo::collapse, sxla::hlo::f32[4][2][3]>::values<1, 2, 3>
// expect-error-clang: sxla: {}: {}: the dimensions must be consecutive operand dimensions, in increasing order (entry {} is {}; rank {})
#include <sxla/sxla.hpp>

sxla::tensor<"f32[4,2,3]"> v;
#ifdef SXLA_CONTROL
auto e = sxla::collapse<1, 2>(v);
#else
auto e = sxla::collapse<0, 2>(v);
#endif
