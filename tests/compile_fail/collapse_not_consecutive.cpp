// Compile-fail: collapse of dimensions that are not consecutive ({0, 2}).
// expect-error: sxla::collapse: the dimensions must be consecutive operand dimensions, in increasing order
#include <sxla/sxla.hpp>

sxla::tensor<"f32[4,2,3]"> v;
#ifdef SXLA_CONTROL
auto e = sxla::collapse<1, 2>(v);
#else
auto e = sxla::collapse<0, 2>(v);
#endif
