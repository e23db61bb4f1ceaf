// Tests for sxla/tensor/tensor.hpp: construction (zeroed, nested and flat lists, other
// layouts), logical access, physical storage with padding values, alignment.
#include <sxla/tensor/tensor.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <vector>

namespace x = sxla;

TEST_CASE("tensor/tensor: default construction zeroes every element") {
  x::tensor<"s32[2,3]"> t;
  for (int v : t.storage()) CHECK_EQ(v, 0);
  x::tensor<"c64[2]"> z;
  CHECK_EQ(z(1), std::complex<float>(0, 0));
  x::tensor<"f32[0,3]"> empty;
  CHECK_EQ(empty.storage().size(), 0u);
}

TEST_CASE("tensor/tensor: nested and flat lists are in logical order, any layout") {
  const x::tensor<"f32[2,3]"> row = {{1, 2, 3}, {4, 5, 6}};
  const x::tensor<"f32[2,3]{0,1}"> col = {{1, 2, 3}, {4, 5, 6}};
  const x::tensor<"f32[2,3]{0,1}"> flat = {1, 2, 3, 4, 5, 6};
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j) {
      CHECK_EQ(row(i, j), static_cast<float>(3 * i + j + 1));
      CHECK_EQ(col(i, j), static_cast<float>(3 * i + j + 1));
      CHECK_EQ(flat(i, j), static_cast<float>(3 * i + j + 1));
    }
  const std::vector<float> col_storage(col.storage().begin(), col.storage().end());
  CHECK_EQ(col_storage, std::vector<float>{1, 4, 2, 5, 3, 6});

  const x::tensor<"s16[2,2,2]{0,1,2}"> cube = {{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}};
  CHECK_EQ(cube(1, 0, 1), 6);
  CHECK_EQ(cube.storage()[1], 5);  // dimension 0 is minor: (1,0,0) follows (0,0,0)

  // One element per row: the nested form, not an ambiguity with the flat one.
  const x::tensor<"f32[3,1]"> column = {{1}, {2}, {3}};
  const x::tensor<"f32[3,1]"> column_flat = {1, 2, 3};
  CHECK_EQ(column(2, 0), 3.0f);
  CHECK(column == column_flat);

  const x::tensor<"f64[]"> scalar = 2.5;
  CHECK_EQ(scalar(), 2.5);
  const x::tensor<"u8[3]"> bytes = {250, 251, 252};
  CHECK_EQ(bytes[{2}], 252);
}

TEST_CASE("tensor/tensor: a run-time list of the wrong size fills what it can") {
  const std::initializer_list<float> short_row = {1, 2};
  const x::tensor<"f32[3]"> t(short_row);
  CHECK_EQ(t(0), 1.0f);
  CHECK_EQ(t(1), 2.0f);
  CHECK_EQ(t(2), 0.0f);
  const std::initializer_list<float> long_flat = {1, 2, 3, 4, 5, 6, 7, 8};
  const x::tensor<"f32[2,3]"> u(long_flat);
  CHECK_EQ(u(1, 2), 6.0f);
}

TEST_CASE("tensor/tensor: writing through logical access lands at the layout's offset") {
  x::tensor<"f32[3,5]{1,0:T(2,2)}"> t;
  t(2, 3) = 42.0f;
  CHECK_EQ(t.storage()[17], 42.0f);
  CHECK_EQ(x::tensor<"f32[3,5]{1,0:T(2,2)}">::offset({2, 3}), 17);
  t[{0, 4}] = 7.0f;
  CHECK_EQ(t.data()[x::linear_index<x::shape<"f32[3,5]{1,0:T(2,2)}">>({0, 4})], 7.0f);
}

TEST_CASE("tensor/tensor: padding slots hold the padding value") {
  const x::tensor<"f32[2,3]{0,1:pad(3,5,lowest)}"> lo = {{1, 2, 3}, {4, 5, 6}};
  // Column-major 3x5 storage: a d _ b e _ c f _ _ _ _ _ _ _ (seed 000's picture).
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<float> expect = {1, 4, -inf, 2, 5, -inf, 3, 6, -inf, -inf, -inf, -inf, -inf, -inf, -inf};
  CHECK_EQ(std::vector<float>(lo.storage().begin(), lo.storage().end()), expect);

  const x::tensor<"s8[1,1]{1,0:pad(2,2,highest)}"> hi = {{5}};
  CHECK_EQ(std::vector<std::int8_t>(hi.storage().begin(), hi.storage().end()),
           std::vector<std::int8_t>{5, 127, 127, 127});
  const x::tensor<"u8[1]{0:pad(2,lowest)}"> ulo;
  CHECK_EQ(ulo.storage()[1], 0);
  const x::tensor<"pred[1]{0:pad(2,one)}"> p;
  CHECK_EQ(p.storage()[1], true);
  const x::tensor<"bf16[1]{0:pad(2,highest)}"> b;
  CHECK(b.storage()[1].isinf());
  const x::tensor<"c64[1]{0:pad(2,one)}"> c;
  CHECK_EQ(c.storage()[1], std::complex<float>(1, 0));
  const x::tensor<"f32[2,3]{0,1:pad(3,5)}"> zero = {{1, 2, 3}, {4, 5, 6}};
  CHECK_EQ(zero.storage()[2], 0.0f);
}

TEST_CASE("tensor/tensor: conversion between layouts keeps the logical values") {
  const x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  const x::tensor<"f32[2,3]{1,0:T(2,2)}"> t = a;
  const std::vector<float> tiled(t.storage().begin(), t.storage().end());
  CHECK_EQ(tiled, std::vector<float>{1, 2, 4, 5, 3, 0, 6, 0});
  x::tensor<"f32[2,3]{0,1:pad(2,4)}"> p;
  p = t;
  CHECK_EQ(p(1, 2), 6.0f);
  CHECK_EQ(p.storage()[5], 6.0f);
  x::tensor<"f32[2,3]"> back(p);
  CHECK(back == a);
}

TEST_CASE("tensor/tensor: storage is aligned to cover it, up to 64 bytes") {
  CHECK_EQ(x::tensor<"f32[3]">::alignment, 16u);
  CHECK_EQ(x::tensor<"f32[2,3]">::alignment, 32u);
  CHECK_EQ(x::tensor<"f32[64]">::alignment, 64u);
  CHECK_EQ(x::tensor<"f64[1000]">::alignment, 64u);
  CHECK_EQ(x::tensor<"u8[1]">::alignment, 1u);
  x::tensor<"f32[16,16]"> big;
  CHECK_EQ(reinterpret_cast<std::uintptr_t>(big.data()) % 64, 0u);
  CHECK_EQ(sizeof(x::tensor<"f32[3]">), 16u);
}
