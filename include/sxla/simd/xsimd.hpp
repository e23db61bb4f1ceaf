// sxla/simd/xsimd.hpp: the vector vocabulary on xsimd 8.1 (the widest architecture the
// compiler's flags enable): vec<T> and mask<T> wrap xsimd::batch and xsimd::batch_bool,
// and the free functions mirror scalar.hpp lane by lane, as highway.hpp does. xsimd 8.1
// has no masked memory access and no non-temporal store: partial loads and stores go
// through a buffer, and stream() is a plain store. Empty unless SXLA_SIMD_XSIMD is the
// selected backend.
#ifndef SXLA_SIMD_XSIMD_HPP
#define SXLA_SIMD_XSIMD_HPP

#include "sxla/config.hpp"         // SXLA_SIMD_XSIMD, SXLA_FORCE_INLINE
#include "sxla/simd/backend.hpp"   // <xsimd/xsimd.hpp>
#include "sxla/simd/scalar.hpp"    // lane_traits, lane_type, int_of, uint_of, scalar ops

#if defined(SXLA_SIMD_XSIMD)

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

namespace sxla::simd {

// The lane types with vectors: float, double and the 8- to 64-bit integers.
template <class T>
inline constexpr bool has_vec = lane_type<T> && !std::is_same_v<T, long double> && sizeof(T) <= 8 &&
                                !std::is_same_v<T, char>;

template <class T>
using batch = xsimd::batch<T>;

// Shifts by per-lane amounts go lane by lane here (xsimd 8.1 has no variable shifts):
// the shift ops run the element loop instead (see highway.hpp).
template <class T>
inline constexpr bool native_variable_shifts = false;

template <class T>
inline constexpr std::size_t lanes = batch<T>::size;

inline constexpr bool has_masked_memory = false;

template <class T>
struct vec {
  batch<T> raw;
};
template <class T>
struct mask {
  xsimd::batch_bool<T> raw;
};

namespace detail {
template <class T>
struct lane_array {
  alignas(64) T v[lanes<T>];
};
template <class T>
SXLA_FORCE_INLINE lane_array<T> to_lanes(vec<T> a) noexcept {
  lane_array<T> r;
  a.raw.store_aligned(r.v);
  return r;
}
template <class T>
SXLA_FORCE_INLINE vec<T> from_lanes(const lane_array<T>& r) noexcept {
  return {batch<T>::load_aligned(r.v)};
}
// f applied lane by lane (the fallback where xsimd has no instruction).
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
template <class T>
inline constexpr lane_array<T> iota_lanes = [] {
  lane_array<T> r{};
  for (std::size_t i = 0; i < lanes<T>; ++i) r.v[i] = static_cast<T>(i);
  return r;
}();
}  // namespace detail

// lane_traits of vec<T> (vec.hpp specialises lane_traits with it).
template <class T>
struct lane_traits_vec {
  using lane = T;
  using mask = simd::mask<T>;
  template <class U>
  using rebind = vec<U>;
  static constexpr std::size_t lanes = simd::lanes<T>;
  static constexpr bool is_vector = true;
  SXLA_FORCE_INLINE static vec<T> splat(T x) noexcept { return {batch<T>(x)}; }
};

template <class T>
SXLA_FORCE_INLINE vec<T> zero() noexcept {
  return {batch<T>(T{0})};
}
// first, first + 1, first + 2, ...
template <class T>
SXLA_FORCE_INLINE vec<T> iota(T first) noexcept {
  return {batch<T>::load_aligned(detail::iota_lanes<T>.v) + batch<T>(first)};
}

// ---- Memory ----------------------------------------------------------------------------
template <class T>
SXLA_FORCE_INLINE vec<T> load(const T* p) noexcept {
  return {batch<T>::load_unaligned(p)};
}
template <class T>
SXLA_FORCE_INLINE void store(vec<T> v, T* p) noexcept {
  v.raw.store_unaligned(p);
}
// Two vectors from 2 * lanes interleaved elements (complex numbers: real parts to even,
// imaginary parts to odd), and back (through memory).
template <class T>
SXLA_FORCE_INLINE void load_deinterleaved(const T* p, vec<T>& even, vec<T>& odd) noexcept {
  detail::lane_array<T> a, b;
  for (std::size_t i = 0; i < lanes<T>; ++i) {
    a.v[i] = p[2 * i];
    b.v[i] = p[2 * i + 1];
  }
  even = detail::from_lanes(a);
  odd = detail::from_lanes(b);
}
template <class T>
SXLA_FORCE_INLINE void store_interleaved(vec<T> even, vec<T> odd, T* p) noexcept {
  const detail::lane_array<T> a = detail::to_lanes(even), b = detail::to_lanes(odd);
  for (std::size_t i = 0; i < lanes<T>; ++i) {
    p[2 * i] = a.v[i];
    p[2 * i + 1] = b.v[i];
  }
}
template <class T>
SXLA_FORCE_INLINE void store_interleaved4(vec<T> v0, vec<T> v1, vec<T> v2, vec<T> v3, T* p) noexcept {
  const detail::lane_array<T> a = detail::to_lanes(v0), b = detail::to_lanes(v1), c = detail::to_lanes(v2),
                              e = detail::to_lanes(v3);
  for (std::size_t i = 0; i < lanes<T>; ++i) {
    p[4 * i] = a.v[i];
    p[4 * i + 1] = b.v[i];
    p[4 * i + 2] = c.v[i];
    p[4 * i + 3] = e.v[i];
  }
}
// The first n lanes from p (n <= lanes), the others zero; reads only p[0, n).
template <class T>
SXLA_FORCE_INLINE vec<T> load_n(const T* p, std::size_t n) noexcept {
  detail::lane_array<T> buf = {};
  std::memcpy(buf.v, p, n * sizeof(T));
  return detail::from_lanes(buf);
}
// Writes the first n lanes (n <= lanes) to p[0, n) and nothing else.
template <class T>
SXLA_FORCE_INLINE void store_n(vec<T> v, T* p, std::size_t n) noexcept {
  const detail::lane_array<T> buf = detail::to_lanes(v);
  std::memcpy(p, buf.v, n * sizeof(T));
}
// xsimd 8.1 has no non-temporal store: a plain aligned store.
template <class T>
SXLA_FORCE_INLINE void stream(vec<T> v, T* p) noexcept {
  v.raw.store_aligned(p);
}
SXLA_FORCE_INLINE void stream_fence() noexcept {}

// p[0], p[stride], p[2 * stride], ... (stride in elements, any sign).
template <class T>
SXLA_FORCE_INLINE vec<T> gather(const T* p, std::int64_t stride) noexcept {
  detail::lane_array<T> buf;
  for (std::size_t i = 0; i < lanes<T>; ++i) buf.v[i] = p[static_cast<std::int64_t>(i) * stride];
  return detail::from_lanes(buf);
}

// p[index[0]], p[index[1]], ...: lane i from element index[i] (I an integer type of T's
// size, each index at least 0; through memory).
template <class T, class I>
SXLA_FORCE_INLINE vec<T> gather_index(const T* p, vec<I> index) noexcept {
  static_assert(sizeof(I) == sizeof(T) && std::is_integral_v<I>);
  const detail::lane_array<I> k = detail::to_lanes(index);
  detail::lane_array<T> buf;
  for (std::size_t i = 0; i < lanes<T>; ++i) buf.v[i] = p[k.v[i]];
  return detail::from_lanes(buf);
}

// The lanes in reverse order: lane i takes lane lanes - 1 - i (through memory, as repeat).
template <class T>
SXLA_FORCE_INLINE vec<T> reverse(vec<T> v) noexcept {
  const detail::lane_array<T> a = detail::to_lanes(v);
  detail::lane_array<T> r;
  for (std::size_t i = 0; i < lanes<T>; ++i) r.v[i] = a.v[lanes<T> - 1 - i];
  return detail::from_lanes(r);
}

// Lane i takes lane i ^ j (j < lanes; through memory).
template <class T>
SXLA_FORCE_INLINE vec<T> lane_xor(vec<T> v, std::size_t j) noexcept {
  const detail::lane_array<T> a = detail::to_lanes(v);
  detail::lane_array<T> r;
  for (std::size_t i = 0; i < lanes<T>; ++i) r.v[i] = a.v[i ^ j];
  return detail::from_lanes(r);
}

// The lanes of v where m holds, in order, in the lowest lanes, the others above them
// (through memory, without branches; not native: the quicksort does not use it).
template <class T>
inline constexpr bool compress_is_partition = true;
template <class T>
inline constexpr bool native_compress = false;
template <class T>
SXLA_FORCE_INLINE vec<T> compress(vec<T> v, mask<T> m) noexcept {
  const detail::lane_array<T> a = detail::to_lanes(v);
  alignas(64) bool keep[lanes<T>];
  m.raw.store_unaligned(keep);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < lanes<T>; ++i) kept += keep[i] ? 1 : 0;
  detail::lane_array<T> r;
  std::size_t lo = 0, hi = kept;
  for (std::size_t i = 0; i < lanes<T>; ++i) {
    r.v[keep[i] ? lo : hi] = a.v[i];
    lo += keep[i] ? 1 : 0;
    hi += keep[i] ? 0 : 1;
  }
  return detail::from_lanes(r);
}

namespace detail {
// Lane i takes lane (i & m) + k (through memory).
template <class T>
SXLA_FORCE_INLINE vec<T> lanes_from(vec<T> v, std::size_t m, std::size_t k) noexcept {
  const lane_array<T> a = to_lanes(v);
  lane_array<T> r;
  for (std::size_t i = 0; i < lanes<T>; ++i) r.v[i] = a.v[(i & m) + k];
  return from_lanes(r);
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
// repeated over the vector. Reads only p[0, g).
template <class T>
SXLA_FORCE_INLINE vec<T> load_repeated(const T* p, std::size_t g) noexcept {
  return repeat_group(load_n(p, g), g, 0);
}

// Transposes a square of vectors in place: afterwards v[j] lane i is the former v[i]
// lane j (through memory: xsimd 8.1 has no transpose).
template <class T>
SXLA_FORCE_INLINE void transpose_square(vec<T> (&v)[lanes<T>]) noexcept {
  constexpr std::size_t n = lanes<T>;
  detail::lane_array<T> m[n];
  for (std::size_t i = 0; i < n; ++i) m[i] = detail::to_lanes(v[i]);
  for (std::size_t j = 0; j < n; ++j) {
    detail::lane_array<T> c;
    for (std::size_t i = 0; i < n; ++i) c.v[i] = m[i].v[j];
    v[j] = detail::from_lanes(c);
  }
}

// A square of vectors read transposed: out[j] lane i is rows[i][j] (each row lanes<T>
// elements, anywhere in memory).
template <class T>
SXLA_FORCE_INLINE void load_transposed(const T* const (&rows)[lanes<T>], vec<T> (&out)[lanes<T>]) noexcept {
  for (std::size_t i = 0; i < lanes<T>; ++i) out[i] = load(rows[i]);
  transpose_square(out);
}

// ---- Masks -----------------------------------------------------------------------------
template <class T>
SXLA_FORCE_INLINE mask<T> mask_and(mask<T> a, mask<T> b) noexcept {
  return {a.raw & b.raw};
}
template <class T>
SXLA_FORCE_INLINE mask<T> mask_or(mask<T> a, mask<T> b) noexcept {
  return {a.raw | b.raw};
}
// xsimd 8.1's ^ of two AVX-512 masks is an or, and its != of two SSE float masks compares
// them as floats (all-ones is a NaN: true != true): (a | b) & !(a & b) is right on both.
template <class T>
SXLA_FORCE_INLINE mask<T> mask_xor(mask<T> a, mask<T> b) noexcept {
  return {(a.raw | b.raw) & !(a.raw & b.raw)};
}
template <class T>
SXLA_FORCE_INLINE mask<T> mask_not(mask<T> a) noexcept {
  return {!a.raw};
}
template <class T>
SXLA_FORCE_INLINE bool any(mask<T> a) noexcept {
  return xsimd::any(a.raw);
}
template <class T>
SXLA_FORCE_INLINE bool all(mask<T> a) noexcept {
  return xsimd::all(a.raw);
}
// How many lanes of m hold.
template <class T>
SXLA_FORCE_INLINE std::size_t count_true(mask<T> m) noexcept {
  alignas(64) bool keep[lanes<T>];
  m.raw.store_unaligned(keep);
  std::size_t c = 0;
  for (std::size_t i = 0; i < lanes<T>; ++i) c += keep[i] ? 1 : 0;
  return c;
}
template <class U, class T>
  requires(sizeof(U) == sizeof(T))
SXLA_FORCE_INLINE mask<U> mask_cast(mask<T> m) noexcept {
  if constexpr (std::is_same_v<U, T>) {
    return m;
  } else {
    // Lanes of one width: the same bits (all ones or zeros per lane, or one bit per lane
    // in an AVX-512 mask register), reinterpreted between __m128 and __m128i and the like.
    using from = typename xsimd::batch_bool<T>::register_type;
    using to = typename xsimd::batch_bool<U>::register_type;
    static_assert(sizeof(from) == sizeof(to));
    return {xsimd::batch_bool<U>(std::bit_cast<to>(static_cast<from>(m.raw)))};
  }
}
template <class T>
SXLA_FORCE_INLINE mask<T> first_n(std::size_t n) noexcept {
  using I = int_of<T>;
  const auto idx = batch<I>::load_aligned(detail::iota_lanes<I>.v);
  return mask_cast<T>(mask<I>{idx < batch<I>(static_cast<I>(n))});
}
// A mask from n <= lanes bools (lanes past n false), and back.
template <class T>
SXLA_FORCE_INLINE mask<T> load_mask(const bool* p, std::size_t n) noexcept {
  alignas(64) bool buf[lanes<T>] = {};
  for (std::size_t i = 0; i < n; ++i) buf[i] = p[i];
  return {xsimd::batch_bool<T>::load_unaligned(buf)};
}
template <class T>
SXLA_FORCE_INLINE void store_mask(mask<T> m, bool* p, std::size_t n) noexcept {
  alignas(64) bool buf[lanes<T>];
  m.raw.store_unaligned(buf);
  for (std::size_t i = 0; i < n; ++i) p[i] = buf[i];
}

template <class T>
SXLA_FORCE_INLINE vec<T> select(mask<T> m, vec<T> a, vec<T> b) noexcept {
#if defined(__GNUC__) && !defined(__clang__) && !defined(__OPTIMIZE__) && defined(__AVX512BW__)
  // Without optimisation g++ 12 defines _mm512_mask_blend_epi8 and _epi16 as macros that
  // cast their arguments to vector types, which fails on the xsimd batches that xsimd
  // 8.1's AVX-512BW select passes them (for every integer type: the 8- and 16-bit
  // branches are compiled for all). The blends are called here with plain registers.
  if constexpr (std::is_integral_v<T> && sizeof(batch<T>) == 64) {
    const __m512i x = a.raw, y = b.raw;
    if constexpr (sizeof(T) == 1) {
      return {_mm512_mask_blend_epi8(m.raw.data, y, x)};
    } else if constexpr (sizeof(T) == 2) {
      return {_mm512_mask_blend_epi16(static_cast<__mmask32>(m.raw.data), y, x)};
    } else if constexpr (sizeof(T) == 4) {
      return {_mm512_mask_blend_epi32(static_cast<__mmask16>(m.raw.data), y, x)};
    } else {
      return {_mm512_mask_blend_epi64(static_cast<__mmask8>(m.raw.data), y, x)};
    }
  } else
#endif
  {
    return {xsimd::select(m.raw, a.raw, b.raw)};
  }
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
    typename batch<T>::register_type p = a.raw * b.raw;
    opaque(p);
    return {batch<T>(p)};
  } else {
    return {a.raw * b.raw};
  }
}
template <class T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE vec<T> div(vec<T> a, vec<T> b) noexcept {
  return {a.raw / b.raw};
}
template <class T>
SXLA_FORCE_INLINE vec<T> neg(vec<T> a) noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    return {a.raw ^ batch<T>(T(-0.0))};  // flips the sign bit, of zeros and NaNs too
  } else {
    return sub(zero<T>(), a);
  }
}
// xsimd 8.1 computes fma(a, b, c) on AVX-512 as a * b + c, which clang does not fuse:
// the fused instructions are called directly (a * b - c for Sub).
namespace detail {
template <bool Sub, class T>
SXLA_FORCE_INLINE vec<T> fused(vec<T> a, vec<T> b, vec<T> c) noexcept {
#if defined(__FMA__) || defined(__AVX512F__)
  using reg = typename batch<T>::register_type;
  const reg x = a.raw, y = b.raw, z = c.raw;
  constexpr bool f32 = std::is_same_v<T, float>;
  if constexpr (sizeof(reg) == 64) {
    if constexpr (f32) return {batch<T>(Sub ? _mm512_fmsub_ps(x, y, z) : _mm512_fmadd_ps(x, y, z))};
    else return {batch<T>(Sub ? _mm512_fmsub_pd(x, y, z) : _mm512_fmadd_pd(x, y, z))};
  } else if constexpr (sizeof(reg) == 32) {
    if constexpr (f32) return {batch<T>(Sub ? _mm256_fmsub_ps(x, y, z) : _mm256_fmadd_ps(x, y, z))};
    else return {batch<T>(Sub ? _mm256_fmsub_pd(x, y, z) : _mm256_fmadd_pd(x, y, z))};
  } else {
    if constexpr (f32) return {batch<T>(Sub ? _mm_fmsub_ps(x, y, z) : _mm_fmadd_ps(x, y, z))};
    else return {batch<T>(Sub ? _mm_fmsub_pd(x, y, z) : _mm_fmadd_pd(x, y, z))};
  }
#else
  return detail::per_lane<T>([](T p, T q, T r) { return Sub ? simd::fms(p, q, r) : simd::fma(p, q, r); }, a, b, c);
#endif
}
}  // namespace detail

template <class T>
SXLA_FORCE_INLINE vec<T> fma(vec<T> a, vec<T> b, vec<T> c) noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    return detail::fused<false>(a, b, c);
  } else {
    return add(mul(a, b), c);
  }
}
// a * b - c, fused (floating point).
template <class T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE vec<T> fms(vec<T> a, vec<T> b, vec<T> c) noexcept {
  return detail::fused<true>(a, b, c);
}
// On x86, xsimd's min and max of floats are minps/maxps: a < b ? a : b and
// a > b ? a : b, exactly, as scalar.hpp's; elsewhere the comparison spells it out.
template <class T>
SXLA_FORCE_INLINE vec<T> min(vec<T> a, vec<T> b) noexcept {
#if defined(__x86_64__) || defined(__i386__)
  return {xsimd::min(a.raw, b.raw)};
#else
  return {xsimd::select(a.raw < b.raw, a.raw, b.raw)};
#endif
}
template <class T>
SXLA_FORCE_INLINE vec<T> max(vec<T> a, vec<T> b) noexcept {
#if defined(__x86_64__) || defined(__i386__)
  return {xsimd::max(a.raw, b.raw)};
#else
  return {xsimd::select(a.raw > b.raw, a.raw, b.raw)};
#endif
}
template <class T>
SXLA_FORCE_INLINE vec<T> abs(vec<T> a) noexcept {
  if constexpr (std::is_unsigned_v<T>) {
    return a;
  } else if constexpr (std::is_floating_point_v<T>) {
    return {xsimd::abs(a.raw)};
  } else {
    return {xsimd::select(a.raw < batch<T>(T{0}), neg(a).raw, a.raw)};
  }
}
template <class T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE vec<T> sqrt(vec<T> a) noexcept {
  return {xsimd::sqrt(a.raw)};
}
// Roundings keep the operand's sign (ceil(-0.5) is -0). xsimd 8.1 emulates them before
// SSE4.1 by adding and subtracting 2^23 (2^52), which gives +0 there: the sign is put
// back (xsimd::bitwise_or of the sign bit; a no-op for every other result).
namespace detail {
template <class T>
SXLA_FORCE_INLINE vec<T> signed_rounding(xsimd::batch<T> r, xsimd::batch<T> a) noexcept {
#if defined(__SSE4_1__) || !(defined(__x86_64__) || defined(__i386__))
  (void)a;
  return {r};
#else
  return {xsimd::bitwise_or(r, xsimd::bitwise_and(a, xsimd::batch<T>(T(-0.0))))};
#endif
}
}  // namespace detail
template <class T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE vec<T> floor(vec<T> a) noexcept {
  return detail::signed_rounding<T>(xsimd::floor(a.raw), a.raw);
}
template <class T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE vec<T> ceil(vec<T> a) noexcept {
  return detail::signed_rounding<T>(xsimd::ceil(a.raw), a.raw);
}
template <class T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE vec<T> trunc(vec<T> a) noexcept {
  return detail::signed_rounding<T>(xsimd::trunc(a.raw), a.raw);
}
template <class T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE vec<T> round_even(vec<T> a) noexcept {
  return detail::signed_rounding<T>(xsimd::nearbyint(a.raw), a.raw);
}
template <class T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE vec<T> copysign(vec<T> mag, vec<T> sgn) noexcept {
  return {xsimd::copysign(mag.raw, sgn.raw)};
}

// ---- Comparisons (ordered: false with a NaN, except ne) --------------------------------
template <class T>
SXLA_FORCE_INLINE mask<T> eq(vec<T> a, vec<T> b) noexcept {
  return {a.raw == b.raw};
}
template <class T>
SXLA_FORCE_INLINE mask<T> ne(vec<T> a, vec<T> b) noexcept {
  return {!(a.raw == b.raw)};  // unordered: true with a NaN, as in C++
}
template <class T>
SXLA_FORCE_INLINE mask<T> lt(vec<T> a, vec<T> b) noexcept {
  return {a.raw < b.raw};
}
template <class T>
SXLA_FORCE_INLINE mask<T> gt(vec<T> a, vec<T> b) noexcept {
  return {a.raw > b.raw};
}
template <class T>
SXLA_FORCE_INLINE mask<T> le(vec<T> a, vec<T> b) noexcept {
  return {a.raw <= b.raw};
}
template <class T>
SXLA_FORCE_INLINE mask<T> ge(vec<T> a, vec<T> b) noexcept {
  return {a.raw >= b.raw};
}
// (xsimd 8.1's != of AVX-512 float vectors is ordered, false with a NaN.)
template <class T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE mask<T> is_nan(vec<T> a) noexcept {
  return {!(a.raw == a.raw)};
}

// ---- Bits ------------------------------------------------------------------------------
template <class T>
SXLA_FORCE_INLINE vec<T> bit_and(vec<T> a, vec<T> b) noexcept {
  return {a.raw & b.raw};
}
template <class T>
SXLA_FORCE_INLINE vec<T> bit_or(vec<T> a, vec<T> b) noexcept {
  return {a.raw | b.raw};
}
template <class T>
SXLA_FORCE_INLINE vec<T> bit_xor(vec<T> a, vec<T> b) noexcept {
  return {a.raw ^ b.raw};
}
template <class T>
SXLA_FORCE_INLINE vec<T> bit_not(vec<T> a) noexcept {
  return {~a.raw};
}
// ~a & b
template <class T>
SXLA_FORCE_INLINE vec<T> bit_andnot(vec<T> a, vec<T> b) noexcept {
  return {~a.raw & b.raw};
}
template <class U, class T>
  requires(sizeof(U) == sizeof(T))
SXLA_FORCE_INLINE vec<U> bitcast(vec<T> a) noexcept {
  return {xsimd::bitwise_cast<batch<U>>(a.raw)};
}
// Numeric conversion between lane types of the same width (float to integer truncates;
// the value must be in range).
template <class U, class T>
  requires(sizeof(U) == sizeof(T))
SXLA_FORCE_INLINE vec<U> convert(vec<T> a) noexcept {
  if constexpr (std::is_same_v<U, T>) {
    return a;
  } else {
    return {xsimd::batch_cast<U>(a.raw)};
  }
}

template <int K, class T>
  requires std::is_integral_v<T>
SXLA_FORCE_INLINE vec<T> shl(vec<T> a) noexcept {
  static_assert(K >= 0 && K < static_cast<int>(8 * sizeof(T)));
  return {a.raw << K};
}
template <int K, class T>
  requires std::is_integral_v<T>
SXLA_FORCE_INLINE vec<T> shr(vec<T> a) noexcept {
  static_assert(K >= 0 && K < static_cast<int>(8 * sizeof(T)));
  return {a.raw >> K};  // arithmetic for signed lanes
}
// By per-lane amounts, with scalar.hpp's rule for amounts outside [0, bits).
template <class T>
  requires std::is_integral_v<T>
SXLA_FORCE_INLINE vec<T> shl(vec<T> a, vec<T> n) noexcept {
  return detail::per_lane<T>([](T x, T c) { return simd::shl(x, c); }, a, n);
}
template <class T>
  requires std::is_integral_v<T>
SXLA_FORCE_INLINE vec<T> shr(vec<T> a, vec<T> n) noexcept {
  return detail::per_lane<T>([](T x, T c) { return simd::shr(x, c); }, a, n);
}

template <int K, class T>
  requires std::is_unsigned_v<T>
SXLA_FORCE_INLINE vec<T> rotl(vec<T> a) noexcept {
  static_assert(K > 0 && K < static_cast<int>(8 * sizeof(T)));
  return {(a.raw << K) | (a.raw >> (static_cast<int>(8 * sizeof(T)) - K))};
}
template <class T>
  requires std::is_same_v<T, std::uint64_t>
SXLA_FORCE_INLINE vec<T> mul_low32(vec<T> a, vec<T> b) noexcept {
  const vec<T> m = {batch<T>(T{0xffffffffu})};
  return {(a.raw & m.raw) * (b.raw & m.raw)};
}
SXLA_FORCE_INLINE vec<std::uint32_t> pack_low32(vec<std::uint64_t> lo, vec<std::uint64_t> hi) noexcept {
  const detail::lane_array<std::uint64_t> a = detail::to_lanes(lo), b = detail::to_lanes(hi);
  detail::lane_array<std::uint32_t> r;
  for (std::size_t i = 0; i < lanes<std::uint64_t>; ++i) {
    r.v[i] = static_cast<std::uint32_t>(a.v[i]);
    r.v[i + lanes<std::uint64_t>] = static_cast<std::uint32_t>(b.v[i]);
  }
  return detail::from_lanes(r);
}

template <class T>
  requires std::is_integral_v<T>
SXLA_FORCE_INLINE vec<T> popcount(vec<T> a) noexcept {
  return detail::per_lane<T>([](T x) { return static_cast<T>(std::popcount(static_cast<uint_of<T>>(x))); }, a);
}

}  // namespace sxla::simd

#endif  // SXLA_SIMD_XSIMD
#endif  // SXLA_SIMD_XSIMD_HPP
