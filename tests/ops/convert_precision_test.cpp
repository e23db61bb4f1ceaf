// Tests for sxla/ops/convert.hpp, part 3: reduce_precision (ReducePrecision) and
// get_dimension_size. Expected values are written by hand from the rules (XLA's emitter:
// bias-trick rounding, overflow to inf, flush to signed zero); random f16 and bf16 operands
// are checked against plain references (long double) in every layout (f32 and f64:
// convert_precision_random_test.cpp).
#include "ops/convert_check.hpp"

#include <cstring>
#include <string>

namespace x = sxla;
using namespace sxla_test;
using namespace sxla_test::convert_check;

// ---- reduce_precision ------------------------------------------------------------------------

namespace {
template <int M, int E, class T, std::size_t N>
void check_reduce(const std::array<T, N>& in, const std::array<T, N>& want, const std::string& what) {
  check_1d(x::reduce_precision<M, E>(tensor_of(in)), want, what);
  // The bits, NaN payloads included.
  const auto got = x::eval(x::reduce_precision<M, E>(tensor_of(in)));
  for (std::size_t i = 0; i < N; ++i) {
    CAPTURE(i);
    CHECK_EQ(std::memcmp(&got(i), &want[i], sizeof(T)), 0);
  }
}
}  // namespace

TEST_CASE("ops/reduce_precision: f32 to 10 mantissa and 5 exponent bits") {
  // Ties to even at 2^-10; above 65504 + 16 infinity; at or below 2^-15 signed zero (no
  // denormals); NaN unchanged, payload and all.
  check_reduce<10, 5>(
      std::array<float, 14>{f32_of(0x3f801000), f32_of(0x3f803000), f32_of(0x3f801001), 65504.0f, 65520.0f, -65520.0f,
                            0x1p-14f, 0x1p-15f, 1e-5f, -1e-5f, f32_of(0x7fc00001), f32_of(0xff800001), inf_f, -inf_f},
      std::array<float, 14>{f32_of(0x3f800000), f32_of(0x3f804000), f32_of(0x3f802000), 65504.0f, inf_f, -inf_f,
                            0x1p-14f, 0.0f, 0.0f, -0.0f, f32_of(0x7fc00001), f32_of(0xff800001), inf_f, -inf_f},
      "f32 <10,5>");
  // Rounding that reaches the smallest normal is kept: 2^-14 - 2^-26 (a tie, odd) rounds up
  // to 2^-14; 2^-14 - 2^-24 has 10 bits already and its exponent, 2^-15, flushes.
  check_reduce<10, 5>(std::array<float, 2>{0x1p-14f - 0x1p-26f, -(0x1p-14f - 0x1p-24f)},
                      std::array<float, 2>{0x1p-14f, -0.0f}, "f32 <10,5> near the smallest normal");
}

TEST_CASE("ops/reduce_precision: each part alone, no-ops, and the edge bit counts") {
  // Mantissa only (8 exponent bits: the f32 range). With no mantissa bit left XLA's bias
  // trick keeps the exponent's last bit: 1.25 -> 1, 1.5 -> 2, 3 (a tie) -> 2 (the even
  // exponent), 6 -> 8; NaN becomes +inf.
  check_reduce<0, 8>(std::array<float, 7>{1.25f, 1.5f, 3.0f, 6.0f, -1.5f, nan_f, -nan_f},
                     std::array<float, 7>{1.0f, 2.0f, 2.0f, 8.0f, -2.0f, inf_f, inf_f}, "f32 <0,8>");
  check_reduce<1, 8>(std::array<float, 4>{1.25f, 1.75f, 1.3f, f32_of(0x7f7fffff)},
                     std::array<float, 4>{1.0f, 2.0f, 1.5f, inf_f}, "f32 <1,8>");
  // Exponent only: 5 bits keep 2^-14 .. 65504 and 23 mantissa bits.
  check_reduce<23, 5>(std::array<float, 5>{65536.0f, 65535.0f, f32_of(0x3f800001), 0x1p-14f, -0x1p-15f},
                      std::array<float, 5>{inf_f, 65535.0f, f32_of(0x3f800001), 0x1p-14f, -0.0f}, "f32 <23,5>");
  // One exponent bit: the only exponent left is 1's, which is also the minimum: below 2
  // everything is zero, from 2 on infinite.
  check_reduce<23, 1>(std::array<float, 4>{1.0f, 1.9f, 2.0f, -0.5f}, std::array<float, 4>{0.0f, 0.0f, inf_f, -0.0f},
                      "f32 <23,1>");
  // At or above the type's own bit counts: nothing changes, denormals and NaNs included.
  check_reduce<23, 8>(std::array<float, 4>{f32_of(0x00000001), f32_of(0x3f801001), f32_of(0x7f800001), -0.0f},
                      std::array<float, 4>{f32_of(0x00000001), f32_of(0x3f801001), f32_of(0x7f800001), -0.0f},
                      "f32 <23,8>");
  check_reduce<30, 20>(std::array<float, 2>{f32_of(0x00000001), 3e38f}, std::array<float, 2>{f32_of(0x00000001), 3e38f},
                       "f32 <30,20>");
  check_reduce<52, 11>(std::array<double, 2>{f64_of(1), 0.1}, std::array<double, 2>{f64_of(1), 0.1}, "f64 <52,11>");
}

TEST_CASE("ops/reduce_precision: f64, f16 and bf16 operands") {
  check_reduce<10, 5>(std::array<double, 5>{1.0 + 0x1p-11, 1.0 + 3 * 0x1p-11, 70000.0, 1e-5, f64_of(0x7ff0000000000123ull)},
                      std::array<double, 5>{1.0, 1.0 + 0x1p-9, inf_d, 0.0, f64_of(0x7ff0000000000123ull)}, "f64 <10,5>");
  check_reduce<23, 8>(std::array<double, 3>{1.0 + 0x1p-24, 1e39, 1e-39},
                      std::array<double, 3>{1.0, inf_d, 0.0}, "f64 <23,8>");
  // f16 on its own bits: 1 + 2^-6 ties to 1 at 5 mantissa bits (0x3c10 -> 0x3c00),
  // 1 + 3 * 2^-6 to 1 + 2^-4 (0x3c30 -> 0x3c40).
  check_reduce<5, 5>(std::array<x::f16, 3>{x::f16::from_bits(0x3c10), x::f16::from_bits(0x3c30), x::f16::from_bits(0x3c11)},
                     std::array<x::f16, 3>{x::f16::from_bits(0x3c00), x::f16::from_bits(0x3c40), x::f16::from_bits(0x3c20)},
                     "f16 <5,5>");
  // f16 with 4 exponent bits: exponents 2^-6 .. 2^7 stay; 256 is infinite, 2^-7 zero.
  check_reduce<10, 4>(std::array<x::f16, 4>{x::f16(256.0f), x::f16(128.0f), x::f16(0x1p-7f), x::f16(-0x1p-6f)},
                      std::array<x::f16, 4>{x::f16::from_bits(0x7c00), x::f16(128.0f), x::f16::from_bits(0),
                                            x::f16(-0x1p-6f)},
                      "f16 <10,4>");
  check_reduce<3, 8>(std::array<x::bf16, 3>{x::bf16::from_bits(0x3f88), x::bf16::from_bits(0x3f98), x::bf16::from_bits(0x7fc1)},
                     std::array<x::bf16, 3>{x::bf16::from_bits(0x3f80), x::bf16::from_bits(0x3fa0), x::bf16::from_bits(0x7fc1)},
                     "bf16 <3,8>");
  constexpr auto c = x::eval(x::reduce_precision<10, 5>(x::tensor<"f32[2]">{f32_of(0x3f803000), 65520.0f}));
  static_assert(bits_of(c(0)) == 0x3f804000u && c(1) == inf_f);
}

TEST_CASE("ops/reduce_precision: <10,5> is f32 -> f16 -> f32 in f16's normal range, <7,8> is f32 -> bf16 -> f32") {
  std::mt19937_64 rng(5);
  x::tensor<"f32[4096]"> normal, any;
  for (x::index_t i = 0; i < 4096; ++i) {
    const float m = std::ldexp(std::uniform_real_distribution<float>(1, 2)(rng), static_cast<int>(rng() % 31) - 14);
    normal(i) = rng() % 2 ? -m : m;  // 2^-14 <= |x| < 2^17: some overflow
    any(i) = std::bit_cast<float>(static_cast<std::uint32_t>(rng()));
  }
  const x::tensor<"f32[4096]"> h = x::reduce_precision<10, 5>(normal);
  const x::tensor<"f32[4096]"> b = x::reduce_precision<7, 8>(any);
  for (x::index_t i = 0; i < 4096; ++i) {
    CAPTURE(i);
    REQUIRE(same_value(h(i), static_cast<float>(x::f16(normal(i)))));
    REQUIRE(same_value(b(i), static_cast<float>(x::bf16(any(i)))));
  }
  // f64 <23,8> is f64 -> f32 -> f64 from f32's smallest normal on.
  x::tensor<"f64[1024]"> d;
  for (x::index_t i = 0; i < 1024; ++i) {
    const double m = std::ldexp(std::uniform_real_distribution<double>(1, 2)(rng), static_cast<int>(rng() % 260) - 126);
    d(i) = rng() % 2 ? -m : m;
  }
  const x::tensor<"f64[1024]"> r = x::reduce_precision<23, 8>(d);
  for (x::index_t i = 0; i < 1024; ++i) {
    CAPTURE(i);
    REQUIRE(same_value(r(i), static_cast<double>(static_cast<float>(d(i)))));
  }
}

TEST_CASE_TEMPLATE("ops/reduce_precision: random operands against the reference, every layout", T, x::f16, x::bf16) {
  check_reduce_precision_random<T>();
}

// ---- get_dimension_size -----------------------------------------------------------------------

TEST_CASE("ops/get_dimension_size: a constant of type s32, the operand not read") {
  x::tensor<"f32[3,5]"> t;  // not constexpr
  t(0, 0) = 1.0f;
  constexpr auto n = x::get_dimension_size<1>(t);
  static_assert(std::is_same_v<decltype(n), const std::int32_t>);
  static_assert(n == 5);
  static_assert(x::get_dimension_size<0>(t) == 3);
  static_assert(x::get_dimension_size<0>(x::iota<"s32[4,8]", 1>()) == 4);
  static_assert(x::get_dimension_size<2>(x::bitcast_convert<x::f16>(t)) == 2);
  const x::tensor<"u8[7,1]{0,1}"> u;
  std::array<int, x::get_dimension_size<0>(u)> sized{};
  CHECK_EQ(sized.size(), 7u);
  CHECK_EQ(x::get_dimension_size<1>(x::convert<x::f64>(u)), 1);
}
