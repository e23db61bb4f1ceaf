// Tests for sxla/tensor/literal_io.hpp: XLA's one-line literal format, golden text.
#include <sxla/tensor/literal_io.hpp>
#include <sxla/tensor/tensor.hpp>
#include <sxla/tensor/view.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <iterator>
#include <limits>
#include <sstream>
#include <string>

namespace x = sxla;

namespace {
template <class A>
std::string text(const A& a) {
  std::ostringstream os;
  os << a;
  return os.str();
}
}  // namespace

TEST_CASE("tensor/literal_io: arrays of each rank") {
  CHECK_EQ(text(x::tensor<"f32[2,3]">{{1, 2, 3}, {4, 5, 6}}), "f32[2,3] {{1, 2, 3}, {4, 5, 6}}");
  CHECK_EQ(text(x::tensor<"f32[]">{5}), "f32[] 5");
  CHECK_EQ(text(x::tensor<"s32[3]">{7, -8, 9}), "s32[3] {7, -8, 9}");
  CHECK_EQ(text(x::tensor<"u8[2,1,2]">{{{1, 2}}, {{3, 255}}}), "u8[2,1,2] {{{1, 2}}, {{3, 255}}}");
  CHECK_EQ(text(x::tensor<"f32[0]">{}), "f32[0] {}");
  CHECK_EQ(text(x::tensor<"f32[2,0]">{}), "f32[2,0] {{}, {}}");
}

TEST_CASE("tensor/literal_io: a non-default layout is printed; values stay logical") {
  const x::tensor<"f32[2,3]{0,1}"> c = {{1, 2, 3}, {4, 5, 6}};
  CHECK_EQ(text(c), "f32[2,3]{0,1} {{1, 2, 3}, {4, 5, 6}}");
  const x::tensor<"f32[3,5]{1,0:T(2,2)}"> t = {{0, 1, 2, 3, 4}, {5, 6, 7, 8, 9}, {10, 11, 12, 13, 14}};
  CHECK_EQ(text(t), "f32[3,5]{1,0:T(2,2)} {{0, 1, 2, 3, 4}, {5, 6, 7, 8, 9}, {10, 11, 12, 13, 14}}");
  const float buf[2] = {1.5f, 2.5f};
  CHECK_EQ(text(x::view<"f32[2]">(buf)), "f32[2] {1.5, 2.5}");
}

TEST_CASE("tensor/literal_io: element formats") {
  const float inf = std::numeric_limits<float>::infinity();
  CHECK_EQ(text(x::tensor<"pred[2]">{true, false}), "pred[2] {true, false}");
  CHECK_EQ(text(x::tensor<"s8[2]">{-128, 127}), "s8[2] {-128, 127}");
  CHECK_EQ(text(x::tensor<"f32[4]">{0.1f, -inf, 1e10f, -0.0f}), "f32[4] {0.1, -inf, 1e+10, -0}");
  CHECK_EQ(text(x::tensor<"f32[1]">{std::numeric_limits<float>::quiet_NaN()}), "f32[1] {nan}");
  CHECK_EQ(text(x::tensor<"f64[1]">{0.1}), "f64[1] {0.1}");
  CHECK_EQ(text(x::tensor<"c64[2]">{{1, 2}, {-0.5f, 0}}), "c64[2] {(1, 2), (-0.5, 0)}");
  // 16-bit floats: the shortest text that reads back to the same 16-bit value.
  CHECK_EQ(text(x::tensor<"f16[4]">{0.1f, 1.5f, 65504, 1e-7f}), "f16[4] {0.1, 1.5, 65500, 1e-07}");
  CHECK_EQ(text(x::tensor<"bf16[3]">{0.1f, 3, 1000}), "bf16[3] {0.1, 3, 1000}");
  CHECK_EQ(text(x::tensor<"bf16[1]">{inf}), "bf16[1] {inf}");
}

TEST_CASE("tensor/literal_io: write_literal writes to any output iterator") {
  char buf[64] = {};
  char* end = x::write_literal(buf, x::tensor<"s32[2]">{1, 2});
  CHECK_EQ(std::string(buf, end), "s32[2] {1, 2}");
}
