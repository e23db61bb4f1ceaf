// x::fft and x::ifft on c64 rows (XLA's Fft, fft_type FFT and IFFT, one length) against
// the long double DFT of fft_check.hpp, each with the round trip: three rows (part of one
// batch: kernels/fft.hpp runs lanes<T> signals at once, 16 with AVX-512) at lengths 1 to
// 64 (powers of two, small primes), and one row of 1024 (four steps inside the row);
// hand-checkable exact cases; zero-size operands; a caller's workspace. 19 rows:
// fft_complex_batch_test.cpp; lengths with a prime factor above 64:
// fft_complex_bluestein_test.cpp (split for compile time); lengths 1000 and 1024:
// fft_long_test.cpp; c128: fft_c128_test.cpp.
#define SXLA_ALLOW_HEAP 1  // as in fft_complex_bluestein_test.cpp (Bluestein's buffers)
// 1-D results of 16 KiB or more written with streaming stores (default 8 MiB) where rows
// go in four steps: the three rows of 1024 below; the plain stores for the one row of
// 1024.
#define SXLA_STREAM_STORE_BYTES (16 << 10)
#include "ops/fft_check.hpp"

namespace x = sxla;
namespace fc = fft_check;

namespace {
using C = std::complex<float>;
constexpr auto c64 = x::primitive_type::c64;
}  // namespace

TEST_CASE("fft: c64 fft and ifft of three rows, lengths 1 to 64, and one of 1024") {
  fc::complex_rows<c64, 1>(101);
  fc::complex_rows<c64, 2>(102);
  fc::complex_rows<c64, 3>(103);
  fc::complex_rows<c64, 5>(105);
  fc::complex_rows<c64, 7>(107);
  fc::complex_rows<c64, 16>(116);
  fc::complex_rows<c64, 64>(164);
  fc::complex_rows<c64, 1024, 1>(1125);  // four steps inside the row (with 8 or 16 lanes)
}

TEST_CASE("fft: exact cases of length 4") {
  x::tensor<"c64[4]"> a, y;
  auto set = [&](C a0, C a1, C a2, C a3) {
    a(0) = a0;
    a(1) = a1;
    a(2) = a2;
    a(3) = a3;
  };
  set(1, 0, 0, 0);  // an impulse: every bin 1
  y = x::fft<x::fft_type::fft, 4>(a);
  fc::check(y, fc::make({4}, {1, 1, 1, 1}), 4, "fft of [1, 0, 0, 0]");
  set(1, 1, 1, 1);  // a constant: all in bin 0
  y = x::fft<x::fft_type::fft, 4>(a);
  fc::check(y, fc::make({4}, {4, 0, 0, 0}), 4, "fft of [1, 1, 1, 1]");
  set(0, 1, 0, 0);  // a delayed impulse: exp(-2 pi i k / 4) = 1, -i, -1, i
  y = x::fft<x::fft_type::fft, 4>(a);
  fc::check(y, fc::make({4}, {{1, 0}, {0, -1}, {-1, 0}, {0, 1}}), 4, "fft of [0, 1, 0, 0]");
  set({0, 1}, 0, 0, 0);  // linear: i times the impulse's
  y = x::fft<x::fft_type::fft, 4>(a);
  fc::check(y, fc::make({4}, {{0, 1}, {0, 1}, {0, 1}, {0, 1}}), 4, "fft of [i, 0, 0, 0]");
  set(4, 0, 0, 0);  // the inverse scales by 1/4
  y = x::fft<x::fft_type::ifft, 4>(a);
  fc::check(y, fc::make({4}, {1, 1, 1, 1}), 4, "ifft of [4, 0, 0, 0]");
  set(0, 4, 0, 0);  // exp(+2 pi i k / 4) = 1, i, -1, -i
  y = x::fft<x::fft_type::ifft, 4>(a);
  fc::check(y, fc::make({4}, {{1, 0}, {0, 1}, {-1, 0}, {0, -1}}), 4, "ifft of [0, 4, 0, 0]");
}

TEST_CASE("fft: zero-size operands give empty results") {
  x::tensor<"c64[0,8]"> a, y;
  y = x::fft<x::fft_type::fft, 8>(a);
  y = x::fft<x::fft_type::ifft, 8>(a);
  static_assert(decltype(y)::shape_type::element_count == 0);
  const auto e = x::eval(x::fft<x::fft_type::fft, 8>(a));
  static_assert(std::is_same_v<decltype(e), const x::tensor<"c64[0,8]">>);
}

TEST_CASE("fft: a caller's workspace") {
  using T = x::tensor<"c64[3,1024]">;
  static T a, y;
  const fc::array in = fc::fill(a, 31);
  using E = decltype(x::fft<x::fft_type::fft, 1024>(a));
  static x::workspace<x::workspace_bytes<E, decltype(x::noalias(y))>> ws;
  x::noalias(y).using_workspace(ws) = x::fft<x::fft_type::fft, 1024>(a);
  fc::check(y, fc::dft(in, 1, false), 1024, "fft<1024> with a workspace");
}
