// Compile-fail: a dot_general with two lhs contracting dimensions and one rhs.
// expect-error-gcc: sxla: dot_general: f32[2,3] and f32[6,4]: lhs and rhs need as many contracting dimensions (2 and 1) and as many batch dimensions (0 and 0)
// expect-error-clang: sxla::diagnostic<sxla::hlo::dot_general, sxla::hlo::f32[2][3], sxla::hlo::f32[6][4]>::values<2, 1, 0, 0>
// expect-error-clang: sxla: {}: {} and {}: lhs and rhs need as many contracting dimensions ({} and {}) and as many batch dimensions ({} and {})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/dot_general.hpp>

sxla::tensor<"f32[2,3]"> a;
sxla::tensor<"f32[6,4]"> b;
#ifdef SXLA_CONTROL
auto e = sxla::dot_general<sxla::dot_dims<sxla::idx{0}, sxla::idx{1}>>(a, sxla::tensor<"f32[4,2]">{});
#else
auto e = sxla::dot_general<sxla::dot_dims<sxla::idx{0, 1}, sxla::idx{0}>>(a, b);
#endif
