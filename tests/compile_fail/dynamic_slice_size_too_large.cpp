// Compile-fail: a dynamic_slice size larger than the dimension.
// expect-error: sxla::dynamic_slice: a slice size is negative or larger than the operand's dimension
#include <sxla/sxla.hpp>

sxla::tensor<"f32[5]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::dynamic_slice<5>(a, 1);
#else
auto e = sxla::dynamic_slice<6>(a, 1);
#endif
