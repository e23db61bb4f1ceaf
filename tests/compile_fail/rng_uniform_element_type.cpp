// Compile-fail: rng_uniform of u8 (XLA's CPU backend takes f64, f32, f16, bf16, s64, u64,
// s32 and u32).
// expect-error-gcc: sxla: rng_uniform: u8[16]: the element type must be f64, f32, f16, bf16, s64, u64, s32 or u32
// expect-error-clang: sxla::diagnostic<sxla::hlo::rng_uniform, sxla::hlo::u8[16]>::values<>
// expect-error-clang: sxla: {}: {}: the element type must be f64, f32, f16, bf16, s64, u64, s32 or u32
#include <sxla/sxla.hpp>

sxla::rng_state gen;
#ifdef SXLA_CONTROL
auto u = sxla::rng_uniform<"u32[16]">(0, 10, gen);
#else
auto u = sxla::rng_uniform<"u8[16]">(0, 10, gen);
#endif
