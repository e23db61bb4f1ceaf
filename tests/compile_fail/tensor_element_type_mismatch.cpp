// Compile-fail: a tensor built from one of another element type.
// expect-error: sxla: the shapes differ: element types and dimension sizes must match
// expect-error: use x::convert
#include <sxla/tensor/tensor.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"f32[2]"> a;
sxla::tensor<"f32[2]"> b = a;
#else
sxla::tensor<"f32[2]"> a;
sxla::tensor<"s32[2]"> b = a;
#endif
