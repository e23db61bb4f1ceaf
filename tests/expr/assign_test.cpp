// Tests for sxla/expr/assign.hpp: evaluation into tensors and views, x::eval,
// x::noalias, constant evaluation, and the aliasing rule: an assignment whose operands
// read the destination in another order than it is written gives the same result as
// with a separate destination; reading it in place (a = a * 2) needs no temporary.
#include "support/elementwise_check.hpp"

#include <cstdint>
#include <memory>
#include <type_traits>

namespace x = sxla;
using namespace sxla_test;

TEST_CASE("expr/assign: a = transpose(a) on a square tensor, small and large") {
  x::tensor<"s32[3,3]"> a = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
  a = x::transpose<1, 0>(a);
  CHECK(a == x::tensor<"s32[3,3]">{{1, 4, 7}, {2, 5, 8}, {3, 6, 9}});
  // Above SXLA_STACK_TEMPORARY_BYTES the temporary is in the caller's workspace (without
  // one, and without SXLA_ALLOW_HEAP, this assignment does not compile).
  using big_t = x::tensor<"f32[300,300]">;
  static_assert(sizeof(big_t) > SXLA_STACK_TEMPORARY_BYTES);
  const auto b = std::make_unique<big_t>(x::iota<"f32[300,300]", 0>() * 1000.0f + x::iota<"f32[300,300]", 1>());
  const auto ws = std::make_unique<x::workspace_for<decltype(x::transpose<1, 0>(*b) + 1.0f), big_t>>();
  static_assert(sizeof(*ws) >= sizeof(big_t));
  b->using_workspace(*ws) = x::transpose<1, 0>(*b) + 1.0f;
  int bad = 0;
  for (int i = 0; i < 300; ++i)
    for (int j = 0; j < 300; ++j) bad += (*b)(i, j) != static_cast<float>(j * 1000 + i + 1);
  CHECK_EQ(bad, 0);
}

TEST_CASE("expr/assign: in-place elementwise updates and overlapping views") {
  x::tensor<"s32[4]"> a = {1, 2, 3, 4};
  a = a * a + a;
  CHECK(a == x::tensor<"s32[4]">{2, 6, 12, 20});
  // Two views of one buffer, one element apart: out = in + 1 must read the old values.
  std::int32_t buf[6] = {1, 2, 3, 4, 5, 6};
  auto in = x::view<"s32[5]">(buf);
  auto out = x::view<"s32[5]">(buf + 1);
  out = in + 10;
  CHECK_EQ(std::vector<std::int32_t>(buf, buf + 6), std::vector<std::int32_t>{1, 11, 12, 13, 14, 15});
  // The same memory in another layout is another order: a temporary too.
  float m[6] = {1, 2, 3, 4, 5, 6};
  auto row = x::view<"f32[2,3]">(m);
  auto col = x::view<"f32[2,3]{0,1}">(m);
  col = row * 2.0f;
  CHECK_EQ(std::vector<float>(m, m + 6), std::vector<float>{2, 8, 4, 10, 6, 12});
}

TEST_CASE("expr/assign: eval, noalias and assignment to views") {
  const x::tensor<"f32[2,2]{0,1}"> a = {{1, 2}, {3, 4}};
  const auto e = x::eval(a + a);
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(e)>, x::tensor<"f32[2,2]">>);  // default layout
  CHECK(e == x::tensor<"f32[2,2]">{{2, 4}, {6, 8}});
  x::tensor<"f32[2,2]"> t;
  x::noalias(t) = a * 3.0f;
  CHECK(t == x::tensor<"f32[2,2]">{{3, 6}, {9, 12}});
  float buf[4];
  auto v = x::view<"f32[2,2]">(buf);
  x::noalias(v) = a - 1.0f;
  CHECK_EQ(buf[1], 1.0f);
  CHECK(x::eval(a) == a);  // a copy of a tensor, in the default layout
}

namespace {
constexpr x::tensor<"s32[2,3]"> ca = {{1, -2, 3}, {4, 5, -6}};
constexpr auto cr = x::eval(x::max(ca * ca - 10, 0) + x::iota<"s32[2,3]", 1>());
static_assert(cr(0, 0) == 0 && cr(0, 2) == 2 && cr(1, 0) == 6 && cr(1, 2) == 28);
}  // namespace

TEST_CASE("expr/assign: constant evaluation gives what run time gives") {
  x::tensor<"s32[2,3]"> a = ca;
  const auto r = x::eval(x::max(a * a - 10, 0) + x::iota<"s32[2,3]", 1>());
  CHECK(r == cr);
}
