// Compile-fail: broadcast_dimensions with more entries than the lower-rank operand has dimensions.
// expect-error-gcc: sxla: add: f32[2,3,4] and f32[4]: broadcast_dimensions has 2 entries for a lower-rank operand of rank 1
// expect-error-clang: sxla::diagnostic<sxla::hlo::add, sxla::hlo::f32[2][3][4], sxla::hlo::f32[4]>::values<2, 1>
// expect-error-clang: sxla: {}: {} and {}: broadcast_dimensions has {} entries for a lower-rank operand of rank {}
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/arithmetic.hpp>

sxla::tensor<"f32[2,3,4]"> c;
sxla::tensor<"f32[4]"> v;
#ifdef SXLA_CONTROL
auto e = sxla::add(c, v, sxla::broadcast_dimensions<2>);
#else
auto e = sxla::add(c, v, sxla::broadcast_dimensions<1, 2>);
#endif
