// Compile-fail: a packed tensor of a type that takes a byte or more.
// expect-error-gcc: sxla: packed_tensor: f32[8]: only the sub-byte element types are packed (s2, s4, u2, u4, f4e2m1fn, f6e2m3fn, f6e3m2fn): use x::tensor
// expect-error-clang: sxla::diagnostic<sxla::hlo::packed_tensor, sxla::hlo::f32[8]>::values<>
// expect-error-clang: sxla: {}: {}: only the sub-byte element types are packed (s2, s4, u2, u4, f4e2m1fn, f6e2m3fn, f6e3m2fn): use x::tensor
#include <sxla/tensor/packed.hpp>

#ifdef SXLA_CONTROL
sxla::packed_tensor<"u2[8]"> t;
#else
sxla::packed_tensor<"f32[8]"> t;
#endif
