// Tests for sxla/tensor/storage_array.hpp: equality across layouts, the concept.
#include <sxla/tensor/storage_array.hpp>
#include <sxla/tensor/tensor.hpp>
#include <sxla/tensor/view.hpp>

#include <doctest/doctest.h>

#include <limits>

namespace x = sxla;

TEST_CASE("tensor/storage_array: equality compares logical values, whatever the layouts") {
  const x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  const x::tensor<"f32[2,3]{0,1:T(2,2)}"> b = a;
  x::tensor<"f32[2,3]{0,1}"> c = a;
  CHECK(a == b);
  CHECK(b == a);
  CHECK(a == c);
  c(1, 1) = 0.5f;
  CHECK(a != c);
  const float buf[6] = {1, 2, 3, 4, 5, 6};
  CHECK(x::view<"f32[2,3]">(buf) == a);
}

TEST_CASE("tensor/storage_array: equality is IEEE for floats") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const x::tensor<"f32[2]"> n = {nan, 0.0f};
  const x::tensor<"f32[2]"> m = {nan, -0.0f};
  CHECK_FALSE(n == n);
  const x::tensor<"f32[1]"> z = {0.0f};
  const x::tensor<"f32[1]"> nz = {-0.0f};
  CHECK(z == nz);
  CHECK_FALSE(n == m);
}

TEST_CASE("tensor/storage_array: the concept names tensors and views only") {
  static_assert(x::storage_array<x::tensor<"f32[2]">>);
  static_assert(x::storage_array<const x::tensor<"f32[2]">&>);
  static_assert(x::storage_array<x::tensor_view<"f32[2]", const float>>);
  static_assert(!x::storage_array<x::shape<"f32[2]">>);
  static_assert(!x::storage_array<float>);
}
