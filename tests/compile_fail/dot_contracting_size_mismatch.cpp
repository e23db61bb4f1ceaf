// Compile-fail: paired contracting dimensions of different sizes (3 and 2).
// expect-error-gcc: sxla: dot_general: f32[2,3] and f32[2,3]: contracting dimension 1 of lhs (size 3) and 0 of rhs (size 2) differ in size
// expect-error-clang: sxla::diagnostic<sxla::hlo::dot_general, sxla::hlo::f32[2][3], sxla::hlo::f32[2][3]>::values<1, 3, 0, 2>
// expect-error-clang: sxla: {}: {} and {}: contracting dimension {} of lhs (size {}) and {} of rhs (size {}) differ in size
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> a;
sxla::tensor<"f32[2,3]"> b;
#ifdef SXLA_CONTROL
auto e = sxla::dot_general<sxla::dot_dims<sxla::idx{1}, sxla::idx{1}>>(a, b);
#else
auto e = sxla::dot_general<sxla::dot_dims<sxla::idx{1}, sxla::idx{0}>>(a, b);
#endif
