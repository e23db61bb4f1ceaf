// Compile-fail: a dot_general contracting dimension the rhs does not have.
// expect-error-gcc: sxla: dot_general: f32[2,3] and f32[3,4]: rhs dimension 2 (contracting or batch) is out of range (rank 2) or named twice
// expect-error-clang: sxla::diagnostic<sxla::hlo::dot_general, sxla::hlo::f32[2][3], sxla::hlo::f32[3][4]>::values<2, 2>
// expect-error-clang: sxla: {}: {} and {}: rhs dimension {} (contracting or batch) is out of range (rank {}) or named twice
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/dot_general.hpp>

sxla::tensor<"f32[2,3]"> a;
sxla::tensor<"f32[3,4]"> b;
#ifdef SXLA_CONTROL
auto e = sxla::dot_general<sxla::dot_dims<sxla::idx{1}, sxla::idx{0}>>(a, b);
#else
auto e = sxla::dot_general<sxla::dot_dims<sxla::idx{1}, sxla::idx{2}>>(a, b);
#endif
