// Tests for sxla/shape/grammar.hpp: what each well-formed string parses into, and the
// error and character position for malformed ones.
#include <sxla/shape/grammar.hpp>
#include <sxla/shape/shape_spec.hpp>

#include <doctest/doctest.h>

#include <string>
#include <string_view>

using sxla::shape_error;

namespace {
sxla::parse_status syntax(std::string_view text) {
  sxla::shape_spec s;
  return sxla::parse_shape_into(text, s);
}
}  // namespace

TEST_CASE("shape/grammar: the parts of a well-formed string") {
  sxla::shape_spec s;
  REQUIRE(sxla::parse_shape_into("bf16[2,3,1004]{2,1,0:T(2,*,128)}", s).ok());
  CHECK_EQ(s.element_type, sxla::primitive_type::bf16);
  CHECK_EQ(s.dimensions, sxla::small_vector<sxla::index_t, sxla::max_rank>{2, 3, 1004});
  CHECK_EQ(s.layout.minor_to_major, sxla::small_vector<sxla::index_t, sxla::max_rank>{2, 1, 0});
  REQUIRE_EQ(s.layout.tiles.size(), 1u);
  CHECK_EQ(s.layout.tiles[0].dimensions[0], 2);
  CHECK_EQ(s.layout.tiles[0].dimensions[1], sxla::tile_spec::combine);
  CHECK_EQ(s.layout.tiles[0].dimensions[2], 128);

  sxla::shape_spec p;
  REQUIRE(sxla::parse_shape_into(" f32 [ 2 , 3 ] { 0 , 1 : T(2,2)(2,1) pad( 3 , 5 , lowest ) } ", p).ok());
  CHECK_EQ(p.layout.tiles.size(), 2u);
  CHECK_EQ(p.layout.padded_dimensions, sxla::small_vector<sxla::index_t, sxla::max_rank>{3, 5});
  CHECK_EQ(p.layout.pad_value, sxla::padding_value::lowest);

  sxla::shape_spec d;
  REQUIRE(sxla::parse_shape_into("s8[4,5,6]", d).ok());
  CHECK_EQ(d.layout.minor_to_major, sxla::small_vector<sxla::index_t, sxla::max_rank>{2, 1, 0});

  sxla::shape_spec scalar;
  REQUIRE(sxla::parse_shape_into("pred[]{}", scalar).ok());
  CHECK_EQ(scalar.rank(), 0u);
}

TEST_CASE("shape/grammar: malformed strings give the error and where it was found") {
  struct bad {
    std::string_view text;
    shape_error error;
    std::size_t position;
  };
  const bad cases[] = {
      {"", shape_error::expected_element_type, 0},
      {"f31[2]", shape_error::expected_element_type, 0},
      {"  tuple[2]", shape_error::expected_element_type, 2},
      {"f32", shape_error::expected_open_bracket, 3},
      {"f32(2)", shape_error::expected_open_bracket, 3},
      {"f32[2,x]", shape_error::expected_dimension, 6},
      {"f32[2,]", shape_error::expected_dimension, 6},
      {"f32[,2]", shape_error::expected_dimension, 4},
      {"f32[<=4]", shape_error::dynamic_dimension, 4},
      {"f32[?]", shape_error::dynamic_dimension, 4},
      {"f32[2 3]", shape_error::expected_comma_or_close_bracket, 6},
      {"f32[2,3", shape_error::expected_comma_or_close_bracket, 7},
      {"f32[99999999999999999999]", shape_error::number_too_large, 4},
      {"f32[1,1,1,1,1,1,1,1,1]", shape_error::rank_too_large, 20},
      {"f32[2,3](1,0)", shape_error::expected_layout_or_end, 8},
      {"f32[2,3]{1,}", shape_error::expected_minor_to_major, 11},
      {"f32[2,3]{1;0}", shape_error::expected_layout_separator, 10},
      {"f32[2,3]{1,0:}", shape_error::expected_layout_field, 13},
      {"f32[2,3]{1,0:S(1)}", shape_error::expected_layout_field, 13},
      {"u4[2,3]{1,0:E()}", shape_error::expected_element_size, 14},
      {"u4[2,3]{1,0:E(0)}", shape_error::expected_element_size, 14},
      {"u4[2,3]{1,0:E 4}", shape_error::expected_open_paren, 14},
      {"u4[2,3]{1,0:E(4}", shape_error::expected_comma_or_close_paren, 15},
      {"u4[2,3]{1,0:E(4)T(2,2)}", shape_error::misplaced_layout_field, 16},
      {"u4[2,3]{1,0:E(4)E(4)}", shape_error::misplaced_layout_field, 16},
      {"u4[2,3]{1,0:E(4)pad(3,5)}", shape_error::misplaced_layout_field, 16},
      {"f32[2,3]{1,0:pad(3,5)T(2,2)}", shape_error::misplaced_layout_field, 21},
      {"f32[2,3]{1,0:T(2,2)T(2,1)}", shape_error::misplaced_layout_field, 19},
      {"f32[2,3]{1,0:T}", shape_error::expected_open_paren, 14},
      {"f32[2,3]{1,0:pad 3}", shape_error::expected_open_paren, 17},
      {"f32[2,3]{1,0:T(2,x)}", shape_error::expected_tile_dimension, 17},
      {"f32[2,3]{1,0:T(2,2}", shape_error::expected_comma_or_close_paren, 18},
      {"f32[2,3]{1,0:T(1)(1)(1)(1)(1)}", shape_error::too_many_tiles, 27},
      {"f32[2,3]{1,0:pad()}", shape_error::expected_padded_dimension, 17},
      {"f32[2,3]{1,0:pad(lowest)}", shape_error::expected_padded_dimension, 17},
      {"f32[2,3]{1,0:pad(3,5,nan)}", shape_error::unknown_padding_value, 21},
      {"f32[2,3]{1,0:pad(3,5,one,2)}", shape_error::expected_comma_or_close_paren, 24},
      {"f32[2,3]{1,0", shape_error::expected_layout_separator, 12},
      {"f32[2,3]{1,0:T(2,2)", shape_error::expected_close_brace, 19},
      {"f32[2,3]{1,0} extra", shape_error::trailing_characters, 14},
  };
  for (const bad& c : cases) {
    CAPTURE(c.text);
    const sxla::parse_status st = syntax(c.text);
    CHECK_EQ(st.error, c.error);
    CHECK_EQ(st.position, c.position);
  }
}

TEST_CASE("shape/grammar: syntax is separate from the shape rules") {
  // Well-formed strings whose layouts are invalid parse; validate.hpp rejects them.
  CHECK(syntax("f32[2,3]{0,0}").ok());
  CHECK(syntax("f32[2,3]{1,0:T()}").ok());
  CHECK(syntax("f32[2,3]{1,0:T(0,2)}").ok());
  CHECK(syntax("f32[2,3]{1,0:pad(1,5)}").ok());
  CHECK(syntax("f32[2,3]{1,0:E(16)}").ok());
}

TEST_CASE("shape/grammar: every element type's name, and E(n) after the other fields") {
  const std::string_view names[] = {"s2", "s4", "u2", "u4", "f8e5m2", "f8e4m3", "f8e3m4", "f8e4m3fn", "f8e4m3fnuz",
                                    "f8e5m2fnuz", "f8e4m3b11fnuz", "f4e2m1fn", "f6e2m3fn", "f6e3m2fn", "f8e8m0fnu"};
  for (std::string_view n : names) {
    CAPTURE(n);
    sxla::shape_spec s;
    std::string text(n);
    text += "[2]";
    REQUIRE(sxla::parse_shape_into(text, s).ok());
    CHECK_EQ(sxla::type_name(s.element_type), n);
  }
  sxla::shape_spec s;
  REQUIRE(sxla::parse_shape_into("U4[3,5]{0,1:T(2,2)E(4)}", s).ok());  // XLA's enum spelling too
  CHECK_EQ(s.element_type, sxla::primitive_type::u4);
  CHECK_EQ(s.layout.element_size_in_bits, 4);
  CHECK_EQ(s.layout.tiles.size(), 1u);
  REQUIRE(sxla::parse_shape_into("s2[7]{0:pad(8)E(2)}", s).ok());
  CHECK_EQ(s.layout.element_size_in_bits, 2);
  CHECK_EQ(s.layout.padded_dimensions[0], 8);
}
