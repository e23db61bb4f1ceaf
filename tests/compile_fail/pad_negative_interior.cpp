// Compile-fail: negative interior padding.
// expect-error-gcc: sxla: pad: f32[5]: the interior padding of dimension 0 is negative (-1)
// expect-error-clang: sxla::diagnostic<sxla::hlo::pad, sxla::hlo::f32[5]>::values<0, -1>
// expect-error-clang: sxla: {}: {}: the interior padding of dimension {} is negative ({})
#include <sxla/sxla.hpp>

sxla::tensor<"f32[5]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::pad<sxla::idx{1}, sxla::idx{1}, sxla::idx{1}>(a, 0.0f);
#else
auto e = sxla::pad<sxla::idx{1}, sxla::idx{1}, sxla::idx{-1}>(a, 0.0f);
#endif
