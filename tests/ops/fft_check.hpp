// Shared by the fft_*_test.cpp files and golden/fft_golden_test.cpp: a direct long double
// DFT from XLA's definition of Fft (never from sxla's kernels), deterministic random
// operands, and the error measure every FFT result is held to.
//
// Reference (row-major arrays of std::complex<long double>, transforms over the last
// `nt` dimensions):
//   fft    X[k] = sum_j x[j] exp(-2 pi i j k / n) along each transformed axis (the
//          multi-dimensional DFT is separable: one axis after the other)
//   ifft   the same with exp(+2 pi i j k / n), scaled by 1/n per axis (1/prod(lengths))
//   rfft   the first n/2+1 bins (last axis) of the full DFT of the real operand
//   irfft  the inverse complex DFT over the other transformed axes, then along the last
//          one the real part of the inverse DFT of the Hermitian extension of the n/2+1
//          given bins, X[n-k] = conj(X[k]), with Im X[0] and (n even) Im X[n/2] zeroed,
//          as numpy.fft.irfft(n) does
// Each line's DFT is the O(n^2) sum, twiddles exp(-2 pi i m / n) tabulated from the
// reduced index m = j k mod n in long double (64-bit significand): its rounding error,
// at most about n * 2^-64 of sum |x| (about 1e-15 of the RMS output for n = 1024 in the
// worst case, 1e-18 typically), is far below the f64 bound below.
//
// Error measure (check): the relative RMS error ||got - want||_2 / ||want||_2 and the
// largest error relative to the largest |want|, both at most
//     bound = C * log2(max(n, 2)) * epsilon(T),  C = 4,
// n the transform's size (the product of the lengths), T the result's component type.
// Derivation of C: Higham, Accuracy and Stability of Numerical Algorithms (2nd ed.),
// Theorem 24.2: a radix-2 Cooley-Tukey FFT in floating point with unit roundoff u and
// twiddle factors accurate to mu satisfies ||y^ - y||_2 / ||y||_2 <= log2(n) eta /
// (1 - log2(n) eta), eta = mu + gamma_4 (sqrt 2 + mu), gamma_4 = 4u / (1 - 4u). With
// twiddles correctly rounded (mu = u): eta ~ (1 + 4 sqrt 2) u = 6.66 u = 3.33 epsilon.
// Rounding the result to T adds at most 0.5 epsilon; 3.33 log2(n) + 0.5 <= 4 log2(n)
// for n >= 2, so C = 4 covers the theorem's worst case (mixed radices 3 and 5 give
// (r + 1) / log2(r) <= 2.6 u per log2(n), less than radix 2's 6.66 u; a direct DFT of a
// prime line of length p, at most about (p + 1) u, stays below it for the lengths tested).
// The scaling of ifft and irfft by 1/n does not change relative errors (a power of two:
// exact; else one more rounding, within the 0.5 epsilon margin). The max measure: for the
// random operands used here the outputs and their errors are spread over every bin
// (near-Gaussian), so the ratio of the largest error to the largest |want| is the RMS
// ratio up to a factor near one; a structured case (an impulse, a constant) has an
// output the size of its 2-norm at some bin, where the 2-norm bound applies directly.
// A round trip (two transforms) is allowed twice the bound: relative errors add.
#ifndef SXLA_TESTS_OPS_FFT_CHECK_HPP
#define SXLA_TESTS_OPS_FFT_CHECK_HPP

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <numbers>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace fft_check {

namespace x = sxla;

using ld = long double;
using cld = std::complex<long double>;
using dims_t = std::vector<x::index_t>;

inline constexpr double bound_constant = 4.0;  // C above

// A row-major array of complex long double values.
struct array {
  dims_t dims;
  std::vector<cld> v;
};

inline std::size_t element_count(const dims_t& d) {
  std::size_t n = 1;
  for (x::index_t e : d) n *= static_cast<std::size_t>(e);
  return n;
}

// Applies f to every line along axis ax (a vector of dims[ax] values) and stores its
// result (m values) along the same axis of a new array whose dims[ax] is m.
template <class F>
array map_lines(const array& a, std::size_t ax, x::index_t m, F f) {
  std::size_t outer = 1, inner = 1;
  for (std::size_t d = 0; d < ax; ++d) outer *= static_cast<std::size_t>(a.dims[d]);
  for (std::size_t d = ax + 1; d < a.dims.size(); ++d) inner *= static_cast<std::size_t>(a.dims[d]);
  const auto n = static_cast<std::size_t>(a.dims[ax]);
  const auto mm = static_cast<std::size_t>(m);
  array r{a.dims, {}};
  r.dims[ax] = m;
  r.v.assign(outer * mm * inner, cld(0, 0));
  std::vector<cld> line(n);
  for (std::size_t o = 0; o < outer; ++o)
    for (std::size_t i = 0; i < inner; ++i) {
      for (std::size_t j = 0; j < n; ++j) line[j] = a.v[(o * n + j) * inner + i];
      const std::vector<cld> res = f(line);
      for (std::size_t k = 0; k < mm; ++k) r.v[(o * mm + k) * inner + i] = res[k];
    }
  return r;
}

// The DFT of one line: X[k] = sum_j x[j] exp(-+2 pi i j k / n), the inverse scaled by 1/n.
inline std::vector<cld> dft_line(const std::vector<cld>& in, bool inverse) {
  const std::size_t n = in.size();
  std::vector<cld> out(n, cld(0, 0));
  if (n == 0) return out;
  std::vector<cld> w(n);
  const ld two_pi = 2 * std::numbers::pi_v<ld>;
  for (std::size_t m = 0; m < n; ++m) {
    const ld angle = two_pi * static_cast<ld>(m) / static_cast<ld>(n);
    w[m] = cld(std::cos(angle), inverse ? std::sin(angle) : -std::sin(angle));
  }
  for (std::size_t k = 0; k < n; ++k) {
    cld s(0, 0);
    for (std::size_t j = 0; j < n; ++j) s += in[j] * w[(j * k) % n];
    out[k] = inverse ? s / static_cast<ld>(n) : s;
  }
  return out;
}

// The (inverse) DFT over the last nt dimensions.
inline array dft(array a, std::size_t nt, bool inverse) {
  const std::size_t rank = a.dims.size();
  for (std::size_t ax = rank - nt; ax < rank; ++ax)
    a = map_lines(a, ax, a.dims[ax], [&](const std::vector<cld>& l) { return dft_line(l, inverse); });
  return a;
}

// rfft: the first n/2+1 bins along the last dimension of the full DFT of a real operand.
inline array rfft(const array& real, std::size_t nt) {
  const array full = dft(real, nt, false);
  const std::size_t last = full.dims.size() - 1;
  const x::index_t n = full.dims[last];
  return map_lines(full, last, n / 2 + 1, [](const std::vector<cld>& l) { return l; });
}

// irfft to length n along the last dimension (the operand's last dimension is n/2+1).
inline array irfft(array a, std::size_t nt, x::index_t n) {
  const std::size_t rank = a.dims.size();
  for (std::size_t ax = rank - nt; ax + 1 < rank; ++ax)
    a = map_lines(a, ax, a.dims[ax], [](const std::vector<cld>& l) { return dft_line(l, true); });
  REQUIRE(a.dims[rank - 1] == n / 2 + 1);
  return map_lines(a, rank - 1, n, [n](const std::vector<cld>& l) {
    const auto nn = static_cast<std::size_t>(n);
    std::vector<cld> full(nn, cld(0, 0));
    for (std::size_t k = 0; k <= nn / 2; ++k) {
      cld v = l[k];
      if (k == 0 || 2 * k == nn) v = cld(v.real(), 0);  // self-conjugate bins: real
      full[k] = v;
      if (k != 0 && 2 * k != nn) full[nn - k] = std::conj(v);
    }
    std::vector<cld> r = dft_line(full, true);
    for (cld& e : r) e = cld(e.real(), 0);
    return r;
  });
}

// The reference of x::fft<t, lengths...> on `in` (nt lengths, the last one `last`).
inline array reference(x::fft_type t, const array& in, std::size_t nt, x::index_t last) {
  switch (t) {
    case x::fft_type::fft: return dft(in, nt, false);
    case x::fft_type::ifft: return dft(in, nt, true);
    case x::fft_type::rfft: return rfft(in, nt);
    case x::fft_type::irfft: return irfft(in, nt, last);
  }
  return in;
}

// ---- Deterministic operands --------------------------------------------------------

// A value in [-1, 1) with the significand of T (24 bits for float, 53 for double): exact
// in T, the same on every platform (no std:: distribution).
template <class T>
T uniform(std::mt19937_64& g) {
  constexpr int bits = std::numeric_limits<T>::digits;
  const auto k = static_cast<std::int64_t>(g() >> (64 - bits)) - (std::int64_t{1} << (bits - 1));
  return static_cast<T>(k) * std::ldexp(T(1), 1 - bits);
}

template <class T>
using component_t = x::complex_component_t<T>;  // float for c64 and f32

template <class T>
cld to_cld(const T& v) {
  if constexpr (x::is_complex_v<T>) {
    return cld(static_cast<ld>(v.real()), static_cast<ld>(v.imag()));
  } else {
    return cld(static_cast<ld>(v), 0);
  }
}

template <class Tensor>
dims_t dims_of() {
  const auto& d = Tensor::shape_type::dimensions;
  return dims_t(d.begin(), d.end());
}

// The values of t (any layout, element real or complex) in logical row-major order.
template <class Tensor>
array values(const Tensor& t) {
  array a{dims_of<Tensor>(), {}};
  x::for_each_index<typename Tensor::shape_type>([&](const auto& i) { a.v.push_back(to_cld(t[i])); });
  return a;
}

// Fills t (any layout) with uniform values (both parts of complex ones) from a generator
// seeded with `seed`, in logical row-major order; returns them.
template <class Tensor>
array fill(Tensor& t, std::uint64_t seed) {
  using V = typename Tensor::value_type;
  using R = component_t<V>;
  std::mt19937_64 g(seed);
  x::for_each_index<typename Tensor::shape_type>([&](const auto& i) {
    if constexpr (x::is_complex_v<V>) {
      const R re = uniform<R>(g);
      const R im = uniform<R>(g);
      t[i] = V(re, im);
    } else {
      t[i] = uniform<R>(g);
    }
  });
  return values(t);
}

// An array of the given dims and values (exact cases written by hand).
inline array make(dims_t dims, std::vector<cld> v) {
  REQUIRE(element_count(dims) == v.size());
  return array{std::move(dims), std::move(v)};
}

// ---- The error measure -------------------------------------------------------------

struct errors {
  double rms = 0;  // ||got - want||_2 / ||want||_2
  double max = 0;  // max |got - want| / max |want|
};

inline errors measure(const array& got, const array& want) {
  REQUIRE(got.dims == want.dims);
  REQUIRE(got.v.size() == want.v.size());
  ld diff2 = 0, want2 = 0, diff_max = 0, want_max = 0;
  for (std::size_t k = 0; k < want.v.size(); ++k) {
    const ld d = std::abs(got.v[k] - want.v[k]);
    const ld w = std::abs(want.v[k]);
    diff2 += d * d;
    want2 += w * w;
    diff_max = std::max(diff_max, d);
    want_max = std::max(want_max, w);
  }
  // An all-zero reference: the errors are absolute.
  errors e;
  e.rms = static_cast<double>(want2 > 0 ? std::sqrt(diff2 / want2) : std::sqrt(diff2));
  e.max = static_cast<double>(want_max > 0 ? diff_max / want_max : diff_max);
  return e;
}

// C * log2(max(n, 2)) * epsilon(T) for a transform of n points.
template <class T>
double bound(x::index_t n) {
  return bound_constant * std::log2(static_cast<double>(std::max<x::index_t>(n, 2))) *
         static_cast<double>(std::numeric_limits<T>::epsilon());
}

// got's values against want, within the error bound b (out of line: compiled once, not
// per result type).
[[gnu::noinline]] inline void check_values(const array& got, const array& want, x::index_t n, double b,
                                           const std::string& what) {
  const errors e = measure(got, want);
  INFO(what, ": n ", n, ", relative RMS error ", e.rms, ", max error / max |want| ", e.max, ", bound ", b);
  CHECK(e.rms <= b);
  CHECK(e.max <= b);
}

// got (a tensor, any layout) against want, for a transform of n points (`transforms`
// transforms in a row: a round trip is 2).
template <class Tensor>
void check(const Tensor& got, const array& want, x::index_t n, const std::string& what, int transforms = 1) {
  using T = component_t<typename Tensor::value_type>;
  check_values(values(got), want, n, transforms * bound<T>(n), what);
}

// ---- Shapes ------------------------------------------------------------------------

template <x::index_t... L>
inline constexpr x::index_t last_length = [] {
  constexpr x::index_t l[] = {L...};
  return l[sizeof...(L) - 1];
}();

template <x::index_t... L>
inline constexpr x::index_t product = (x::index_t{1} * ... * L);

// The result shape of x::fft<T, L...> on an operand of shape `in`, in the default
// layout, from XLA's shape rule: fft, ifft keep the shape; rfft makes a real type
// complex (f32 -> c64, f64 -> c128) and its last dimension L_last/2+1; irfft the
// reverse, its last dimension L_last.
template <x::fft_type T, x::index_t... L>
constexpr x::shape_spec out_spec(const x::shape_spec& in) {
  x::primitive_type t = in.element_type;
  x::idx d = in.dimensions;
  if constexpr (T == x::fft_type::rfft) {
    t = t == x::primitive_type::f64 ? x::primitive_type::c128 : x::primitive_type::c64;
    d[d.size() - 1] = last_length<L...> / 2 + 1;
  } else if constexpr (T == x::fft_type::irfft) {
    t = t == x::primitive_type::c128 ? x::primitive_type::f64 : x::primitive_type::f32;
    d[d.size() - 1] = last_length<L...>;
  }
  return x::shape_spec(t, d, x::default_layout(d.size()));
}

template <class In, x::fft_type T, x::index_t... L>
using out_t = x::tensor<out_spec<T, L...>(In::spec)>;

// x::fft<T, L...> of a random operand of type In (seeded), into the default layout,
// against the reference (operand and result on the heap).
template <class In, x::fft_type T, x::index_t... L>
void check_random(std::uint64_t seed, const std::string& what) {
  auto in = std::make_unique<In>();
  const array in_values = fill(*in, seed);
  auto out = std::make_unique<out_t<In, T, L...>>();
  *out = x::fft<T, L...>(*in);
  check(*out, reference(T, in_values, sizeof...(L), last_length<L...>), product<L...>, what);
}

// ---- Rows of one length ------------------------------------------------------------

// fft and ifft of Rows random rows of length N of complex type C (c64 or c128), and the
// round trip ifft(fft(a)) ~ a.
template <x::primitive_type C, x::index_t N, x::index_t Rows = 3>
void complex_rows(std::uint64_t seed) {
  using T = x::tensor<x::shape_spec(C, {Rows, N})>;
  const std::string n = std::to_string(N);
  auto a = std::make_unique<T>(), y = std::make_unique<T>(), z = std::make_unique<T>();
  const array in = fill(*a, seed);
  *y = x::fft<x::fft_type::fft, N>(*a);
  check(*y, dft(in, 1, false), N, "fft<" + n + ">");
  *z = x::fft<x::fft_type::ifft, N>(*a);
  check(*z, dft(in, 1, true), N, "ifft<" + n + ">");
  *z = x::fft<x::fft_type::ifft, N>(*y);
  check(*z, in, N, "ifft<" + n + ">(fft<" + n + ">)", 2);
}

// rfft of Rows random real rows of length N of real type R (f32 or f64), the round trip
// irfft(rfft(a)) ~ a, and irfft of Rows random spectra of N/2+1 bins (whose bin 0, and
// bin N/2 for even N, have imaginary parts that irfft ignores).
template <x::primitive_type R, x::index_t N, x::index_t Rows = 3>
void real_rows(std::uint64_t seed) {
  constexpr x::primitive_type C = R == x::primitive_type::f64 ? x::primitive_type::c128 : x::primitive_type::c64;
  using RT = x::tensor<x::shape_spec(R, {Rows, N})>;
  using CT = x::tensor<x::shape_spec(C, {Rows, N / 2 + 1})>;
  const std::string n = std::to_string(N);
  auto a = std::make_unique<RT>(), back = std::make_unique<RT>();
  auto y = std::make_unique<CT>();
  const array in = fill(*a, seed);
  *y = x::fft<x::fft_type::rfft, N>(*a);
  check(*y, rfft(in, 1), N, "rfft<" + n + ">");
  *back = x::fft<x::fft_type::irfft, N>(*y);
  check(*back, in, N, "irfft<" + n + ">(rfft<" + n + ">)", 2);
  const array spectrum = fill(*y, seed + 1000);
  *back = x::fft<x::fft_type::irfft, N>(*y);
  check(*back, irfft(spectrum, 1, N), N, "irfft<" + n + "> of a random spectrum");
}

}  // namespace fft_check

#endif  // SXLA_TESTS_OPS_FFT_CHECK_HPP
