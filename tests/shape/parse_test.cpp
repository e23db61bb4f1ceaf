// Tests for sxla/shape/parse.hpp, the run-time parser: error values with messages for
// malformed strings and for broken rules, and the round trip print(parse(s)) == s.
#include <sxla/shape/parse.hpp>
#include <sxla/shape/print.hpp>

#include <doctest/doctest.h>

#include <string>
#include <string_view>

TEST_CASE("shape/parse: malformed strings give an error value with a message") {
  const auto r = sxla::parse_shape("f32[2,x]");
  CHECK_FALSE(r.ok());
  CHECK_FALSE(static_cast<bool>(r));
  CHECK(r.is_syntax_error());
  CHECK_EQ(r.status.error, sxla::shape_error::expected_dimension);
  CHECK_EQ(r.message().view(), "malformed shape string at character 6: expected a dimension size");

  const struct {
    std::string_view text;
    std::string_view message;
  } cases[] = {
      {"f64[3]{0} junk", "malformed shape string at character 10: unexpected characters after the shape"},
      {"c128[2", "malformed shape string at character 6: expected ',' or ']' after a dimension size"},
      {"f32[2,3]{0,0}", "invalid layout: minor_to_major is not a permutation of the dimension numbers"},
      {"f32[2,3]{1,0:T(2,2,2)}", "invalid layout: a tile has more dimensions than the shape it tiles"},
      {"f32[2,3]{1,0:T(0,1)}", "invalid layout: a tile dimension is 0"},
      {"f32[2,3]{1,0:pad(1,3)}", "invalid layout: a padded dimension is smaller than the dimension it pads"},
      {"f32[4,4]{1,0:T(*)}", "invalid layout: '*' (combine) is the most minor tile entry: there is no more minor dimension to merge it into"},
      {"f32[3037000500,3037000500]", "invalid layout: the storage size overflows int64"},
      {"f32[8]{0:E(4)}", "invalid layout: E(n) packs sub-byte elements: n must be the element type's bit width (2: s2, u2; 4: s4, u4, f4e2m1fn; 6: f6e2m3fn, f6e3m2fn)"},
      {"u4[8]{0:E(2)}", "invalid layout: E(n) packs sub-byte elements: n must be the element type's bit width (2: s2, u2; 4: s4, u4, f4e2m1fn; 6: f6e2m3fn, f6e3m2fn)"},
      {"s8[0,9999999999,9999999999]", "invalid layout: a stride or a size in bytes overflows int64 (the product of the sizes other than 0, times the element's bytes, must fit: a size of 0 empties the array but the other sizes still multiply)"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.text);
    const auto p = sxla::parse_shape(c.text);
    CHECK_FALSE(p.ok());
    CHECK_EQ(p.message().view(), c.message);
  }
  CHECK_EQ(sxla::parse_shape("f32[2,3]{0,0}").status.position, 0u);  // no position for a rule
}

TEST_CASE("shape/parse: the longest message, the list of every element type, is whole") {
  const auto p = sxla::parse_shape("");
  CHECK_FALSE(p.message().truncated());
  CHECK(p.message().view().ends_with("f6e2m3fn, f6e3m2fn, f8e8m0fnu)"));
}

TEST_CASE("shape/parse: packed layouts of the sub-byte types read and print back as XLA writes them") {
  for (std::string_view text : {"u4[8]{0:E(4)}", "s2[3,5]{0,1:E(2)}", "f4e2m1fn[2,64]{1,0:T(2,16)E(4)}",
                                "f6e3m2fn[4]{0:E(6)}", "f8e4m3b11fnuz[2,3]{0,1}", "f8e8m0fnu[]"}) {
    CAPTURE(text);
    const auto p = sxla::parse_shape(text);
    REQUIRE(p.ok());
    CHECK_EQ(sxla::to_string(p.shape).view(), text);
  }
}

TEST_CASE("shape/parse: every shape string of the seeds and the spec note round-trips") {
  // Verbatim from ../shared/seeds/004 and ../shared/spec/tiled-layout.md (canonical form).
  for (std::string_view s : {"f32[3,5]{1,0:T(2,2)}", "bf16[2,3,1004]{2,1,0:T(2,*,128)}", "f32[]",
                             "f32[4,8]{1,0:T(2,4)(2,1)}", "f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}",
                             "f32[112,110]{1,0:T(2,3)}", "f32[2,7,8,11,10]{4,3,2,1,0}",
                             "f32[112,110]{1,0}", "f32[2,3]{1,0}", "f32[2,3]{0,1}",
                             "f32[2,3]{0,1:pad(3,5)}"}) {
    CAPTURE(s);
    const auto r = sxla::parse_shape(s);
    REQUIRE(r.ok());
    CHECK_EQ(sxla::to_string(r.shape).view(), s);
    CHECK_EQ(sxla::parse_shape(sxla::to_string(r.shape).view()).shape, r.shape);
  }
  // The note's TPU layout, and its layout-only example on a rank-4 shape.
  for (std::string_view s : {"bf16[16,256]{1,0:T(8,128)(2,1)}",
                             "f32[2,3,84,246]{3,2,1,0:T(42,123)(4,5)}"}) {
    CAPTURE(s);
    const auto r = sxla::parse_shape(s);
    REQUIRE(r.ok());
    CHECK_EQ(sxla::to_string(r.shape).view(), s);
  }
  // A default layout may be written without braces.
  CHECK_EQ(sxla::parse_shape("f32[2,3]").shape, sxla::parse_shape("f32[2,3]{1,0}").shape);
  // The seed's prose writes types as XLA's enum names; they parse to the same shapes
  // and print in the canonical lower case.
  for (std::string_view upper : {"F32[3,5]{1,0:T(2,2)}", "F32[2,7,8,11,10]{4,3,2,1,0}",
                                 "F32[112,110]{1,0}", "BF16[2]", "PRED[]", "C128[1]"}) {
    CAPTURE(upper);
    const auto r = sxla::parse_shape(upper);
    REQUIRE(r.ok());
    std::string lower(upper);  // the type name only: "T(2,2)" stays upper case
    for (std::size_t i = 0; i < lower.find('['); ++i)
      lower[i] = static_cast<char>(lower[i] >= 'A' && lower[i] <= 'Z' ? lower[i] - 'A' + 'a' : lower[i]);
    CHECK_EQ(r.shape, sxla::parse_shape(lower).shape);
    CHECK_EQ(sxla::to_string(r.shape, sxla::layout_printing::if_not_default).view(),
             sxla::to_string(sxla::parse_shape(lower).shape, sxla::layout_printing::if_not_default).view());
  }
  CHECK_FALSE(sxla::parse_shape("F32x[2]").ok());
  CHECK_FALSE(sxla::parse_shape("Bf16[2]").ok());
}
