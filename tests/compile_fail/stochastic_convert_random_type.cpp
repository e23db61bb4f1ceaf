// Compile-fail: stochastic_convert of f32 with u16 random bits (f32 takes u32).
// expect-error-gcc: sxla: stochastic_convert: f32[3] and u16[3]: the random operand must be an unsigned type as wide as the operand (u16, u32, u64)
// expect-error-clang: sxla::diagnostic<sxla::hlo::stochastic_convert, sxla::hlo::f32[3], sxla::hlo::u16[3]>::values<>
// expect-error-clang: sxla: {}: {} and {}: the random operand must be an unsigned type as wide as the operand (u16, u32, u64)
#include <sxla/sxla.hpp>

sxla::tensor<"f32[3]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"u32[3]"> r;
#else
sxla::tensor<"u16[3]"> r;
#endif
auto e = sxla::stochastic_convert<std::int8_t>(a, r);
