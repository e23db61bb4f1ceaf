// Compile-fail: transpose dimensions that are not a permutation.
// expect-error: sxla::transpose: the dimensions are not a permutation of the operand's dimensions
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::transpose<1, 0>(a);
#else
auto e = sxla::transpose<1, 1>(a);
#endif
