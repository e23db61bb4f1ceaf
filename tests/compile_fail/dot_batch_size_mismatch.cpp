// Compile-fail: paired batch dimensions of different sizes (4 and 5).
// expect-error: sxla::dot_general: paired batch dimensions of lhs and rhs differ in size
#include <sxla/sxla.hpp>

sxla::tensor<"f32[4,2,3]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"f32[4,3,2]"> b;
#else
sxla::tensor<"f32[5,3,2]"> b;
#endif
auto e = sxla::dot_general<sxla::dot_dims<sxla::idx{2}, sxla::idx{1}, sxla::idx{0}, sxla::idx{0}>>(a, b);
