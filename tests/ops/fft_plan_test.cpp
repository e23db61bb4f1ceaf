// kernels/fft_plan.hpp, the compile-time plan of a transform, against definitions
// written here: the radices multiply to the length and are XLA-independent small
// factors (8, 4, 2 for powers of two, then 5, 3, 7 and other primes; Bluestein above
// 64); the output order is a permutation that undoes the mixed-radix digit reversal of
// decimation in frequency; and every twiddle factor W_S^{pk} is exp(-2 pi i p k / S)
// correctly rounded to T from the long double value of libm's cosl and sinl (an
// independent computation), up to libm's own error of a few units of 2^-64.
#include <sxla/kernels/fft_plan.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numbers>
#include <vector>

namespace k = sxla::kernels;

namespace {

// Whether got is want (a value of magnitude at most 1, from libm in long double) rounded
// to T: |got - want| within half a unit in the last place of want, plus libm's own error
// (a few units of long double's 2^-64 at this scale, which may tip a rounding that is
// within that distance of a tie either way).
template <class T>
bool rounded(T got, long double want) {
  const long double mag = std::fabs(want);
  const long double unit =
      mag < std::numeric_limits<T>::min() ? 0 : std::exp2(std::floor(std::log2(mag)) - std::numeric_limits<T>::digits + 1);
  return std::fabs(static_cast<long double>(got) - want) <= unit / 2 + 0x1p-61L;
}

template <class T, std::size_t N>
void check_plan() {
  using P = k::fft_plan<T, N>;
  INFO("N = ", N, sizeof(T) == 4 ? " (float)" : " (double)");
  // Radices: their product is N (or Bluestein, with no stages).
  std::size_t product = 1;
  for (std::size_t s = 0; s < P::stages; ++s) product *= P::radices.r[s];
  CHECK(product == (P::bluestein ? 1 : N));
  // The order: a permutation, and DIF's digit reversal (output k's first-stage digit
  // k mod r0 selects the sub-block of N / r0 positions).
  std::vector<int> seen(N, 0);
  for (std::size_t q = 0; q < N; ++q) ++seen[P::order[q]];
  std::size_t once = 0;
  for (int v : seen) once += v == 1 ? 1 : 0;
  CHECK(once == N);
  if (!P::bluestein && P::stages > 0) {
    const std::size_t r0 = P::radices.r[0], m0 = N / r0;
    std::size_t wrong = 0;
    for (std::size_t q = 0; q < N; ++q) wrong += P::order[q] / m0 == q % r0 ? 0 : 1;
    CHECK(wrong == 0);
  }
  // Twiddles: W_S^{pk} for every stage s (span S, radix r), k < S / r, 0 < p < r.
  std::size_t wrong = 0, count = 0;
  for (std::size_t s = 0; s < P::stages; ++s) {
    const std::size_t r = P::radices.r[s], span = P::span(s), m = span / r;
    for (std::size_t kk = 0; kk < m; ++kk)
      for (std::size_t p = 1; p < r; ++p) {
        const std::size_t at = P::twiddle_start[s] + kk * (r - 1) + p - 1;
        const long double angle = -2 * std::numbers::pi_v<long double> * static_cast<long double>((p * kk) % span) /
                                  static_cast<long double>(span);
        wrong += rounded(P::twiddles[2 * at], std::cos(angle)) && rounded(P::twiddles[2 * at + 1], std::sin(angle)) ? 0 : 1;
        ++count;
      }
  }
  CHECK(count == P::twiddle_count);
  CHECK(wrong == 0);
}

}  // namespace

TEST_CASE("fft plan: radices of powers of two and mixed lengths") {
  using R = k::fft_radices;
  auto list = [](const R& r) {
    std::vector<std::size_t> v(r.r, r.r + r.count);
    return v;
  };
  CHECK(list(k::fft_factor(1)).empty());
  CHECK(list(k::fft_factor(2)) == std::vector<std::size_t>{2});
  CHECK(list(k::fft_factor(16)) == std::vector<std::size_t>{4, 4});      // 4 x 4 rather than 8 x 2
  CHECK(list(k::fft_factor(1024)) == std::vector<std::size_t>{8, 8, 4, 4});
  CHECK(list(k::fft_factor(1000)) == std::vector<std::size_t>{8, 5, 5, 5});
  CHECK(list(k::fft_factor(12)) == std::vector<std::size_t>{4, 3});
  CHECK(list(k::fft_factor(17)) == std::vector<std::size_t>{17});
  CHECK(list(k::fft_factor(2 * 11 * 13)) == std::vector<std::size_t>{2, 11, 13});
  CHECK_FALSE(k::fft_plan<float, 17>::bluestein);
  CHECK(k::fft_plan<float, 67>::bluestein);                 // a prime above 64
  CHECK(k::fft_plan<float, 67>::bluestein_size == 256);     // the power of two >= 2 n - 1 = 133
  CHECK(k::fft_plan<float, 2 * 101>::bluestein_size == 512);
}

TEST_CASE("fft plan: output order and twiddles against cosl and sinl") {
  check_plan<float, 8>();
  check_plan<float, 12>();
  check_plan<float, 17>();
  check_plan<float, 1000>();
  check_plan<float, 1024>();
  check_plan<float, 4096>();
  check_plan<double, 100>();
  check_plan<double, 1024>();
  check_plan<double, 3 * 5 * 7 * 8>();
  check_plan<float, 67>();  // Bluestein: no stages of its own
}

TEST_CASE("fft plan: Bluestein's chirp is exp(i pi j^2 / n)") {
  using P = k::fft_plan<double, 101>;
  std::size_t wrong = 0;
  for (std::size_t j = 0; j < 101; ++j) {
    const long double a = std::numbers::pi_v<long double> * static_cast<long double>((j * j) % 202) / 101;
    wrong += rounded(P::chirp[2 * j], std::cos(a)) && rounded(P::chirp[2 * j + 1], std::sin(a)) ? 0 : 1;
  }
  CHECK(wrong == 0);
}
