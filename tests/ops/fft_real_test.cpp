// x::fft with fft_type rfft and irfft on f32 / c64 rows (XLA's RFFT and IRFFT, one
// length) against the long double DFT of fft_check.hpp: the round trip irfft(rfft(a)) ~ a
// and irfft of random spectra (the imaginary parts of bin 0 and, for even lengths, bin n/2
// ignored, as numpy.fft.irfft does); three rows (part of one batch of 2 x lanes<float>
// real rows) at even and odd lengths 1 to 16; 37 rows (a full batch and a partial one) at
// lengths 8 to 256 and 101 (a prime above 64: Bluestein); hand-checkable exact cases and
// zero-size operands. Lengths 1000 and 1024: fft_long_test.cpp; f64: fft_c128_test.cpp.
#define SXLA_ALLOW_HEAP 1  // Bluestein's buffers for 101 points exceed the stack allowance
#include "ops/fft_check.hpp"

namespace x = sxla;
namespace fc = fft_check;

namespace {
constexpr auto f32 = x::primitive_type::f32;
}  // namespace

TEST_CASE("fft: f32 rfft and irfft of three rows, lengths 1 to 16") {
  fc::real_rows<f32, 1>(301);
  fc::real_rows<f32, 2>(302);
  fc::real_rows<f32, 3>(303);
  fc::real_rows<f32, 5>(305);
  fc::real_rows<f32, 12>(312);
  fc::real_rows<f32, 16>(316);  // irfft<16> from 9 bins
}

TEST_CASE("fft: f32 rfft and irfft of 37 rows (a full batch of 2 x lanes rows and a partial one)") {
  fc::real_rows<f32, 8, 37>(601);
  fc::real_rows<f32, 17, 37>(602);  // irfft<17> from 9 bins
  fc::real_rows<f32, 100, 37>(603);
  fc::real_rows<f32, 101, 37>(704);  // a prime above 64: Bluestein
  fc::real_rows<f32, 256, 37>(604);
}

TEST_CASE("fft: exact rfft and irfft cases of length 4") {
  x::tensor<"f32[4]"> r = {1, 2, 3, 4};
  x::tensor<"c64[3]"> y;
  // rfft [1, 2, 3, 4]: bin 0 the sum, bin 1 = 1 - 2i - 3 + 4i, bin 2 = 1 - 2 + 3 - 4.
  y = x::fft<x::fft_type::rfft, 4>(r);
  fc::check(y, fc::make({3}, {10, {-2, 2}, -2}), 4, "rfft of [1, 2, 3, 4]");
  // irfft inverts it.
  r = x::fft<x::fft_type::irfft, 4>(y);
  fc::check(r, fc::make({4}, {1, 2, 3, 4}), 4, "irfft of [10, -2+2i, -2]");
  // Bin 0 alone, its imaginary part ignored: a constant 1/4.
  y(0) = {1, 5};
  y(1) = 0;
  y(2) = 0;
  r = x::fft<x::fft_type::irfft, 4>(y);
  fc::check(r, fc::make({4}, {0.25L, 0.25L, 0.25L, 0.25L}), 4, "irfft of [1+5i, 0, 0]");
  // Bin n/2 alone, its imaginary part ignored: (-1)^j / 4.
  y(0) = 0;
  y(2) = {1, 7};
  r = x::fft<x::fft_type::irfft, 4>(y);
  fc::check(r, fc::make({4}, {0.25L, -0.25L, 0.25L, -0.25L}), 4, "irfft of [0, 0, 1+7i]");
  // Bin 1 = 2: x[j] = (2 e^{2 pi i j / 4} + 2 e^{-2 pi i j / 4}) / 4 = cos(pi j / 2).
  y(1) = 2;
  y(2) = 0;
  r = x::fft<x::fft_type::irfft, 4>(y);
  fc::check(r, fc::make({4}, {1, 0, -1, 0}), 4, "irfft of [0, 2, 0]");
}

TEST_CASE("fft: rfft and irfft of zero-size operands give empty results") {
  x::tensor<"f32[0,8]"> r;
  x::tensor<"c64[0,5]"> y;
  y = x::fft<x::fft_type::rfft, 8>(r);
  r = x::fft<x::fft_type::irfft, 8>(y);
  static_assert(decltype(y)::shape_type::element_count == 0 && decltype(r)::shape_type::element_count == 0);
}
