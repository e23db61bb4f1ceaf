// Compile-fail: rng_normal of s32 (the normal distribution is for floating-point types).
// expect-error-gcc: sxla: rng_normal: s32[8]: the element type must be f64, f32, f16 or bf16
// expect-error-clang: sxla::diagnostic<sxla::hlo::rng_normal, sxla::hlo::s32[8]>::values<>
// expect-error-clang: sxla: {}: {}: the element type must be f64, f32, f16 or bf16
#include <sxla/sxla.hpp>

sxla::rng_state gen;
#ifdef SXLA_CONTROL
auto z = sxla::rng_normal<"f32[8]">(0, 1, gen);
#else
auto z = sxla::rng_normal<"s32[8]">(0, 1, gen);
#endif
