// Tests for sxla/tensor/view.hpp: views over user memory in any layout, const views,
// deep assignment, and the buffer-size check.
#include <sxla/tensor/tensor.hpp>
#include <sxla/tensor/view.hpp>

#include <doctest/doctest.h>

#include <array>
#include <type_traits>
#include <vector>

namespace x = sxla;

TEST_CASE("tensor/view: reading user memory in a given layout") {
  const float col[6] = {1, 4, 2, 5, 3, 6};
  const auto v = x::view<"f32[2,3]{0,1}">(col);
  static_assert(std::is_same_v<decltype(v), const x::tensor_view<"f32[2,3]{0,1}", const float>>);
  CHECK_EQ(v(0, 1), 2.0f);
  CHECK_EQ(v(1, 2), 6.0f);
  CHECK_EQ(v.data(), col);
  std::vector<float> heap(24, -1.0f);
  const auto t = x::view<"f32[3,5]{1,0:T(2,2)}">(heap.data());
  heap[17] = 9.0f;
  CHECK_EQ(t(2, 3), 9.0f);
}

TEST_CASE("tensor/view: assigning to a view writes the memory; copying it does not") {
  const x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  float buf[6] = {};
  auto out = x::view<"f32[2,3]{0,1}">(buf);
  out = a;
  CHECK_EQ(std::vector<float>(buf, buf + 6), std::vector<float>{1, 4, 2, 5, 3, 6});

  auto alias = out;            // a second view of the same memory
  alias(0, 0) = 10.0f;
  CHECK_EQ(buf[0], 10.0f);

  float other[6] = {};
  auto dst = x::view<"f32[2,3]{0,1}">(other);
  dst = out;                   // element copy, not rebinding
  CHECK_EQ(other[0], 10.0f);
  CHECK_EQ(dst.data(), other);
  other[1] = 99.0f;
  CHECK_EQ(buf[1], 4.0f);
}

TEST_CASE("tensor/view: const views") {
  float buf[6] = {1, 2, 3, 4, 5, 6};
  const auto rw = x::view<"f32[2,3]">(buf);
  const x::tensor_view<"f32[2,3]", const float> ro = rw;
  CHECK_EQ(ro(1, 0), 4.0f);
  static_assert(std::is_same_v<decltype(ro(0, 0)), const float&>);
  static_assert(!std::is_assignable_v<decltype(ro)&, x::tensor<"f32[2,3]">>);
  const std::array<int, 4> arr = {1, 2, 3, 4};
  const auto av = x::view<"s32[2,2]{0,1}">(arr);
  CHECK_EQ(av(0, 1), 3);
}

TEST_CASE("tensor/view: views of padded and tiled layouts leave padding alone") {
  float buf[15];
  for (float& f : buf) f = -7.0f;
  auto p = x::view<"f32[2,3]{0,1:pad(3,5)}">(buf);
  p = x::tensor<"f32[2,3]">{{1, 2, 3}, {4, 5, 6}};
  CHECK_EQ(std::vector<float>(buf, buf + 15),
           std::vector<float>{1, 4, -7, 2, 5, -7, 3, 6, -7, -7, -7, -7, -7, -7, -7});
}
