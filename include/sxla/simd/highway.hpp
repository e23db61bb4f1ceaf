// sxla/simd/highway.hpp: the vector vocabulary on Google Highway (static dispatch for the
// compiler's target, full-width vectors): vec<T> and mask<T> wrap hn::Vec and hn::Mask,
// and the free functions mirror scalar.hpp lane by lane. Where the target lacks an
// instruction (8-bit multiplies, 64-bit multiplies before AVX-512, ...) a function works
// lane by lane instead, so every function exists for every lane type. Empty unless
// SXLA_SIMD_HIGHWAY is the selected backend.
#ifndef SXLA_SIMD_HIGHWAY_HPP
#define SXLA_SIMD_HIGHWAY_HPP

#include "sxla/config.hpp"         // SXLA_SIMD_HIGHWAY, SXLA_FORCE_INLINE
#include "sxla/simd/backend.hpp"   // <hwy/highway.h>, included with the AVX3_DL fix
#include "sxla/simd/scalar.hpp"    // lane_traits, lane_type, int_of, uint_of, scalar ops

#if defined(SXLA_SIMD_HIGHWAY)

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

HWY_BEFORE_NAMESPACE();
namespace sxla::simd {

namespace hn = hwy::HWY_NAMESPACE;

// The lane types with vectors: float, double and the 8- to 64-bit integers.
template <class T>
inline constexpr bool has_vec = lane_type<T> && !std::is_same_v<T, long double> && sizeof(T) <= 8;

template <class T>
using tag = hn::ScalableTag<T>;

template <class T>
inline constexpr std::size_t lanes = hn::MaxLanes(tag<T>());

// Masked loads and stores that never touch memory past the lanes they keep (AVX-512;
// older targets copy through a buffer instead).
inline constexpr bool has_masked_memory = HWY_TARGET <= HWY_AVX3;

template <class T>
struct vec {
  hn::Vec<tag<T>> raw;
};
template <class T>
struct mask {
  hn::Mask<tag<T>> raw;
};

// lane_traits of vec<T> (vec.hpp specialises lane_traits with it).
template <class T>
struct lane_traits_vec {
  using lane = T;
  using mask = simd::mask<T>;
  template <class U>
  using rebind = vec<U>;
  static constexpr std::size_t lanes = simd::lanes<T>;
  static constexpr bool is_vector = true;
  SXLA_FORCE_INLINE static vec<T> splat(T x) noexcept { return {hn::Set(tag<T>(), x)}; }
};

namespace detail {
template <class T>
struct lane_array {
  alignas(64) T v[lanes<T>];
};
template <class T>
SXLA_FORCE_INLINE lane_array<T> to_lanes(vec<T> a) noexcept {
  lane_array<T> r;
  hn::Store(a.raw, tag<T>(), r.v);
  return r;
}
template <class T>
SXLA_FORCE_INLINE vec<T> from_lanes(const lane_array<T>& r) noexcept {
  return {hn::Load(tag<T>(), r.v)};
}
// f applied lane by lane (the fallback where the target has no instruction).
template <class R, class F, class T, class... U>
SXLA_FORCE_INLINE vec<R> per_lane(F f, vec<T> a, vec<U>... b) noexcept {
  static_assert(((lanes<U> == lanes<T>) && ...) && lanes<R> == lanes<T>);
  const lane_array<T> la = to_lanes(a);
  lane_array<R> r;
  [&](const auto&... lb) SXLA_LAMBDA_INLINE {
    for (std::size_t i = 0; i < lanes<T>; ++i) r.v[i] = f(la.v[i], lb.v[i]...);
  }(to_lanes(b)...);
  return from_lanes(r);
}
}  // namespace detail

template <class T>
SXLA_FORCE_INLINE vec<T> zero() noexcept {
  return {hn::Zero(tag<T>())};
}
// first, first + 1, first + 2, ...: the constant 0, 1, 2, ... plus first (Highway's
// Iota(d, first) assembles the lanes one by one for a first unknown at compile time).
template <class T>
SXLA_FORCE_INLINE vec<T> iota(T first) noexcept {
  return {hn::Add(hn::Iota(tag<T>(), T{0}), hn::Set(tag<T>(), first))};
}

// ---- Memory ----------------------------------------------------------------------------
template <class T>
SXLA_FORCE_INLINE vec<T> load(const T* p) noexcept {
  return {hn::LoadU(tag<T>(), p)};
}
template <class T>
SXLA_FORCE_INLINE void store(vec<T> v, T* p) noexcept {
  hn::StoreU(v.raw, tag<T>(), p);
}
// Two vectors from 2 * lanes interleaved elements (complex numbers: real parts to even,
// imaginary parts to odd), and back.
template <class T>
SXLA_FORCE_INLINE void load_deinterleaved(const T* p, vec<T>& even, vec<T>& odd) noexcept {
  hn::LoadInterleaved2(tag<T>(), p, even.raw, odd.raw);
}
template <class T>
SXLA_FORCE_INLINE void store_interleaved(vec<T> even, vec<T> odd, T* p) noexcept {
  hn::StoreInterleaved2(even.raw, odd.raw, tag<T>(), p);
}
// p[4 i + k] = lane i of vk (four streams of words into one).
template <class T>
SXLA_FORCE_INLINE void store_interleaved4(vec<T> v0, vec<T> v1, vec<T> v2, vec<T> v3, T* p) noexcept {
  hn::StoreInterleaved4(v0.raw, v1.raw, v2.raw, v3.raw, tag<T>(), p);
}
// The first n lanes from p (n <= lanes), the others zero; reads only p[0, n).
template <class T>
SXLA_FORCE_INLINE vec<T> load_n(const T* p, std::size_t n) noexcept {
  if constexpr (has_masked_memory) {
    const tag<T> d;
    return {hn::MaskedLoad(hn::FirstN(d, n), d, p)};
  } else {
    detail::lane_array<T> buf = {};
    std::memcpy(buf.v, p, n * sizeof(T));
    return detail::from_lanes(buf);
  }
}
// Writes the first n lanes (n <= lanes) to p[0, n) and nothing else.
template <class T>
SXLA_FORCE_INLINE void store_n(vec<T> v, T* p, std::size_t n) noexcept {
  if constexpr (has_masked_memory) {
    const tag<T> d;
    hn::BlendedStore(v.raw, hn::FirstN(d, n), d, p);
  } else {
    const detail::lane_array<T> buf = detail::to_lanes(v);
    std::memcpy(p, buf.v, n * sizeof(T));
  }
}
// A non-temporal store (bypasses the caches); p must be aligned to the vector size.
template <class T>
SXLA_FORCE_INLINE void stream(vec<T> v, T* p) noexcept {
  hn::Stream(v.raw, tag<T>(), p);
}
// Orders the non-temporal stores made so far before any later store.
SXLA_FORCE_INLINE void stream_fence() noexcept {
#if HWY_ARCH_X86
  __builtin_ia32_sfence();
#endif
}

// p[0], p[stride], p[2 * stride], ... (stride in elements, any sign).
template <class T>
SXLA_FORCE_INLINE vec<T> gather(const T* p, std::int64_t stride) noexcept {
  using I = int_of<T>;
  if constexpr (sizeof(T) >= 4) {
    constexpr std::int64_t limit = std::numeric_limits<I>::max() / static_cast<std::int64_t>(lanes<T>);
    if (stride > -limit && stride < limit) {
      const hn::Vec<tag<I>> index = hn::Mul(hn::Iota(tag<I>(), I{0}), hn::Set(tag<I>(), static_cast<I>(stride)));
      return {hn::GatherIndex(tag<T>(), p, index)};
    }
  }
  detail::lane_array<T> buf;
  for (std::size_t i = 0; i < lanes<T>; ++i) buf.v[i] = p[static_cast<std::int64_t>(i) * stride];
  return detail::from_lanes(buf);
}

// p[index[0]], p[index[1]], ...: lane i from element index[i] (I an integer type of T's
// size, each index at least 0).
template <class T, class I>
SXLA_FORCE_INLINE vec<T> gather_index(const T* p, vec<I> index) noexcept {
  static_assert(sizeof(I) == sizeof(T) && std::is_integral_v<I>);
  if constexpr (sizeof(T) >= 4) {
    return {hn::GatherIndex(tag<T>(), p, hn::BitCast(tag<int_of<T>>(), index.raw))};
  } else {
    const detail::lane_array<I> k = detail::to_lanes(index);
    detail::lane_array<T> buf;
    for (std::size_t i = 0; i < lanes<T>; ++i) buf.v[i] = p[k.v[i]];
    return detail::from_lanes(buf);
  }
}

// The lanes in reverse order: lane i takes lane lanes - 1 - i (through memory for 8-bit
// lanes, which Highway 1.0.3 cannot reverse).
template <class T>
SXLA_FORCE_INLINE vec<T> reverse(vec<T> v) noexcept {
  if constexpr (sizeof(T) >= 2) {
    return {hn::Reverse(tag<T>(), v.raw)};
  } else {
    const detail::lane_array<T> a = detail::to_lanes(v);
    detail::lane_array<T> r;
    for (std::size_t i = 0; i < lanes<T>; ++i) r.v[i] = a.v[lanes<T> - 1 - i];
    return detail::from_lanes(r);
  }
}

// Lane i takes lane i ^ j (j < lanes): the partner of a sorting network's stage.
template <class T>
  requires(sizeof(T) >= 4)
SXLA_FORCE_INLINE vec<T> lane_xor(vec<T> v, std::size_t j) noexcept {
  using I = int_of<T>;
  const tag<I> di;
  const auto idx = hn::Xor(hn::Iota(di, I{0}), hn::Set(di, static_cast<I>(j)));
  return {hn::TableLookupLanes(v.raw, hn::IndicesFromVec(tag<T>(), idx))};
}

namespace detail {
// Lane indices that compress 8 lanes of 32 bits by an 8-bit mask: the chosen lanes
// first, then the others; lane i's index in bits 4i .. 4i + 3.
inline constexpr auto compress_8x32 = [] {
  std::array<std::uint32_t, 256> t{};
  for (unsigned m = 0; m < 256; ++m) {
    unsigned lo = 0, hi = static_cast<unsigned>(std::popcount(m));
    for (unsigned i = 0; i < 8; ++i) t[m] |= i << (4 * (((m >> i) & 1) != 0 ? lo++ : hi++));
  }
  return t;
}();
// The same for 4 lanes of 64 bits by a 4-bit mask, as 8 lanes of 32 bits.
inline constexpr auto compress_4x64 = [] {
  std::array<std::uint32_t, 16> t{};
  for (unsigned m = 0; m < 16; ++m) {
    unsigned lo = 0, hi = static_cast<unsigned>(std::popcount(m));
    for (unsigned i = 0; i < 4; ++i) {
      const unsigned slot = ((m >> i) & 1) != 0 ? lo++ : hi++;
      t[m] |= (2 * i) << (8 * slot) | (2 * i + 1) << (8 * slot + 4);
    }
  }
  return t;
}();
}  // namespace detail

// The lanes of v where m holds, in order, in the lowest count_true(m) lanes; above them
// the other lanes (in some order) where compress_is_partition<T>, else unspecified.
// AVX-512: vpcompressd / vpcompressq to a register. AVX2: one permutation from a
// table of sxla's own (Highway 1.0.3's tables are local constexpr arrays, which g++
// copies to the stack on every call: 1-2 KiB). Elsewhere Highway's Compress.
template <class T>
inline constexpr bool compress_is_partition =
#if HWY_TARGET == HWY_AVX2
    true;
#elif HWY_TARGET <= HWY_AVX3
    false;
#else
    hn::CompressIsPartition<T>::value;
#endif
// Whether compress is fast enough for the quicksort: not on x86 below AVX2, where it
// would be Highway's tables.
template <class T>
inline constexpr bool native_compress = !HWY_ARCH_X86 || HWY_TARGET <= HWY_AVX2;
template <class T>
  requires(sizeof(T) >= 4)
SXLA_FORCE_INLINE vec<T> compress(vec<T> v, mask<T> m) noexcept {
#if HWY_TARGET == HWY_AVX2
  const tag<std::uint32_t> du;
  std::uint8_t bits[8] = {};
  hn::StoreMaskBits(tag<T>(), m.raw, bits);
  const std::uint32_t packed = sizeof(T) == 4 ? detail::compress_8x32[bits[0]] : detail::compress_4x64[bits[0] & 15];
  const auto idx = hn::And(hn::Shr(hn::Set(du, packed), hn::ShiftLeft<2>(hn::Iota(du, 0))), hn::Set(du, 7u));
  return {hn::BitCast(tag<T>(), hn::TableLookupLanes(hn::BitCast(du, v.raw), hn::IndicesFromVec(du, idx)))};
#elif HWY_TARGET <= HWY_AVX3
  if constexpr (sizeof(T) == 8) {
    const tag<std::uint64_t> du;
    const __m512i r = _mm512_maskz_compress_epi64(m.raw.raw, hn::BitCast(du, v.raw).raw);
    return {hn::BitCast(tag<T>(), hn::Vec512<std::uint64_t>{r})};
  } else {
    return {hn::Compress(v.raw, m.raw)};
  }
#else
  return {hn::Compress(v.raw, m.raw)};
#endif
}

namespace detail {
// Lane i takes lane (i & m) + k (through memory for 8- and 16-bit lanes).
template <class T>
SXLA_FORCE_INLINE vec<T> lanes_from(vec<T> v, std::size_t m, std::size_t k) noexcept {
  if constexpr (sizeof(T) >= 4) {
    using I = int_of<T>;
    const tag<I> di;
    const auto idx =
        hn::Add(hn::And(hn::Iota(di, I{0}), hn::Set(di, static_cast<I>(m))), hn::Set(di, static_cast<I>(k)));
    return {hn::TableLookupLanes(v.raw, hn::IndicesFromVec(tag<T>(), idx))};
  } else {
    const lane_array<T> a = to_lanes(v);
    lane_array<T> r;
    for (std::size_t i = 0; i < lanes<T>; ++i) r.v[i] = a.v[(i & m) + k];
    return from_lanes(r);
  }
}
}  // namespace detail

// Lane i takes lane i % n of v (n a power of two that divides the lane count).
template <class T>
SXLA_FORCE_INLINE vec<T> repeat(vec<T> v, std::size_t n) noexcept {
  return detail::lanes_from(v, n - 1, 0);
}

// Lane i takes lane i - i % g + k: lane k of each group of g lanes spread over its group
// (g a power of two dividing the lane count, k < g).
template <class T>
SXLA_FORCE_INLINE vec<T> broadcast_in_groups(vec<T> v, std::size_t g, std::size_t k) noexcept {
  return detail::lanes_from(v, ~(g - 1), k);
}

// Lane i takes lane k * g + i % g: group k of g lanes, repeated over the vector.
template <class T>
SXLA_FORCE_INLINE vec<T> repeat_group(vec<T> v, std::size_t g, std::size_t k) noexcept {
  return detail::lanes_from(v, g - 1, k * g);
}
// Lane i takes p[i % g] (g a power of two, at most lanes): g elements from memory,
// repeated over the vector. Reads only p[0, g). Groups of 16 bytes are one broadcast
// load (vbroadcastf32x4: a load port, where repeat_group needs the shuffle port).
template <class T>
SXLA_FORCE_INLINE vec<T> load_repeated(const T* p, std::size_t g) noexcept {
  if (g * sizeof(T) == 16 && lanes<T> * sizeof(T) >= 16) return {hn::LoadDup128(tag<T>(), p)};
  return repeat_group(load_n(p, g), g, 0);
}

// Transposes a square of vectors in place: afterwards v[j] lane i is the former v[i]
// lane j. One unpack per pair and two 128-bit shuffles per vector on AVX-512 for 32- and
// 64-bit lanes; through memory elsewhere.
template <class T>
SXLA_FORCE_INLINE void transpose_square(vec<T> (&v)[lanes<T>]) noexcept {
  constexpr std::size_t n = lanes<T>;
#if HWY_TARGET <= HWY_AVX3
  if constexpr (n == 16 && sizeof(T) == 4) {
    __m512 r[16], t[16];
    _Pragma("GCC unroll 16") for (std::size_t i = 0; i < 16; ++i) r[i] = _mm512_castsi512_ps(hn::BitCast(tag<std::int32_t>(), v[i].raw).raw);
    _Pragma("GCC unroll 16") for (std::size_t p = 0; p < 8; ++p) {
      t[2 * p] = _mm512_unpacklo_ps(r[2 * p], r[2 * p + 1]);
      t[2 * p + 1] = _mm512_unpackhi_ps(r[2 * p], r[2 * p + 1]);
    }
    _Pragma("GCC unroll 16") for (std::size_t q = 0; q < 4; ++q) {  // u[4q + w]: rows 4q..4q+3 at column 4b + w of block b
      const __m512d a = _mm512_castps_pd(t[4 * q]), b = _mm512_castps_pd(t[4 * q + 1]);
      const __m512d c = _mm512_castps_pd(t[4 * q + 2]), d = _mm512_castps_pd(t[4 * q + 3]);
      r[4 * q] = _mm512_castpd_ps(_mm512_unpacklo_pd(a, c));
      r[4 * q + 1] = _mm512_castpd_ps(_mm512_unpackhi_pd(a, c));
      r[4 * q + 2] = _mm512_castpd_ps(_mm512_unpacklo_pd(b, d));
      r[4 * q + 3] = _mm512_castpd_ps(_mm512_unpackhi_pd(b, d));
    }
    _Pragma("GCC unroll 16") for (std::size_t w = 0; w < 4; ++w) {  // column 4b + w: block b of r[w], r[4+w], r[8+w], r[12+w]
      const __m512 s0 = _mm512_shuffle_f32x4(r[w], r[4 + w], 0x44), s1 = _mm512_shuffle_f32x4(r[w], r[4 + w], 0xEE);
      const __m512 s2 = _mm512_shuffle_f32x4(r[8 + w], r[12 + w], 0x44);
      const __m512 s3 = _mm512_shuffle_f32x4(r[8 + w], r[12 + w], 0xEE);
      t[w] = _mm512_shuffle_f32x4(s0, s2, 0x88);
      t[4 + w] = _mm512_shuffle_f32x4(s0, s2, 0xDD);
      t[8 + w] = _mm512_shuffle_f32x4(s1, s3, 0x88);
      t[12 + w] = _mm512_shuffle_f32x4(s1, s3, 0xDD);
    }
    _Pragma("GCC unroll 16") for (std::size_t i = 0; i < 16; ++i) {
      v[i] = {hn::BitCast(tag<T>(), hn::Vec512<std::int32_t>{_mm512_castps_si512(t[i])})};
    }
    return;
  } else if constexpr (n == 8 && sizeof(T) == 8) {
    __m512d r[8], t[8];
    _Pragma("GCC unroll 16") for (std::size_t i = 0; i < 8; ++i) r[i] = _mm512_castsi512_pd(hn::BitCast(tag<std::int64_t>(), v[i].raw).raw);
    _Pragma("GCC unroll 16") for (std::size_t p = 0; p < 4; ++p) {  // t[2p + w]: rows 2p, 2p+1 at column 2b + w of block b
      t[2 * p] = _mm512_unpacklo_pd(r[2 * p], r[2 * p + 1]);
      t[2 * p + 1] = _mm512_unpackhi_pd(r[2 * p], r[2 * p + 1]);
    }
    _Pragma("GCC unroll 16") for (std::size_t w = 0; w < 2; ++w) {  // column 2b + w: block b of t[w], t[2+w], t[4+w], t[6+w]
      const __m512d s0 = _mm512_shuffle_f64x2(t[w], t[2 + w], 0x44), s1 = _mm512_shuffle_f64x2(t[w], t[2 + w], 0xEE);
      const __m512d s2 = _mm512_shuffle_f64x2(t[4 + w], t[6 + w], 0x44);
      const __m512d s3 = _mm512_shuffle_f64x2(t[4 + w], t[6 + w], 0xEE);
      r[w] = _mm512_shuffle_f64x2(s0, s2, 0x88);
      r[2 + w] = _mm512_shuffle_f64x2(s0, s2, 0xDD);
      r[4 + w] = _mm512_shuffle_f64x2(s1, s3, 0x88);
      r[6 + w] = _mm512_shuffle_f64x2(s1, s3, 0xDD);
    }
    _Pragma("GCC unroll 16") for (std::size_t i = 0; i < 8; ++i) {
      v[i] = {hn::BitCast(tag<T>(), hn::Vec512<std::int64_t>{_mm512_castpd_si512(r[i])})};
    }
    return;
  }
#endif
  detail::lane_array<T> m[n];
  for (std::size_t i = 0; i < n; ++i) m[i] = detail::to_lanes(v[i]);
  for (std::size_t j = 0; j < n; ++j) {
    detail::lane_array<T> c;
    for (std::size_t i = 0; i < n; ++i) c.v[i] = m[i].v[j];
    v[j] = detail::from_lanes(c);
  }
}

// A square of vectors read transposed: out[j] lane i is rows[i][j] (each row lanes<T>
// elements, anywhere in memory). On AVX-512 the 128-bit blocks are placed by broadcast
// loads merged under masks (load ports and port 0, not the shuffle port), and only the
// transposes inside blocks shuffle: half the shuffles of loads and transpose_square.
template <class T>
SXLA_FORCE_INLINE void load_transposed(const T* const (&rows)[lanes<T>], vec<T> (&out)[lanes<T>]) noexcept {
#if HWY_TARGET <= HWY_AVX3
  if constexpr (lanes<T> == 16 && sizeof(T) == 4) {
    // b[a][c]: block i holds elements 4c..4c+3 of row a + 4i.
    __m512 b[4][4];
    _Pragma("GCC unroll 16") for (std::size_t a = 0; a < 4; ++a) {
      _Pragma("GCC unroll 16") for (std::size_t c = 0; c < 4; ++c) {
        __m512 v = _mm512_castps128_ps512(_mm_loadu_ps(reinterpret_cast<const float*>(rows[a]) + 4 * c));
        v = _mm512_mask_broadcast_f32x4(v, 0x00F0, _mm_loadu_ps(reinterpret_cast<const float*>(rows[a + 4]) + 4 * c));
        v = _mm512_mask_broadcast_f32x4(v, 0x0F00, _mm_loadu_ps(reinterpret_cast<const float*>(rows[a + 8]) + 4 * c));
        v = _mm512_mask_broadcast_f32x4(v, 0xF000, _mm_loadu_ps(reinterpret_cast<const float*>(rows[a + 12]) + 4 * c));
        b[a][c] = v;
      }
    }
    // Inside each block, the 4 x 4 transpose of rows a = 0..3: column 4c + j.
    _Pragma("GCC unroll 16") for (std::size_t c = 0; c < 4; ++c) {
      const __m512 t0 = _mm512_unpacklo_ps(b[0][c], b[1][c]), t1 = _mm512_unpackhi_ps(b[0][c], b[1][c]);
      const __m512 t2 = _mm512_unpacklo_ps(b[2][c], b[3][c]), t3 = _mm512_unpackhi_ps(b[2][c], b[3][c]);
      const __m512 r[4] = {
          _mm512_castpd_ps(_mm512_unpacklo_pd(_mm512_castps_pd(t0), _mm512_castps_pd(t2))),
          _mm512_castpd_ps(_mm512_unpackhi_pd(_mm512_castps_pd(t0), _mm512_castps_pd(t2))),
          _mm512_castpd_ps(_mm512_unpacklo_pd(_mm512_castps_pd(t1), _mm512_castps_pd(t3))),
          _mm512_castpd_ps(_mm512_unpackhi_pd(_mm512_castps_pd(t1), _mm512_castps_pd(t3)))};
      _Pragma("GCC unroll 16") for (std::size_t j = 0; j < 4; ++j) {
        out[4 * c + j] = {hn::BitCast(tag<T>(), hn::Vec512<std::int32_t>{_mm512_castps_si512(r[j])})};
      }
    }
    return;
  } else if constexpr (lanes<T> == 8 && sizeof(T) == 8) {
    // b[a][c]: block i holds elements 2c, 2c+1 of row a + 2i.
    __m512d b[2][4];
    _Pragma("GCC unroll 16") for (std::size_t a = 0; a < 2; ++a) {
      _Pragma("GCC unroll 16") for (std::size_t c = 0; c < 4; ++c) {
        __m512d v = _mm512_castpd128_pd512(_mm_loadu_pd(reinterpret_cast<const double*>(rows[a]) + 2 * c));
        v = _mm512_mask_broadcast_f64x2(v, 0x0C, _mm_loadu_pd(reinterpret_cast<const double*>(rows[a + 2]) + 2 * c));
        v = _mm512_mask_broadcast_f64x2(v, 0x30, _mm_loadu_pd(reinterpret_cast<const double*>(rows[a + 4]) + 2 * c));
        v = _mm512_mask_broadcast_f64x2(v, 0xC0, _mm_loadu_pd(reinterpret_cast<const double*>(rows[a + 6]) + 2 * c));
        b[a][c] = v;
      }
    }
    _Pragma("GCC unroll 16") for (std::size_t c = 0; c < 4; ++c) {
      const __m512d lo = _mm512_unpacklo_pd(b[0][c], b[1][c]), hi = _mm512_unpackhi_pd(b[0][c], b[1][c]);
      out[2 * c] = {hn::BitCast(tag<T>(), hn::Vec512<std::int64_t>{_mm512_castpd_si512(lo)})};
      out[2 * c + 1] = {hn::BitCast(tag<T>(), hn::Vec512<std::int64_t>{_mm512_castpd_si512(hi)})};
    }
    return;
  }
#endif
  _Pragma("GCC unroll 16") for (std::size_t i = 0; i < lanes<T>; ++i) out[i] = load(rows[i]);
  transpose_square(out);
}

// ---- Masks -----------------------------------------------------------------------------
template <class T>
SXLA_FORCE_INLINE mask<T> first_n(std::size_t n) noexcept {
  return {hn::FirstN(tag<T>(), n)};
}
template <class T>
SXLA_FORCE_INLINE mask<T> mask_and(mask<T> a, mask<T> b) noexcept {
  return {hn::And(a.raw, b.raw)};
}
template <class T>
SXLA_FORCE_INLINE mask<T> mask_or(mask<T> a, mask<T> b) noexcept {
  return {hn::Or(a.raw, b.raw)};
}
template <class T>
SXLA_FORCE_INLINE mask<T> mask_xor(mask<T> a, mask<T> b) noexcept {
  return {hn::Xor(a.raw, b.raw)};
}
template <class T>
SXLA_FORCE_INLINE mask<T> mask_not(mask<T> a) noexcept {
  return {hn::Not(a.raw)};
}
template <class T>
SXLA_FORCE_INLINE bool any(mask<T> a) noexcept {
  return !hn::AllFalse(tag<T>(), a.raw);
}
template <class T>
SXLA_FORCE_INLINE bool all(mask<T> a) noexcept {
  return hn::AllTrue(tag<T>(), a.raw);
}
// How many lanes of m hold.
template <class T>
SXLA_FORCE_INLINE std::size_t count_true(mask<T> m) noexcept {
  return hn::CountTrue(tag<T>(), m.raw);
}
// The same lanes as a mask of another lane type of the same width.
template <class U, class T>
  requires(sizeof(U) == sizeof(T))
SXLA_FORCE_INLINE mask<U> mask_cast(mask<T> m) noexcept {
  return {hn::RebindMask(tag<U>(), m.raw)};
}
// A mask from n <= lanes bools (lanes past n false), and back.
template <class T>
SXLA_FORCE_INLINE mask<T> load_mask(const bool* p, std::size_t n) noexcept {
  std::uint8_t bits[(lanes<T> + 7) / 8 + 8] = {};
  for (std::size_t i = 0; i < n; ++i) bits[i / 8] = static_cast<std::uint8_t>(bits[i / 8] | (p[i] ? 1u << (i % 8) : 0u));
  return {hn::LoadMaskBits(tag<T>(), bits)};
}
template <class T>
SXLA_FORCE_INLINE void store_mask(mask<T> m, bool* p, std::size_t n) noexcept {
  std::uint8_t bits[(lanes<T> + 7) / 8 + 8] = {};
  hn::StoreMaskBits(tag<T>(), m.raw, bits);
  for (std::size_t i = 0; i < n; ++i) p[i] = ((bits[i / 8] >> (i % 8)) & 1u) != 0;
}

template <class T>
SXLA_FORCE_INLINE vec<T> select(mask<T> m, vec<T> a, vec<T> b) noexcept {
  return {hn::IfThenElse(m.raw, a.raw, b.raw)};
}

// ---- Arithmetic (integers wrap) --------------------------------------------------------
template <class T>
SXLA_FORCE_INLINE vec<T> add(vec<T> a, vec<T> b) noexcept {
  return {a.raw + b.raw};
}
template <class T>
SXLA_FORCE_INLINE vec<T> sub(vec<T> a, vec<T> b) noexcept {
  return {a.raw - b.raw};
}
// Floating point: rounded, never fused into a following add (see opaque in scalar.hpp).
template <class T>
SXLA_FORCE_INLINE vec<T> mul(vec<T> a, vec<T> b) noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    auto p = a.raw * b.raw;
    opaque(p.raw);
    return {p};
  } else if constexpr (requires { a.raw * b.raw; }) {
    return {a.raw * b.raw};
  } else {
    return detail::per_lane<T>([](T x, T y) { return simd::mul(x, y); }, a, b);
  }
}
// Floating point only.
template <class T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE vec<T> div(vec<T> a, vec<T> b) noexcept {
  return {a.raw / b.raw};
}
template <class T>
SXLA_FORCE_INLINE vec<T> neg(vec<T> a) noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    return {hn::Neg(a.raw)};
  } else {
    return sub(zero<T>(), a);
  }
}
// Fused everywhere: on targets without FMA instructions Highway's MulAdd rounds twice,
// so those take std::fma lane by lane (as the scalar path does).
template <class T>
SXLA_FORCE_INLINE vec<T> fma(vec<T> a, vec<T> b, vec<T> c) noexcept {
  if constexpr (std::is_floating_point_v<T> && HWY_NATIVE_FMA) {
    return {hn::MulAdd(a.raw, b.raw, c.raw)};
  } else if constexpr (std::is_floating_point_v<T>) {
    return detail::per_lane<T>([](T x, T y, T z) { return simd::fma(x, y, z); }, a, b, c);
  } else {
    return add(mul(a, b), c);
  }
}
// a * b - c, fused (floating point), the same way.
template <class T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE vec<T> fms(vec<T> a, vec<T> b, vec<T> c) noexcept {
  if constexpr (HWY_NATIVE_FMA) {
    return {hn::MulSub(a.raw, b.raw, c.raw)};
  } else {
    return detail::per_lane<T>([](T x, T y, T z) { return simd::fms(x, y, z); }, a, b, c);
  }
}
// On x86, Min and Max of floats are minps/maxps: a < b ? a : b and a > b ? a : b,
// exactly (the second operand for a NaN or two zeros), as scalar.hpp's; elsewhere the
// comparison spells it out.
template <class T>
SXLA_FORCE_INLINE vec<T> min(vec<T> a, vec<T> b) noexcept {
  if constexpr (std::is_floating_point_v<T> && !HWY_ARCH_X86) {
    return select(mask<T>{b.raw > a.raw}, a, b);
  } else {
    return {hn::Min(a.raw, b.raw)};
  }
}
template <class T>
SXLA_FORCE_INLINE vec<T> max(vec<T> a, vec<T> b) noexcept {
  if constexpr (std::is_floating_point_v<T> && !HWY_ARCH_X86) {
    return select(mask<T>{a.raw > b.raw}, a, b);
  } else {
    return {hn::Max(a.raw, b.raw)};
  }
}
template <class T>
SXLA_FORCE_INLINE vec<T> abs(vec<T> a) noexcept {
  if constexpr (std::is_unsigned_v<T>) {
    return a;
  } else if constexpr (requires { hn::Abs(a.raw); }) {
    return {hn::Abs(a.raw)};
  } else {
    return detail::per_lane<T>([](T x) { return simd::abs(x); }, a);
  }
}
namespace detail {
// A rounding to an integral value has its operand's sign (-0.5 rounds up to -0). Before
// SSE4.1 Highway emulates the roundings and returns +0 there; the sign is put back.
template <class T, class R>
SXLA_FORCE_INLINE vec<T> keep_sign(vec<T> a, R rounded) noexcept {
  if constexpr (HWY_TARGET >= HWY_SSSE3) {
    return {hn::CopySign(rounded, a.raw)};
  } else {
    return {rounded};
  }
}
}  // namespace detail

template <class T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE vec<T> sqrt(vec<T> a) noexcept {
  return {hn::Sqrt(a.raw)};
}
template <class T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE vec<T> floor(vec<T> a) noexcept {
  return detail::keep_sign(a, hn::Floor(a.raw));
}
template <class T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE vec<T> ceil(vec<T> a) noexcept {
  return detail::keep_sign(a, hn::Ceil(a.raw));
}
template <class T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE vec<T> trunc(vec<T> a) noexcept {
  return detail::keep_sign(a, hn::Trunc(a.raw));
}
template <class T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE vec<T> round_even(vec<T> a) noexcept {
  return detail::keep_sign(a, hn::Round(a.raw));
}
template <class T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE vec<T> copysign(vec<T> mag, vec<T> sgn) noexcept {
  return {hn::CopySign(mag.raw, sgn.raw)};
}

// ---- Comparisons (ordered: false with a NaN, except ne) ---------------------------------
template <class T>
SXLA_FORCE_INLINE mask<T> eq(vec<T> a, vec<T> b) noexcept {
  return {a.raw == b.raw};
}
template <class T>
SXLA_FORCE_INLINE mask<T> ne(vec<T> a, vec<T> b) noexcept {
  return {hn::Not(a.raw == b.raw)};  // unordered: true with a NaN, as in C++
}
template <class T>
SXLA_FORCE_INLINE mask<T> gt(vec<T> a, vec<T> b) noexcept {
  return {a.raw > b.raw};
}
template <class T>
SXLA_FORCE_INLINE mask<T> lt(vec<T> a, vec<T> b) noexcept {
  return {b.raw > a.raw};
}
template <class T>
SXLA_FORCE_INLINE mask<T> ge(vec<T> a, vec<T> b) noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    return {a.raw >= b.raw};
  } else {
    return mask_not(lt(a, b));
  }
}
template <class T>
SXLA_FORCE_INLINE mask<T> le(vec<T> a, vec<T> b) noexcept {
  return ge(b, a);
}
template <class T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE mask<T> is_nan(vec<T> a) noexcept {
  return {hn::IsNaN(a.raw)};
}

// ---- Bits ------------------------------------------------------------------------------
template <class T>
SXLA_FORCE_INLINE vec<T> bit_and(vec<T> a, vec<T> b) noexcept {
  return {hn::And(a.raw, b.raw)};
}
template <class T>
SXLA_FORCE_INLINE vec<T> bit_or(vec<T> a, vec<T> b) noexcept {
  return {hn::Or(a.raw, b.raw)};
}
template <class T>
SXLA_FORCE_INLINE vec<T> bit_xor(vec<T> a, vec<T> b) noexcept {
  return {hn::Xor(a.raw, b.raw)};
}
template <class T>
SXLA_FORCE_INLINE vec<T> bit_not(vec<T> a) noexcept {
  return {hn::Not(a.raw)};
}
// ~a & b
template <class T>
SXLA_FORCE_INLINE vec<T> bit_andnot(vec<T> a, vec<T> b) noexcept {
  return {hn::AndNot(a.raw, b.raw)};
}
template <class U, class T>
  requires(sizeof(U) == sizeof(T))
SXLA_FORCE_INLINE vec<U> bitcast(vec<T> a) noexcept {
  return {hn::BitCast(tag<U>(), a.raw)};
}
// Numeric conversion between lane types of the same width (float to integer truncates;
// the value must be in range).
template <class U, class T>
  requires(sizeof(U) == sizeof(T))
SXLA_FORCE_INLINE vec<U> convert(vec<T> a) noexcept {
  if constexpr (std::is_same_v<U, T>) {
    return a;
  } else if constexpr (requires { hn::ConvertTo(tag<U>(), a.raw); }) {
    return {hn::ConvertTo(tag<U>(), a.raw)};
  } else {
    return detail::per_lane<U>([](T x) { return static_cast<U>(x); }, a);
  }
}

template <int K, class T>
  requires std::is_integral_v<T>
SXLA_FORCE_INLINE vec<T> shl(vec<T> a) noexcept {
  static_assert(K >= 0 && K < static_cast<int>(8 * sizeof(T)));
  if constexpr (requires { hn::ShiftLeft<K>(a.raw); }) {
    return {hn::ShiftLeft<K>(a.raw)};
  } else {
    return detail::per_lane<T>([](T x) { return simd::shl<K>(x); }, a);
  }
}
template <int K, class T>
  requires std::is_integral_v<T>
SXLA_FORCE_INLINE vec<T> shr(vec<T> a) noexcept {
  static_assert(K >= 0 && K < static_cast<int>(8 * sizeof(T)));
  if constexpr (requires { hn::ShiftRight<K>(a.raw); }) {
    return {hn::ShiftRight<K>(a.raw)};
  } else {
    return detail::per_lane<T>([](T x) { return simd::shr<K>(x); }, a);
  }
}
// By per-lane amounts, with scalar.hpp's rule for amounts outside [0, bits).
namespace detail {
// Per-lane variable shifts are instructions from AVX2 on for 32- and 64-bit lanes, from
// AVX-512 on for 16-bit ones; Highway 1.0.3 declares them for other targets and lane
// types too but cannot compile them, so the choice is made here.
template <class T>
inline constexpr bool native_variable_shift =
    (sizeof(T) >= 4 && HWY_TARGET <= HWY_AVX2) || (sizeof(T) == 2 && HWY_TARGET <= HWY_AVX3);
}  // namespace detail
// Whether shl and shr by per-lane amounts are vector instructions on T's width, signed
// and unsigned (an arithmetic shift of 64-bit lanes needs AVX-512). Elsewhere they go
// lane by lane, slower than a plain loop: the shift ops then run the element loop.
template <class T>
inline constexpr bool native_variable_shifts =
    detail::native_variable_shift<T> && (sizeof(T) == 4 || HWY_TARGET <= HWY_AVX3);

template <class T>
  requires std::is_integral_v<T>
SXLA_FORCE_INLINE vec<T> shl(vec<T> a, vec<T> n) noexcept {
  using U = uint_of<T>;
  const tag<U> du;
  const auto au = hn::BitCast(du, a.raw);
  const auto nu = hn::BitCast(du, n.raw);
  if constexpr (detail::native_variable_shift<T>) {
    const auto in_range = hn::Set(du, static_cast<U>(8 * sizeof(T))) > nu;
    const auto shifted = au << hn::IfThenElseZero(in_range, nu);
    return {hn::BitCast(tag<T>(), hn::IfThenElseZero(in_range, shifted))};
  } else {
    return detail::per_lane<T>([](T x, T c) { return simd::shl(x, c); }, a, n);
  }
}
template <class T>
  requires std::is_integral_v<T>
SXLA_FORCE_INLINE vec<T> shr(vec<T> a, vec<T> n) noexcept {
  using U = uint_of<T>;
  if constexpr (detail::native_variable_shift<T> && (std::is_unsigned_v<T> || HWY_TARGET <= HWY_AVX3 ||
                                                     sizeof(T) == 4)) {
    const tag<U> du;
    const tag<T> d;
    const auto in_range =
        hn::RebindMask(d, hn::Set(du, static_cast<U>(8 * sizeof(T))) > hn::BitCast(du, n.raw));
    // Out-of-range amounts become bits - 1: the sign fill for an arithmetic shift; a
    // logical one is zeroed below.
    const auto count = hn::IfThenElse(in_range, n.raw, hn::Set(d, static_cast<T>(8 * sizeof(T) - 1)));
    const auto shifted = a.raw >> count;
    if constexpr (std::is_signed_v<T>) {
      return {shifted};
    } else {
      return {hn::IfThenElseZero(in_range, shifted)};
    }
  } else {
    return detail::per_lane<T>([](T x, T c) { return simd::shr(x, c); }, a, n);
  }
}

template <int K, class T>
  requires std::is_unsigned_v<T>
SXLA_FORCE_INLINE vec<T> rotl(vec<T> a) noexcept {
  static_assert(K > 0 && K < static_cast<int>(8 * sizeof(T)));
  if constexpr (requires { hn::RotateRight<static_cast<int>(8 * sizeof(T)) - K>(a.raw); }) {
    return {hn::RotateRight<static_cast<int>(8 * sizeof(T)) - K>(a.raw)};  // vprold on AVX-512
  } else {
    return {hn::Or(hn::ShiftLeft<K>(a.raw), hn::ShiftRight<static_cast<int>(8 * sizeof(T)) - K>(a.raw))};
  }
}
template <class T>
  requires std::is_same_v<T, std::uint64_t>
SXLA_FORCE_INLINE vec<T> mul_low32(vec<T> a, vec<T> b) noexcept {
  const tag<std::uint32_t> d;
  return {hn::MulEven(hn::BitCast(d, a.raw), hn::BitCast(d, b.raw))};  // vpmuludq
}
// The low 32 bits of the lanes of lo, then of hi (vector only).
SXLA_FORCE_INLINE vec<std::uint32_t> pack_low32(vec<std::uint64_t> lo, vec<std::uint64_t> hi) noexcept {
  const tag<std::uint32_t> d;
  return {hn::ConcatEven(d, hn::BitCast(d, hi.raw), hn::BitCast(d, lo.raw))};
}

template <class T>
  requires std::is_integral_v<T>
SXLA_FORCE_INLINE vec<T> popcount(vec<T> a) noexcept {
  if constexpr (requires { hn::PopulationCount(hn::BitCast(tag<uint_of<T>>(), a.raw)); }) {
    return {hn::BitCast(tag<T>(), hn::PopulationCount(hn::BitCast(tag<uint_of<T>>(), a.raw)))};
  } else {
    return detail::per_lane<T>([](T x) { return static_cast<T>(std::popcount(static_cast<uint_of<T>>(x))); }, a);
  }
}

}  // namespace sxla::simd
HWY_AFTER_NAMESPACE();

#endif  // SXLA_SIMD_HIGHWAY
#endif  // SXLA_SIMD_HIGHWAY_HPP
