// Compile-fail: a tensor built from one of other dimensions; both shapes show.
// expect-error: sxla: the shapes differ: element types and dimension sizes must match
// expect-error-gcc: To = sxla::hlo<'f', '3', '2', '[', '3', ',', '2', ']'>; From = sxla::hlo<'f', '3', '2', '[', '2', ',', '3', ']'>
// expect-error-clang: check_same_logical_shape<sxla::hlo<'f', '3', '2', '[', '3', ',', '2', ']'>, sxla::hlo<'f', '3', '2', '[', '2', ',', '3', ']'>, false>
#include <sxla/tensor/tensor.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"f32[2,3]"> a;
sxla::tensor<"f32[2,3]{0,1}"> b = a;
#else
sxla::tensor<"f32[2,3]"> a;
sxla::tensor<"f32[3,2]"> b = a;
#endif
