// x::fft and x::ifft on c64 rows (XLA's Fft, fft_type FFT and IFFT, one length) against
// the long double DFT of fft_check.hpp, each with the round trip, continued from
// fft_complex_test.cpp (split for compile time): lengths with a prime factor above 64
// (Bluestein's algorithm, kernels/fft_plan.hpp), 19 rows (full batches and a partial one)
// and three rows.
#define SXLA_ALLOW_HEAP 1  // Bluestein's buffers for 202 points exceed the stack allowance
// 1-D results of 16 KiB or more written with streaming stores (default 8 MiB), as in
// fft_complex_test.cpp.
#define SXLA_STREAM_STORE_BYTES (16 << 10)
#include "ops/fft_check.hpp"

namespace x = sxla;
namespace fc = fft_check;

namespace {
constexpr auto c64 = x::primitive_type::c64;
}  // namespace

TEST_CASE("fft: c64 lengths with a prime factor above 64 (Bluestein)") {
  fc::complex_rows<c64, 67, 19>(701);
  fc::complex_rows<c64, 202, 3>(702);  // 2 x 101: a 512-point convolution
}
