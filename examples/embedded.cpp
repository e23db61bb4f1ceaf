// sxla on a microcontroller-like target: the single header, -Os, -fno-exceptions,
// -fno-rtti, and no heap. The program replaces the global operator new and delete with
// counting versions and prints how many allocations the pipeline made: 0. (In the
// default build an evaluation that would need more scratch memory than the stack budget
// does not compile; it never falls back to the heap.)
//
//   g++ -std=c++20 -Os -fno-exceptions -fno-rtti -march=native -DSXLA_SIMD_HIGHWAY=1
//       -Isingle_include examples/embedded.cpp -lhwy -o embedded && ./embedded
//
// The pipeline is what an inertial sensor's firmware does with a block of 32 samples of a
// 3-axis accelerometer (raw signed 16-bit counts):
//   1. calibrate: (raw - offset) * scale per axis          (convert, broadcast, sub, mul)
//   2. smooth: the mean of 4 consecutive samples            (reduce_window, valid)
//   3. rotate into the board's frame: samples x R^T         (dot)
//   4. the magnitude of each sample: sqrt(sum of squares)   (reduce, sqrt)
// Steps 1-2 and 3 are one assignment each; 4 fuses into its reduction. Every result is
// checked against plain loops; the program exits with 1 on a mismatch or an allocation.
#include "sxla.hpp"  // the single header (single_include/)

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <new>

namespace x = sxla;

// ---- Allocation counting: every global allocation function, replaced ----------------
namespace {
std::size_t allocations = 0;
void* counted(std::size_t bytes, std::size_t align) noexcept {
  ++allocations;
  return std::aligned_alloc(align, (bytes + align - 1) / align * align);
}
}  // namespace
void* operator new(std::size_t n) { return counted(n, alignof(std::max_align_t)); }
void* operator new[](std::size_t n) { return counted(n, alignof(std::max_align_t)); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return counted(n, alignof(std::max_align_t)); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return counted(n, alignof(std::max_align_t)); }
void* operator new(std::size_t n, std::align_val_t a) { return counted(n, static_cast<std::size_t>(a)); }
void* operator new[](std::size_t n, std::align_val_t a) { return counted(n, static_cast<std::size_t>(a)); }
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return counted(n, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return counted(n, static_cast<std::size_t>(a));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }

namespace {

constexpr int samples = 32, window = 4, smoothed_samples = samples - window + 1;

// Firmware state: static storage, sizes fixed at compile time.
x::tensor<"s16[32,3]"> raw{x::uninitialized};
const x::tensor<"f32[3]"> offset = {12.0f, -7.0f, 30.0f};              // counts
const x::tensor<"f32[3]"> scale = {1 / 4096.0f, 1 / 4096.0f, 1 / 4096.0f};  // g per count
// The sensor is mounted turned by 90 degrees about z: board = R * sensor.
const x::tensor<"f32[3,3]"> rotation = {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}};
x::tensor<"f32[29,3]"> smoothed{x::uninitialized};
x::tensor<"f32[29,3]"> board{x::uninitialized};
x::tensor<"f32[29]"> magnitude{x::uninitialized};

void acquire() {  // a stand-in for the sensor: 1 g along z, a slow tilt, some noise
  unsigned state = 2024;
  for (int i = 0; i < samples; ++i)
    for (int a = 0; a < 3; ++a) {
      state = state * 1103515245u + 12345u;
      const int noise = static_cast<int>((state >> 16) % 65) - 32;
      const int signal = a == 2 ? 4096 : (a == 0 ? 40 * i : -25 * i);
      raw(i, a) = static_cast<std::int16_t>(signal + noise + (a == 0 ? 12 : a == 1 ? -7 : 30));
    }
}

void process() {
  // 1 + 2: calibration fused into the window sums of the smoothing.
  smoothed = x::reduce_window<x::idx{window, 1}, x::idx{1, 1}>(
                 x::mul(x::sub(x::convert<x::f32>(raw), offset, x::broadcast_dimensions<1>), scale,
                        x::broadcast_dimensions<1>),
                 0.0f, x::add_op) /
             static_cast<float>(window);
  // 3: each row v becomes R v, that is board = smoothed . R^T.
  board = x::dot(smoothed, x::transpose<1, 0>(rotation));
  // 4: the squares are never stored.
  magnitude = x::sqrt(x::reduce<1>(board * board, 0.0f, x::add_op));
}

}  // namespace

int main() {
  acquire();
  const std::size_t before = allocations;
  process();
  const std::size_t made = allocations - before;

  // The same with loops.
  float worst = 0;
  for (int i = 0; i < smoothed_samples; ++i) {
    float mean[3] = {};
    for (int a = 0; a < 3; ++a) {
      for (int k = 0; k < window; ++k) mean[a] += (static_cast<float>(raw(i + k, a)) - offset(a)) * scale(a);
      mean[a] /= window;
    }
    float sum_squares = 0;
    for (int a = 0; a < 3; ++a) {
      float rotated = 0;
      for (int b = 0; b < 3; ++b) rotated += rotation(a, b) * mean[b];
      worst = std::fmax(worst, std::fabs(smoothed(i, a) - mean[a]));
      worst = std::fmax(worst, std::fabs(board(i, a) - rotated));
      sum_squares += rotated * rotated;
    }
    worst = std::fmax(worst, std::fabs(magnitude(i) - std::sqrt(sum_squares)));
  }

  std::printf("first smoothed sample in the board's frame: %.4f %.4f %.4f g (|a| = %.4f g)\n",
              static_cast<double>(board(0, 0)), static_cast<double>(board(0, 1)),
              static_cast<double>(board(0, 2)), static_cast<double>(magnitude(0)));
  std::printf("last:                                        %.4f %.4f %.4f g (|a| = %.4f g)\n",
              static_cast<double>(board(smoothed_samples - 1, 0)), static_cast<double>(board(smoothed_samples - 1, 1)),
              static_cast<double>(board(smoothed_samples - 1, 2)),
              static_cast<double>(magnitude(smoothed_samples - 1)));
  std::printf("largest difference from the loops: %.3g g\n", static_cast<double>(worst));
  std::printf("heap allocations during the pipeline: %zu\n", made);
  std::printf("static storage of the pipeline's tensors: %zu bytes\n",
              sizeof raw + sizeof smoothed + sizeof board + sizeof magnitude);
  const bool ok = made == 0 && worst <= 1e-5f;
  std::printf("embedded: %s\n", ok ? "ok" : "MISMATCH");
  return ok ? 0 : 1;
}
