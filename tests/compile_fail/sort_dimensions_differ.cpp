// Compile-fail: operands of a sort with different dimensions.
// expect-error-gcc: sxla: sort: f32[4,3] and s32[4,2]: the operands of a sort must have the same dimensions
// expect-error-clang: sxla::diagnostic<sxla::hlo::sort, sxla::hlo::f32[4][3], sxla::hlo::s32[4][2]>::values<>
// expect-error-clang: sxla: {}: {} and {}: the operands of a sort must have the same dimensions
#include <sxla/sxla.hpp>

sxla::tensor<"f32[4,3]"> keys;
#ifdef SXLA_CONTROL
sxla::tensor<"s32[4,3]"> values;
#else
sxla::tensor<"s32[4,2]"> values;
#endif
auto r = sxla::sort(keys, values);
