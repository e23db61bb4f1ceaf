// sxla/kernels/rng.hpp: the counter-based block functions of Random123 that XLA's random
// number ops are built on, threefry2x32 with 20 rounds and philox4x32 with 10 (Salmon et
// al., "Parallel random numbers: as easy as 1, 2, 3", SC 2011), and the runs of
// consecutive blocks the ops generate.
//
// threefry2x32 is written once over the SIMD vocabulary: V is std::uint32_t (one block)
// or simd::vec<std::uint32_t> (one block per lane, 16 on AVX-512). philox4x32 has a
// one-block instance on 32-bit words and a vector one on 64-bit lanes (its 32 x 32 ->
// 64-bit multiplies are one instruction there: vpmuludq), packed into 32-bit words at the
// end. Every instance gives the same bits. The runs call a sink with L = lanes blocks
// at a time in vectors of words and with the remaining ones one at a time (V =
// std::uint32_t), so that the sink writes each block's words where they belong:
//
//   threefry_run(key, counter, n, sink)   blocks with 64-bit counters counter + j
//                                         (wrapping), sink(j, x0, x1)
//   philox_run(key, counter, n, sink)     blocks with 128-bit counters counter + j
//                                         (counter = {low, high}, carries included),
//                                         sink(j, x0, x1, x2, x3)
//
//   philox_map(key, counter, first, n, out, f)
//                                         values [first, first + n) of a stream in which
//                                         block j's four words, mapped by f (to f32 values,
//                                         say, in registers), are values 4j .. 4j + 3
//   philox_words, threefry_words          the same for the words themselves (threefry:
//                                         2j, 2j + 1)
//   threefry_columns(key, counter, n, out0, out1)
//                                         word 0 and word 1 of blocks into two arrays
//
// The key is a u64, split as XLA splits it: k0 its low 32 bits, k1 its high ones; a
// counter's words likewise, least significant first. Nothing here knows a shape: the op
// (ops/rng.hpp) says which stream positions it wants.
#ifndef SXLA_KERNELS_RNG_HPP
#define SXLA_KERNELS_RNG_HPP

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "sxla/config.hpp"      // SXLA_FORCE_INLINE
#include "sxla/core/index.hpp"  // index_t
#include "sxla/simd/vec.hpp"    // vec, lanes, splat, add, bit_xor, rotl, mul_wide, mul_low32, pack_low32, ...

namespace sxla::kernels {

namespace rng_detail {
template <class V>
SXLA_FORCE_INLINE constexpr V word(std::uint32_t w) noexcept {
  return simd::splat<V>(w);
}

// Four threefry2x32 rounds with the rotations R... on G counters, round by round, then
// the key injection (ka into x0, kb = the key word plus the injection's number into x1).
template <int... R, std::size_t G, class V>
SXLA_FORCE_INLINE constexpr void threefry_rounds(V (&x0)[G], V (&x1)[G], V ka, V kb) noexcept {
  (
      [&] {
        for (std::size_t g = 0; g < G; ++g) {
          x0[g] = simd::add(x0[g], x1[g]);
          x1[g] = simd::bit_xor(simd::rotl<R>(x1[g]), x0[g]);
        }
      }(),
      ...);
  for (std::size_t g = 0; g < G; ++g) {
    x0[g] = simd::add(x0[g], ka);
    x1[g] = simd::add(x1[g], kb);
  }
}
}  // namespace rng_detail

namespace rng_detail {
// one(b) for b in [j, n): after the vector loops (fewer than L > 0 blocks left) a loop
// of at most L - 1 iterations, so that g++ -O3 sees its bound; without vectors all.
template <index_t L, class One>
SXLA_FORCE_INLINE void tail(index_t j, index_t n, One&& one) noexcept {
  if constexpr (L > 0) {
    for (index_t k = 0; k < L - 1 && j + k < n; ++k) one(j + k);
  } else {
    for (; j < n; ++j) one(j);
  }
}
}  // namespace rng_detail

// threefry2x32's key schedule: the three key words and the five words injected into x1
// (a key word plus the injection's number), computed once for any number of blocks.
template <class V>
struct threefry_keys {
  V k[3], inject[5];

  constexpr threefry_keys(V k0, V k1) noexcept
      : k{k0, k1, simd::bit_xor(simd::bit_xor(k0, k1), rng_detail::word<V>(0x1BD11BDA))}, inject{} {
    for (std::uint32_t i = 1; i <= 5; ++i) inject[i - 1] = simd::add(k[(i + 1) % 3], rng_detail::word<V>(i));
  }
};

// threefry2x32-20 of G counters (x0[g], x1[g]) whose key words k0 and k1 are already
// added, in place, their rounds interleaved (G independent chains for the scheduler).
template <std::size_t G, class V>
SXLA_FORCE_INLINE constexpr void threefry2x32_keyed(V (&x0)[G], V (&x1)[G], const threefry_keys<V>& ks) noexcept {
  using rng_detail::threefry_rounds;
  threefry_rounds<13, 15, 26, 6>(x0, x1, ks.k[1], ks.inject[0]);
  threefry_rounds<17, 29, 16, 24>(x0, x1, ks.k[2], ks.inject[1]);
  threefry_rounds<13, 15, 26, 6>(x0, x1, ks.k[0], ks.inject[2]);
  threefry_rounds<17, 29, 16, 24>(x0, x1, ks.k[1], ks.inject[3]);
  threefry_rounds<13, 15, 26, 6>(x0, x1, ks.k[2], ks.inject[4]);
}

// threefry2x32-20 of the counter (x0, x1) under the key (k0, k1), in place.
template <class V>
SXLA_FORCE_INLINE constexpr void threefry2x32(V& x0, V& x1, V k0, V k1) noexcept {
  const threefry_keys<V> ks(k0, k1);
  V a[1] = {simd::add(x0, k0)}, b[1] = {simd::add(x1, k1)};
  threefry2x32_keyed(a, b, ks);
  x0 = a[0];
  x1 = b[0];
}

// philox4x32-10 of the counter x (four 32-bit words) under the key (k0, k1), in place:
// the one-block instance (the vectors use philox4x32_wide, whose lanes give the same
// words).
SXLA_FORCE_INLINE constexpr void philox4x32(std::uint32_t (&x)[4], std::uint32_t k0, std::uint32_t k1) noexcept {
  for (int round = 0; round < 10; ++round) {
    std::uint32_t hi0, lo0, hi1, lo1;
    simd::mul_wide(x[0], 0xD2511F53u, hi0, lo0);
    simd::mul_wide(x[2], 0xCD9E8D57u, hi1, lo1);
    x[0] = hi1 ^ x[1] ^ k0;
    x[1] = lo1;
    x[2] = hi0 ^ x[3] ^ k1;
    x[3] = lo0;
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
}

// philox4x32-10 on 64-bit lanes: each lane one block, its words in the low 32 bits of
// x[g][0..3] (the high bits are left with garbage, which no step reads: the multiplies
// take the low 32 bits of their operands, the outputs are the low 32 bits). A round is
// two multiplies, two shifts and two three-way xors per 64-bit vector.
template <std::size_t G, class V>
SXLA_FORCE_INLINE void philox4x32_wide(V (&x)[G][4], V k0, V k1) noexcept {
  const V ma = simd::splat<V>(0xD2511F53u), mb = simd::splat<V>(0xCD9E8D57u);
  const V wa = simd::splat<V>(0x9E3779B9u), wb = simd::splat<V>(0xBB67AE85u);
  _Pragma("GCC unroll 10") for (int round = 0; round < 10; ++round) {
    for (std::size_t g = 0; g < G; ++g) {
      const V p0 = simd::mul_low32(x[g][0], ma), p1 = simd::mul_low32(x[g][2], mb);
      x[g][0] = simd::bit_xor(simd::bit_xor(simd::shr<32>(p1), x[g][1]), k0);
      x[g][1] = p1;
      x[g][2] = simd::bit_xor(simd::bit_xor(simd::shr<32>(p0), x[g][3]), k1);
      x[g][3] = p0;
    }
    k0 = simd::add(k0, wa);  // the low 32 bits wrap as the key's words do
    k1 = simd::add(k1, wb);
  }
}

// A 128-bit block counter, least significant half first.
struct counter128 {
  std::uint64_t low = 0, high = 0;

  constexpr counter128 plus(std::uint64_t n) const noexcept {
    const std::uint64_t l = low + n;
    return {l, high + (l < low ? 1u : 0u)};
  }
};

// sink(j, x0, x1) for the threefry2x32 blocks of counters counter + j, j in [0, n).
// (U is the word type, a template parameter so that the vector branch is discarded where
// there are no vectors.)
template <class Sink, class U = std::uint32_t>
SXLA_FORCE_INLINE void threefry_run(std::uint64_t key, std::uint64_t counter, index_t n, Sink&& sink) noexcept {
  const auto k0 = static_cast<U>(key), k1 = static_cast<U>(key >> 32);
  index_t j = 0;
  if constexpr (simd::has_vec<U>) {
    using V = simd::vec<U>;
    constexpr auto l = static_cast<index_t>(simd::lanes<U>);
    const threefry_keys<V> ks(simd::splat<V>(k0), simd::splat<V>(k1));
    const V lane = simd::iota<U>(0), lane_k0 = simd::add(lane, ks.k[0]);
    // The counters of blocks at .. at + L - 1 with the key added: the low word plus the
    // lane, the high word plus one in the lanes whose low word wrapped.
    const auto counters = [&](index_t at, V& x0, V& x1) SXLA_LAMBDA_INLINE {
      const std::uint64_t c = counter + static_cast<std::uint64_t>(at);
      const auto low = static_cast<U>(c), high = static_cast<U>(c >> 32);
      x0 = simd::add(simd::splat<V>(low), lane_k0);
      const V h = simd::splat<V>(static_cast<U>(high + k1));
      x1 = low <= static_cast<U>(~U{0} - static_cast<U>(l - 1))
               ? h
               : simd::select(simd::add(simd::splat<V>(low), lane) < simd::splat<V>(low),
                              simd::add(h, simd::splat<V>(1u)), h);
    };
    // G vectors of blocks in step (G independent chains of rounds), then one.
    constexpr std::size_t g = 4;
    for (; j + static_cast<index_t>(g) * l <= n; j += static_cast<index_t>(g) * l) {
      V x0[g], x1[g];
      for (std::size_t i = 0; i < g; ++i) counters(j + static_cast<index_t>(i) * l, x0[i], x1[i]);
      threefry2x32_keyed(x0, x1, ks);
      for (std::size_t i = 0; i < g; ++i) sink(j + static_cast<index_t>(i) * l, x0[i], x1[i]);
    }
    for (; j + l <= n; j += l) {
      V x0[1], x1[1];
      counters(j, x0[0], x1[0]);
      threefry2x32_keyed(x0, x1, ks);
      sink(j, x0[0], x1[0]);
    }
  }
  const auto one = [&](index_t b) SXLA_LAMBDA_INLINE {
    const std::uint64_t c = counter + static_cast<std::uint64_t>(b);
    U x0 = static_cast<U>(c), x1 = static_cast<U>(c >> 32);
    threefry2x32(x0, x1, k0, k1);
    sink(b, x0, x1);
  };
  rng_detail::tail<simd::has_vec<U> ? static_cast<index_t>(simd::lanes<U>) : 0>(j, n, one);
}

// sink(j, x0, x1, x2, x3) for the philox4x32 blocks of counters counter + j, j in [0, n).
template <class Sink, class U = std::uint32_t>
SXLA_FORCE_INLINE void philox_run(std::uint64_t key, counter128 counter, index_t n, Sink&& sink) noexcept {
  const auto k0 = static_cast<U>(key), k1 = static_cast<U>(key >> 32);
  const auto words = [](counter128 c, U (&x)[4]) SXLA_LAMBDA_INLINE {
    x[0] = static_cast<U>(c.low);
    x[1] = static_cast<U>(c.low >> 32);
    x[2] = static_cast<U>(c.high);
    x[3] = static_cast<U>(c.high >> 32);
  };
  index_t j = 0;
  if constexpr (simd::has_vec<U>) {
    // L blocks at a time in two groups of four vectors of 64-bit lanes
    // (philox4x32_wide), their words packed into vectors of L words at the end.
    using W = std::conditional_t<sizeof(U) == 4, std::uint64_t, void>;  // (dependent on U)
    using V = simd::vec<W>;
    constexpr auto l = static_cast<index_t>(simd::lanes<U>), h = static_cast<index_t>(simd::lanes<W>);
    const V vk0 = simd::splat<V>(k0), vk1 = simd::splat<V>(k1), lane = simd::iota<W>(0);
    // The counters of blocks at .. at + L / 2 - 1 (the low 64 bits plus the lane; the
    // high 64 bits the same in every lane unless the low ones wrap in the vector).
    const auto counters = [&](index_t at, V (&x)[4]) SXLA_LAMBDA_INLINE {
      const counter128 c = counter.plus(static_cast<std::uint64_t>(at));
      x[0] = simd::add(simd::splat<V>(c.low), lane);
      x[1] = simd::shr<32>(x[0]);
      if (c.low <= ~W{0} - static_cast<W>(h - 1)) {
        x[2] = simd::splat<V>(c.high);
        x[3] = simd::splat<V>(c.high >> 32);
      } else {
        alignas(64) W t[2][simd::lanes<W>];
        for (index_t k = 0; k < h; ++k) {
          const counter128 b = c.plus(static_cast<std::uint64_t>(k));
          t[0][k] = b.high;
          t[1][k] = b.high >> 32;
        }
        x[2] = simd::load(static_cast<const W*>(t[0]));
        x[3] = simd::load(static_cast<const W*>(t[1]));
      }
    };
    const auto out = [&](index_t at, const V (&a)[4], const V (&b)[4]) SXLA_LAMBDA_INLINE {
      sink(at, simd::pack_low32(a[0], b[0]), simd::pack_low32(a[1], b[1]), simd::pack_low32(a[2], b[2]),
           simd::pack_low32(a[3], b[3]));
    };
    // Two vectors of L blocks in step (four chains), then one.
    for (; j + 2 * l <= n; j += 2 * l) {
      V x[4][4];
      for (index_t g = 0; g < 4; ++g) counters(j + g * h, x[g]);
      philox4x32_wide(x, vk0, vk1);
      out(j, x[0], x[1]);
      out(j + l, x[2], x[3]);
    }
    for (; j + l <= n; j += l) {
      V x[2][4];
      for (index_t g = 0; g < 2; ++g) counters(j + g * h, x[g]);
      philox4x32_wide(x, vk0, vk1);
      out(j, x[0], x[1]);
    }
  }
  const auto one = [&](index_t b) SXLA_LAMBDA_INLINE {
    U x[4];
    words(counter.plus(static_cast<std::uint64_t>(b)), x);
    philox4x32(x, k0, k1);
    sink(b, x[0], x[1], x[2], x[3]);
  };
  rng_detail::tail<simd::has_vec<U> ? static_cast<index_t>(simd::lanes<U>) : 0>(j, n, one);
}

namespace rng_detail {
// Word positions are unsigned here: g++ -O3 cannot rule out that the runs' loops go on
// until a signed position overflows, and would warn of those iterations.
using word_t = std::uint64_t;

// The values of a block (K of them) that fall in [first, end) of a stream in which block
// b holds values K b .. K b + K - 1, written to out[v - first]: whole vectors of blocks by
// interleaving stores, blocks at the edges value by value.
template <int K, class T, class V>
SXLA_FORCE_INLINE void place(word_t b, word_t first, word_t end, T* out, const V (&x)[K]) noexcept {
  const word_t w = b * K;
  if constexpr (simd::is_vector_v<V>) {
    constexpr word_t l = simd::lanes<T>;
    if (w >= first && w + K * l <= end) {
      if constexpr (K == 2) {
        simd::store_interleaved(x[0], x[1], out + (w - first));
      } else {
        simd::store_interleaved4(x[0], x[1], x[2], x[3], out + (w - first));
      }
      return;
    }
    alignas(64) T t[K][simd::lanes<T>];
    for (int i = 0; i < K; ++i) simd::store(x[i], static_cast<T*>(t[i]));
    for (word_t c = 0; c < l; ++c)
      for (word_t i = 0; i < K; ++i) {
        const word_t v = w + c * K + i;
        if (v >= first && v < end) out[v - first] = t[i][c];
      }
  } else {
    for (word_t i = 0; i < K; ++i) {
      const word_t v = w + i;
      if (v >= first && v < end) out[v - first] = x[i];
    }
  }
}
}  // namespace rng_detail

// Values [first, first + n) of the philox stream from counter mapped block by block: f(x,
// y) turns the four words x[4] of a block (each a std::uint32_t, or a vector of them:
// one block per lane) into four values y[4] of T (a 32-bit lane type: T or vec<T>), and
// value 4 j + k is y[k] of block counter + j. Written to out[0, n), nothing else.
template <class T, class F>
SXLA_FORCE_INLINE void philox_map(std::uint64_t key, counter128 counter, index_t first, index_t n, T* out,
                                  F&& f) noexcept {
  static_assert(sizeof(T) == 4);
  if (n <= 0) return;
  using rng_detail::word_t;
  const index_t b0 = first / 4, b1 = (first + n + 3) / 4;
  philox_run(key, counter.plus(static_cast<std::uint64_t>(b0)), b1 - b0,
             [&](index_t j, auto x0, auto x1, auto x2, auto x3) SXLA_LAMBDA_INLINE {
               using X = decltype(x0);
               const X x[4] = {x0, x1, x2, x3};
               std::conditional_t<simd::is_vector_v<X>, simd::rebind_t<X, T>, T> y[4];
               f(x, y);
               rng_detail::place<4>(static_cast<word_t>(b0) + static_cast<word_t>(j), static_cast<word_t>(first),
                                    static_cast<word_t>(first + n), out, y);
             });
}

// Words [first, first + n) of the philox stream from counter, in which word 4 j + k is
// word k of block counter + j, into out[0, n).
inline void philox_words(std::uint64_t key, counter128 counter, index_t first, index_t n, std::uint32_t* out) noexcept {
  philox_map(key, counter, first, n, out, [](const auto& x, auto& y) SXLA_LAMBDA_INLINE {
    for (int i = 0; i < 4; ++i) y[i] = x[i];
  });
}

// Words [first, first + n) of the threefry stream from counter, in which word 2 j + k is
// word k of block counter + j, into out[0, n).
inline void threefry_words(std::uint64_t key, std::uint64_t counter, index_t first, index_t n,
                           std::uint32_t* out) noexcept {
  if (n <= 0) return;
  const index_t b0 = first / 2, b1 = (first + n + 1) / 2;
  threefry_run(key, counter + static_cast<std::uint64_t>(b0), b1 - b0,
               [&](index_t j, auto x0, auto x1) SXLA_LAMBDA_INLINE {
                 const decltype(x0) x[2] = {x0, x1};
                 rng_detail::place<2>(static_cast<rng_detail::word_t>(b0) + static_cast<rng_detail::word_t>(j),
                                      static_cast<rng_detail::word_t>(first),
                                      static_cast<rng_detail::word_t>(first + n), out, x);
               });
}

// The threefry blocks counter + j, j in [0, n): word 0 into out0[j], word 1 into out1[j]
// (either may be null: not written).
inline void threefry_columns(std::uint64_t key, std::uint64_t counter, index_t n, std::uint32_t* out0,
                             std::uint32_t* out1) noexcept {
  threefry_run(key, counter, n, [&](index_t j, auto x0, auto x1) SXLA_LAMBDA_INLINE {
    if constexpr (simd::is_vector_v<decltype(x0)>) {
      if (out0 != nullptr) simd::store(x0, out0 + j);
      if (out1 != nullptr) simd::store(x1, out1 + j);
    } else {
      if (out0 != nullptr) out0[j] = x0;
      if (out1 != nullptr) out1[j] = x1;
    }
  });
}

}  // namespace sxla::kernels

#endif  // SXLA_KERNELS_RNG_HPP
