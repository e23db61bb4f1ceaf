// Compile-fail: an update larger than the operand.
// expect-error: sxla::dynamic_update_slice: the update is larger than the operand in a dimension
#include <sxla/sxla.hpp>

sxla::tensor<"f32[5]"> a; sxla::tensor<"f32[6]"> u6; sxla::tensor<"f32[5]"> u5;
#ifdef SXLA_CONTROL
auto e = sxla::dynamic_update_slice(a, u5, 0);
#else
auto e = sxla::dynamic_update_slice(a, u6, 0);
#endif
