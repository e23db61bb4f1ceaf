// sxla/kernels/fft.hpp: discrete Fourier transforms of batches of signals, written over
// the SIMD vocabulary: fft_engine<T, N> runs fft_plan<T, N> (kernels/fft_plan.hpp) on
// lanes<T> signals at once, one signal per lane. Nothing here knows a shape or an op.
//
// A batch lives in the work buffer as N elements of two vectors each (real parts, then
// imaginary parts, one lane per signal): every codelet is plain vector arithmetic with
// broadcast twiddles, the same code for every length and for the scalar backend (one
// lane). The passes move signals in and out of the buffer:
//   c2c_rows      rows of N complex numbers, contiguous: L rows at a time, read and
//                 written transposed, L / 2 elements of each row per square of vectors;
//                 rows of L^2 or more (a multiple of it) one at a time in four steps
//                 (four_step: L interleaved signals, one transpose, L-point DFTs across
//                 vectors);
//   c2c_columns   signals along a strided axis, L neighbouring signals at a time (one
//                 deinterleaving load per element): the column passes of a 2-D or 3-D
//                 transform, blocked by L columns, without transposing the array;
//   r2c_rows      L real rows at a time, one per lane: a row of even N as N / 2 complex
//                 values through the engine of N / 2, separated into the N / 2 + 1
//                 outputs after it (other N: the row as a complex signal's real parts);
//                 no row's values reach another's lanes;
//   c2r_rows      the reverse: each Hermitian half spectrum combined into the complex
//                 signal of N / 2 (other N: the whole spectrum), transformed back.
// The inverse transform is the forward one on swapped real and imaginary parts.
// Partial batches (fewer signals than lanes, lengths not a multiple of the vector) go
// lane by lane through the same buffer. The stages run breadth first until a block fits
// the L1 cache, then depth first inside it; lengths with a prime factor above 64 go
// through Bluestein's convolution on the engine of a power of two.
//
// Memory: scratch_elements values of T from the caller (the work buffer, 64-byte
// aligned); nothing else. Threads: none.
#ifndef SXLA_KERNELS_FFT_HPP
#define SXLA_KERNELS_FFT_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "sxla/config.hpp"              // SXLA_FORCE_INLINE, SXLA_STREAM_STORE_BYTES
#include "sxla/kernels/fft_plan.hpp"    // fft_plan, fft_codelet_roots
#include "sxla/simd/vec.hpp"            // vec, load, store, stream, load_transposed, transpose_square, load_deinterleaved

namespace sxla::kernels {

namespace detail {

// The vectors of a batch: L signals of T per vector (L = 1: the scalar backend).
template <class T>
struct fft_lanes {
  static constexpr bool vector = simd::has_vec<T>;
  static constexpr std::size_t count = vector ? simd::lanes<T> : 1;
  using V = std::conditional_t<vector, simd::vec<T>, T>;
  SXLA_FORCE_INLINE static V load(const T* p) noexcept {
    if constexpr (vector) {
      return simd::load(p);
    } else {
      return *p;
    }
  }
  SXLA_FORCE_INLINE static void store(V v, T* p) noexcept {
    if constexpr (vector) {
      simd::store(v, p);
    } else {
      *p = v;
    }
  }
};

template <class V>
struct fft_cx {
  V re, im;
};

template <class V>
SXLA_FORCE_INLINE fft_cx<V> operator+(fft_cx<V> a, fft_cx<V> b) noexcept {
  return {a.re + b.re, a.im + b.im};
}
template <class V>
SXLA_FORCE_INLINE fft_cx<V> operator-(fft_cx<V> a, fft_cx<V> b) noexcept {
  return {a.re - b.re, a.im - b.im};
}
}  // namespace detail

template <class T, std::size_t N>
struct fft_engine {
  // (The real-row passes run the engine of N / 2 on its buffer.)
  template <class, std::size_t>
  friend struct fft_engine;

  using plan = fft_plan<T, N>;
  using lanes_t = detail::fft_lanes<T>;
  using V = typename lanes_t::V;
  using cx = detail::fft_cx<V>;
  static constexpr std::size_t L = lanes_t::count;
  // One buffer element: 2 L values of T.
  static constexpr std::size_t E = 2 * L;

  // Elements of a block that fit the first-level data cache with room to spare (16 KiB:
  // the smallest L1D of the targets is 32 KiB).
  static constexpr std::size_t cached_elements = (16u << 10) / (E * sizeof(T));

  // The buffer's layout: leaves of `leaf` elements (the span of the first stage that
  // fits the cache), each followed by one cache line of padding when there are several,
  // so that the early stages' power-of-two strides between leaves do not all fall in
  // the same cache sets. Element i is at at(i).
  static constexpr std::size_t leaf = [] {
    for (std::size_t s = 0; s < plan::stages; ++s)
      if (plan::span(s) <= cached_elements) return plan::span(s);
    return N == 0 ? std::size_t{1} : N;
  }();
  static constexpr std::size_t pad = leaf < N ? 64 / sizeof(T) : 0;
  SXLA_FORCE_INLINE static constexpr std::size_t at(std::size_t i) noexcept {
    return i / leaf * (leaf * E + pad) + i % leaf * E;
  }
  // Where output k is after the transform: at(plan::order[k]).
  static constexpr std::array<std::uint32_t, (N == 0 ? 1 : N)> out_at = [] {
    std::array<std::uint32_t, (N == 0 ? 1 : N)> o{};
    for (std::size_t k = 0; k < N; ++k) o[k] = static_cast<std::uint32_t>(at(plan::order[k]));
    return o;
  }();
  static constexpr std::size_t buffer_elements = at(N);

  // Bluestein's algorithm (plan::bluestein): the engine of the power of two M, the
  // transform of the chirp (M values of T, complex, scaled by 1 / M: made by prepare()
  // at the start of each pass) and two buffers of M elements.
  static constexpr std::size_t M = plan::bluestein_size;
  using conv_engine = std::conditional_t<plan::bluestein, fft_engine<T, (M == 0 ? 1 : M)>, void>;
  static constexpr std::size_t bluestein_elements = [] {
    if constexpr (plan::bluestein) {
      return (2 * M + E - 1) / E * E + 2 * conv_engine::buffer_elements;
    } else {
      return std::size_t{0};
    }
  }();

  // Rows of L^2 or more in four steps (c2c_rows), one row at a time: N = L N2 with N2 a
  // multiple of L, row element n = n1 + L n2 (n1 < L, n2 < N2). (1) The L interleaved
  // signals n1, one per lane (a deinterleaving load for each n2), through the engine of
  // N2: output k2. (2) Times W_N^{n1 k2}. (3) For each L consecutive k2, the square of
  // vectors transposed (lane: k2) and (4) transformed along n1 in registers
  // (dft_registers): X[k2 + N2 k1], stored L consecutive outputs at a time. One transpose
  // per element instead of two, no strided row accesses, and a row (8 KiB for 1024 c64)
  // stays in the first-level cache. Measured faster from N = L^2 (256 c64, 64 c128 with
  // AVX-512) up; lanes 4, 8 and 16, whose DFTs across vectors are written out.
  static constexpr bool four_step = [] {
    if constexpr (lanes_t::vector && (L == 4 || L == 8 || L == 16) && N >= L * L && N % (L * L) == 0) {
      return fft_plan<T, N / L>::generic_radix == 0 && !fft_plan<T, N / L>::bluestein;
    } else {
      return false;
    }
  }();
  static constexpr std::size_t N2 = four_step ? N / L : 1;
  using row_engine = std::conditional_t<four_step, fft_engine<T, N2>, void>;
  // W_N^{n1 k2} as L real parts, then L imaginary parts, for each k2.
  static constexpr std::array<T, 2 * L * N2> four_step_twiddles = [] {
    std::array<T, 2 * L * N2> t{};
    if constexpr (four_step) {
      for (std::size_t k2 = 0; k2 < N2; ++k2)
        for (std::size_t n1 = 0; n1 < L; ++n1) {
          const std::size_t m = n1 * k2 % N;
          t[2 * L * k2 + n1] = static_cast<T>(plan::roots[2 * m]);
          t[2 * L * k2 + L + n1] = static_cast<T>(plan::roots[2 * m + 1]);
        }
    }
    return t;
  }();

  // Values of T the passes take as their work buffer.
  static constexpr std::size_t scratch_elements =
      buffer_elements + E * (plan::generic_radix > 0 ? plan::generic_radix - 1 : 0) + bluestein_elements;

  // ---- the transform of one batch, in the buffer ----------------------------------

  SXLA_FORCE_INLINE static cx get(const T* p) noexcept { return {lanes_t::load(p), lanes_t::load(p + L)}; }
  SXLA_FORCE_INLINE static void put(cx a, T* p) noexcept {
    lanes_t::store(a.re, p);
    lanes_t::store(a.im, p + L);
  }
  SXLA_FORCE_INLINE static V splat(T x) noexcept { return simd::splat<V>(x); }
  // a * (w[0] + i w[1]).
  SXLA_FORCE_INLINE static cx twiddle(cx a, const T* w) noexcept {
    const V wr = splat(w[0]), wi = splat(w[1]);
    return {simd::mul_sub(a.re, wr, a.im * wi), simd::mul_add(a.re, wi, a.im * wr)};
  }

  template <std::size_t R, bool Twiddle>
  SXLA_FORCE_INLINE static void store_outputs(cx (&y)[R], T* p, std::size_t step, const T* w) noexcept {
    put(y[0], p);
    for (std::size_t q = 1; q < R; ++q) put(Twiddle ? twiddle(y[q], w + 2 * (q - 1)) : y[q], p + q * step);
  }

  // One butterfly of radix R at p (elements p, p + step, ...), twiddles w (none: k = 0).
  template <std::size_t R, bool Twiddle>
  SXLA_FORCE_INLINE static void butterfly(T* p, std::size_t step, const T* w, T* tmp) noexcept {
    if constexpr (R == 2) {
      const cx a0 = get(p), a1 = get(p + step);
      cx y[2] = {a0 + a1, a0 - a1};
      store_outputs<2, Twiddle>(y, p, step, w);
    } else if constexpr (R == 4) {
      cx a[4];
      for (std::size_t q = 0; q < 4; ++q) a[q] = get(p + q * step);
      cx y[4];
      dft4(a[0], a[1], a[2], a[3], y[0], y[1], y[2], y[3]);
      store_outputs<4, Twiddle>(y, p, step, w);
    } else if constexpr (R == 8) {
      cx a[8];
      for (std::size_t q = 0; q < 8; ++q) a[q] = get(p + q * step);
      cx y[8];
      dft8(a, y);
      store_outputs<8, Twiddle>(y, p, step, w);
    } else {
      odd<R, Twiddle>(p, step, w, tmp);
    }
  }

  SXLA_FORCE_INLINE static void dft4(cx a0, cx a1, cx a2, cx a3, cx& y0, cx& y1, cx& y2, cx& y3) noexcept {
    const cx t0 = a0 + a2, t1 = a0 - a2, t2 = a1 + a3, t3 = a1 - a3;
    y0 = t0 + t2;
    y2 = t0 - t2;
    y1 = {t1.re + t3.im, t1.im - t3.re};  // t1 - i t3
    y3 = {t1.re - t3.im, t1.im + t3.re};  // t1 + i t3
  }

  SXLA_FORCE_INLINE static void dft8(const cx (&a)[8], cx (&y)[8]) noexcept {
    cx e[4], o[4];
    dft4(a[0], a[2], a[4], a[6], e[0], e[1], e[2], e[3]);
    dft4(a[1], a[3], a[5], a[7], o[0], o[1], o[2], o[3]);
    const V c = splat(static_cast<T>(0.707106781186547524400844362104849039L));
    // o[k] * W8^k: W8 = (1 - i) / sqrt 2; o3 below is minus its imaginary part.
    const cx o1 = {c * (o[1].re + o[1].im), c * (o[1].im - o[1].re)};
    const V u3 = c * (o[3].im - o[3].re), v3 = c * (o[3].re + o[3].im);
    y[0] = e[0] + o[0];
    y[1] = e[1] + o1;
    y[2] = {e[2].re + o[2].im, e[2].im - o[2].re};  // e2 - i o2
    y[3] = {e[3].re + u3, e[3].im - v3};
    y[4] = e[0] - o[0];
    y[5] = e[1] - o1;
    y[6] = {e[2].re - o[2].im, e[2].im + o[2].re};
    y[7] = {e[3].re - u3, e[3].im + v3};
  }

  // The DFT across the L vectors of z, in place and in registers (L = 4, 8, 16): 16 as
  // 4 x 4, n = q + 4 p and k = v + 4 u, X[k] = sum_q W4^{q u} W16^{q v} sum_p z[q + 4 p] W4^{p v}.
  SXLA_FORCE_INLINE static void dft_registers(cx (&z)[L]) noexcept {
    if constexpr (L == 4) {
      dft4(z[0], z[1], z[2], z[3], z[0], z[1], z[2], z[3]);
    } else if constexpr (L == 8) {
      const cx a[8] = {z[0], z[1], z[2], z[3], z[4], z[5], z[6], z[7]};
      dft8(a, z);
    } else if constexpr (L == 16) {
      constexpr const auto& roots = fft_codelet_roots<T, 16>;  // cos and sin of 2 pi m / 16
      cx t[4][4];
      for (std::size_t q = 0; q < 4; ++q) dft4(z[q], z[q + 4], z[q + 8], z[q + 12], t[q][0], t[q][1], t[q][2], t[q][3]);
      for (std::size_t q = 1; q < 4; ++q)
        for (std::size_t v = 1; v < 4; ++v) {
          const cx a = t[q][v];
          if (q * v == 4) {
            t[q][v] = {a.im, -a.re};  // times -i
          } else {
            const V c = splat(roots[2 * q * v]), sn = splat(roots[2 * q * v + 1]);
            t[q][v] = {simd::mul_add(a.im, sn, a.re * c), simd::mul_sub(a.im, c, a.re * sn)};
          }
        }
      for (std::size_t v = 0; v < 4; ++v) dft4(t[0][v], t[1][v], t[2][v], t[3][v], z[v], z[v + 4], z[v + 8], z[v + 12]);
    }
  }

  // An odd radix R: with s_q = a_q + a_{R-q}, d_q = a_q - a_{R-q},
  //   y_p = a_0 + sum_q s_q cos(2 pi p q / R) - i sum_q d_q sin(2 pi p q / R),
  // and y_{R-p} the same with + i. Up to radix 7 the sums and differences stay in
  // registers; above, in tmp. The outputs are written in place of the inputs.
  template <std::size_t R, bool Twiddle>
  SXLA_FORCE_INLINE static void odd(T* p, std::size_t step, const T* w, [[maybe_unused]] T* tmp) noexcept {
    constexpr std::size_t h = (R - 1) / 2;
    constexpr bool local = R <= 7;
    constexpr const auto& roots = fft_codelet_roots<T, R>;
    [[maybe_unused]] cx sums[local ? h : 1], diffs[local ? h : 1];
    const auto sum = [&](std::size_t q) SXLA_LAMBDA_INLINE -> cx {
      if constexpr (local) {
        return sums[q];
      } else {
        return get(tmp + q * E);
      }
    };
    const auto diff = [&](std::size_t q) SXLA_LAMBDA_INLINE -> cx {
      if constexpr (local) {
        return diffs[q];
      } else {
        return get(tmp + (h + q) * E);
      }
    };
    const cx a0 = get(p);
    cx y0 = a0;
    for (std::size_t q = 0; q < h; ++q) {
      const cx a = get(p + (q + 1) * step), b = get(p + (R - 1 - q) * step);
      if constexpr (local) {
        sums[q] = a + b;
        diffs[q] = a - b;
      } else {
        put(a + b, tmp + q * E);
        put(a - b, tmp + (h + q) * E);
      }
      y0 = y0 + (a + b);
    }
    put(y0, p);
    for (std::size_t k = 1; k <= h; ++k) {
      cx A = a0, B = {splat(T(0)), splat(T(0))};
      std::size_t t = 0;  // k (q + 1) mod R
      for (std::size_t q = 0; q < h; ++q) {
        t += k;
        if (t >= R) t -= R;
        const V c = splat(roots[2 * t]), sn = splat(roots[2 * t + 1]);
        const cx sq = sum(q), dq = diff(q);
        A = {simd::mul_add(sq.re, c, A.re), simd::mul_add(sq.im, c, A.im)};
        B = {simd::mul_add(dq.re, sn, B.re), simd::mul_add(dq.im, sn, B.im)};
      }
      const cx yk = {A.re + B.im, A.im - B.re}, yr = {A.re - B.im, A.im + B.re};
      put(Twiddle ? twiddle(yk, w + 2 * (k - 1)) : yk, p + k * step);
      put(Twiddle ? twiddle(yr, w + 2 * (R - k - 1)) : yr, p + (R - k) * step);
    }
  }

  // Stage S on one block of span(S) elements at base.
  template <std::size_t S>
  static void block(T* base, T* tmp) noexcept {
    constexpr std::size_t r = plan::radices.r[S], m = plan::span(S) / r;
    const T* tw = plan::twiddles.data() + 2 * plan::twiddle_start[S];
    butterfly<r, false>(base, at(m), nullptr, tmp);
    for (std::size_t k = 1; k < m; ++k) butterfly<r, true>(base + at(k), at(m), tw + 2 * k * (r - 1), tmp);
  }

  // Stages S, S + 1, ... on the block of span(S) at base: breadth first once the block
  // fits the cache, else stage S and then each of its sub-blocks in turn (depth first,
  // so that every later stage runs in the cache).
  template <std::size_t S>
  static void run_from([[maybe_unused]] T* base, [[maybe_unused]] T* tmp) noexcept {
    if constexpr (S < plan::stages) {
      constexpr std::size_t span = plan::span(S);
      if constexpr (span <= cached_elements) {
        block<S>(base, tmp);
        breadth_from<S + 1>(base, span, tmp);
      } else {
        constexpr std::size_t r = plan::radices.r[S], m = span / r;
        block<S>(base, tmp);
        for (std::size_t q = 0; q < r; ++q) run_from<S + 1>(base + q * at(m), tmp);
      }
    }
  }
  template <std::size_t S>
  static void breadth_from([[maybe_unused]] T* base, [[maybe_unused]] std::size_t count,
                           [[maybe_unused]] T* tmp) noexcept {
    if constexpr (S < plan::stages) {
      for (std::size_t b = 0; b < count; b += plan::span(S)) block<S>(base + at(b), tmp);
      breadth_from<S + 1>(base, count, tmp);
    }
  }

  // The forward DFT of the batch in x (N elements); tmp: the generic codelet's scratch,
  // or Bluestein's (after prepare(tmp)). Output k ends at position plan::order[k].
  static void transform(T* x, T* tmp) noexcept {
    if constexpr (plan::bluestein) {
      bluestein(x, tmp);
    } else {
      run_from<0>(x, tmp);
    }
  }

  // Before the transforms of a pass: Bluestein's transformed chirp into tmp.
  static void prepare([[maybe_unused]] T* tmp) noexcept {
    if constexpr (plan::bluestein) {
      // The chirp b wrapped around M (b_{M-j} = b_j), in every lane, transformed.
      T* bhat = tmp;
      T* t = tmp + (2 * M + E - 1) / E * E;
      for (std::size_t j = 0; j < M; ++j) {
        const std::size_t i = j < N ? j : (M - j < N ? M - j : M);
        const T re = i < N ? plan::chirp[2 * i] : T(0), im = i < N ? plan::chirp[2 * i + 1] : T(0);
        put({splat(re), splat(im)}, t + conv_engine::at(j));
      }
      conv_engine::transform(t, nullptr);
      const T scale = static_cast<T>(1.0L / static_cast<long double>(M));
      for (std::size_t k = 0; k < M; ++k) {
        alignas(64) T lane[L];
        lanes_t::store(lanes_t::load(t + conv_engine::out_at[k]), lane);
        bhat[2 * k] = lane[0] * scale;
        lanes_t::store(lanes_t::load(t + conv_engine::out_at[k] + L), lane);
        bhat[2 * k + 1] = lane[0] * scale;
      }
    }
  }

 private:
  // a * conj(w) and a * w, w = (w[0], w[1]) broadcast.
  SXLA_FORCE_INLINE static cx times_conj(cx a, const T* w) noexcept {
    const V wr = splat(w[0]), wi = splat(w[1]);
    return {simd::mul_add(a.re, wr, a.im * wi), simd::mul_sub(a.im, wr, a.re * wi)};
  }

  static void bluestein(T* x, T* tmp) noexcept {
    const T* bhat = tmp;
    T* t1 = tmp + (2 * M + E - 1) / E * E;
    T* t2 = t1 + conv_engine::buffer_elements;
    const cx zero = {splat(T(0)), splat(T(0))};
    for (std::size_t j = 0; j < M; ++j)
      put(j < N ? times_conj(get(x + at(j)), plan::chirp.data() + 2 * j) : zero, t1 + conv_engine::at(j));
    conv_engine::transform(t1, nullptr);
    // The product, into t2 with real and imaginary parts swapped: the inverse transform.
    for (std::size_t k = 0; k < M; ++k) {
      const cx p = twiddle(get(t1 + conv_engine::out_at[k]), bhat + 2 * k);
      put({p.im, p.re}, t2 + conv_engine::at(k));
    }
    conv_engine::transform(t2, nullptr);
    for (std::size_t k = 0; k < N; ++k) {
      const cx y = get(t2 + conv_engine::out_at[k]);
      put(times_conj({y.im, y.re}, plan::chirp.data() + 2 * k), x + at(k));
    }
  }

 public:

  // ---- passes ---------------------------------------------------------------------
  // v times the inverse transform's scale f (forward transforms are not scaled).
  template <bool Scale>
  SXLA_FORCE_INLINE static V scaled(V v, V f) noexcept {
    if constexpr (Scale) {
      return v * f;
    } else {
      return v;
    }
  }

  // Offsets of the real and imaginary slots of an element (swapped for the inverse).
  template <bool Inverse>
  static constexpr std::size_t re_slot = Inverse ? L : 0;
  template <bool Inverse>
  static constexpr std::size_t im_slot = Inverse ? 0 : L;

  // Complex rows: row i of src at src + 2 * N * i (interleaved re, im), the same for
  // dst; every value times scale on the way out. MayStream: nothing reads dst soon
  // after, so that a large result (SXLA_STREAM_STORE_BYTES) may bypass the caches.
  template <bool Inverse, bool MayStream = false>
  static void c2c_rows(const T* src, T* dst, std::size_t rows, T scale, T* work) noexcept {
    T* x = work;
    T* tmp = work + buffer_elements;
    if constexpr (four_step) {
      static_assert(row_engine::buffer_elements <= buffer_elements);
      // A result as large as SXLA_STREAM_STORE_BYTES is written around the caches (it
      // would not stay in them), when its rows are aligned to the stores.
      const bool stream = MayStream && SXLA_STREAM_STORE_BYTES > 0 &&
                          rows * N * 2 * sizeof(T) >= std::size_t{SXLA_STREAM_STORE_BYTES} &&
                          reinterpret_cast<std::uintptr_t>(dst) % (L * sizeof(T)) == 0;
      if (stream) {
        for (std::size_t r = 0; r < rows; ++r) four_step_row<Inverse, true>(src + 2 * N * r, dst + 2 * N * r, scale, x);
        simd::stream_fence();
      } else {
        for (std::size_t r = 0; r < rows; ++r) four_step_row<Inverse, false>(src + 2 * N * r, dst + 2 * N * r, scale, x);
      }
      return;
    }
    prepare(tmp);
    for (std::size_t r0 = 0; r0 < rows; r0 += L) {
      const std::size_t count = rows - r0 < L ? rows - r0 : L;
      const T* s = src + 2 * N * r0;
      T* d = dst + 2 * N * r0;
      if constexpr (lanes_t::vector && L >= 2) {
        if (count == L) {
          load_rows<Inverse>(s, x);
          transform(x, tmp);
          store_rows<Inverse>(x, d, scale);
          continue;
        }
      }
      lane_by_lane<Inverse>(x, tmp, count, scale, [&](std::size_t l, std::size_t j) { return 2 * (N * l + j); }, s, d);
    }
  }

  // One row in four steps (four_step above), x the buffer of the engine of N2.
  template <bool Inverse, bool Stream>
  static void four_step_row(const T* s, T* d, T scale, T* x) noexcept {
    using A = row_engine;
    for (std::size_t n2 = 0; n2 < N2; ++n2) {
      V re, im;
      simd::load_deinterleaved(s + 2 * L * n2, re, im);
      lanes_t::store(re, x + A::at(n2) + re_slot<Inverse>);
      lanes_t::store(im, x + A::at(n2) + im_slot<Inverse>);
    }
    A::transform(x, nullptr);
    const V f = splat(scale);
    for (std::size_t b = 0; b < N2; b += L) {
      V vr[L], vi[L];
      _Pragma("GCC unroll 16") for (std::size_t q = 0; q < L; ++q) {
        const cx z = get(x + A::out_at[b + q]);
        const T* w = four_step_twiddles.data() + 2 * L * (b + q);
        const V wr = lanes_t::load(w), wi = lanes_t::load(w + L);
        vr[q] = simd::mul_sub(z.re, wr, z.im * wi);
        vi[q] = simd::mul_add(z.re, wi, z.im * wr);
      }
      simd::transpose_square(vr);
      simd::transpose_square(vi);
      cx z[L];
      _Pragma("GCC unroll 16") for (std::size_t n1 = 0; n1 < L; ++n1) z[n1] = {vr[n1], vi[n1]};
      dft_registers(z);
      _Pragma("GCC unroll 16") for (std::size_t k1 = 0; k1 < L; ++k1) {
        const cx o = Inverse ? cx{z[k1].im, z[k1].re} : z[k1];
        T* out = d + 2 * (b + N2 * k1);
        if constexpr (Stream) {
          alignas(64) T pair[2 * L];
          simd::store_interleaved(scaled<Inverse>(o.re, f), scaled<Inverse>(o.im, f), pair);
          simd::stream(lanes_t::load(pair), out);
          simd::stream(lanes_t::load(pair + L), out + L);
        } else {
          simd::store_interleaved(scaled<Inverse>(o.re, f), scaled<Inverse>(o.im, f), out);
        }
      }
    }
  }

  // Signals along a strided axis: signal (o, i) for o < outer, i < inner has element j
  // at 2 * ((o * N + j) * inner + i) in src and in dst (which may be src).
  template <bool Inverse>
  static void c2c_columns(const T* src, T* dst, std::size_t outer, std::size_t inner, T scale, T* work) noexcept {
    T* x = work;
    T* tmp = work + buffer_elements;
    prepare(tmp);
    for (std::size_t o = 0; o < outer; ++o)
      for (std::size_t i0 = 0; i0 < inner; i0 += L) {
        const std::size_t count = inner - i0 < L ? inner - i0 : L;
        const T* s = src + 2 * (o * N * inner + i0);
        T* d = dst + 2 * (o * N * inner + i0);
        if constexpr (lanes_t::vector) {
          if (count == L) {
            for (std::size_t j = 0; j < N; ++j) {
              V re, im;
              simd::load_deinterleaved(s + 2 * j * inner, re, im);
              lanes_t::store(re, x + at(j) + re_slot<Inverse>);
              lanes_t::store(im, x + at(j) + im_slot<Inverse>);
            }
            transform(x, tmp);
            const V f = splat(scale);
            for (std::size_t k = 0; k < N; ++k) {
              const T* e = x + out_at[k];
              simd::store_interleaved(scaled<Inverse>(lanes_t::load(e + re_slot<Inverse>), f),
                                      scaled<Inverse>(lanes_t::load(e + im_slot<Inverse>), f), d + 2 * k * inner);
            }
            continue;
          }
        }
        lane_by_lane<Inverse>(x, tmp, count, scale, [&](std::size_t l, std::size_t j) { return 2 * (j * inner + l); },
                              s, d);
      }
  }

  // ---- real rows: each row its own transform, one row per lane --------------------
  // Even N (4 or more): a row of N reals is N / 2 complex values z[n] = x[2n] + i x[2n+1]
  // (the same memory), transformed by the engine of N / 2 (half_engine) and separated:
  // X[k] = E[k] - i W_N^k O[k], E and O the transforms of the even and odd samples,
  // E[k] = (Z[k] + conj Z[M-k]) / 2 and O[k] = (Z[k] - conj Z[M-k]) / 2i (M = N / 2).
  // Other lengths: the row as the real parts of a complex signal of N. No row's values
  // reach another row's lanes, whatever they hold (NaN, Inf, magnitudes far apart).
  static constexpr bool halved = N >= 4 && N % 2 == 0;
  using half_engine = std::conditional_t<halved, fft_engine<T, N / 2>, fft_engine>;
  // Values of T r2c_rows and c2r_rows take as their work buffer.
  static constexpr std::size_t real_scratch_elements = [] {
    if constexpr (halved) {
      return half_engine::scratch_elements;
    } else {
      return scratch_elements;
    }
  }();
  // W_N^k for k <= N / 2 (re, im interleaved): the separation's twiddles.
  static constexpr std::array<T, 2 * (N / 2 + 1)> real_twiddles = [] {
    std::array<T, 2 * (N / 2 + 1)> w{};
    for (std::size_t k = 0; k <= N / 2 && N > 0; ++k) {
      w[2 * k] = static_cast<T>(plan::roots[2 * (k % N)]);
      w[2 * k + 1] = static_cast<T>(plan::roots[2 * (k % N) + 1]);
    }
    return w;
  }();

  // Real rows of N (src, row stride N) to their first H = N / 2 + 1 frequencies (dst,
  // complex, row stride H).
  static void r2c_rows(const T* src, T* dst, std::size_t rows, T* work) noexcept {
    constexpr std::size_t H = N / 2 + 1;
    using A = half_engine;
    T* x = work;
    T* tmp = work + A::buffer_elements;
    A::prepare(tmp);
    for (std::size_t r0 = 0; r0 < rows; r0 += L) {
      const std::size_t count = rows - r0 < L ? rows - r0 : L;
      const T* s = src + N * r0;
      T* d = dst + 2 * H * r0;
      bool full = false;
      if constexpr (lanes_t::vector && L >= 2) full = count == L;
      if constexpr (halved) {
        constexpr std::size_t M = N / 2;
        if constexpr (lanes_t::vector && L >= 2) {
          if (full) A::template load_rows<false>(s, x);
        }
        if (!full) {
          for (std::size_t j = 0; j < M; ++j)
            for (std::size_t l = 0; l < L; ++l) {
              x[A::at(j) + l] = l < count ? s[N * l + 2 * j] : T(0);
              x[A::at(j) + L + l] = l < count ? s[N * l + 2 * j + 1] : T(0);
            }
        }
      } else {
        if constexpr (lanes_t::vector && L >= 2) {
          if (full) load_real_rows(s, x, 0);
        }
        for (std::size_t j = 0; j < N; ++j)
          for (std::size_t l = 0; l < L; ++l) {
            if (!full) x[at(j) + l] = l < count ? s[N * l + j] : T(0);
            x[at(j) + L + l] = T(0);
          }
      }
      A::transform(x, tmp);
      // X[k], one row per lane.
      const auto spectrum = [&](std::size_t k) SXLA_LAMBDA_INLINE -> cx {
        if constexpr (halved) {
          constexpr std::size_t M = N / 2;
          const cx z = get(x + A::out_at[k % M]), m = get(x + A::out_at[(M - k) % M]);
          const V half = splat(T(0.5));
          // E = (Z[k] + conj Z[M-k]) / 2 = (er, ei); O = (Z[k] - conj Z[M-k]) / 2i = (oi, -orr).
          const V er = (z.re + m.re) * half, ei = (z.im - m.im) * half;
          const V orr = (z.re - m.re) * half, oi = (z.im + m.im) * half;
          // X[k] = E + W O, W = W_N^k = (wr, wi).
          const V wr = splat(real_twiddles[2 * k]), wi = splat(real_twiddles[2 * k + 1]);
          return {er + simd::mul_add(oi, wr, orr * wi), ei + simd::mul_sub(oi, wi, orr * wr)};
        } else {
          return get(x + out_at[k]);
        }
      };
      std::size_t k0 = 0;
      if constexpr (lanes_t::vector && L >= 2) {
        if (full) {
          for (; k0 + L / 2 <= H; k0 += L / 2) {
            V v[L];
            _Pragma("GCC unroll 16") for (std::size_t q = 0; q < L / 2; ++q) {
              const cx a = spectrum(k0 + q);
              v[2 * q] = a.re;
              v[2 * q + 1] = a.im;
            }
            simd::transpose_square(v);
            _Pragma("GCC unroll 16") for (std::size_t l = 0; l < L; ++l) lanes_t::store(v[l], d + 2 * (H * l + k0));
          }
        }
      }
      for (std::size_t k = k0; k < H; ++k) {
        const cx a = spectrum(k);
        alignas(64) T ar[L], ai[L];
        lanes_t::store(a.re, ar);
        lanes_t::store(a.im, ai);
        for (std::size_t l = 0; l < count; ++l) {
          d[2 * (H * l + k)] = ar[l];
          d[2 * (H * l + k) + 1] = ai[l];
        }
      }
    }
  }

  // Half spectra (src, complex, row stride H = N / 2 + 1) to real rows of N (dst), times
  // scale. The imaginary parts of frequency 0 and (N even) N / 2 are not read. Even N:
  // Z[k] = (X[k] + conj X[M-k]) + i W_N^-k (X[k] - conj X[M-k]) for k < M, whose inverse
  // transform of M (times scale = 1 / N) is z[n] = x[2n] + i x[2n+1]; other lengths: the
  // whole Hermitian spectrum, whose inverse transform's real parts are the row.
  static void c2r_rows(const T* src, T* dst, std::size_t rows, T scale, T* work) noexcept {
    constexpr std::size_t H = N / 2 + 1;
    using A = half_engine;
    constexpr std::size_t K = halved ? N / 2 : N;  // A's length
    T* x = work;
    T* tmp = work + A::buffer_elements;
    A::prepare(tmp);
    for (std::size_t r0 = 0; r0 < rows; r0 += L) {
      const std::size_t count = rows - r0 < L ? rows - r0 : L;
      const T* s = src + 2 * H * r0;
      T* d = dst + N * r0;
      bool full = false;
      if constexpr (lanes_t::vector && L >= 2) full = count == L;
      // X[k] of each row (one row per lane) at A::at(k); X[K] (even N: X[N / 2]) in last.
      cx last = {splat(T(0)), splat(T(0))};
      const auto keep = [&](std::size_t k, V re, V im) SXLA_LAMBDA_INLINE {
        if (k < K) {
          put({re, im}, x + A::at(k));
        } else {
          last = {re, im};
        }
      };
      std::size_t k0 = 0;
      if constexpr (lanes_t::vector && L >= 2) {
        if (full) {
          for (; k0 + L / 2 <= H; k0 += L / 2) {
            const T* r[L];
            _Pragma("GCC unroll 16") for (std::size_t l = 0; l < L; ++l) r[l] = s + 2 * (H * l + k0);
            V v[L];
            simd::load_transposed(r, v);
            _Pragma("GCC unroll 16") for (std::size_t q = 0; q < L / 2; ++q) keep(k0 + q, v[2 * q], v[2 * q + 1]);
          }
        }
      }
      for (std::size_t k = k0; k < H; ++k) {
        alignas(64) T re[L], im[L];
        for (std::size_t l = 0; l < L; ++l) {
          re[l] = l < count ? s[2 * (H * l + k)] : T(0);
          im[l] = l < count ? s[2 * (H * l + k) + 1] : T(0);
        }
        keep(k, lanes_t::load(re), lanes_t::load(im));
      }
      // The signal to transform back, written with real and imaginary parts swapped (the
      // inverse transform), in place.
      const V zero = splat(T(0));
      if constexpr (halved) {
        constexpr std::size_t M = N / 2;
        for (std::size_t k = 0; 2 * k <= M; ++k) {
          const std::size_t j = M - k;
          cx a = get(x + A::at(k));
          cx b = j == M ? last : get(x + A::at(j));
          if (k == 0) a.im = b.im = zero;  // X[0] and X[N / 2] are real
          // Z[k] from a = X[k] and b = X[M-k]; Z[M-k] from the same pair, swapped.
          const auto z = [&](cx p, cx q, std::size_t t) SXLA_LAMBDA_INLINE -> cx {
            const V sr = p.re + q.re, si = p.im - q.im;  // p + conj q
            const V dr = p.re - q.re, di = p.im + q.im;  // p - conj q
            const V wr = splat(real_twiddles[2 * t]), wi = splat(real_twiddles[2 * t + 1]);
            const V cr = simd::mul_add(dr, wr, di * wi), ci = simd::mul_sub(di, wr, dr * wi);  // conj(W) (p - conj q)
            return {sr - ci, si + cr};  // (p + conj q) + i conj(W) (p - conj q)
          };
          const cx zk = z(a, b, k);
          put({zk.im, zk.re}, x + A::at(k));
          if (j != k && j < M) {
            const cx zj = z(b, a, j);
            put({zj.im, zj.re}, x + A::at(j));
          }
        }
      } else {
        for (std::size_t k = 0; k < H; ++k) {
          cx a = get(x + at(k));
          if (k == 0 || 2 * k == N) a.im = zero;
          put({a.im, a.re}, x + at(k));
          if (k != 0 && 2 * k < N) put({zero - a.im, a.re}, x + at(N - k));  // conj X[k], swapped
        }
      }
      A::transform(x, tmp);
      // The inverse's real parts are in the imaginary slots (lanes L..2L-1), its
      // imaginary parts in the real slots.
      if constexpr (halved) {
        if constexpr (lanes_t::vector && L >= 2) {
          if (full) {
            A::template store_rows<true>(x, d, scale);
            continue;
          }
        }
        for (std::size_t n = 0; n < K; ++n) {
          const T* e = x + A::out_at[n];
          for (std::size_t l = 0; l < count; ++l) {
            d[N * l + 2 * n] = e[L + l] * scale;
            d[N * l + 2 * n + 1] = e[l] * scale;
          }
        }
      } else {
        std::size_t j0 = 0;
        if constexpr (lanes_t::vector && L >= 2) {
          if (full) {
            const V f = splat(scale);
            for (; j0 + L <= N; j0 += L) {
              const T* r[L];
              _Pragma("GCC unroll 16") for (std::size_t q = 0; q < L; ++q) r[q] = x + out_at[j0 + q] + L;
              V v[L];
              simd::load_transposed(r, v);
              _Pragma("GCC unroll 16") for (std::size_t l = 0; l < L; ++l) lanes_t::store(v[l] * f, d + N * l + j0);
            }
          }
        }
        for (std::size_t j = j0; j < N; ++j) {
          const T* e = x + out_at[j];
          for (std::size_t l = 0; l < count; ++l) d[N * l + j] = e[L + l] * scale;
        }
      }
    }
  }

 private:
  // A partial batch of complex signals (count < L, or no vectors), lane by lane: element j
  // of signal l at s + offset(l, j) (real part, then imaginary), the result at the same
  // offsets from d; the lanes past count transform zeros.
  template <bool Inverse, class Offset>
  static void lane_by_lane(T* x, T* tmp, std::size_t count, T scale, const Offset& offset, const T* s, T* d) noexcept {
    for (std::size_t j = 0; j < N; ++j)
      for (std::size_t l = 0; l < L; ++l) {
        x[at(j) + re_slot<Inverse> + l] = l < count ? s[offset(l, j)] : T(0);
        x[at(j) + im_slot<Inverse> + l] = l < count ? s[offset(l, j) + 1] : T(0);
      }
    transform(x, tmp);
    for (std::size_t k = 0; k < N; ++k) {
      const T* e = x + out_at[k];
      for (std::size_t l = 0; l < count; ++l) {
        d[offset(l, k)] = e[re_slot<Inverse> + l] * scale;
        d[offset(l, k) + 1] = e[im_slot<Inverse> + l] * scale;
      }
    }
  }

  // L full rows of complex values into the buffer, L / 2 elements per transpose.
  template <bool Inverse>
  static void load_rows(const T* s, T* x) noexcept {
    constexpr std::size_t full = N - N % (L / 2);
    for (std::size_t j0 = 0; j0 < full; j0 += L / 2) {
      const T* rows[L];
      _Pragma("GCC unroll 16") for (std::size_t l = 0; l < L; ++l) rows[l] = s + 2 * (N * l + j0);
      V v[L];
      simd::load_transposed(rows, v);
      _Pragma("GCC unroll 16") for (std::size_t q = 0; q < L / 2; ++q) {
        lanes_t::store(v[2 * q], x + at(j0 + q) + re_slot<Inverse>);
        lanes_t::store(v[2 * q + 1], x + at(j0 + q) + im_slot<Inverse>);
      }
    }
    if constexpr (full < N) {
      for (std::size_t j = full; j < N; ++j)
        for (std::size_t l = 0; l < L; ++l) {
          x[at(j) + re_slot<Inverse> + l] = s[2 * (N * l + j)];
          x[at(j) + im_slot<Inverse> + l] = s[2 * (N * l + j) + 1];
        }
    }
  }

  template <bool Inverse>
  static void store_rows(const T* x, T* d, T scale) noexcept {
    const V f = splat(scale);
    constexpr std::size_t full = N - N % (L / 2);
    for (std::size_t k0 = 0; k0 < full; k0 += L / 2) {
      const T* parts[L];
      _Pragma("GCC unroll 16") for (std::size_t q = 0; q < L / 2; ++q) {
        parts[2 * q] = x + out_at[k0 + q] + re_slot<Inverse>;
        parts[2 * q + 1] = x + out_at[k0 + q] + im_slot<Inverse>;
      }
      V v[L];
      simd::load_transposed(parts, v);
      _Pragma("GCC unroll 16") for (std::size_t l = 0; l < L; ++l) {
        lanes_t::store(scaled<Inverse>(v[l], f), d + 2 * (N * l + k0));
      }
    }
    if constexpr (full < N) {
      for (std::size_t k = full; k < N; ++k) {
        const T* e = x + out_at[k];
        for (std::size_t l = 0; l < L; ++l) {
          d[2 * (N * l + k)] = e[re_slot<Inverse> + l] * scale;
          d[2 * (N * l + k) + 1] = e[im_slot<Inverse> + l] * scale;
        }
      }
    }
  }

  // L full real rows (row stride N) into lanes [lane0, lane0 + L) of the buffer's first
  // vector of each element (the real slot; the imaginary slot for lane0 = L).
  static void load_real_rows(const T* s, T* x, std::size_t lane0) noexcept {
    constexpr std::size_t full = N - N % L;
    for (std::size_t j0 = 0; j0 < full; j0 += L) {
      const T* rows[L];
      _Pragma("GCC unroll 16") for (std::size_t l = 0; l < L; ++l) rows[l] = s + N * l + j0;
      V v[L];
      simd::load_transposed(rows, v);
      _Pragma("GCC unroll 16") for (std::size_t q = 0; q < L; ++q) lanes_t::store(v[q], x + at(j0 + q) + lane0);
    }
    if constexpr (full < N) {
      for (std::size_t j = full; j < N; ++j)
        for (std::size_t l = 0; l < L; ++l) x[at(j) + lane0 + l] = s[N * l + j];
    }
  }
};

}  // namespace sxla::kernels

#endif  // SXLA_KERNELS_FFT_HPP
