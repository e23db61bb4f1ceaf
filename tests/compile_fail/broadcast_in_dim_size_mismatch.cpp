// Compile-fail: broadcast_in_dim of a dimension whose size is neither the result's nor 1.
// expect-error: sxla::broadcast_in_dim: an operand dimension's size is neither the result dimension's size nor 1
#include <sxla/sxla.hpp>

sxla::tensor<"f32[3]"> v;
#ifdef SXLA_CONTROL
auto e = sxla::broadcast_in_dim<"f32[2,3]", 1>(v);
#else
auto e = sxla::broadcast_in_dim<"f32[2,3]", 0>(v);
#endif
