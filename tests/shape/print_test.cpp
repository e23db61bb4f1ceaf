// Tests for sxla/shape/print.hpp: the three layout-printing modes, scalars, '*' and the
// padding suffix, and shapes in compile errors (with core/diagnostics.hpp's formatter).
#include <sxla/shape/parse.hpp>
#include <sxla/shape/print.hpp>

#include <doctest/doctest.h>

#include <cstddef>
#include <string_view>
#include <type_traits>

using sxla::layout_printing;

namespace {
std::string_view print(std::string_view text, layout_printing lp, sxla::shape_string& keep) {
  const auto r = sxla::parse_shape(text);
  REQUIRE(r.ok());
  keep = sxla::to_string(r.shape, lp);
  return keep.view();
}
}  // namespace

TEST_CASE("shape/print: default layouts with and without braces") {
  sxla::shape_string k;
  CHECK_EQ(print("f32[2,3]", layout_printing::always, k), "f32[2,3]{1,0}");
  CHECK_EQ(print("f32[2,3]", layout_printing::if_not_default, k), "f32[2,3]");
  CHECK_EQ(print("f32[2,3]", layout_printing::never, k), "f32[2,3]");
  CHECK_EQ(print("f32[2,3]{0,1}", layout_printing::if_not_default, k), "f32[2,3]{0,1}");
  CHECK_EQ(print("f32[2,3]{0,1}", layout_printing::never, k), "f32[2,3]");
  CHECK_EQ(print("u8[7]", layout_printing::always, k), "u8[7]{0}");
  CHECK_EQ(print("s64[0,4]", layout_printing::always, k), "s64[0,4]{1,0}");
}

TEST_CASE("shape/print: scalars print no empty layout, as in XLA") {
  sxla::shape_string k;
  CHECK_EQ(print("f32[]", layout_printing::always, k), "f32[]");
  CHECK_EQ(print("pred[]{}", layout_printing::always, k), "pred[]");
  CHECK_EQ(sxla::to_string(sxla::shape_spec{}).view(), "f32[]");
}

TEST_CASE("shape/print: tiles, '*' and padding") {
  sxla::shape_string k;
  CHECK_EQ(print("bf16[2,3,1004]{2,1,0:T(2,*,128)}", layout_printing::never, k), "bf16[2,3,1004]");
  CHECK_EQ(print("f32[3,5]{1,0:T(2,2)}", layout_printing::if_not_default, k), "f32[3,5]{1,0:T(2,2)}");
  CHECK_EQ(print("f32[2,3]{1,0:pad(2,3)}", layout_printing::if_not_default, k), "f32[2,3]{1,0:pad(2,3)}");
  CHECK_EQ(print("f32[2,3]{1,0:pad(2,3,zero)}", layout_printing::always, k), "f32[2,3]{1,0:pad(2,3)}");
  CHECK_EQ(print("f32[2,3]{1,0:pad(2,3,unknown)}", layout_printing::always, k), "f32[2,3]{1,0:pad(2,3,unknown)}");
  CHECK_EQ(print("f32[2,3]{1,0:T(8,128)(2,1)pad(4,3,highest)}", layout_printing::always, k),
           "f32[2,3]{1,0:T(8,128)(2,1)pad(4,3,highest)}");
}

TEST_CASE("shape/print: compile-time strings are exactly as long as the text") {
  constexpr auto s = sxla::to_string<"f32[3,5]{1,0:T(2,2)}">();
  static_assert(s.capacity() == 20 && s.size() == 20);
  CHECK_EQ(s.view(), "f32[3,5]{1,0:T(2,2)}");
}

namespace sxla::hlo {
struct add;  // an op's tag, as the op headers declare them
}  // namespace sxla::hlo

TEST_CASE("shape/print: shapes in compile errors") {
  // clang shows shapes as array types (the layout is not shown).
  static_assert(std::is_same_v<sxla::shape_display_t<"f32[2]">, sxla::hlo::f32[2]>);
  static_assert(std::is_same_v<sxla::shape_display_t<"s8[2,3]{0,1}">, sxla::hlo::s8[2][3]>);
  static_assert(std::is_same_v<sxla::shape_display_t<"pred[]">, sxla::hlo::pred>);
  static_assert(std::extent_v<sxla::shape_display_t<"f32[2,0]">, 1> == 0);  // (no -Wpedantic warning)
  static_assert(std::is_same_v<sxla::shape_display_t<"s8[0,9999999999,9999999999]">,
                               sxla::hlo::shape<sxla::hlo::s8, 0, 9999999999, 9999999999>>);
  // g++ shows the text filled in, in order: the op's name, the types (shapes as HLO text,
  // with a layout other than the default), the values.
  using text = sxla::detail::diagnostic_text<
      "sxla: {}: {} and {}, {}: the ranks differ ({} and {}); {}", sxla::hlo::add,
      sxla::detail::type_list<sxla::shape_arg<"f32[2,3]{0,1}">, sxla::shape_arg<"f32[4]{0}">, int>,
      sxla::detail::value_list<2, std::size_t{1}, true>>;
  CHECK_EQ(std::string_view(text::value.text),
           "sxla: add: f32[2,3]{0,1} and f32[4], int: the ranks differ (2 and 1); true");
  static_assert(sizeof(text::value.text) == text::full.size() + 1);
  // clang's requirement lists the same: the op's tag, the display types, the values (as int).
  using args = sxla::detail::diagnostic_args<sxla::hlo::add, sxla::detail::type_list<sxla::shape_arg<"f32[4]">>,
                                             sxla::detail::value_list<std::size_t{2}>>::shown;
  static_assert(std::is_same_v<args, sxla::detail::diagnostic_args<sxla::hlo::add,
                                                                   sxla::detail::type_list<sxla::hlo::f32[4]>,
                                                                   sxla::detail::value_list<2>>>);
}
