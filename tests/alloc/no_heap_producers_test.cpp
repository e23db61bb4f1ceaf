// The promise "no heap unless asked" (tests/alloc/no_heap_test.cpp) for the whole-result
// producers of one operand and the linear-algebra ops: fft (2-D and real transforms on
// the stack, in place, with elementwise work fused on top, 1024-point rows in a caller's
// workspace), the vectorised quicksort of one long operand (in a caller's workspace),
// cholesky and triangular_solve (batches on the stack, fused, in place, and a 128 KiB
// matrix in a caller's workspace), and the random number ops (plain, fused, into another
// layout through a temporary in a caller's workspace). Their own file, so that
// no_heap_test.cpp stays quick to compile.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstdint>

#include "alloc/counting.hpp"

namespace x = sxla;
using sxla_test::allocations_during;

TEST_CASE("alloc: fft on the stack, in a caller's workspace, fused and in place: no allocation") {
  static x::tensor<"c64[16,64]"> a, y;
  static x::tensor<"f32[32,64]"> r, back;
  static x::tensor<"c64[32,33]"> half;
  static x::tensor<"c64[8,1024]"> big, big_out;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 64; ++j) a(i, j) = {static_cast<float>((i + j) % 5), static_cast<float>(j % 3)};
  for (int i = 0; i < 32; ++i)
    for (int j = 0; j < 64; ++j) r(i, j) = static_cast<float>((i * 7 + j) % 11);
  big(3, 0) = {1.0f, 0.0f};
  // 2-D transforms and the real ones within the stack allowance.
  CHECK_EQ(allocations_during([&] { y = x::fft<x::fft_type::fft, 16, 64>(a); }), 0);
  CHECK_EQ(allocations_during([&] { y = x::fft<x::fft_type::ifft, 16, 64>(y); }), 0);  // in place
  CHECK(std::abs(y(2, 3) - a(2, 3)) < 1e-4f);
  CHECK_EQ(allocations_during([&] { half = x::fft<x::fft_type::rfft, 64>(r); }), 0);
  CHECK_EQ(allocations_during([&] { back = x::mul(x::fft<x::fft_type::irfft, 64>(half), 2.0f); }), 0);  // fused
  CHECK(std::abs(back(5, 7) - 2.0f * r(5, 7)) < 1e-4f);
  // 1024-point rows need more than the stack allowance: the caller's workspace.
  using E = decltype(x::fft<x::fft_type::fft, 1024>(big));
  static x::workspace<x::workspace_bytes<E, decltype(big_out)>> ws;
  CHECK_EQ(allocations_during([&] { big_out.using_workspace(ws) = x::fft<x::fft_type::fft, 1024>(big); }), 0);
  CHECK(std::abs(big_out(3, 17) - x::c64(1.0f, 0.0f)) < 1e-6f);
}

TEST_CASE("alloc: the quicksort of one long operand: no allocation") {
  static x::tensor<"u32[100000]"> keys, sorted;
  for (std::uint32_t i = 0; i < 100000; ++i) keys(static_cast<x::index_t>(i)) = (i * 2654435761u) % 1000003u;
  static x::workspace<x::workspace_bytes<decltype(x::sort(keys)), decltype(sorted)>> ws;
  CHECK_EQ(allocations_during([&] { sorted.using_workspace(ws) = x::sort(keys); }), 0);
  bool ordered = true;
  for (x::index_t i = 1; i < 100000; ++i) ordered &= sorted(i - 1) <= sorted(i);
  CHECK(ordered);
}

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
