// Compile-fail: assigning an expression of other dimensions to a tensor.
// expect-error: sxla: the shapes differ: element types and dimension sizes must match
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[2,3]{0,1}"> b = a + 1.0f;
#else
sxla::tensor<"f32[3,2]"> b = a + 1.0f;
#endif
