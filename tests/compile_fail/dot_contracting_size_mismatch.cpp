// Compile-fail: paired contracting dimensions of different sizes (3 and 2).
// expect-error: sxla::dot_general: paired contracting dimensions of lhs and rhs differ in size
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> a;
sxla::tensor<"f32[2,3]"> b;
#ifdef SXLA_CONTROL
auto e = sxla::dot_general<sxla::dot_dims<sxla::idx{1}, sxla::idx{1}>>(a, b);
#else
auto e = sxla::dot_general<sxla::dot_dims<sxla::idx{1}, sxla::idx{0}>>(a, b);
#endif
