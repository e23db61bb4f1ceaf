// x::fft on c128 and f64 (XLA's Fft in double precision) against the long double DFT of
// fft_check.hpp with f64's epsilon: fft and ifft of lengths 1 to 1024, rfft and irfft of
// even and odd lengths, one 2-D transform of each type.
#define SXLA_ALLOW_HEAP 1  // the 1024-point rows may need more scratch than the stack allowance
#include "ops/fft_check.hpp"

namespace x = sxla;
namespace fc = fft_check;
using x::fft_type;

namespace {
constexpr auto c128 = x::primitive_type::c128;
constexpr auto f64 = x::primitive_type::f64;
}  // namespace

TEST_CASE("fft: c128 fft and ifft of three rows") {
  fc::complex_rows<c128, 1>(701);
  fc::complex_rows<c128, 7>(707);
  fc::complex_rows<c128, 16>(716);
  fc::complex_rows<c128, 17>(717);
  fc::complex_rows<c128, 100>(800);
  fc::complex_rows<c128, 1024>(1724);
}

TEST_CASE("fft: f64 rfft and irfft of three rows, even and odd lengths") {
  fc::real_rows<f64, 1>(901);
  fc::real_rows<f64, 16>(916);
  fc::real_rows<f64, 17>(917);
  fc::real_rows<f64, 100>(1000);
}

TEST_CASE("fft: 2-D transforms in double precision") {
  fc::check_random<x::tensor<"c128[2,4,8]">, fft_type::fft, 4, 8>(951, "fft<4, 8> on c128[2,4,8]");
  fc::check_random<x::tensor<"c128[2,4,8]">, fft_type::ifft, 4, 8>(952, "ifft<4, 8> on c128[2,4,8]");
  fc::check_random<x::tensor<"f64[2,6,8]">, fft_type::rfft, 6, 8>(953, "rfft<6, 8> on f64[2,6,8]");
  fc::check_random<x::tensor<"c128[2,6,5]">, fft_type::irfft, 6, 8>(954, "irfft<6, 8> on c128[2,6,5]");
  fc::check_random<x::tensor<"c128[2,4,3]">, fft_type::irfft, 4, 5>(955, "irfft<4, 5> on c128[2,4,3]");
}
