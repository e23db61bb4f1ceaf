// Compile-fail: x::dot of a 2x3 matrix and a 2x3 matrix: the op is dot, and the sizes show.
// expect-error-gcc: sxla: dot: f32[2,3] and f32[2,3]: contracting dimension 1 of lhs (size 3) and 0 of rhs (size 2) differ in size
// expect-error-clang: sxla::diagnostic<sxla::hlo::dot, sxla::hlo::f32[2][3], sxla::hlo::f32[2][3]>::values<1, 3, 0, 2>
// expect-error-clang: sxla: {}: {} and {}: contracting dimension {} of lhs (size {}) and {} of rhs (size {}) differ in size
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/dot_general.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[3,2]"> b;
#else
sxla::tensor<"f32[2,3]"> b;
#endif
auto e = sxla::dot(a, b);
