// x::fft on the longer rows (1000 and 1024 points, and 1009 through Bluestein), three
// rows and full batches (35 complex rows, 37 real ones), against the long double DFT of
// fft_check.hpp: the same engine paths as fft_complex_test.cpp and fft_real_test.cpp at
// lengths whose O(n^2) reference takes seconds in unoptimised sanitizer builds (so this
// file is in the full configurations only).
#define SXLA_ALLOW_HEAP 1  // 1000 and 1024 points need more scratch than the stack allowance
#define SXLA_STREAM_STORE_BYTES (16 << 10)  // the four-step rows' streaming stores (default 8 MiB)
#include "ops/fft_check.hpp"

namespace fc = fft_check;

namespace {
constexpr auto c64 = sxla::primitive_type::c64;
constexpr auto f32 = sxla::primitive_type::f32;
}  // namespace

TEST_CASE("fft: c64 fft and ifft of 1000 and 1024 points, three rows and 35") {
  fc::complex_rows<c64, 1000>(1100);
  fc::complex_rows<c64, 1024>(1124);
  fc::complex_rows<c64, 1024, 35>(505);
  fc::complex_rows<c64, 1009>(703);  // a prime above 64: Bluestein, a 2048-point convolution
}

TEST_CASE("fft: f32 rfft and irfft of 1000 and 1024 points, three rows and 37") {
  fc::real_rows<f32, 1000>(1300);
  fc::real_rows<f32, 1024>(1324);
  fc::real_rows<f32, 1024, 37>(604);
}
