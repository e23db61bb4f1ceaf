// conv_general_dilated on the narrow element types, against the plain reference of
// tests/support/conv_reference.hpp (f32, f64, c64, c128: conv_types_test.cpp): f16 and
// bf16 summed in f32, the result rounded once to f16/bf16 (default) or kept in f32
// (conv_general_dilated<cfg, float>); s8 and u8 summed in s32/u32, the result wrapped to
// s8/u8 (default) or kept (conv_general_dilated<cfg, std::int32_t> / std::uint32_t). Each
// type runs the seed's order with every window option and two feature groups (the
// element path through a temporary) and NHWC with SAME padding; hand-worked values show
// the accumulation type (sums a narrower one would round) and the wrap. Tolerance:
// |err| <= K u sum |a b| + u_out (|exact| + K u sum |a b|), u the unit roundoff of the
// accumulation type, u_out that of a narrower result type (2^-11 f16, 2^-8 bf16);
// integers exact (conv_reference.hpp explains the bound).
#define SXLA_ALLOW_HEAP 1
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdint>

#include "ops/conv_types_check.hpp"

namespace x = sxla;

using sxla_test::conv_types::check_both;

TEST_CASE("conv: f16 and bf16 summed in f32") {
  check_both<x::f16>(241);
  check_both<x::f16, float>(251);
  check_both<x::bf16>(261);
  check_both<x::bf16, float>(271);
  // 1 + 3 * 2^-9 in bf16 (8 significant bits): a bf16 sum would stay at 1 (each 2^-9 is
  // below half an ulp of 1); summed in f32 it is 1.005859375, rounded once to 1.0078125.
  x::tensor<"bf16[1,4,1]"> l;
  x::tensor<"bf16[1,4,1]"> r;
  for (int i = 0; i < 4; ++i) {
    l.data()[i] = static_cast<x::bf16>(1.0f);
    r.data()[i] = static_cast<x::bf16>(i == 0 ? 1.0f : 0.001953125f);
  }
  CHECK(static_cast<float>(x::eval(x::conv_general_dilated<x::conv_config{}>(l, r))(0, 0, 0)) == 1.0078125f);
  CHECK(x::eval(x::conv_general_dilated<x::conv_config{}, float>(l, r))(0, 0, 0) == 1.005859375f);
  // The same in f16 (11 significant bits) with 2^-12: 1.000732421875, rounded to 1 + 2^-10.
  x::tensor<"f16[1,4,1]"> h;
  x::tensor<"f16[1,4,1]"> k;
  for (int i = 0; i < 4; ++i) {
    h.data()[i] = static_cast<x::f16>(1.0f);
    k.data()[i] = static_cast<x::f16>(i == 0 ? 1.0f : 0.000244140625f);
  }
  CHECK(static_cast<float>(x::eval(x::conv_general_dilated<x::conv_config{}>(h, k))(0, 0, 0)) == 1.0009765625f);
  CHECK(x::eval(x::conv_general_dilated<x::conv_config{}, float>(h, k))(0, 0, 0) == 1.000732421875f);
}

TEST_CASE("conv: s8 and u8 summed in 32 bits, wrapped or kept") {
  check_both<std::int8_t>(281);
  check_both<std::int8_t, std::int32_t>(291);
  check_both<std::uint8_t>(301);
  check_both<std::uint8_t, std::uint32_t>(311);
  // 100 * 100 + 100 * 100 = 20000 = 78 * 256 + 32; 200 * 200 * 2 = 80000 = 312 * 256 + 128.
  const x::tensor<"s8[1,2,1]"> a = {{{100}, {100}}};
  CHECK(x::eval(x::conv_general_dilated<x::conv_config{}, std::int32_t>(a, a))(0, 0, 0) == 20000);
  CHECK(x::eval(x::conv_general_dilated<x::conv_config{}>(a, a))(0, 0, 0) == 32);
  const x::tensor<"u8[1,2,1]"> b = {{{200}, {200}}};
  CHECK(x::eval(x::conv_general_dilated<x::conv_config{}, std::uint32_t>(b, b))(0, 0, 0) == 80000u);
  CHECK(x::eval(x::conv_general_dilated<x::conv_config{}>(b, b))(0, 0, 0) == 128);
  // Negative sums wrap too: -100 * 100 * 2 = -20000 = -79 * 256 + 224 -> -32.
  const x::tensor<"s8[1,2,1]"> c = {{{-100}, {-100}}};
  CHECK(x::eval(x::conv_general_dilated<x::conv_config{}>(a, c))(0, 0, 0) == -32);
}
