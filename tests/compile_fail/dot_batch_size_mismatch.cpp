// Compile-fail: paired batch dimensions of different sizes (4 and 5).
// expect-error-gcc: sxla: dot_general: f32[4,2,3] and f32[5,3,2]: batch dimension 0 of lhs (size 4) and 0 of rhs (size 5) differ in size
// expect-error-clang: sxla::diagnostic<sxla::hlo::dot_general, sxla::hlo::f32[4][2][3], sxla::hlo::f32[5][3][2]>::values<0, 4, 0, 5>
// expect-error-clang: sxla: {}: {} and {}: batch dimension {} of lhs (size {}) and {} of rhs (size {}) differ in size
#include <sxla/sxla.hpp>

sxla::tensor<"f32[4,2,3]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[4,3,2]"> b;
#else
sxla::tensor<"f32[5,3,2]"> b;
#endif
auto e = sxla::dot_general<sxla::dot_dims<sxla::idx{2}, sxla::idx{1}, sxla::idx{0}, sxla::idx{0}>>(a, b);
