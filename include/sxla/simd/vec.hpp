// sxla/simd/vec.hpp: vec<T> and mask<T>, the vectors of the selected backend, with the
// vocabulary of scalar.hpp (highway.hpp or xsimd.hpp implements it). has_vec<T> tells
// whether T has vectors at all: never with the scalar backend, whose one-lane instance
// is scalar.hpp. Operators + - * / and comparisons on vectors call the vocabulary, so
// generic kernels read the same for a float and for vec<float>.
//
//   template <class V> V axpy(V a, V x, V y) { return simd::fma(a, x, y); }
//   axpy(2.0f, x, y);                                    // one lane
//   axpy(simd::splat<simd::vec<float>>(2.0f), vx, vy);   // lanes<float> lanes
#ifndef SXLA_SIMD_VEC_HPP
#define SXLA_SIMD_VEC_HPP

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "sxla/config.hpp"        // SXLA_SIMD_*, SXLA_FORCE_INLINE
#include "sxla/simd/highway.hpp"  // vec, mask and the vocabulary (Highway backend)
#include "sxla/simd/scalar.hpp"   // lane_traits, the one-lane vocabulary
#include "sxla/simd/xsimd.hpp"    // vec, mask and the vocabulary (xsimd backend)

namespace sxla::simd {

#if defined(SXLA_SIMD_SCALAR)
// The scalar backend has no vectors. Code guarded by has_vec<T> still names the memory
// functions, so they are declared; nothing ever defines or calls them.
template <class T>
inline constexpr bool has_vec = false;
template <class T>
inline constexpr std::size_t lanes = 1;
template <class T>
inline constexpr bool native_variable_shifts = false;
inline constexpr bool has_masked_memory = false;
template <class T>
struct vec {};
template <class T>
struct mask {};
template <class T>
vec<T> zero() noexcept;
template <class T>
vec<T> iota(T first) noexcept;
template <class T>
vec<T> load(const T* p) noexcept;
template <class T>
vec<T> load_n(const T* p, std::size_t n) noexcept;
template <class T>
vec<T> load_repeated(const T* p, std::size_t g) noexcept;
template <class T>
void store(vec<T> v, T* p) noexcept;
template <class T>
void load_deinterleaved(const T* p, vec<T>& even, vec<T>& odd) noexcept;
template <class T>
void store_interleaved(vec<T> even, vec<T> odd, T* p) noexcept;
template <class T>
void store_interleaved4(vec<T> v0, vec<T> v1, vec<T> v2, vec<T> v3, T* p) noexcept;
vec<std::uint32_t> pack_low32(vec<std::uint64_t> lo, vec<std::uint64_t> hi) noexcept;
template <class T>
void store_n(vec<T> v, T* p, std::size_t n) noexcept;
template <class T>
void stream(vec<T> v, T* p) noexcept;
void stream_fence() noexcept;
template <class T>
vec<T> gather(const T* p, std::int64_t stride) noexcept;
template <class T, class I>
vec<T> gather_index(const T* p, vec<I> index) noexcept;
template <class T>
vec<T> reverse(vec<T> v) noexcept;
template <class T>
vec<T> lane_xor(vec<T> v, std::size_t j) noexcept;
template <class T>
inline constexpr bool compress_is_partition = false;
template <class T>
inline constexpr bool native_compress = false;
template <class T>
vec<T> compress(vec<T> v, mask<T> m) noexcept;
template <class T>
std::size_t count_true(mask<T> m) noexcept;
template <class T>
vec<T> repeat(vec<T> v, std::size_t n) noexcept;
template <class T>
vec<T> broadcast_in_groups(vec<T> v, std::size_t g, std::size_t k) noexcept;
template <class T>
vec<T> repeat_group(vec<T> v, std::size_t g, std::size_t k) noexcept;
template <class T>
void transpose_square(vec<T> (&v)[1]) noexcept;
template <class T>
void load_transposed(const T* const (&rows)[1], vec<T> (&out)[1]) noexcept;
template <class T>
mask<T> first_n(std::size_t n) noexcept;
template <class U, class T>
mask<U> mask_cast(mask<T> m) noexcept;
template <class T>
mask<T> load_mask(const bool* p, std::size_t n) noexcept;
template <class T>
void store_mask(mask<T> m, bool* p, std::size_t n) noexcept;
#else
template <class T>
struct lane_traits<vec<T>> : lane_traits_vec<T> {};

// Vector operators, for generic kernels (integer lanes wrap).
template <class T>
SXLA_FORCE_INLINE vec<T> operator+(vec<T> a, vec<T> b) noexcept {
  return add(a, b);
}
template <class T>
SXLA_FORCE_INLINE vec<T> operator-(vec<T> a, vec<T> b) noexcept {
  return sub(a, b);
}
template <class T>
SXLA_FORCE_INLINE vec<T> operator*(vec<T> a, vec<T> b) noexcept {
  return mul(a, b);
}
template <class T>
  requires std::is_floating_point_v<T>
SXLA_FORCE_INLINE vec<T> operator/(vec<T> a, vec<T> b) noexcept {
  return div(a, b);
}
template <class T>
SXLA_FORCE_INLINE vec<T> operator-(vec<T> a) noexcept {
  return neg(a);
}
template <class T>
SXLA_FORCE_INLINE mask<T> operator==(vec<T> a, vec<T> b) noexcept {
  return eq(a, b);
}
template <class T>
SXLA_FORCE_INLINE mask<T> operator!=(vec<T> a, vec<T> b) noexcept {
  return ne(a, b);
}
template <class T>
SXLA_FORCE_INLINE mask<T> operator<(vec<T> a, vec<T> b) noexcept {
  return lt(a, b);
}
template <class T>
SXLA_FORCE_INLINE mask<T> operator<=(vec<T> a, vec<T> b) noexcept {
  return le(a, b);
}
template <class T>
SXLA_FORCE_INLINE mask<T> operator>(vec<T> a, vec<T> b) noexcept {
  return gt(a, b);
}
template <class T>
SXLA_FORCE_INLINE mask<T> operator>=(vec<T> a, vec<T> b) noexcept {
  return ge(a, b);
}
#endif

#if !defined(SXLA_SIMD_SCALAR)
// f(a[i], b[i]...) for each lane i: for operations without a vector instruction.
template <class R, class F, class T, class... U>
SXLA_FORCE_INLINE vec<R> per_lane(F f, vec<T> a, vec<U>... b) noexcept {
  return detail::per_lane<R>(f, a, b...);
}
#else
template <class R, class F, class T, class... U>
vec<R> per_lane(F f, vec<T> a, vec<U>... b) noexcept;
#endif

// The element type of V: T for vec<T>, V itself for anything else (a scalar).
template <class V>
struct element_of_impl {
  using type = V;
};
template <class T>
struct element_of_impl<vec<T>> {
  using type = T;
};
template <class V>
using element_of = typename element_of_impl<V>::type;

// Whether V is a vector, or a mask.
template <class V>
inline constexpr bool is_vec_v = false;
template <class T>
inline constexpr bool is_vec_v<vec<T>> = true;
template <class V>
inline constexpr bool is_mask_v = false;
template <class T>
inline constexpr bool is_mask_v<mask<T>> = true;

}  // namespace sxla::simd

#endif  // SXLA_SIMD_VEC_HPP
