// Compile-fail: negative interior padding.
// expect-error: sxla::pad: interior padding is negative
#include <sxla/sxla.hpp>

sxla::tensor<"f32[5]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::pad<sxla::idx{1}, sxla::idx{1}, sxla::idx{1}>(a, 0.0f);
#else
auto e = sxla::pad<sxla::idx{1}, sxla::idx{1}, sxla::idx{-1}>(a, 0.0f);
#endif
