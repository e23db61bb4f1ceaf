// Compile-fail: a slice stride of 0.
// expect-error: sxla::slice: a stride is below 1
#include <sxla/sxla.hpp>

sxla::tensor<"f32[5]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::slice<sxla::idx{0}, sxla::idx{5}, sxla::idx{2}>(a);
#else
auto e = sxla::slice<sxla::idx{0}, sxla::idx{5}, sxla::idx{0}>(a);
#endif
