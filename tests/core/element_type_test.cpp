// Tests for sxla/core/element_type.hpp: XLA's names, C++ types and traits of every
// element type (the table below is written from XLA's xla_data.proto, not derived).
#include <sxla/core/element_type.hpp>

#include <doctest/doctest.h>

#include <string_view>

namespace {
struct row {
  sxla::primitive_type type;
  std::string_view name;
  int bits;
  bool integral, is_signed, floating, complex;
};
constexpr row table[] = {
    {sxla::primitive_type::pred, "pred", 8, false, false, false, false},
    {sxla::primitive_type::s8, "s8", 8, true, true, false, false},
    {sxla::primitive_type::s16, "s16", 16, true, true, false, false},
    {sxla::primitive_type::s32, "s32", 32, true, true, false, false},
    {sxla::primitive_type::s64, "s64", 64, true, true, false, false},
    {sxla::primitive_type::u8, "u8", 8, true, false, false, false},
    {sxla::primitive_type::u16, "u16", 16, true, false, false, false},
    {sxla::primitive_type::u32, "u32", 32, true, false, false, false},
    {sxla::primitive_type::u64, "u64", 64, true, false, false, false},
    {sxla::primitive_type::f16, "f16", 16, false, false, true, false},
    {sxla::primitive_type::bf16, "bf16", 16, false, false, true, false},
    {sxla::primitive_type::f32, "f32", 32, false, false, true, false},
    {sxla::primitive_type::f64, "f64", 64, false, false, true, false},
    {sxla::primitive_type::c64, "c64", 64, false, false, false, true},
    {sxla::primitive_type::c128, "c128", 128, false, false, false, true},
    {sxla::primitive_type::s2, "s2", 2, true, true, false, false},
    {sxla::primitive_type::s4, "s4", 4, true, true, false, false},
    {sxla::primitive_type::u2, "u2", 2, true, false, false, false},
    {sxla::primitive_type::u4, "u4", 4, true, false, false, false},
    {sxla::primitive_type::f8e5m2, "f8e5m2", 8, false, false, true, false},
    {sxla::primitive_type::f8e4m3, "f8e4m3", 8, false, false, true, false},
    {sxla::primitive_type::f8e3m4, "f8e3m4", 8, false, false, true, false},
    {sxla::primitive_type::f8e4m3fn, "f8e4m3fn", 8, false, false, true, false},
    {sxla::primitive_type::f8e4m3fnuz, "f8e4m3fnuz", 8, false, false, true, false},
    {sxla::primitive_type::f8e5m2fnuz, "f8e5m2fnuz", 8, false, false, true, false},
    {sxla::primitive_type::f8e4m3b11fnuz, "f8e4m3b11fnuz", 8, false, false, true, false},
    {sxla::primitive_type::f4e2m1fn, "f4e2m1fn", 4, false, false, true, false},
    {sxla::primitive_type::f6e2m3fn, "f6e2m3fn", 6, false, false, true, false},
    {sxla::primitive_type::f6e3m2fn, "f6e3m2fn", 6, false, false, true, false},
    {sxla::primitive_type::f8e8m0fnu, "f8e8m0fnu", 8, false, false, true, false},
};
}  // namespace

TEST_CASE("core/element_type: names, widths and traits of all thirty types") {
  CHECK_EQ(std::size(sxla::all_primitive_types), std::size(table));
  for (const row& r : table) {
    CAPTURE(r.name);
    CHECK_EQ(sxla::type_name(r.type), r.name);
    CHECK_EQ(sxla::bit_width(r.type), r.bits);
    CHECK_EQ(sxla::is_integral(r.type), r.integral);
    CHECK_EQ(sxla::is_signed_integral(r.type), r.integral && r.is_signed);
    CHECK_EQ(sxla::is_unsigned_integral(r.type), r.integral && !r.is_signed);
    CHECK_EQ(sxla::is_floating_point(r.type), r.floating);
    CHECK_EQ(sxla::is_complex(r.type), r.complex);
    CHECK_EQ(sxla::is_pred(r.type), r.name == "pred");
  }
  CHECK_EQ(sxla::component_type(sxla::primitive_type::c64), sxla::primitive_type::f32);
  CHECK_EQ(sxla::component_type(sxla::primitive_type::c128), sxla::primitive_type::f64);
  CHECK_EQ(sxla::component_type(sxla::primitive_type::s8), sxla::primitive_type::s8);
}

TEST_CASE("core/element_type: each C++ type has the size XLA gives its element type") {
  CHECK_EQ(sizeof(sxla::native_type_t<sxla::primitive_type::bf16>) * 8, 16u);
  CHECK_EQ(sizeof(sxla::native_type_t<sxla::primitive_type::c128>) * 8, 128u);
  CHECK_EQ(sizeof(sxla::native_type_t<sxla::primitive_type::s16>) * 8, 16u);
}

TEST_CASE("core/element_type: the sub-byte and 8-bit types take one byte each in a tensor") {
  CHECK_EQ(sizeof(sxla::native_type_t<sxla::primitive_type::s4>), 1u);
  CHECK_EQ(sizeof(sxla::native_type_t<sxla::primitive_type::f4e2m1fn>), 1u);
  CHECK_EQ(sizeof(sxla::native_type_t<sxla::primitive_type::f8e8m0fnu>), 1u);
  CHECK_EQ(sxla::byte_width(sxla::primitive_type::u2), 1);
  CHECK_EQ(sxla::byte_width(sxla::primitive_type::f6e3m2fn), 1);
  CHECK_EQ(sxla::byte_width(sxla::primitive_type::f8e5m2), 1);
  CHECK(sxla::is_sub_byte_integral(sxla::primitive_type::u4));
  CHECK_FALSE(sxla::is_sub_byte_integral(sxla::primitive_type::u8));
  CHECK(sxla::is_minifloat(sxla::primitive_type::f4e2m1fn));
  CHECK_FALSE(sxla::is_minifloat(sxla::primitive_type::bf16));
  CHECK_EQ(sxla::primitive_type_of<sxla::s4>, sxla::primitive_type::s4);
  CHECK_EQ(sxla::primitive_type_of<sxla::f8e4m3b11fnuz>, sxla::primitive_type::f8e4m3b11fnuz);
}
