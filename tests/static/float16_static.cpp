// Static facts of sxla/core/float16.hpp: conversions and arithmetic work in constexpr.
#include <sxla/core/float16.hpp>

#include <limits>

namespace x = sxla;

static_assert(x::f16(1.0f).bits() == 0x3C00);
static_assert(x::f16(65504.0).bits() == 0x7BFF);
static_assert(x::f16(65520.0f).bits() == 0x7C00);
static_assert(x::f16(0.1).bits() == 0x2E66);
static_assert(x::bf16(0.1f).bits() == 0x3DCD);
static_assert(x::bf16(1.0f + 1.0f / 256).bits() == 0x3F80);   // tie: to even
static_assert(static_cast<float>(x::f16::from_bits(0x0001)) == 5.9604644775390625e-08f);
static_assert(static_cast<float>(x::bf16::from_bits(0x3F81)) == 1.0078125f);
static_assert((x::f16(1.5f) + x::f16(2.25f)).bits() == x::f16(3.75f).bits());
static_assert(x::f16(-2) < x::f16(1) && x::bf16(3) == 3.0f);
static_assert(x::f16(std::numeric_limits<float>::quiet_NaN()).isnan());
static_assert(std::numeric_limits<x::f16>::max().bits() == 0x7BFF);
static_assert(std::numeric_limits<x::bf16>::lowest().bits() == 0xFF7F);
static_assert(sizeof(x::f16) == 2 && sizeof(x::bf16) == 2);
