// Tests for sxla/shape/validate.hpp: each rule is broken once, on a shape that is valid
// otherwise; the compile-time side of the same rules is tests/compile_fail/.
#include <sxla/shape/grammar.hpp>
#include <sxla/shape/layout_map.hpp>
#include <sxla/shape/validate.hpp>

#include <doctest/doctest.h>

#include <string_view>

using sxla::shape_error;

namespace {
shape_error rule(std::string_view text) {
  sxla::shape_spec s;
  const auto st = sxla::parse_shape_into(text, s);
  REQUIRE_MESSAGE(st.ok(), text);
  return sxla::validate(s);
}
}  // namespace

TEST_CASE("shape/validate: valid shapes pass") {
  for (std::string_view ok : {"f32[]", "f32[0]", "f32[2,3]{0,1}", "f32[3,5]{1,0:T(2,2)}",
                              "f32[4,8]{1,0:T(2,4)(2,1)}", "bf16[2,3,1004]{2,1,0:T(2,*,128)}",
                              "f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}",
                              "f32[2,3]{0,1:pad(3,5)}", "f32[2,3]{1,0:T(8,128)pad(2,3,highest)}",
                              "s32[1,1,1,1,1,1,1,1]", "f32[3]{0:T(1000)}"}) {
    CAPTURE(ok);
    CHECK_EQ(rule(ok), shape_error::none);
  }
}

TEST_CASE("shape/validate: each rule") {
  CHECK_EQ(rule("f32[2,3]{1}"), shape_error::minor_to_major_wrong_length);
  CHECK_EQ(rule("f32[2,3]{2,1,0}"), shape_error::minor_to_major_wrong_length);
  CHECK_EQ(rule("f32[2,3]{}"), shape_error::minor_to_major_wrong_length);
  CHECK_EQ(rule("f32[2,3]{0,0}"), shape_error::minor_to_major_not_permutation);
  CHECK_EQ(rule("f32[2,3]{2,0}"), shape_error::minor_to_major_not_permutation);
  CHECK_EQ(rule("f32[2,3]{1,0:pad(3)}"), shape_error::padded_dimensions_wrong_length);
  CHECK_EQ(rule("f32[2,3]{1,0:pad(3,2)}"), shape_error::padded_dimension_too_small);
  CHECK_EQ(rule("f32[2,3]{1,0:T()}"), shape_error::empty_tile);
  CHECK_EQ(rule("f32[2,3]{1,0:T(0,2)}"), shape_error::tile_dimension_zero);
  CHECK_EQ(rule("f32[2,3]{1,0:T(2,2,2)}"), shape_error::tile_too_long);
  CHECK_EQ(rule("f32[]{:T(1)}"), shape_error::tile_too_long);
  // The second level tiles the 4-dimensional shape the first produced: 5 is too long.
  CHECK_EQ(rule("f32[2,3]{1,0:T(2,2)(1,1,1,1)}"), shape_error::none);
  CHECK_EQ(rule("f32[2,3]{1,0:T(2,2)(1,1,1,1,1)}"), shape_error::tile_too_long);
  CHECK_EQ(rule("f32[2,3]{1,0:T(2,*)}"), shape_error::combine_without_minor);
  CHECK_EQ(rule("f32[2,3]{1,0:T(*)}"), shape_error::combine_without_minor);
  CHECK_EQ(rule("f32[3037000500,3037000500]"), shape_error::storage_too_large);
  CHECK_EQ(rule("f32[3,3]{1,0:T(3037000500,3037000500)}"), shape_error::storage_too_large);
}

TEST_CASE("shape/validate: every stride and byte size fits in int64, sizes of 0 aside") {
  // Storage 0, but dimension 0's stride is 9999999999^2 (the fuzzer's first find).
  CHECK_EQ(rule("s8[0,9999999999,9999999999]"), shape_error::size_too_large);
  CHECK_EQ(rule("s8[9999999999,9999999999,0]"), shape_error::size_too_large);
  CHECK_EQ(rule("s8[9999999999,0,9999999999]{0,1,2}"), shape_error::size_too_large);
  CHECK_EQ(rule("s8[0,9999999999,9999999999]{0,1,2:pad(0,9999999999,9999999999)}"),
           shape_error::size_too_large);
  // A '*' merge with a 0 would hide the sizes merged with it.
  CHECK_EQ(rule("s8[4294967296,0,4294967296]{2,1,0:T(*,*,1)}"), shape_error::size_too_large);
  // Tile padding: 2^62 + 1 elements in tiles of 2^62 take 2^63 slots.
  CHECK_EQ(rule("s8[4611686018427387904]{0:T(4611686018427387904)}"), shape_error::none);
  CHECK_EQ(rule("s8[4611686018427387905]{0:T(4611686018427387904)}"), shape_error::storage_too_large);
  CHECK_EQ(rule("s8[0,4611686018427387905]{1,0:T(1,4611686018427387904)}"), shape_error::size_too_large);
  // The size in bytes: 2^60 f64 take 2^63 bytes, one more than int64 holds.
  CHECK_EQ(rule("s8[2305843009213693952]"), shape_error::none);
  CHECK_EQ(rule("f64[1152921504606846975]"), shape_error::none);
  CHECK_EQ(rule("f64[1152921504606846976]"), shape_error::size_too_large);
  CHECK_EQ(rule("c128[0,576460752303423488]"), shape_error::size_too_large);
  CHECK_EQ(rule("c128[0,576460752303423487]"), shape_error::none);
  // Near the limit: (2^31 - 1) * 2^32 < 2^63 = 2^31 * 2^32.
  CHECK_EQ(rule("s8[0,2147483647,4294967296]"), shape_error::none);
  CHECK_EQ(rule("s8[0,2147483648,4294967296]"), shape_error::size_too_large);

  // The map of an accepted empty shape has every stride exact (XLA's ByteStrides / bytes).
  sxla::shape_spec s;
  REQUIRE(sxla::parse_shape_into("s8[0,2147483647,4294967296]", s).ok());
  const sxla::layout_map m = sxla::make_layout_map(s);
  REQUIRE(m.error == shape_error::none);
  CHECK_EQ(m.storage_count, 0);
  CHECK_EQ(m.strides[2], 1);
  CHECK_EQ(m.strides[1], 4294967296);
  CHECK_EQ(m.strides[0], 2147483647LL * 4294967296LL);
  CHECK_EQ(s.element_count(), 0);
  sxla::shape_spec t;
  REQUIRE(sxla::parse_shape_into("s8[9999999999,9999999999,0]", t).ok());
  CHECK_EQ(t.element_count(), 0);  // no overflow on the way to the 0
}

TEST_CASE("shape/validate: rules that only a spec built in code can break") {
  sxla::shape_spec s(sxla::primitive_type::f32, {2, 3});
  s.dimensions[0] = -1;
  CHECK_EQ(sxla::validate(s), shape_error::negative_dimension);

  sxla::shape_spec t(sxla::primitive_type::f32, {2, 3});
  t.layout.tiles.push_back(sxla::tile_spec{{-2, 2}});
  CHECK_EQ(sxla::validate(t), shape_error::tile_dimension_negative);

  sxla::shape_spec p(sxla::primitive_type::f32, {2, 3});
  p.layout.pad_value = sxla::padding_value::one;
  CHECK_EQ(sxla::validate(p), shape_error::padding_value_without_padding);

  sxla::shape_spec e;
  e.parse_error = shape_error::expected_dimension;
  CHECK_EQ(sxla::validate(e), shape_error::expected_dimension);
}
