// Tests for sxla/ops/convert.hpp, part 2: bitcast_convert (BitcastConvertType),
// reduce_precision (ReducePrecision) and get_dimension_size. Expected values are written
// by hand from the rules (bitcast pieces in memory order; reduce_precision as XLA's
// emitter: bias-trick rounding, overflow to inf, flush to signed zero); random operands
// are checked against plain references (memcpy, long double) in every layout.
#include "ops/convert_check.hpp"

namespace x = sxla;
using namespace sxla_test;
using namespace sxla_test::convert_check;

// ---- bitcast_convert -------------------------------------------------------------------------

TEST_CASE("ops/bitcast_convert: same width reinterprets the bits") {
  check_1d(x::bitcast_convert<std::uint32_t>(x::tensor<"f32[3]">{1.0f, -2.0f, -0.0f}),
           std::array<std::uint32_t, 3>{0x3f800000u, 0xc0000000u, 0x80000000u}, "f32 -> u32");
  const auto f = x::eval(x::bitcast_convert<float>(x::tensor<"s32[2]">{-1, 0x7f800000}));
  CHECK_EQ(bits_of(f(0)), 0xffffffffu);  // a NaN, bits kept
  CHECK_EQ(f(1), inf_f);
  check_1d(x::bitcast_convert<std::uint64_t>(x::tensor<"f64[2]">{-2.0, 1.0}),
           std::array<std::uint64_t, 2>{0xc000000000000000ull, 0x3ff0000000000000ull}, "f64 -> u64");
  check_1d(x::bitcast_convert<std::int64_t>(x::tensor<"u64[1]">{0xffffffffffffffffull}), std::array<std::int64_t, 1>{-1},
           "u64 -> s64");
  check_1d(x::bitcast_convert<std::uint16_t>(x::tensor<"f16[2]">{1.0f, -2.0f}), std::array<std::uint16_t, 2>{0x3c00, 0xc000},
           "f16 -> u16");
  check_1d(x::bitcast_convert<x::f16>(x::tensor<"bf16[1]">{x::bf16::from_bits(0x3c00)}),
           std::array<x::f16, 1>{x::f16::from_bits(0x3c00)}, "bf16 -> f16");
  check_1d(x::bitcast_convert<std::int8_t>(x::tensor<"u8[2]">{255, 128}), std::array<std::int8_t, 2>{-1, -128}, "u8 -> s8");
  constexpr auto c = x::eval(x::bitcast_convert<std::uint32_t>(x::tensor<"f32[1]">{1.0f}));
  static_assert(c(0) == 0x3f800000u);
}

namespace {
// The seed's shape rules, as types.
using split_t = decltype(x::bitcast_convert<x::f16>(std::declval<const x::tensor<"f32[10]">&>()));
static_assert(split_t::spec.dimensions == x::dimension_list{10, 2});
static_assert(split_t::spec.element_type == x::primitive_type::f16);
using scalar_split_t = decltype(x::bitcast_convert<x::f16>(std::declval<const x::tensor<"f32[]">&>()));
static_assert(scalar_split_t::spec.dimensions == x::dimension_list{2});
using merge_t = decltype(x::bitcast_convert<x::f32>(std::declval<const x::tensor<"f16[10,2]">&>()));
static_assert(merge_t::spec.dimensions == x::dimension_list{10});
static_assert(merge_t::spec.element_type == x::primitive_type::f32);
using bytes_t = decltype(x::bitcast_convert<std::uint8_t>(std::declval<const x::tensor<"f64[3,4]">&>()));
static_assert(bytes_t::spec.dimensions == x::dimension_list{3, 4, 8});
using scalar_merge_t = decltype(x::bitcast_convert<std::uint64_t>(std::declval<const x::tensor<"u8[8]">&>()));
static_assert(scalar_merge_t::rank == 0);
// At compile time too.
constexpr auto pieces = x::eval(x::bitcast_convert<std::uint16_t>(x::tensor<"f32[2]">{1.0f, -2.0f}));
static_assert(pieces(0, 0) == 0x0000 && pieces(0, 1) == 0x3f80 && pieces(1, 0) == 0x0000 && pieces(1, 1) == 0xc000);
constexpr auto joined = x::eval(x::bitcast_convert<float>(pieces));
static_assert(joined(0) == 1.0f && joined(1) == -2.0f);
}  // namespace

TEST_CASE("ops/bitcast_convert: to a narrower type, pieces in memory order along a new minor dimension") {
  static_assert(std::endian::native == std::endian::little, "the expected values below are little-endian");
  // The seed: f32[2] {1.0f, -2.0f} is 0x3f800000, 0xc0000000: u16[2,2] {{0, 0x3f80}, {0, 0xc000}}.
  const x::tensor<"f32[2]"> a = {1.0f, -2.0f};
  const auto p = x::eval(x::bitcast_convert<std::uint16_t>(a));
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(p)>, x::tensor<"u16[2,2]">>);
  CHECK(p == x::tensor<"u16[2,2]">{{0x0000, 0x3f80}, {0x0000, 0xc000}});
  // And back.
  const auto back = x::eval(x::bitcast_convert<float>(p));
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(back)>, x::tensor<"f32[2]">>);
  CHECK(back == a);
  // A scalar gains a dimension: f32[] -> f16[2]; f64 to bytes.
  const x::tensor<"f32[]"> s = {f32_of(0x3c00c000)};
  const auto h = x::eval(x::bitcast_convert<x::f16>(s));
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(h)>, x::tensor<"f16[2]">>);
  CHECK_EQ(h(0).bits(), 0xc000);
  CHECK_EQ(h(1).bits(), 0x3c00);
  const auto b = x::eval(x::bitcast_convert<std::uint8_t>(x::tensor<"f64[1]">{f64_of(0x0102030405060708ull)}));
  CHECK(b == x::tensor<"u8[1,8]">{{8, 7, 6, 5, 4, 3, 2, 1}});
  const auto w = x::eval(x::bitcast_convert<std::uint64_t>(x::tensor<"u8[8]">{8, 7, 6, 5, 4, 3, 2, 1}));
  CHECK_EQ(w(), 0x0102030405060708ull);
  const auto i = x::eval(x::bitcast_convert<std::int32_t>(x::tensor<"s16[2,2]">{{-1, 0}, {2, 1}}));
  CHECK(i == x::tensor<"s32[2]">{0x0000ffff, 0x00010002});
}

TEST_CASE("ops/bitcast_convert: random operands, different widths, every layout") {
  std::mt19937_64 rng(77);
  using f32_2d = x::tensor<"f32[5,37]">;
  f32_2d a0;
  x::for_each_index<f32_2d::shape_type>([&](const auto& idx) { a0[idx] = gen<float>(rng); });
  const x::tensor<"f32[5,37]{0,1}"> ac = a0;
  const x::tensor<"f32[5,37]{1,0:T(2,8)}"> at = a0;
  const auto piece = [&](const auto& idx) {
    std::uint16_t p;
    const float v = a0(idx[0], idx[1]);
    std::memcpy(&p, reinterpret_cast<const unsigned char*>(&v) + 2 * idx[2], 2);
    return p;
  };
  const x::tensor<"u16[5,37,2]"> s1 = x::bitcast_convert<std::uint16_t>(a0);
  check_all(s1, piece, "f32 -> u16 row-major");
  const x::tensor<"u16[5,37,2]{0,1,2}"> s2 = x::bitcast_convert<std::uint16_t>(a0);
  check_all(s2, piece, "f32 -> u16 column-major");
  const x::tensor<"u16[5,37,2]{1,2,0}"> s3 = x::bitcast_convert<std::uint16_t>(ac);
  check_all(s3, piece, "f32 column-major -> u16 {1,2,0}");
  const x::tensor<"u16[5,37,2]{2,1,0:T(2,8)}"> s4 = x::bitcast_convert<std::uint16_t>(at);
  check_all(s4, piece, "f32 tiled -> u16 tiled");
  // Joined back from each layout, into each layout.
  const auto same = [&](const auto& idx) { return a0[idx]; };
  const x::tensor<"f32[5,37]"> j1 = x::bitcast_convert<float>(s2);
  check_all(j1, same, "u16 column-major -> f32");
  const x::tensor<"f32[5,37]{0,1}"> j2 = x::bitcast_convert<float>(s3);
  check_all(j2, same, "u16 {1,2,0} -> f32 column-major");
  const x::tensor<"f32[5,37]{1,0:T(2,8)}"> j3 = x::bitcast_convert<float>(s4);
  check_all(j3, same, "u16 tiled -> f32 tiled");
  const x::tensor<"f32[5,37]"> j4 = x::bitcast_convert<float>(s1);
  check_all(j4, same, "u16 -> f32");
  // Inside a vectorized expression: the pieces as operands of an add.
  const x::tensor<"u16[5,37,2]"> sum = x::add(x::bitcast_convert<std::uint16_t>(ac), x::bitcast_convert<std::uint16_t>(at));
  check_all(sum, [&](const auto& idx) { return static_cast<std::uint16_t>(2 * piece(idx)); }, "piece + piece");
  // f64 to bytes and back, with at().
  x::tensor<"f64[3,11]"> d;
  x::for_each_index<x::tensor<"f64[3,11]">::shape_type>([&](const auto& idx) { d[idx] = gen<double>(rng); });
  const auto byte = [&](const auto& idx) {
    unsigned char c;
    const double v = d(idx[0], idx[1]);
    std::memcpy(&c, reinterpret_cast<const unsigned char*>(&v) + idx[2], 1);
    return static_cast<std::uint8_t>(c);
  };
  const x::tensor<"u8[3,11,8]{0,2,1}"> bytes = x::bitcast_convert<std::uint8_t>(d);
  check_all(bytes, byte, "f64 -> u8");
  const auto e = x::bitcast_convert<std::uint8_t>(d);
  x::tensor<"u8[3,11,8]"> by_at;
  x::for_each_index<x::tensor<"u8[3,11,8]">::shape_type>([&](const auto& idx) { by_at[idx] = e.at(idx); });
  check_all(by_at, byte, "f64 -> u8 at()");
  const x::tensor<"f64[3,11]{0,1}"> d2 = x::bitcast_convert<double>(bytes);
  check_all(d2, [&](const auto& idx) { return d[idx]; }, "u8 -> f64");
}

TEST_CASE("ops/bitcast_convert: random operands, same width, every layout") {
  check_layouts<float, std::int32_t>([](const auto& a) { return x::bitcast_convert<std::int32_t>(a); },
                                     [](float v) { return std::bit_cast<std::int32_t>(v); }, "f32 -> s32", 31);
  check_layouts<std::uint64_t, double>([](const auto& a) { return x::bitcast_convert<double>(a); },
                                       [](std::uint64_t v) { return std::bit_cast<double>(v); }, "u64 -> f64", 32);
  check_layouts<x::bf16, std::int16_t>([](const auto& a) { return x::bitcast_convert<std::int16_t>(a); },
                                       [](x::bf16 v) { return static_cast<std::int16_t>(v.bits()); }, "bf16 -> s16", 33);
}

TEST_CASE("ops/bitcast_convert: complex types, c128 <-> c64[2] (XLA's shape rule; no complex <-> real)") {
  static_assert(std::endian::native == std::endian::little, "the expected values below are little-endian");
  using c64 = std::complex<float>;
  using c128 = std::complex<double>;
  // A c128 is its real double's 8 bytes, then its imaginary double's: two c64, each the
  // two 4-byte halves of one double. Real 1 + 2^-52 is 0x3ff0000000000001: low half
  // 0x00000001 (the smallest subnormal float), high half 0x3ff00000 (1.875f); imaginary
  // -2 is 0xc000000000000000: 0 and 0xc0000000 (-2.0f).
  const x::tensor<"c128[]"> z = {c128(f64_of(0x3ff0000000000001ull), -2.0)};
  const auto p = x::eval(x::bitcast_convert<c64>(z));
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(p)>, x::tensor<"c64[2]">>);
  CHECK_EQ(bits_of(p(0).real()), 0x00000001u);
  CHECK_EQ(bits_of(p(0).imag()), 0x3ff00000u);
  CHECK_EQ(bits_of(p(1).real()), 0x00000000u);
  CHECK_EQ(bits_of(p(1).imag()), 0xc0000000u);
  // And back: c64[2] -> c128[].
  const auto back = x::eval(x::bitcast_convert<c128>(p));
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(back)>, x::tensor<"c128[]">>);
  CHECK_EQ(std::bit_cast<std::uint64_t>(back().real()), 0x3ff0000000000001ull);
  CHECK_EQ(std::bit_cast<std::uint64_t>(back().imag()), 0xc000000000000000ull);
  // The same at compile time, and the types' shape rules.
  constexpr auto halves = x::eval(x::bitcast_convert<c64>(x::tensor<"c128[1]">{c128(1.0, -2.0)}));
  static_assert(halves(0, 0) == c64(0.0f, 1.875f) && halves(0, 1) == c64(0.0f, -2.0f));
  constexpr auto whole = x::eval(x::bitcast_convert<c128>(halves));
  static_assert(whole(0) == c128(1.0, -2.0));
  using split_c = decltype(x::bitcast_convert<c64>(std::declval<const x::tensor<"c128[3,4]">&>()));
  static_assert(split_c::spec.dimensions == x::dimension_list{3, 4, 2});
  using same_c = decltype(x::bitcast_convert<c64>(std::declval<const x::tensor<"c64[3]">&>()));
  static_assert(same_c::spec.dimensions == x::dimension_list{3});

  // Random values in several layouts against memcpy (the bytes in memory order).
  std::mt19937_64 rng(99);
  x::tensor<"c128[3,5]"> a;
  x::for_each_index<x::tensor<"c128[3,5]">::shape_type>(
      [&](const auto& idx) { a[idx] = c128(gen<double>(rng), gen<double>(rng)); });
  const x::tensor<"c128[3,5]{0,1}"> ac = a;
  const auto piece = [&](const auto& idx) {  // the c64 at byte 8 * k of the c128
    unsigned char bytes[sizeof(c128)];
    const c128 w = a(idx[0], idx[1]);
    std::memcpy(bytes, reinterpret_cast<const unsigned char*>(&w), sizeof w);
    float re, im;
    std::memcpy(&re, bytes + 8 * idx[2], 4);
    std::memcpy(&im, bytes + 8 * idx[2] + 4, 4);
    return c64(re, im);
  };
  const auto same_bits = [](c64 u, c64 v) {
    return bits_of(u.real()) == bits_of(v.real()) && bits_of(u.imag()) == bits_of(v.imag());
  };
  const x::tensor<"c64[3,5,2]"> s1 = x::bitcast_convert<c64>(a);
  const x::tensor<"c64[3,5,2]{0,2,1}"> s2 = x::bitcast_convert<c64>(ac);
  const x::tensor<"c64[3,5,2]{2,1,0:T(2,2)}"> s3 = x::bitcast_convert<c64>(a);
  int checked = 0;
  x::for_each_index<x::tensor<"c64[3,5,2]">::shape_type>([&](const auto& idx) {
    CHECK(same_bits(s1[idx], piece(idx)));
    CHECK(same_bits(s2[idx], piece(idx)));
    CHECK(same_bits(s3[idx], piece(idx)));
    ++checked;
  });
  CHECK_EQ(checked, 30);
  const x::tensor<"c128[3,5]{0,1}"> j1 = x::bitcast_convert<c128>(s2);
  const x::tensor<"c128[3,5]"> j2 = x::bitcast_convert<c128>(s3);
  const auto same_bits128 = [](c128 u, c128 v) {
    return std::bit_cast<std::uint64_t>(u.real()) == std::bit_cast<std::uint64_t>(v.real()) &&
           std::bit_cast<std::uint64_t>(u.imag()) == std::bit_cast<std::uint64_t>(v.imag());
  };
  x::for_each_index<x::tensor<"c128[3,5]">::shape_type>([&](const auto& idx) {
    CHECK(same_bits128(j1[idx], a[idx]));
    CHECK(same_bits128(j2[idx], a[idx]));
  });
}

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

TEST_CASE_TEMPLATE("ops/reduce_precision: random operands against the reference, every layout", T, float, double, x::f16,
                   x::bf16) {
  const auto run = [&]<int M, int E>(unsigned seed) {
    check_layouts<T, T>([](const auto& a) { return x::reduce_precision<M, E>(a); },
                        [](T v) { return ref_reduce(v, M, E); },
                        "reduce_precision<" + std::to_string(M) + "," + std::to_string(E) + ">", seed);
  };
  run.template operator()<10, 5>(1);
  run.template operator()<7, 8>(2);
  run.template operator()<0, 8>(3);
  run.template operator()<3, 2>(4);
  run.template operator()<1, 1>(5);
  run.template operator()<0, 3>(6);
  run.template operator()<23, 8>(7);
  run.template operator()<60, 20>(8);
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
