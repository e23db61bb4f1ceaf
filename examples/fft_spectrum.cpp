// The amplitude spectrum of a sampled signal with XLA's Fft (RFFT), and the signal back
// from it (IRFFT).
//
//   build/examples/fft_spectrum
//
// One second of a signal sampled at 1024 Hz: a DC offset of 0.5, a 50 Hz sine of
// amplitude 1, a 120 Hz cosine of amplitude 0.5, a 300 Hz sine of amplitude 0.25 and a
// little noise. RFFT gives the 513 frequencies 0..512 Hz (1 Hz apart); the amplitude of
// frequency k is |X[k]| * 2 / N (|X[0]| / N for DC), fused into the transform's
// assignment. The transform needs scratch memory (its batch buffer, 128 KiB with
// AVX-512): more than the stack budget, so the program passes a workspace whose size
// x::workspace_for computes at compile time for this target.
//
// The program checks the spectrum against a direct DFT in double precision written from
// the definition, the four peaks against the amplitudes the signal was made of, and the
// IRFFT against the signal, and exits with 1 on a mismatch.
#include <sxla/sxla.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

namespace x = sxla;

namespace {

constexpr int n = 1024, bins = n / 2 + 1;
x::tensor<"f32[1024]"> signal{x::uninitialized};
x::tensor<"f32[513]"> amplitude{x::uninitialized};
x::tensor<"f32[1024]"> restored{x::uninitialized};

// The expressions, named once so that their workspaces can be sized from their types.
auto amplitude_of(const x::tensor<"f32[1024]">& s) {
  return x::abs(x::fft<x::fft_type::rfft, n>(s)) * (2.0f / n);
}
auto inverse_of(const x::tensor<"f32[1024]">& s) {
  return x::fft<x::fft_type::irfft, n>(x::fft<x::fft_type::rfft, n>(s));
}
using amplitude_expr = decltype(amplitude_of(signal));
using inverse_expr = decltype(inverse_of(signal));
// One buffer, 64-byte aligned, large enough for either evaluation (one at a time).
constexpr std::size_t scratch_bytes = std::max(x::workspace_bytes<amplitude_expr, decltype(amplitude)>,
                                               x::workspace_bytes<inverse_expr, decltype(restored)>);
x::workspace<scratch_bytes> scratch;

double tone(int i) {
  const double t = static_cast<double>(i) / n, two_pi = 2 * std::numbers::pi;
  return 0.5 + std::sin(two_pi * 50 * t) + 0.5 * std::cos(two_pi * 120 * t) + 0.25 * std::sin(two_pi * 300 * t);
}

}  // namespace

int main() {
  unsigned state = 7;
  for (int i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;
    const double noise = 0.01 * (static_cast<double>(state >> 8) / (1 << 24) - 0.5);
    signal(i) = static_cast<float>(tone(i) + noise);
  }

  amplitude.using_workspace(scratch) = amplitude_of(signal);
  amplitude(0) /= 2;  // DC has no mirror image
  restored.using_workspace(scratch) = inverse_of(signal);

  // A direct DFT of the same (float) samples, in double.
  double worst_dft = 0;
  for (int k = 0; k < bins; ++k) {
    double re = 0, im = 0;
    for (int j = 0; j < n; ++j) {
      const double angle = -2 * std::numbers::pi * static_cast<double>((static_cast<long>(j) * k) % n) / n;
      re += signal(j) * std::cos(angle);
      im += signal(j) * std::sin(angle);
    }
    const double expected = std::hypot(re, im) * (k == 0 ? 1.0 : 2.0) / n;
    worst_dft = std::fmax(worst_dft, std::fabs(amplitude(k) - expected));
  }

  // The peaks: (frequency, amplitude) of what the signal was made of; every other
  // frequency is noise, far below 0.01.
  const struct { int hz; double amplitude; } peaks[] = {{0, 0.5}, {50, 1.0}, {120, 0.5}, {300, 0.25}};
  double worst_peak = 0, loudest_other = 0;
  for (int k = 0; k < bins; ++k) {
    double expected = -1;
    for (const auto& p : peaks)
      if (p.hz == k) expected = p.amplitude;
    if (expected >= 0)
      worst_peak = std::fmax(worst_peak, std::fabs(amplitude(k) - expected));
    else
      loudest_other = std::fmax(loudest_other, static_cast<double>(amplitude(k)));
  }
  double worst_round_trip = 0;
  for (int i = 0; i < n; ++i) worst_round_trip = std::fmax(worst_round_trip, std::fabs(restored(i) - signal(i)));

  std::printf("amplitude spectrum, frequencies above 0.01 (of %d, 0..%d Hz):\n", bins, bins - 1);
  for (int k = 0; k < bins; ++k) {
    if (amplitude(k) < 0.01f) continue;
    std::printf("  %3d Hz  %.4f  ", k, static_cast<double>(amplitude(k)));
    for (int bar = 0; bar < static_cast<int>(amplitude(k) * 40 + 0.5f); ++bar) std::putchar('#');
    std::putchar('\n');
  }
  std::printf("loudest other frequency: %.2e\n", loudest_other);
  std::printf("largest difference: from a direct DFT %.2e, at the peaks %.2e, IRFFT(RFFT(x)) - x %.2e\n",
              worst_dft, worst_peak, worst_round_trip);
  std::printf("workspace: %zu bytes\n", scratch_bytes);
  const bool ok = worst_dft < 1e-5 && worst_peak < 2e-3 && loudest_other < 2e-3 && worst_round_trip < 1e-5;
  std::printf("fft_spectrum: %s\n", ok ? "ok" : "MISMATCH");
  return ok ? 0 : 1;
}
