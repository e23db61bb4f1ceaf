// Compile-fail: a malformed string used as a tensor's shape.
// expect-error: sxla: malformed shape string: expected ',' or ']' after a dimension size
#include <sxla/tensor/tensor.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"f32[2,3]"> t;
#else
sxla::tensor<"f32[2;3]"> t;
#endif
