// Tests for sxla/ops/map.hpp: a user callable over one, two and three operands (numbers
// broadcast), fused: the callable runs exactly once per element, in any destination
// layout; it receives the elements as their own types (f16 stays f16) and its return
// type is the result's element type.
#include "support/elementwise_check.hpp"

#include <cstdint>
#include <random>
#include <type_traits>

namespace x = sxla;
using namespace sxla_test;

TEST_CASE("ops/map: any callable, one pass, in any layout") {
  std::mt19937_64 rng(9);
  array<float, layout_kind::row_major> a0, b0;
  fill_random(a0, rng);
  fill_random(b0, rng);
  const array<float, layout_kind::col_major> b = b0;
  int calls = 0;
  auto f = [&calls](float u, float v, float w) {
    ++calls;
    return u > v ? u - v + w : w;
  };
  const array<float, layout_kind::tiled> r = x::map(f, a0, b, 2.0f);
  CHECK_EQ(calls, rows * cols);
  check_all(r, [&](const auto& i) { return a0[i] > b0[i] ? a0[i] - b0[i] + 2.0f : 2.0f; }, "map");
}

TEST_CASE("ops/map: the callable sees the element types and decides the result's") {
  const x::tensor<"f16[3]"> h = {1.5f, -2, 4};
  const auto kinds = x::eval(x::map([](x::f16 v) { return std::is_same_v<decltype(v), x::f16> && v > 0; }, h));
  static_assert(std::is_same_v<decltype(kinds)::value_type, bool>);
  CHECK(kinds == x::tensor<"pred[3]">{true, false, true});
  const auto widened = x::eval(x::map([](x::f16 v, std::int32_t k) { return static_cast<double>(v) * k; }, h,
                                      x::tensor<"s32[3]">{2, 3, 4}));
  static_assert(std::is_same_v<decltype(widened)::value_type, double>);
  CHECK(widened == x::tensor<"f64[3]">{3, -6, 16});
}
