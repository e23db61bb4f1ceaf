// Compile-fail: comparing tensors of different dimensions.
// expect-error: sxla: the shapes differ
#include <sxla/tensor/tensor.hpp>

#ifdef SXLA_CONTROL
bool f(const sxla::tensor<"f32[2,3]">& a, const sxla::tensor<"f32[2,3]{0,1}">& b) { return a == b; }
#else
bool f(const sxla::tensor<"f32[2,3]">& a, const sxla::tensor<"f32[6]">& b) { return a == b; }
#endif
