// Tests for sxla/ops/convert.hpp, part 2: bitcast_convert (BitcastConvertType). Expected
// values are written by hand from the rules (pieces in memory order, c128 <-> c64[2]);
// random operands are checked against plain references (memcpy) in every layout.
// reduce_precision and get_dimension_size: convert_precision_test.cpp.
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
