// x::fft and x::ifft on c64 rows (XLA's Fft, fft_type FFT and IFFT, one length) against
// the long double DFT of fft_check.hpp, each with the round trip, continued from
// fft_complex_test.cpp (split for compile time): 19 rows (full batches and a partial one:
// kernels/fft.hpp runs lanes<T> signals at once, 16 with AVX-512) at lengths 8 to 384
// (mixed radices, a prime above 16, padded leaves, rows of 256 in four steps).
#define SXLA_ALLOW_HEAP 1  // as in fft_complex_bluestein_test.cpp (Bluestein's buffers)
// 1-D results of 16 KiB or more written with streaming stores (default 8 MiB) where rows
// go in four steps: the 19 rows of 256 below.
#define SXLA_STREAM_STORE_BYTES (16 << 10)
#include "ops/fft_check.hpp"

namespace x = sxla;
namespace fc = fft_check;

namespace {
constexpr auto c64 = x::primitive_type::c64;
}  // namespace

TEST_CASE("fft: c64 fft and ifft of 19 rows (a full batch and a partial one)") {
  fc::complex_rows<c64, 8, 19>(501);
  fc::complex_rows<c64, 12, 19>(502);   // 12 % 8 != 0: elements past the last transposed block
  fc::complex_rows<c64, 17, 19>(503);   // the generic odd codelet
  fc::complex_rows<c64, 100, 19>(504);
  fc::complex_rows<c64, 256, 19>(505);  // 16^2: four steps with 16 lanes
  fc::complex_rows<c64, 384, 19>(506);  // batches with 16 lanes: padded leaves, depth-first stages
}
