// Compile-fail: broadcast_dimensions mapping a vector of 4 onto a dimension of size 3.
// expect-error-gcc: sxla: add: f32[2,3] and f32[4]: broadcast_dimensions maps dimension 0 (size 4) of the lower-rank operand to dimension 1 (size 3); sizes must be equal, or one of them 1
// expect-error-clang: sxla::diagnostic<sxla::hlo::add, sxla::hlo::f32[2][3], sxla::hlo::f32[4]>::values<0, 4, 1, 3>
// expect-error-clang: sxla: {}: {} and {}: broadcast_dimensions maps dimension {} (size {}) of the lower-rank operand to dimension {} (size {}); sizes must be equal, or one of them 1
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> m;
sxla::tensor<"f32[4]"> v;
#ifdef SXLA_CONTROL
auto e = sxla::add(v, sxla::tensor<"f32[4,3]">{}, sxla::broadcast_dimensions<0>);
#else
auto e = sxla::add(m, v, sxla::broadcast_dimensions<1>);
#endif
