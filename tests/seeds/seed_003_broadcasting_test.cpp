// The worked examples of ../shared/seeds/003 ("Transmitiendo", XLA's broadcasting), with
// the seed's numbers: a vector added to a matrix along either dimension, a scalar added
// to a matrix, degenerate dimensions ((2,1) and (2,3); (1,2,5) and (7,2,5); the outer
// product (2,1) and (1,3)), and the two composed examples (a 4-vector and a 1x2 matrix
// with broadcast_dimensions (0); a 1x2 matrix and a 4x3x1 array with (1, 2)).
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

namespace x = sxla;

TEST_CASE("seeds/003: |1 2 3; 4 5 6| + |7 8 9| with broadcast_dimensions (1)") {
  const x::tensor<"f32[2,3]"> m = {{1, 2, 3}, {4, 5, 6}};
  const x::tensor<"f32[3]"> v = {7, 8, 9};
  const x::tensor<"f32[2,3]"> want = {{8, 10, 12}, {11, 13, 15}};
  CHECK(x::eval(x::add(m, v, x::broadcast_dimensions<1>)) == want);
  CHECK(x::eval(x::add(v, m, x::broadcast_dimensions<1>)) == want);  // either operand may be the lower-rank one
  // The same in other layouts of the operands and of the result.
  const x::tensor<"f32[2,3]{0,1}"> mc = m;
  const x::tensor<"f32[2,3]{0,1}"> got = x::add(mc, v, x::broadcast_dimensions<1>);
  CHECK(got == want);
}

TEST_CASE("seeds/003: a scalar broadcasts without broadcast_dimensions: |1 2 3; 4 5 6| + 7") {
  const x::tensor<"f32[2,3]"> m = {{1, 2, 3}, {4, 5, 6}};
  const x::tensor<"f32[2,3]"> want = {{8, 9, 10}, {11, 12, 13}};
  CHECK(x::eval(x::add(m, 7.0f)) == want);
  CHECK(x::eval(x::add(m, x::tensor<"f32[]">{7})) == want);  // a rank-0 array too
  CHECK(x::eval(m + 7) == want);
}

TEST_CASE("seeds/003: a 3-vector into a 3x3 matrix along dimension 1 or 0") {
  const x::tensor<"f32[3]"> v = {7, 8, 9};
  const x::tensor<"f32[3,3]"> zero{};
  const x::tensor<"f32[3,3]"> rows = {{7, 8, 9}, {7, 8, 9}, {7, 8, 9}};
  const x::tensor<"f32[3,3]"> cols = {{7, 7, 7}, {8, 8, 8}, {9, 9, 9}};
  CHECK(x::eval(x::add(zero, v, x::broadcast_dimensions<1>)) == rows);
  CHECK(x::eval(x::add(zero, v, x::broadcast_dimensions<0>)) == cols);
  CHECK(x::eval(x::broadcast_in_dim<"f32[3,3]", 1>(v)) == rows);
  CHECK(x::eval(x::broadcast_in_dim<"f32[3,3]", 0>(v)) == cols);
}

TEST_CASE("seeds/003: a 3x4 matrix into a 2x3x4 cuboid with broadcast_dimensions (1, 2)") {
  x::tensor<"s32[3,4]"> m;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j) m(i, j) = 10 * i + j;
  x::tensor<"s32[2,3,4]"> c;
  for (int k = 0; k < 2; ++k)
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 4; ++j) c(k, i, j) = 100 * k;
  const x::tensor<"s32[2,3,4]"> r = x::add(c, m, x::broadcast_dimensions<1, 2>);
  for (int k = 0; k < 2; ++k)
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 4; ++j) CHECK_EQ(r(k, i, j), 100 * k + 10 * i + j);
}

TEST_CASE("seeds/003: degenerate dimensions: (2,1)+(2,3), (1,2,5)+(7,2,5), (7,2,5)+(7,1,5)") {
  const x::tensor<"s32[2,1]"> a = {{1}, {2}};
  const x::tensor<"s32[2,3]"> b = {{10, 20, 30}, {40, 50, 60}};
  CHECK(x::eval(a + b) == x::tensor<"s32[2,3]">{{11, 21, 31}, {42, 52, 62}});

  x::tensor<"s32[1,2,5]"> p;
  x::tensor<"s32[7,2,5]"> q;
  x::tensor<"s32[7,1,5]"> s;
  for (int j = 0; j < 2; ++j)
    for (int k = 0; k < 5; ++k) p(0, j, k) = 1000 * j + k;
  for (int i = 0; i < 7; ++i)
    for (int j = 0; j < 2; ++j)
      for (int k = 0; k < 5; ++k) q(i, j, k) = 100000 * i;
  for (int i = 0; i < 7; ++i)
    for (int k = 0; k < 5; ++k) s(i, 0, k) = 10 * k;
  const x::tensor<"s32[7,2,5]"> pq = p + q;
  const x::tensor<"s32[7,2,5]"> qs = q + s;
  for (int i = 0; i < 7; ++i)
    for (int j = 0; j < 2; ++j)
      for (int k = 0; k < 5; ++k) {
        CHECK_EQ(pq(i, j, k), 100000 * i + 1000 * j + k);
        CHECK_EQ(qs(i, j, k), 100000 * i + 10 * k);
      }
}

TEST_CASE("seeds/003: the outer product (2,1) and (1,3) broadcast to (2,3)") {
  const x::tensor<"f32[2,1]"> a = {{1}, {2}};
  const x::tensor<"f32[1,3]"> b = {{10, 20, 30}};
  CHECK(x::eval(x::mul(a, b)) == x::tensor<"f32[2,3]">{{10, 20, 30}, {20, 40, 60}});
  CHECK(x::eval(a + b) == x::tensor<"f32[2,3]">{{11, 21, 31}, {12, 22, 32}});
}

TEST_CASE("seeds/003: |1 2 3 4| + [5 6] (a 1x2 matrix) with broadcast_dimensions (0) is 4x2") {
  const x::tensor<"f32[4]"> v = {1, 2, 3, 4};
  const x::tensor<"f32[1,2]"> m = {{5, 6}};
  const x::tensor<"f32[4,2]"> want = {{6, 7}, {7, 8}, {8, 9}, {9, 10}};
  CHECK(x::eval(x::add(v, m, x::broadcast_dimensions<0>)) == want);
  CHECK(x::eval(x::add(m, v, x::broadcast_dimensions<0>)) == want);
}

TEST_CASE("seeds/003: a 1x2 matrix and a 4x3x1 array with broadcast_dimensions (1, 2) give 4x3x2") {
  const x::tensor<"f32[1,2]"> m = {{5, 6}};
  x::tensor<"f32[4,3,1]"> c;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 3; ++j) c(i, j, 0) = static_cast<float>(10 * i + 100 * j);
  const auto r = x::eval(x::add(m, c, x::broadcast_dimensions<1, 2>));
  static_assert(decltype(r)::spec == x::shape_spec(x::primitive_type::f32, {4, 3, 2}));
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 2; ++k) CHECK_EQ(r(i, j, k), static_cast<float>(10 * i + 100 * j + 5 + k));
}
