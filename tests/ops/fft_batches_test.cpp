// x::fft on enough rows to fill the engine's batches (kernels/fft.hpp runs lanes<T>
// signals at once, 2 lanes<T> real rows for rfft and irfft: up to 16 and 32 with
// AVX-512), with a partial batch after the full ones, and on lengths with a prime factor
// above 64 (Bluestein's algorithm, kernels/fft_plan.hpp): fft, ifft, rfft and irfft
// against the long double DFT of fft_check.hpp. The rows of fft_c64_test.cpp and
// fft_real_test.cpp (three) only ever fill part of one batch. Longer rows:
// fft_long_test.cpp.
#define SXLA_ALLOW_HEAP 1  // Bluestein's buffers for 202 points exceed the stack allowance
#include "ops/fft_check.hpp"

namespace fc = fft_check;

namespace {
constexpr auto c64 = sxla::primitive_type::c64;
constexpr auto f32 = sxla::primitive_type::f32;
}  // namespace

TEST_CASE("fft: c64 fft and ifft of 19 rows (a full batch and a partial one)") {
  fc::complex_rows<c64, 8, 19>(501);
  fc::complex_rows<c64, 12, 19>(502);   // 12 % 8 != 0: elements past the last transposed block
  fc::complex_rows<c64, 17, 19>(503);   // the generic odd codelet
  fc::complex_rows<c64, 100, 19>(504);
  fc::complex_rows<c64, 256, 19>(505);  // padded leaves and depth-first stages (with 16 lanes)
}

TEST_CASE("fft: f32 rfft and irfft of 37 rows (a full batch of 2 x lanes rows and a partial one)") {
  fc::real_rows<f32, 8, 37>(601);
  fc::real_rows<f32, 17, 37>(602);
  fc::real_rows<f32, 100, 37>(603);
  fc::real_rows<f32, 256, 37>(604);
}

TEST_CASE("fft: lengths with a prime factor above 64 (Bluestein)") {
  fc::complex_rows<c64, 67, 19>(701);
  fc::complex_rows<c64, 202, 3>(702);  // 2 x 101: a 512-point convolution
  fc::real_rows<f32, 101, 37>(704);
}
