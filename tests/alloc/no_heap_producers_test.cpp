// The promise "no heap unless asked" (tests/alloc/no_heap_test.cpp) for the whole-result
// producers of one operand: fft (2-D and real transforms on the stack, in place, with
// elementwise work fused on top, 1024-point rows in a caller's workspace) and the
// vectorised quicksort of one long operand (in a caller's workspace). cholesky,
// triangular_solve and the random number ops: no_heap_linalg_test.cpp. Their own files,
// so that no_heap_test.cpp stays quick to compile.
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
