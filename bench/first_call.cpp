// The first calls of a loop of 256 x 256 x 256 f32 products, one process per way of
// getting the packing buffers (532,480 bytes on AVX-512):
//   first_call heap        a build that allows the heap (SXLA_ALLOW_HEAP=1), no workspace:
//                          one block per call from the C library (mapped, and faulted
//                          in, while glibc's mmap threshold adapts)
//   first_call workspace   an x::workspace made before the loop (its constructor maps the
//                          pages)
// Prints each call's time and the mean of calls 1-9 against calls 10-40. Run each mode in
// a fresh process (bench/RESULTS.md).
#define SXLA_ALLOW_HEAP 1
#include <sxla/sxla.hpp>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>

namespace x = sxla;

namespace {
using mat = x::tensor<"f32[256,256]">;

template <class F>
double micros(F&& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
}
}  // namespace

int main(int argc, char** argv) {
  const bool heap = argc > 1 && std::strcmp(argv[1], "heap") == 0;
  const auto a = std::make_unique<mat>(x::iota<"f32[256,256]", 0>() * 0.01f);
  const auto b = std::make_unique<mat>(x::iota<"f32[256,256]", 1>() * 0.02f);
  const auto c = std::make_unique<mat>();
  using product = decltype(x::dot(*a, *b));
  const auto ws = heap ? nullptr : std::make_unique<x::workspace_for<product, decltype(x::noalias(*c))>>();
  constexpr int calls = 40;
  double t[calls];
  for (int i = 0; i < calls; ++i) {
    t[i] = micros([&] {
      if (heap) {
        x::noalias(*c) = x::dot(*a, *b);
      } else {
        x::noalias(*c).using_workspace(*ws) = x::dot(*a, *b);
      }
    });
  }
  double first = 0, rest = 0;
  for (int i = 0; i < 9; ++i) first += t[i] / 9;
  for (int i = 9; i < calls; ++i) rest += t[i] / (calls - 9);
  std::printf("%s: calls 1-9 %.1f us, calls 10-%d %.1f us (first 9 at %.0f%% of the later speed); c(1,2) = %g\n",
              heap ? "heap" : "workspace", first, calls, rest, 100 * rest / first, static_cast<double>((*c)(1, 2)));
  for (int i = 0; i < calls; ++i) std::printf("%.1f%s", t[i], i + 1 < calls ? " " : "\n");
}
