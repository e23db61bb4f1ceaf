// Compile-fail: pad without one low padding per dimension.
// expect-error-gcc: sxla: pad: f32[2,3]: low, high and interior padding need one entry per dimension (1, 2 and 2 for rank 2)
// expect-error-clang: sxla::diagnostic<sxla::hlo::pad, sxla::hlo::f32[2][3]>::values<1, 2, 2, 2>
// expect-error-clang: sxla: {}: {}: low, high and interior padding need one entry per dimension ({}, {} and {} for rank {})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/pad.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::pad<sxla::idx{1, 0}, sxla::idx{0, 1}>(a, 0.0f);
#else
auto e = sxla::pad<sxla::idx{1}, sxla::idx{0, 1}>(a, 0.0f);
#endif
