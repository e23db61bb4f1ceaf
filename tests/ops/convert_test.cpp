// Tests for sxla/ops/convert.hpp, part 1: convert (ConvertElementType). Expected values
// are written by hand from the rules (float to integer saturates, NaN gives 0; to
// f16/bf16 one rounding to nearest even). Random operands against plain references (long
// double arithmetic) in every layout: convert_random_{float,integer,other}_test.cpp.
// Part 2: convert_bits_test.cpp.
#include "ops/convert_check.hpp"

namespace x = sxla;
using namespace sxla_test;
using namespace sxla_test::convert_check;

// ---- convert -------------------------------------------------------------------------------

TEST_CASE("ops/convert: the seed, s32[3] {0, 1, 2} to f32[3] {0.0, 1.0, 2.0}") {
  const x::tensor<"s32[3]"> a = {0, 1, 2};
  const auto r = x::eval(x::convert<x::f32>(a));
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(r)>, x::tensor<"f32[3]">>);
  CHECK(r == x::tensor<"f32[3]">{0.0f, 1.0f, 2.0f});
}

namespace {
// Compile time: the scalar path, with the same values.
constexpr auto iota_f32 = x::eval(x::convert<float>(x::iota<"s32[4]", 0>()));
static_assert(iota_f32(0) == 0.0f && iota_f32(3) == 3.0f);
constexpr x::tensor<"f32[6]"> odd_floats = {3e9f, -1.5f, 300.7f, -2.7f, nan_f, -inf_f};
constexpr auto as_s32 = x::eval(x::convert<x::s32>(odd_floats));
static_assert(as_s32(0) == 2147483647 && as_s32(1) == -1 && as_s32(2) == 300 && as_s32(3) == -2 && as_s32(4) == 0 &&
              as_s32(5) == -2147483647 - 1);
constexpr auto as_u8 = x::eval(x::convert<x::u8>(odd_floats));
static_assert(as_u8(0) == 255 && as_u8(1) == 0 && as_u8(2) == 255 && as_u8(3) == 0 && as_u8(4) == 0 && as_u8(5) == 0);
constexpr auto as_pred = x::eval(x::convert<bool>(x::tensor<"f32[3]">{0.0f, -0.0f, nan_f}));
static_assert(!as_pred(0) && !as_pred(1) && as_pred(2));
// f64 1 + 2^-11 + 2^-30 to f16: 1 + 2^-10 (0x3c01). Through f32 it would be the tie
// 1 + 2^-11, rounded to even: 1.0.
constexpr auto f64_to_f16 = x::eval(x::convert<x::f16>(x::tensor<"f64[1]">{1.0 + 0x1p-11 + 0x1p-30}));
static_assert(f64_to_f16(0).bits() == 0x3c01);
}  // namespace

namespace {
// Which conversions have a vector form (with vectors at all): same-width lanes and pred.
template <class U, class T>
constexpr bool vectorizes() {
  using E = decltype(x::convert<U>(std::declval<const x::tensor<x::shape_spec(x::primitive_type_of<T>, {4})>&>()));
  using L = std::conditional_t<std::is_same_v<U, bool>, T, U>;  // the executor's lanes
  if constexpr (!x::simd::has_vec<L>) {
    return false;
  } else {
    return E::template vectorizable<L>;
  }
}
constexpr bool vectors = x::simd::has_vec<float>;
static_assert(vectorizes<float, std::int32_t>() == vectors && vectorizes<std::int32_t, float>() == vectors);
static_assert(vectorizes<float, std::uint32_t>() == vectors && vectorizes<std::uint32_t, float>() == vectors);
static_assert(vectorizes<double, std::int64_t>() == vectors && vectorizes<std::uint64_t, double>() == vectors);
static_assert(vectorizes<std::uint32_t, std::int32_t>() == vectors && vectorizes<std::int8_t, std::uint8_t>() == vectors);
static_assert(vectorizes<float, float>() == vectors && vectorizes<bool, float>() == vectors);
static_assert(vectorizes<double, bool>() == vectors && vectorizes<bool, std::int16_t>() == vectors);
static_assert(!vectorizes<std::int8_t, float>() && !vectorizes<double, float>() && !vectorizes<float, std::int64_t>());
static_assert(!vectorizes<float, x::f16>() && !vectorizes<x::bf16, float>() && !vectorizes<float, std::complex<float>>());
}  // namespace

TEST_CASE("ops/convert: f32 and f64 to integers saturate; NaN gives 0; the rest truncates") {
  constexpr std::array<float, 21> f = {0.0f,  -0.0f, 2.7f, -2.7f, 127.9f, 128.0f, -128.9f, -129.0f, 255.9f, 256.0f, 300.7f,
                                       -1.5f, 3e9f,  -3e9f, 1e19f, 2e19f, 1e30f,  -1e30f,  inf_f,   -inf_f, nan_f};
  constexpr std::array<double, 21> d = {0.0,  -0.0, 2.7,  -2.7, 127.9, 128.0, -128.9, -129.0, 255.9, 256.0, 300.7,
                                        -1.5, 3e9,  -3e9, 1e19, 2e19,  1e30,  -1e30,  inf_d,  -inf_d, nan_d};
  constexpr std::int32_t i32max = 2147483647, i32min = -2147483647 - 1;
  constexpr std::int64_t i64max = 9223372036854775807LL, i64min = -9223372036854775807LL - 1;
  constexpr std::uint32_t u32max = 4294967295u;
  constexpr std::uint64_t u64max = 18446744073709551615ull;

  const std::array<std::int8_t, 21> s8 = {0, 0, 2, -2, 127, 127, -128, -128, 127, 127, 127,
                                          -1, 127, -128, 127, 127, 127, -128, 127, -128, 0};
  const std::array<std::int32_t, 21> s32 = {0,      0,      2,      -2,     127,    128,    -128,
                                            -129,   255,    256,    300,    -1,     i32max, i32min,
                                            i32max, i32max, i32max, i32min, i32max, i32min, 0};
  const std::array<std::int64_t, 21> s64 = {0,      0,      2,      -2,     127,    128,         -128,
                                            -129,   255,    256,    300,    -1,     3000000000LL, -3000000000LL,
                                            i64max, i64max, i64max, i64min, i64max, i64min,      0};
  const std::array<std::uint8_t, 21> u8 = {0, 0, 2, 0, 127, 128, 0, 0, 255, 255, 255, 0, 255, 0, 255, 255, 255, 0, 255, 0, 0};
  const std::array<std::uint32_t, 21> u32 = {0,      0,      2,      0, 127,    128, 0, 0, 255, 256, 300,
                                             0,      3000000000u, 0, u32max, u32max, u32max, 0, u32max, 0, 0};
  // 1e19f is 9999999980506447872; 1e19 is exact in f64.
  const std::array<std::uint64_t, 21> u64_from_f = {0,      0,   2,  0,   127, 128, 0, 0, 255, 256, 300, 0, 3000000000ull, 0,
                                                    9999999980506447872ull, u64max, u64max, 0, u64max, 0, 0};
  std::array<std::uint64_t, 21> u64_from_d = u64_from_f;
  u64_from_d[14] = 10000000000000000000ull;

  check_convert(f, s8, "f32 -> s8");
  check_convert(f, s32, "f32 -> s32");
  check_convert(f, s64, "f32 -> s64");
  check_convert(f, u8, "f32 -> u8");
  check_convert(f, u32, "f32 -> u32");
  check_convert(f, u64_from_f, "f32 -> u64");
  check_convert(d, s8, "f64 -> s8");
  check_convert(d, s32, "f64 -> s32");
  check_convert(d, s64, "f64 -> s64");
  check_convert(d, u8, "f64 -> u8");
  check_convert(d, u32, "f64 -> u32");
  check_convert(d, u64_from_d, "f64 -> u64");
}

TEST_CASE("ops/convert: float to integer at the boundaries of each range") {
  // The largest f32 below 2^31 (2^31 - 128), 2^31, -2^31, the next f32 below -2^31, the
  // largest below 2^32, 2^32, the largest below 2^63 (2^63 - 2^39), 2^63, the largest
  // below 2^64 (2^64 - 2^40), 2^64.
  constexpr std::array<float, 10> f = {2147483520.0f, 2147483648.0f, -2147483648.0f, -2147483904.0f,
                                       4294967040.0f, 4294967296.0f, 9223371487098961920.0f, 9223372036854775808.0f,
                                       18446742974197923840.0f, 18446744073709551616.0f};
  constexpr std::int32_t i32max = 2147483647, i32min = -2147483647 - 1;
  constexpr std::int64_t i64max = 9223372036854775807LL;
  constexpr std::uint32_t u32max = 4294967295u;
  constexpr std::uint64_t u64max = 18446744073709551615ull;
  check_convert(f, std::array<std::int32_t, 10>{2147483520, i32max, i32min, i32min, i32max, i32max, i32max, i32max, i32max, i32max},
                "f32 -> s32");
  check_convert(f, std::array<std::uint32_t, 10>{2147483520u, 2147483648u, 0, 0, 4294967040u, u32max, u32max, u32max, u32max, u32max},
                "f32 -> u32");
  check_convert(f,
                std::array<std::int64_t, 10>{2147483520LL, 2147483648LL, -2147483648LL, -2147483904LL, 4294967040LL,
                                             4294967296LL, 9223371487098961920LL, i64max, i64max, i64max},
                "f32 -> s64");
  check_convert(f,
                std::array<std::uint64_t, 10>{2147483520ull, 2147483648ull, 0, 0, 4294967040ull, 4294967296ull,
                                              9223371487098961920ull, 9223372036854775808ull, 18446742974197923840ull,
                                              u64max},
                "f32 -> u64");
  constexpr std::array<double, 10> d = {2147483647.9, 2147483648.0, -2147483648.9, -2147483649.0, 4294967295.9,
                                        4294967296.0, 9223372036854774784.0, 9223372036854775808.0,
                                        18446744073709549568.0, 18446744073709551616.0};
  check_convert(d, std::array<std::int32_t, 10>{i32max, i32max, i32min, i32min, i32max, i32max, i32max, i32max, i32max, i32max},
                "f64 -> s32");
  check_convert(d, std::array<std::uint32_t, 10>{2147483647u, 2147483648u, 0, 0, u32max, u32max, u32max, u32max, u32max, u32max},
                "f64 -> u32");
  check_convert(d,
                std::array<std::int64_t, 10>{2147483647LL, 2147483648LL, -2147483648LL, -2147483649LL, 4294967295LL,
                                             4294967296LL, 9223372036854774784LL, i64max, i64max, i64max},
                "f64 -> s64");
  check_convert(d,
                std::array<std::uint64_t, 10>{2147483647ull, 2147483648ull, 0, 0, 4294967295ull, 4294967296ull,
                                              9223372036854774784ull, 9223372036854775808ull, 18446744073709549568ull,
                                              u64max},
                "f64 -> u64");
}

TEST_CASE("ops/convert: integers to floats round to nearest, ties to even, in one step") {
  // Above 2^24 f32 steps by 2: 2^24 + 1 is a tie (to 2^24, even), 2^24 + 3 a tie (to
  // 2^24 + 4). From 2^31 by 256: 2^31 + 128 ties to 2^31, 2^31 + 129 goes up.
  check_convert(std::array<std::int32_t, 6>{16777217, 16777219, -16777217, 2147483647, -2147483647 - 1, 16777218},
                std::array<float, 6>{16777216.0f, 16777220.0f, -16777216.0f, 2147483648.0f, -2147483648.0f, 16777218.0f},
                "s32 -> f32");
  check_convert(std::array<std::uint32_t, 6>{4294967295u, 4294967041u, 2147483776u, 2147483777u, 16777217u, 2147483648u},
                std::array<float, 6>{4294967296.0f, 4294967040.0f, 2147483648.0f, 2147483904.0f, 16777216.0f, 2147483648.0f},
                "u32 -> f32");
  // f64 steps by 2 above 2^53, by 2048 above 2^63.
  check_convert(std::array<std::int64_t, 4>{9007199254740993LL, 9007199254740995LL, 9223372036854775807LL,
                                            -9223372036854775807LL - 1},
                std::array<double, 4>{9007199254740992.0, 9007199254740996.0, 9223372036854775808.0, -9223372036854775808.0},
                "s64 -> f64");
  check_convert(std::array<std::uint64_t, 4>{18446744073709551615ull, 9223372036854776832ull, 9223372036854776833ull,
                                             9007199254740993ull},
                std::array<double, 4>{18446744073709551616.0, 9223372036854775808.0, 9223372036854777856.0,
                                      9007199254740992.0},
                "u64 -> f64");
  // s64 to f32 directly: 2^60 + 2^36 + 1 goes up to 2^60 + 2^37; through f64 it would
  // become the tie 2^60 + 2^36 and round down to 2^60.
  check_convert(std::array<std::int64_t, 2>{1152921573326323713LL, -1152921573326323713LL},
                std::array<float, 2>{1152921642045800448.0f, -1152921642045800448.0f}, "s64 -> f32");
  // To f16: 2049 ties to 2048, 2051 to 2052; 65519 is the largest below the overflow tie
  // 65520, which rounds to infinity.
  check_convert(std::array<std::int64_t, 5>{2049, 2051, 65519, 65520, -70000},
                std::array<x::f16, 5>{x::f16::from_bits(0x6800), x::f16::from_bits(0x6802), x::f16::from_bits(0x7bff),
                                      x::f16::from_bits(0x7c00), x::f16::from_bits(0xfc00)},
                "s64 -> f16");
}

TEST_CASE("ops/convert: f32 to f16 and bf16 round to nearest even (bit patterns)") {
  // f16 steps by 2^-10 at 1: 1 + 2^-11 ties to 1 (0x3c00), 1 + 3 * 2^-11 to 1 + 2^-9
  // (0x3c02); one f32 ulp more goes up. 65520 ties to infinity; the f16 denormals step by
  // 2^-24: 2^-25 ties to 0, 3 * 2^-25 to 2 * 2^-24.
  check_convert(std::array<float, 12>{f32_of(0x3f801000), f32_of(0x3f803000), f32_of(0x3f801001), 65504.0f,
                                      f32_of(0x477fefff), 65520.0f, -65520.0f, 0x1p-24f, 0x1p-25f, 3 * 0x1p-25f, -0.0f,
                                      1e-10f},
                std::array<x::f16, 12>{x::f16::from_bits(0x3c00), x::f16::from_bits(0x3c02), x::f16::from_bits(0x3c01),
                                       x::f16::from_bits(0x7bff), x::f16::from_bits(0x7bff), x::f16::from_bits(0x7c00),
                                       x::f16::from_bits(0xfc00), x::f16::from_bits(0x0001), x::f16::from_bits(0x0000),
                                       x::f16::from_bits(0x0002), x::f16::from_bits(0x8000), x::f16::from_bits(0x0000)},
                "f32 -> f16");
  // bf16 keeps the top 16 bits of an f32, rounded: 0x3f808000 ties to 0x3f80, 0x3f818000
  // to 0x3f82, 0x3f808001 goes up; the largest f32 rounds to infinity.
  check_convert(std::array<float, 5>{f32_of(0x3f808000), f32_of(0x3f818000), f32_of(0x3f808001), f32_of(0x7f7fffff),
                                     f32_of(0x80000001)},
                std::array<x::bf16, 5>{x::bf16::from_bits(0x3f80), x::bf16::from_bits(0x3f82), x::bf16::from_bits(0x3f81),
                                       x::bf16::from_bits(0x7f80), x::bf16::from_bits(0x8000)},
                "f32 -> bf16");
  const auto n = x::eval(x::convert<x::f16>(x::tensor<"f32[2]">{nan_f, -nan_f}));
  CHECK(n(0).isnan());
  CHECK(n(1).isnan());
}

TEST_CASE("ops/convert: f64 to f16 and bf16 round once, not through f32") {
  // Through f32, 1 + 2^-11 + 2^-30 becomes 1 + 2^-11, a tie that rounds to 1.0; directly
  // it is above the tie: 1 + 2^-10. The same for bf16 at 2^-8.
  check_convert(std::array<double, 3>{1.0 + 0x1p-11 + 0x1p-30, -(1.0 + 0x1p-11 + 0x1p-30), 1.0 + 0x1p-11},
                std::array<x::f16, 3>{x::f16::from_bits(0x3c01), x::f16::from_bits(0xbc01), x::f16::from_bits(0x3c00)},
                "f64 -> f16");
  check_convert(std::array<double, 2>{1.0 + 0x1p-8 + 0x1p-40, 1.0 + 0x1p-8},
                std::array<x::bf16, 2>{x::bf16::from_bits(0x3f81), x::bf16::from_bits(0x3f80)}, "f64 -> bf16");
  // f16 and bf16 sources are exact in every wider type; between them one rounding.
  check_convert(std::array<x::f16, 3>{x::f16::from_bits(0x3555), x::f16::from_bits(0x0001), x::f16::from_bits(0xfbff)},
                std::array<double, 3>{0.333251953125, 0x1p-24, -65504.0}, "f16 -> f64");
  check_convert(std::array<x::f16, 2>{x::f16::from_bits(0x3c01), x::f16::from_bits(0x0001)},
                std::array<x::bf16, 2>{x::bf16::from_bits(0x3f80), x::bf16::from_bits(0x3380)}, "f16 -> bf16");
  check_convert(std::array<x::bf16, 2>{x::bf16::from_bits(0x4780), x::bf16::from_bits(0xc2f7)},
                std::array<std::int32_t, 2>{65536, -123}, "bf16 -> s32");
}

TEST_CASE("ops/convert: pred, integer wrap-around and float widths") {
  check_convert(std::array<bool, 3>{true, false, true}, std::array<float, 3>{1.0f, 0.0f, 1.0f}, "pred -> f32");
  check_convert(std::array<bool, 2>{true, false}, std::array<std::int8_t, 2>{1, 0}, "pred -> s8");
  check_convert(std::array<bool, 2>{true, false}, std::array<std::uint64_t, 2>{1, 0}, "pred -> u64");
  check_convert(std::array<bool, 2>{true, false}, std::array<x::bf16, 2>{x::bf16::from_bits(0x3f80), x::bf16::from_bits(0)},
                "pred -> bf16");
  check_convert(std::array<float, 6>{0.0f, -0.0f, nan_f, 0.5f, -inf_f, 1e-45f},
                std::array<bool, 6>{false, false, true, true, true, true}, "f32 -> pred");
  check_convert(std::array<std::int32_t, 3>{0, 5, -1}, std::array<bool, 3>{false, true, true}, "s32 -> pred");
  check_convert(std::array<x::f16, 2>{x::f16::from_bits(0x8000), x::f16::from_bits(0x0001)},
                std::array<bool, 2>{false, true}, "f16 -> pred");
  // Integers convert modulo 2^n.
  check_convert(std::array<std::int32_t, 4>{-1, 300, -129, 255}, std::array<std::uint8_t, 4>{255, 44, 127, 255},
                "s32 -> u8");
  check_convert(std::array<std::uint32_t, 3>{0xffffffffu, 0x80000000u, 7}, std::array<std::int32_t, 3>{-1, -2147483647 - 1, 7},
                "u32 -> s32");
  check_convert(std::array<std::int64_t, 2>{0x100000005LL, -4294967296LL}, std::array<std::int32_t, 2>{5, 0}, "s64 -> s32");
  check_convert(std::array<std::int8_t, 2>{-1, -128}, std::array<std::uint64_t, 2>{18446744073709551615ull, 18446744073709551488ull},
                "s8 -> u64");
  check_convert(std::array<std::uint8_t, 2>{200, 127}, std::array<std::int8_t, 2>{-56, 127}, "u8 -> s8");
  // f64 to f32 rounds (overflow to infinity, 0.1 to the nearest f32); f32 to f64 is exact.
  check_convert(std::array<double, 4>{0.1, 1e300, -1e-300, 16777217.0},
                std::array<float, 4>{f32_of(0x3dcccccd), inf_f, -0.0f, 16777216.0f}, "f64 -> f32");
  check_convert(std::array<float, 2>{f32_of(0x3dcccccd), 0x1p-149f}, std::array<double, 2>{f64_of(0x3fb99999a0000000), 0x1p-149},
                "f32 -> f64");
}

TEST_CASE("ops/convert: complex numbers") {
  using c64 = std::complex<float>;
  using c128 = std::complex<double>;
  check_convert(std::array<c64, 2>{c64(1.5f, -2.5f), c64(-3e9f, 7.0f)}, std::array<float, 2>{1.5f, -3e9f}, "c64 -> f32");
  check_convert(std::array<c64, 2>{c64(1.5f, -2.5f), c64(-3e9f, 7.0f)}, std::array<std::int32_t, 2>{1, -2147483647 - 1},
                "c64 -> s32");
  check_convert(std::array<c64, 3>{c64(0, 1), c64(0, 0), c64(-0.0f, 0)}, std::array<bool, 3>{true, false, false},
                "c64 -> pred");
  check_convert(std::array<c64, 1>{c64(1.5f, -2.5f)}, std::array<c128, 1>{c128(1.5, -2.5)}, "c64 -> c128");
  check_convert(std::array<c128, 2>{c128(1e300, 1.0), c128(0.1, -1.0 - 0x1p-30)},
                std::array<c64, 2>{c64(inf_f, 1.0f), c64(f32_of(0x3dcccccd), -1.0f)}, "c128 -> c64");
  check_convert(std::array<float, 2>{3.25f, -0.0f}, std::array<c64, 2>{c64(3.25f, 0), c64(-0.0f, 0)}, "f32 -> c64");
  check_convert(std::array<std::int64_t, 1>{9007199254740993LL}, std::array<c128, 1>{c128(9007199254740992.0, 0)},
                "s64 -> c128");
  check_convert(std::array<bool, 2>{true, false}, std::array<c64, 2>{c64(1, 0), c64(0, 0)}, "pred -> c64");
  check_convert(std::array<x::f16, 1>{x::f16::from_bits(0x3c01)}, std::array<c64, 1>{c64(1.0009765625f, 0)}, "f16 -> c64");
  check_convert(std::array<c128, 1>{c128(1.0 + 0x1p-11 + 0x1p-30, 5)}, std::array<x::f16, 1>{x::f16::from_bits(0x3c01)},
                "c128 -> f16");
}
