// The promise "no heap unless asked" (tests/alloc/no_heap_test.cpp) for the linear-algebra
// ops and the random number ops, continued from no_heap_producers_test.cpp (split for
// compile time): cholesky and triangular_solve (batches on the stack, fused, in place, and
// a 128 KiB matrix in a caller's workspace), and the random number ops (plain, fused, into
// another layout through a temporary in a caller's workspace).
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>

#include "alloc/counting.hpp"

namespace x = sxla;
using sxla_test::allocations_during;

TEST_CASE("alloc: cholesky and triangular_solve on the stack, fused, in place, in a workspace: no allocation") {
  static x::tensor<"f32[8,4,4]"> a, l;
  static x::tensor<"f32[8,4,3]"> b, s;
  static x::tensor<"f64[128,128]"> big, big_l;
  for (int k = 0; k < 8; ++k)
    for (int i = 0; i < 4; ++i) {
      for (int j = 0; j < 4; ++j) a(k, i, j) = i == j ? 4.0f : 1.0f;  // 3 I + ones: l00 = 2
      for (int j = 0; j < 3; ++j) b(k, i, j) = static_cast<float>(i + j);
    }
  for (int i = 0; i < 128; ++i) big(i, i) = 2.0;
  CHECK_EQ(allocations_during([&] { l = x::cholesky<x::lower>(a); }), 0);
  CHECK(l(5, 0, 0) == 2.0f);
  CHECK_EQ(allocations_during([&] { s = x::mul(x::triangular_solve<x::triangular_solve_options{}>(l, b), 2.0f); }),
           0);  // fused
  CHECK(s(3, 0, 1) == 1.0f);  // 2 * (1 / 2)
  CHECK_EQ(allocations_during([&] { a = x::cholesky<x::upper>(a); }), 0);  // in place
  CHECK(a(1, 0, 0) == 2.0f);
  // 128 KiB matrices: the caller's workspace.
  using E = decltype(x::cholesky<x::lower>(big));
  static x::workspace<x::workspace_bytes<E, decltype(big_l)>> ws;
  CHECK_EQ(allocations_during([&] { big_l.using_workspace(ws) = x::cholesky<x::lower>(big); }), 0);
  CHECK(std::abs(big_l(77, 77) - std::sqrt(2.0)) < 1e-15);
}

TEST_CASE("alloc: the random number ops, plain, fused, into another layout and in a workspace: no allocation") {
  static x::tensor<"f32[64,300]"> u, y;
  static x::tensor<"u32[7,40]"> bits;
  static x::tensor<"f64[300,64]{0,1}"> cm;
  const x::tensor<"u64[2]"> state = {1, 2};
  x::rng_state gen{.seed = 5};
  CHECK_EQ(allocations_during([&] { u = x::rng_uniform<"f32[64,300]">(0.0f, 1.0f, gen); }), 0);
  static x::tensor<"f32[300]"> bias;
  bias(7) = 1.0f;
  CHECK_EQ(allocations_during([&] {
             y = x::add(x::rng_normal<"f32[64,300]">(0.0f, 1.0f, gen), bias, x::broadcast_dimensions<1>);  // fused
           }),
           0);
  CHECK_EQ(allocations_during([&] {
             bits = std::get<1>(x::rng_bit_generator<x::rng_algorithm::three_fry, "u32[7,40]">(state));
           }),
           0);
  // Another layout goes through a row-major temporary: in a caller's workspace when it
  // is larger than the stack allowance.
  using E = decltype(x::rng_normal<"f64[300,64]">(0.0, 1.0, gen));
  static x::workspace<x::workspace_bytes<E, decltype(cm)>> ws;
  CHECK_EQ(allocations_during([&] { cm.using_workspace(ws) = x::rng_normal<"f64[300,64]">(0.0, 1.0, gen); }), 0);
  CHECK(u(3, 5) >= 0.0f);
  CHECK(u(3, 5) < 1.0f);
  CHECK(std::isfinite(cm(299, 63)));
}
