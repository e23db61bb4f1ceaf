// Compile-fail: Dot takes vectors and matrices only.
// expect-error: sxla::dot: operands of rank 1 or 2
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> b;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[4,2]"> a;
#else
sxla::tensor<"f32[4,4,2]"> a;
#endif
auto e = sxla::dot(a, b);
