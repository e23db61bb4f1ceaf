// x::fft with fft_type rfft and irfft on f32 / c64 rows (XLA's RFFT and IRFFT, one
// length) against the long double DFT of fft_check.hpp: the round trip irfft(rfft(a)) ~ a
// and irfft of random spectra (the imaginary parts of bin 0 and, for even lengths, bin n/2
// ignored, as numpy.fft.irfft does); three rows (part of one batch of 2 x lanes<float>
// real rows) at even and odd lengths 1 to 16; 37 rows (a full batch and a partial one) at
// lengths 8 to 256 and 101 (a prime above 64: Bluestein); hand-checkable exact cases and
// zero-size operands; each row its own transform, whatever the other rows hold (NaN, Inf,
// 1e12). Lengths 1000 and 1024: fft_long_test.cpp; f64: fft_c128_test.cpp.
#define SXLA_ALLOW_HEAP 1  // Bluestein's buffers for 101 points exceed the stack allowance
#include "ops/fft_check.hpp"

#include <cstring>

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

namespace {
// Each row of RFFT and IRFFT is its own transform, whatever the other rows hold: 32
// random rows (on AVX-512 two full batches; on narrower vectors more) transformed, then
// the same rows with row 16 all NaN, row 5 at 1e12 and row 17 with one Inf; every other
// row's result must be bit for bit the first one's, and the first one must match the
// long double DFT. (Rows shared a transform in pairs once: a NaN in row 16 made row 0's
// X[1] NaN, 1e12 in row 16 made it 0.)
template <x::index_t N>
void independent_rows(std::uint64_t seed) {
  constexpr x::index_t H = N / 2 + 1;
  using R = x::tensor<x::shape_spec(x::primitive_type::f32, {32, N})>;
  using C = x::tensor<x::shape_spec(x::primitive_type::c64, {32, H})>;
  const auto poisoned = [](x::index_t r) { return r == 16 || r == 5 || r == 17; };
  const float nan = std::numeric_limits<float>::quiet_NaN();
  // RFFT.
  auto a = std::make_unique<R>(), b = std::make_unique<R>();
  const fc::array a_values = fc::fill(*a, seed);
  *b = *a;
  for (x::index_t j = 0; j < N; ++j) {
    (*b)(16, j) = nan;
    (*b)(5, j) = 1e12f;
  }
  (*b)(17, N / 2) = std::numeric_limits<float>::infinity();
  auto fa = std::make_unique<C>(), fb = std::make_unique<C>();
  *fa = x::fft<x::fft_type::rfft, N>(*a);
  *fb = x::fft<x::fft_type::rfft, N>(*b);
  fc::check(*fa, fc::reference(x::fft_type::rfft, a_values, 1, N), N, "rfft " + std::to_string(N));
  int differ = 0;
  for (x::index_t r = 0; r < 32; ++r)
    for (x::index_t k = 0; k < H; ++k)
      if (!poisoned(r) && std::memcmp(&(*fa)(r, k), &(*fb)(r, k), sizeof(x::c64)) != 0) ++differ;
  CHECK_MESSAGE(differ == 0, "rfft ", N, ": ", differ, " outputs of ordinary rows changed with their neighbours");
  CHECK(std::isnan((*fb)(16, 0).real()));
  // IRFFT (the imaginary parts of bins 0 and N / 2 are not read).
  auto c = std::make_unique<C>(), d = std::make_unique<C>();
  const fc::array c_values = fc::fill(*c, seed + 1);
  *d = *c;
  for (x::index_t k = 0; k < H; ++k) {
    (*d)(16, k) = x::c64(nan, nan);
    (*d)(5, k) = x::c64(1e12f, -1e12f);
  }
  (*d)(17, H - 1) = x::c64(std::numeric_limits<float>::infinity(), 0);
  auto ic = std::make_unique<R>(), id = std::make_unique<R>();
  *ic = x::fft<x::fft_type::irfft, N>(*c);
  *id = x::fft<x::fft_type::irfft, N>(*d);
  fc::check(*ic, fc::reference(x::fft_type::irfft, c_values, 1, N), N, "irfft " + std::to_string(N));
  differ = 0;
  for (x::index_t r = 0; r < 32; ++r)
    for (x::index_t j = 0; j < N; ++j)
      if (!poisoned(r) && std::memcmp(&(*ic)(r, j), &(*id)(r, j), sizeof(float)) != 0) ++differ;
  CHECK_MESSAGE(differ == 0, "irfft ", N, ": ", differ, " outputs of ordinary rows changed with their neighbours");
  CHECK(std::isnan((*id)(16, 0)));
}
}  // namespace

TEST_CASE("fft: each row of rfft and irfft is its own transform, whatever its neighbours hold") {
  independent_rows<8>(801);    // even: through the engine of 4
  independent_rows<7>(802);    // odd: the row as a complex signal's real parts
  independent_rows<2>(803);
  independent_rows<1>(804);
  independent_rows<64>(805);
  independent_rows<202>(806);  // 101 points at half length: Bluestein
  independent_rows<512>(807);  // a half length (256) the complex rows take in four steps
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
