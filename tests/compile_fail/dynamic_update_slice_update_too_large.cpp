// Compile-fail: an update larger than the operand.
// expect-error-gcc: sxla: dynamic_update_slice: f32[5] and update f32[6]: the update is larger in dimension 0 (6 and 5)
// expect-error-clang: sxla::diagnostic<sxla::hlo::dynamic_update_slice, sxla::hlo::f32[5], sxla::hlo::f32[6]>::values<0, 6, 5>
// expect-error-clang: sxla: {}: {} and update {}: the update is larger in dimension {} ({} and {})
#include <sxla/sxla.hpp>

sxla::tensor<"f32[5]"> a; sxla::tensor<"f32[6]"> u6; sxla::tensor<"f32[5]"> u5;
#ifdef SXLA_CONTROL
auto e = sxla::dynamic_update_slice(a, u5, 0);
#else
auto e = sxla::dynamic_update_slice(a, u6, 0);
#endif
