// sxla/kernels/fft_plan.hpp: the compile-time plan of a length-N discrete Fourier
// transform: the radix sequence, the twiddle factors and the output order, all constants
// of the type fft_plan<T, N>. kernels/fft.hpp runs it.
//
// The transform is decimation in frequency, in place: stage s splits each block of
// span S_s = N / (r_0 ... r_{s-1}) into r_s sub-blocks of m_s = S_s / r_s, with an r_s-point
// DFT over the elements k, k + m_s, ... of a block followed by the twiddles
// W_{S_s}^{p k} (W_S = exp(-2 pi i / S)) on output p. Afterwards output X[k] sits at
// position order[k] (mixed-radix digit reversal). Radices: 8 and 4 for powers of two
// (one 2 when the power is odd, 4 x 4 in place of 8 x 2), then 5, 3, 7, then any other
// prime up to fft_largest_direct_prime through the generic odd codelet (O(p^2) per p
// elements). A length with a larger prime factor is done by Bluestein's algorithm: a
// convolution computed by transforms of a power of two.
//
// Twiddles: each exp(-2 pi i t / N) by a Taylor series in long double on an angle of at
// most pi / 4, reached from t by the exact symmetries of the circle (integer arithmetic
// on t), so within a few units of long double's last place, then rounded once to T:
// the correctly rounded value (tests/ops/fft_plan_test.cpp checks every one of them
// against cosl and sinl).
#ifndef SXLA_KERNELS_FFT_PLAN_HPP
#define SXLA_KERNELS_FFT_PLAN_HPP

#include <array>
#include <cstddef>
#include <cstdint>

namespace sxla::kernels {

namespace detail {

inline constexpr long double fft_pi = 3.141592653589793238462643383279502884L;

// cos and sin of a, |a| <= pi / 4, by Taylor series to below long double's epsilon.
constexpr void fft_sincos_small(long double a, long double& c, long double& s) noexcept {
  const long double a2 = a * a;
  long double tc = 1, ts = a, sc = 1, ss = a;
  // Until the terms are below 2^-70 (at most 11 for pi / 4).
  for (int k = 1; k < 16 && (tc > 1e-21L || tc < -1e-21L); ++k) {
    tc *= -a2 / static_cast<long double>((2 * k - 1) * (2 * k));
    ts *= -a2 / static_cast<long double>((2 * k) * (2 * k + 1));
    sc += tc;
    ss += ts;
  }
  c = sc;
  s = ss;
}

// cos and sin of 2 pi t / n (t any integer: reduced exactly).
constexpr void fft_sincos_turn(std::uint64_t t, std::uint64_t n, long double& c, long double& s) noexcept {
  t %= n;
  // 8 t = o n + r, 0 <= r < n: octant o, angle (o + r / n) pi / 4.
  const std::uint64_t o = (8 * t) / n, r = 8 * t - o * n;
  long double rc = 0, rs = 0;
  const bool odd = (o & 1) != 0;
  // Within an octant: odd octants measure from the next multiple of pi / 4 back.
  const long double frac = odd ? static_cast<long double>(n - r) / static_cast<long double>(n)
                               : static_cast<long double>(r) / static_cast<long double>(n);
  fft_sincos_small(frac * fft_pi / 4, rc, rs);
  // Angle = q pi / 2 + (odd ? pi / 2 - b : b) with b the small angle, q = o / 2.
  long double x = odd ? rs : rc, y = odd ? rc : rs;  // cos and sin of the angle within the quadrant
  switch ((o / 2) & 3) {
    case 0: c = x; s = y; break;
    case 1: c = -y; s = x; break;
    case 2: c = -x; s = -y; break;
    default: c = y; s = -x; break;
  }
}

}  // namespace detail

// The radices of N, in stage order (at most 64 stages).
struct fft_radices {
  std::size_t count = 0;
  std::size_t r[64] = {};
};

constexpr fft_radices fft_factor(std::size_t n) noexcept {
  fft_radices f;
  if (n <= 1) return f;
  std::size_t twos = 0;
  while (n % 2 == 0) {
    n /= 2;
    ++twos;
  }
  std::size_t eights = twos / 3, rest = twos % 3;
  // 2^(3e+1): 8^(e-1) x 4 x 4 rather than 8^e x 2.
  bool four_four = rest == 1 && eights > 0;
  if (four_four) --eights;
  for (std::size_t i = 0; i < eights; ++i) f.r[f.count++] = 8;
  if (four_four) {
    f.r[f.count++] = 4;
    f.r[f.count++] = 4;
  } else if (rest == 2) {
    f.r[f.count++] = 4;
  } else if (rest == 1) {
    f.r[f.count++] = 2;
  }
  for (std::size_t p : {std::size_t{5}, std::size_t{3}, std::size_t{7}}) {
    while (n % p == 0) {
      f.r[f.count++] = p;
      n /= p;
    }
  }
  for (std::size_t p = 11; n > 1; p += 2) {
    while (n % p == 0) {
      f.r[f.count++] = p;
      n /= p;
    }
    if (p * p > n && n > 1) {
      f.r[f.count++] = n;
      n = 1;
    }
  }
  return f;
}

// Lengths whose largest prime factor is above this go through Bluestein's algorithm.
inline constexpr std::size_t fft_largest_direct_prime = 64;

// The plan of a length-N transform in precision T (float or double).
template <class T, std::size_t N>
struct fft_plan {
  static constexpr std::size_t n = N;
  static constexpr fft_radices factors = fft_factor(N);
  // Bluestein: X[k] = conj(b_k) sum_j (x_j conj(b_j)) b_{k-j}, b_j = exp(i pi j^2 / N), the
  // convolution by transforms of a power of two M >= 2 N - 1. The plan then has no
  // stages of its own, and its output order is the natural one.
  static constexpr bool bluestein = [] {
    for (std::size_t s = 0; s < factors.count; ++s)
      if (factors.r[s] > fft_largest_direct_prime) return true;
    return false;
  }();
  static constexpr std::size_t bluestein_size = [] {
    std::size_t m = 1;
    while (bluestein && m < 2 * N - 1) m *= 2;
    return bluestein ? m : 0;
  }();
  static constexpr fft_radices radices = bluestein ? fft_radices{} : factors;
  static constexpr std::size_t stages = radices.count;
  // b_j = exp(i pi j^2 / N) = exp(2 pi i (j^2 mod 2N) / 2N), j < N (re, im interleaved).
  static constexpr std::array<T, 2 * (bluestein ? N : 1)> chirp = [] {
    std::array<T, 2 * (bluestein ? N : 1)> b{};
    if constexpr (bluestein) {
      for (std::size_t j = 0; j < N; ++j) {
        long double c = 0, s = 0;
        detail::fft_sincos_turn((j * j) % (2 * N), 2 * N, c, s);
        b[2 * j] = static_cast<T>(c);
        b[2 * j + 1] = static_cast<T>(s);
      }
    }
    return b;
  }();

  // The largest radix that the generic odd codelet runs (0 if none): its scratch.
  static constexpr std::size_t generic_radix = [] {
    std::size_t g = 0;
    for (std::size_t s = 0; s < stages; ++s)
      if (radices.r[s] > 8 && radices.r[s] > g) g = radices.r[s];
    return g;
  }();

  // Span and sub-block length of stage s.
  static constexpr std::size_t span(std::size_t s) noexcept {
    std::size_t v = N;
    for (std::size_t i = 0; i < s; ++i) v /= radices.r[i];
    return v;
  }

  // Where stage s's twiddles start in twiddles (pairs: (r - 1) per k, for k < m).
  static constexpr std::array<std::size_t, 65> twiddle_start = [] {
    std::array<std::size_t, 65> a{};
    for (std::size_t s = 0; s < stages; ++s) a[s + 1] = a[s] + (radices.r[s] - 1) * (span(s) / radices.r[s]);
    return a;
  }();
  static constexpr std::size_t twiddle_count = twiddle_start[stages];

  // exp(-2 pi i t / N) for t < N, in long double (re, im interleaved): the Taylor series
  // for t up to N / 8 (or N / 4, N / 2 as N's factors of two allow), the rest by
  // reflections of the circle, which are exact. A table of its own: compilers bound the
  // work of each constant evaluation (clang: 2^20 steps).
  static constexpr std::array<long double, 2 * (N == 0 ? 1 : N)> roots = [] {
    std::array<long double, 2 * (N == 0 ? 1 : N)> w{};
    const std::size_t direct = N % 8 == 0 ? N / 8 : N % 4 == 0 ? N / 4 : N / 2;
    for (std::size_t t = 0; t <= direct && t < N; ++t) {
      long double c = 0, sn = 0;
      detail::fft_sincos_turn(t, N, c, sn);
      w[2 * t] = c;
      w[2 * t + 1] = -sn;
    }
    std::size_t done = direct;
    if (N % 8 == 0) {  // angle pi / 2 - a: cos and sin swapped
      for (std::size_t t = done + 1; t <= N / 4; ++t) {
        w[2 * t] = -w[2 * (N / 4 - t) + 1];
        w[2 * t + 1] = -w[2 * (N / 4 - t)];
      }
      done = N / 4;
    }
    if (N % 4 == 0) {  // angle pi / 2 + a
      for (std::size_t t = done + 1; t <= N / 2; ++t) {
        w[2 * t] = w[2 * (t - N / 4) + 1];
        w[2 * t + 1] = -w[2 * (t - N / 4)];
      }
      done = N / 2;
    }
    for (std::size_t t = done + 1; t < N; ++t) {  // angle 2 pi - a: the conjugate
      w[2 * t] = w[2 * (N - t)];
      w[2 * t + 1] = -w[2 * (N - t) + 1];
    }
    return w;
  }();

  // Stage s, position k < m, output p in [1, r): W_{span}^{p k} at
  // twiddles[2 * (twiddle_start[s] + k (r - 1) + p - 1)] (re, then im).
  static constexpr std::array<T, 2 * (twiddle_count == 0 ? 1 : twiddle_count)> twiddles = [] {
    std::array<T, 2 * (twiddle_count == 0 ? 1 : twiddle_count)> tw{};
    if constexpr (twiddle_count > 0) {
      const auto& w = roots;
      for (std::size_t s = 0; s < stages; ++s) {
        const std::size_t r = radices.r[s], m = span(s) / r, step = N / span(s);
        for (std::size_t k = 0; k < m; ++k)
          for (std::size_t p = 1; p < r; ++p) {
            const std::size_t t = (p * k * step) % N, at = twiddle_start[s] + k * (r - 1) + p - 1;
            tw[2 * at] = static_cast<T>(w[2 * t]);
            tw[2 * at + 1] = static_cast<T>(w[2 * t + 1]);
          }
      }
    }
    return tw;
  }();

  // Output k's position after the last stage: built from the last stage back, each
  // stage's order from the next one's (o'[k] = (k mod r) m + o[k / r]).
  static constexpr std::array<std::uint32_t, (N == 0 ? 1 : N)> order = [] {
    std::array<std::uint32_t, (N == 0 ? 1 : N)> o{}, next{};
    for (std::size_t k = 0; k < N; ++k) o[k] = static_cast<std::uint32_t>(k);
    if (bluestein) return o;
    std::size_t len = 1;
    for (std::size_t s = stages; s-- > 0;) {
      const std::size_t r = radices.r[s];
      for (std::size_t k = 0; k < len * r; ++k) next[k] = static_cast<std::uint32_t>(k % r * len + o[k / r]);
      len *= r;
      for (std::size_t k = 0; k < len; ++k) o[k] = next[k];
    }
    return o;
  }();
};

// cos(2 pi q / R) and sin(2 pi q / R) for q < R, in T: the generic odd codelet's constants.
template <class T, std::size_t R>
inline constexpr std::array<T, 2 * R> fft_codelet_roots = [] {
  std::array<T, 2 * R> a{};
  for (std::size_t q = 0; q < R; ++q) {
    long double c = 0, s = 0;
    detail::fft_sincos_turn(q, R, c, s);
    a[2 * q] = static_cast<T>(c);
    a[2 * q + 1] = static_cast<T>(s);
  }
  return a;
}();

}  // namespace sxla::kernels

#endif  // SXLA_KERNELS_FFT_PLAN_HPP
