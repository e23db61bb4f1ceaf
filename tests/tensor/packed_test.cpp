// Tests for sxla/tensor/packed.hpp: XLA's packing of sub-byte elements (E(n) layouts:
// 8 / n storage slots per byte, the first in the least significant bits), checked
// against byte patterns written here by hand from that rule; views of user memory; every
// value of every packed type round-tripping; packed arrays as operands and destinations
// of expressions, in other layouts, and assigned from themselves.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <sstream>
#include <string>

namespace x = sxla;

TEST_CASE("tensor/packed: a u4[8] is 4 bytes, the first element in the low nibble") {
  using P = x::packed_tensor<"u4[8]">;
  static_assert(P::byte_count == 4 && sizeof(P) == 4);
  static_assert(x::to_string<P>() == "u4[8]{0:E(4)}");
  P p = {1, 2, 3, 4, 5, 6, 7, 15};
  CHECK_EQ(p.bytes()[0], 0x21);
  CHECK_EQ(p.bytes()[1], 0x43);
  CHECK_EQ(p.bytes()[2], 0x65);
  CHECK_EQ(p.bytes()[3], 0xf7);
  p.set({7}, x::u4(8));
  CHECK_EQ(p.bytes()[3], 0x87);
  CHECK_EQ(int(p(6)), 7);
  CHECK_EQ(int(p(7)), 8);
}

TEST_CASE("tensor/packed: s2 packs four to a byte; an odd count leaves the last byte partly unused") {
  using P = x::packed_tensor<"s2[5]">;
  static_assert(P::byte_count == 2);
  const P p = {-2, -1, 0, 1, 1};
  // -2 = 0b10, -1 = 0b11, 0 = 0b00, 1 = 0b01 from the low bits up: 0b01'00'11'10.
  CHECK_EQ(p.bytes()[0], 0x4e);
  CHECK_EQ(p.bytes()[1], 0x01);
  std::ostringstream s;
  s << p;
  CHECK_EQ(s.str(), "s2[5]{0:E(2)} {-2, -1, 0, 1, 1}");
}

TEST_CASE("tensor/packed: f6 types take one byte each, as XLA packs 8 / 6 = 1 per byte") {
  using P = x::packed_tensor<"f6e3m2fn[3]">;
  static_assert(P::byte_count == 3);
  const P p = {0.25f, -28.0f, 3.0f};
  CHECK_EQ(p.bytes()[0], 0x04);  // 0.25: exponent field 1 (bias 3), mantissa 0
  CHECK_EQ(p.bytes()[1], 0x3f);  // -28: sign, the largest magnitude
  CHECK_EQ(static_cast<float>(p(2)), 3.0f);
}

TEST_CASE_TEMPLATE("tensor/packed: every value of every packed type survives a view of user memory", T, x::s2,
                   x::s4, x::u2, x::u4, x::f4e2m1fn, x::f6e2m3fn, x::f6e3m2fn) {
  constexpr int bits = T::bit_width;
  constexpr x::index_t n = x::index_t{1} << bits;
  constexpr x::shape_spec spec(x::primitive_type_of<T>, {n, 3});
  std::array<std::uint8_t, 3 * n> memory{};  // more than enough
  auto v = x::packed_view<spec>(memory);
  static_assert(decltype(v)::byte_count == (bits == 6 ? 3 * n : 3 * n * bits / 8));
  for (x::index_t i = 0; i < n; ++i)
    for (x::index_t j = 0; j < 3; ++j) v.set({i, j}, T::from_bits(static_cast<std::uint8_t>((i + j) % n)));
  // The bytes follow the rule: slot s = 3 i + j holds (i + j) % n at byte s / (8 / bits),
  // bit (s % (8 / bits)) * bits.
  const int per_byte = 8 / bits;
  for (x::index_t s = 0; s < 3 * n; ++s) {
    const unsigned want = static_cast<unsigned>((s / 3 + s % 3) % n);
    const unsigned got = (memory[static_cast<std::size_t>(s / per_byte)] >> ((s % per_byte) * bits)) & (n - 1);
    CHECK_EQ(got, want);
  }
  // Back through a read-only view, a packed tensor and an unpacked one.
  const std::array<std::uint8_t, 3 * n>& cm = memory;
  const auto cv = x::packed_view<spec>(cm);
  const x::packed_tensor<spec> copy = cv;
  const x::tensor<spec> unpacked = cv;
  for (x::index_t i = 0; i < n; ++i)
    for (x::index_t j = 0; j < 3; ++j) {
      CHECK_EQ(cv(i, j).bits(), static_cast<unsigned>((i + j) % n));
      CHECK_EQ(copy(i, j).bits(), static_cast<unsigned>((i + j) % n));
      CHECK_EQ(unpacked(i, j).bits(), static_cast<unsigned>((i + j) % n));
    }
  CHECK(copy == unpacked);
}

TEST_CASE("tensor/packed: other layouts pack the storage order") {
  // Column-major: storage order is (0,0), (1,0), (0,1), (1,1), (0,2), (1,2).
  const x::tensor<"u4[2,3]"> t = {{1, 2, 3}, {4, 5, 6}};
  const x::packed_tensor<"u4[2,3]{0,1}"> p = t;
  CHECK_EQ(p.bytes()[0], 0x41);
  CHECK_EQ(p.bytes()[1], 0x52);
  CHECK_EQ(p.bytes()[2], 0x63);
  // Tiled: u4[3,5]{1,0:T(2,2)E(4)} stores 2x2 tiles, padding slots included (24 slots).
  const x::packed_tensor<"u4[3,5]{1,0:T(2,2)E(4)}"> tiled = x::convert<x::u4>(x::iota<"s32[3,5]", 1>());
  static_assert(decltype(tiled)::byte_count == 12);
  CHECK_EQ(tiled.bytes()[0], 0x10);  // tile (0,0): (0,0)=0, (0,1)=1
  CHECK_EQ(tiled.bytes()[1], 0x10);  //             (1,0)=0, (1,1)=1
  CHECK_EQ(tiled.bytes()[2], 0x32);  // tile (0,1): (0,2)=2, (0,3)=3
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 5; ++j) CHECK_EQ(int(tiled(i, j)), j);
}

TEST_CASE("tensor/packed: operands and destinations of expressions") {
  std::uint8_t w_bytes[3] = {0x21, 0xf3, 0x8e};  // s4 {1, 2, 3, -1, -2, -8}
  const auto w = x::packed_view<"s4[6]">(w_bytes);
  const x::tensor<"s32[6]"> wide = x::convert<std::int32_t>(w);
  const int want[6] = {1, 2, 3, -1, -2, -8};
  for (int i = 0; i < 6; ++i) CHECK_EQ(wide(i), want[i]);

  // An expression over packed operands into a packed destination, wrapping.
  x::packed_tensor<"s4[6]"> sum = w + w;
  const int twice[6] = {2, 4, 6, -2, -4, 0};
  for (int i = 0; i < 6; ++i) CHECK_EQ(int(sum(i)), twice[i]);

  // A destination read at other positions by its own expression: through a temporary.
  std::uint8_t r_bytes[3] = {0x21, 0xf3, 0x8e};
  auto r = x::packed_view<"s4[6]">(r_bytes);
  r = x::rev<0>(r);
  for (int i = 0; i < 6; ++i) CHECK_EQ(int(r(i)), want[5 - i]);
  sum = x::rev<0>(sum) - sum;
  for (int i = 0; i < 6; ++i) CHECK_EQ(int(sum(i)), x::s4(twice[5 - i] - twice[i]));

  // Reductions and dot read packed operands too.
  const x::tensor<"s32[]"> total = x::reduce<0>(x::convert<std::int32_t>(w), 0, x::add_op);
  CHECK_EQ(total(), -5);
  const x::packed_tensor<"u4[2,2]"> a = {{1, 2}, {3, 4}};
  const x::tensor<"u32[2,2]"> aa = x::dot<std::uint32_t>(a, a);
  CHECK_EQ(aa(0, 0), 7u);
  CHECK_EQ(aa(1, 1), 22u);
}

TEST_CASE("tensor/packed: f4e2m1fn weights, as quantised models store them") {
  // Two per byte: 0x2A = {f4 0xA = -1.0, f4 0x2 = 1.0}; 0x7F = {-6.0, 6.0}.
  const std::uint8_t raw[2] = {0x2a, 0x7f};
  const auto q = x::packed_view<"f4e2m1fn[4]">(raw);
  const x::tensor<"f32[4]"> f = x::convert<float>(q);
  CHECK_EQ(f(0), -1.0f);
  CHECK_EQ(f(1), 1.0f);
  CHECK_EQ(f(2), -6.0f);
  CHECK_EQ(f(3), 6.0f);
  const x::tensor<"f32[]"> dot = x::dot<float>(q, q);
  CHECK_EQ(dot(), 1.0f + 1.0f + 36.0f + 36.0f);
}

TEST_CASE("tensor/packed: the README's example") {
  std::uint8_t weights[4] = {0x21, 0x43, 0x65, 0x87};  // u4 {1, 2, 3, 4, 5, 6, 7, 8}
  const auto w = x::packed_view<"u4[8]">(weights);
  x::tensor<"f32[8]"> wf = x::convert<float>(w);
  x::tensor<"f8e4m3fn[8]"> q = x::convert<x::f8e4m3fn>(wf * 60.0f);
  // 60 i rounded to 4 significant bits: 180 -> 176, 300 -> 288, 360 -> 352, 420 -> 416;
  // 480 is above 448 + 16 (half the step to 480): NaN.
  const float want[7] = {60, 120, 176, 240, 288, 352, 416};
  for (int i = 0; i < 7; ++i) CHECK_EQ(static_cast<float>(q(i)), want[i]);
  CHECK(q(7).isnan());
}
