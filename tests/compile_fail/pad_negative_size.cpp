// Compile-fail: negative edge padding that removes more elements than the dimension has.
// expect-error-gcc: sxla: pad: f32[2,3]: dimension 1 would have size -1: negative edge padding (-2 and -2) removes more than it has
// expect-error-clang: sxla::diagnostic<sxla::hlo::pad, sxla::hlo::f32[2][3]>::values<1, -1, -2, -2>
// expect-error-clang: sxla: {}: {}: dimension {} would have size {}: negative edge padding ({} and {}) removes more than it has
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/pad.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::pad<sxla::idx{0, -1}, sxla::idx{0, -2}>(a, 0.0f);
#else
auto e = sxla::pad<sxla::idx{0, -2}, sxla::idx{0, -2}>(a, 0.0f);
#endif
