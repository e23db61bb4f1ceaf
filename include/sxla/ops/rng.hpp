// sxla/ops/rng.hpp: XLA's random number ops, RngBitGenerator, RngUniform and RngNormal,
// as lazy producers (expr/producer.hpp) over the counter-based block functions of
// kernels/rng.hpp. Nothing global and nothing hidden: every value is a pure function of
// the state the caller passes, so evaluating a node twice gives the same bits, element
// by element (at()) as in bulk (produce()), and elementwise work on top fuses.
//
//   x::tensor<"u64[2]"> state = {1, 2};
//   auto [next, bits] = x::rng_bit_generator<x::rng_algorithm::three_fry, "u64[2,2]">(state);
//   x::rng_state gen{.seed = 42};
//   x::tensor<"f32[1024]"> u = x::rng_uniform<"f32[1024]">(0.0f, 1.0f, gen);  // advances gen
//   y = x::add(y, x::rng_normal<"f32[1024]">(0.0f, 0.1f, gen));              // fused
//
// RngBitGenerator(algorithm, state, shape) returns (new state, bits) as XLA's CPU backend
// computes them (rng_bit_generator_expander.cc and prng.cc), bit for bit:
//   three_fry  state u64[2] = [key, counter]; threefry2x32-20 with k0, k1 the key's low
//              and high words. 64-bit outputs: element r (row-major) is block counter + r,
//              x0 | x1 << 32; new state [key, counter + elements]. 32-bit and narrower
//              outputs: the shape is split in half along its first even dimension (with
//              none, the largest, padded by one and sliced back; a scalar as [2] sliced
//              to [1]); blocks count over the half shape in row-major order, and block b
//              at half index (..., p, ...) writes x0 at (..., 2p, ...) and x1 at
//              (..., 2p + 1, ...); new state [key, counter + half elements].
//   philox     state u64[3] = [key, low, high]: 128-bit counter (low, high); or u64[2] =
//              [key, low]: counter (low, key). philox4x32-10; block j's words are the
//              outputs 4j .. 4j + 3 in row-major order (64-bit outputs: words 2r and 2r
//              + 1, low first); the counter advances by the blocks used (with the carry
//              into high; a u64[2] state keeps only the low word).
//   default_algorithm  philox, the default of XLA's CPU and GPU backends.
// Output element types: every integer and floating-point type (their bits); types
// narrower than 32 bits take the low bits of a 32-bit word.
//
// RngUniform(a, b, shape) and RngNormal(mu, sigma, shape) as XLA's CPU backend expands
// them (rng_expander.cc): philox with key gen.seed and 128-bit counter (gen.counter,
// gen.counter_high), which the call advances by the 32-bit words of the shape (f16 and
// bf16 computed in f32, so one word each; 64-bit types two). Uniform floats: the top
// mantissa bits of a word, u = (bits >> (width - mantissa)) * 2^-mantissa in [0, 1), then
// u * (b - a) + a, each step rounded. b <= a is allowed and gives that same formula: values
// in (b, a] (a when b == a). Uniform integers (s32, u32, s64, u64): a + bits % (b - a),
// the difference taken modulo 2^width, and bits itself where it is 0 (XLA's x % 0 = x):
// a + bits for b == a. Normal: Box-Muller on uniform pairs u0, u1 of the shape split as
// above, sin(2 pi u1) sqrt(-2 log max(u0, 1e-7)) at 2p and cos(...) at 2p + 1, then mu +
// sigma z (sin, cos and log of simd/math.hpp). f16 and bf16 results are the f32 ones
// rounded to nearest even (so a uniform value may round to b).
#ifndef SXLA_OPS_RNG_HPP
#define SXLA_OPS_RNG_HPP

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <tuple>
#include <type_traits>

#include "sxla/config.hpp"              // SXLA_FORCE_INLINE
#include "sxla/core/diagnostics.hpp"    // SXLA_DIAGNOSE
#include "sxla/core/element_type.hpp"   // primitive_type, primitive_type_of, is_complex_v
#include "sxla/core/float16.hpp"        // f16, bf16
#include "sxla/core/index.hpp"          // index_t, multi_index
#include "sxla/core/minmax.hpp"         // detail::max_of, detail::min_of
#include "sxla/core/workspace.hpp"      // detail::arena, detail::arena_scope
#include "sxla/expr/executor.hpp"       // evaluate, detail::evaluate_scratch
#include "sxla/expr/expression.hpp"     // logical_spec
#include "sxla/expr/leaf.hpp"           // as_operand, operand
#include "sxla/expr/producer.hpp"       // gather_producer, detail::finishes_nothing
#include "sxla/expr/scratch.hpp"        // detail::take_temporary, detail::temporary_bytes, detail::dense_row_major
#include "sxla/kernels/rng.hpp"         // philox_map, philox_words, threefry_words, threefry_columns, ...
#include "sxla/ops/reduction.hpp"       // detail::finish_every_row
#include "sxla/shape/print.hpp"         // shape_arg, diagnostic_display of shapes
#include "sxla/shape/shape.hpp"         // shape
#include "sxla/shape/validate.hpp"      // is_valid
#include "sxla/simd/math.hpp"           // log, sincos
#include "sxla/simd/vec.hpp"            // vec, lanes, has_vec, load, store, ...
#include "sxla/tensor/tensor.hpp"       // tensor
#include "sxla/tensor/view.hpp"         // tensor_view

namespace sxla {

// The ops' names in compile errors (core/diagnostics.hpp).
namespace hlo {
struct rng_bit_generator;
struct rng_uniform;
struct rng_normal;
}  // namespace hlo

// RandomAlgorithm.
enum class rng_algorithm : std::uint8_t { default_algorithm, three_fry, philox };

// The state RngUniform and RngNormal draw from and advance: the philox key and a 128-bit
// block counter (XLA's per-module key and RngGetAndUpdateState), owned by the caller.
struct rng_state {
  std::uint64_t seed = 0;
  std::uint64_t counter = 0;       // low 64 bits of the counter
  std::uint64_t counter_high = 0;  // high 64 bits
};

namespace detail {

// Values a fill step computes at most at a time (its buffers are on the stack), and the
// elements a produce() step writes before the fused work reads them back.
inline constexpr index_t rng_chunk = 256;
inline constexpr index_t rng_piece = 16384;

// XLA's SplitShapeIntoHalves in row-major terms: an output position r is (o, t, q) with
// t its index along the split dimension (of `size`), q its offset in the `inner`
// elements after it; t = 2p + w is word w of half index (o half + p) inner + q, and the
// position (o, t, q) of the shape padded to 2 half along the split dimension is
// (o 2 half + t) inner + q.
struct rng_split {
  index_t size = 1, inner = 1, half = 1;

  constexpr index_t slab() const noexcept { return size * inner; }
  // The half (block) index and the word of output position r.
  constexpr index_t block(index_t r) const noexcept {
    const index_t o = r / slab(), t = r / inner % size, q = r % inner;
    return (o * half + t / 2) * inner + q;
  }
  constexpr index_t word(index_t r) const noexcept { return r / inner % size % 2; }
  // The position of output position r in the padded shape.
  constexpr index_t padded(index_t r) const noexcept {
    const index_t o = r / slab(), t = r / inner % size, q = r % inner;
    return (o * 2 * half + t) * inner + q;
  }
  // Whether position r starts a pair of rows (t even, q = 0): where fill() may start.
  constexpr bool boundary(index_t r) const noexcept { return r % inner == 0 && r / inner % size % 2 == 0; }
  // The first boundary at or after r.
  constexpr index_t boundary_at_or_after(index_t r) const noexcept {
    const index_t s0 = r / slab() * slab(), u = r - s0, pair = 2 * inner;
    const index_t k = (u + pair - 1) / pair * pair;
    return s0 + (k < slab() ? k : slab());
  }
  // The last boundary at or before r.
  constexpr index_t boundary_at_or_before(index_t r) const noexcept {
    const index_t s0 = r / slab() * slab();
    return s0 + (r - s0) / (2 * inner) * (2 * inner);
  }
};

template <std::size_t R>
constexpr rng_split rng_split_of(const small_vector<index_t, max_rank>& d) noexcept {
  rng_split s;
  if constexpr (R > 0) {
    std::size_t k = R;
    for (std::size_t i = 0; i < R; ++i)
      if (d[i] % 2 == 0) {
        k = i;
        break;
      }
    if (k == R) {
      k = 0;
      for (std::size_t i = 1; i < R; ++i)
        if (d[i] > d[k]) k = i;
    }
    s.size = d[k];
    for (std::size_t i = k + 1; i < R; ++i) s.inner *= d[i];
    s.half = (s.size + 1) / 2;
  }
  return s;
}

// A value of type T from the low bits of a word (integers: modulo; floats: the bits).
template <class T, class W>
SXLA_FORCE_INLINE constexpr T rng_from_bits(W w) noexcept {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(static_cast<std::make_unsigned_t<T>>(w));
  } else if constexpr (sizeof(T) == 2) {
    return std::bit_cast<T>(static_cast<std::uint16_t>(w));
  } else if constexpr (sizeof(T) == 4) {
    return std::bit_cast<T>(static_cast<std::uint32_t>(w));
  } else {
    return std::bit_cast<T>(static_cast<std::uint64_t>(w));
  }
}

// out[k] = the 64-bit value of words 2k (low) and 2k + 1 (high) of w, k in [0, n).
template <class T>
SXLA_FORCE_INLINE void rng_pack64(const std::uint32_t* w, index_t n, T* out) noexcept {
  static_assert(sizeof(T) == 8);
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(static_cast<void*>(out), w, static_cast<std::size_t>(n) * 8);
  } else {
    for (index_t k = 0; k < n; ++k)
      out[k] = rng_from_bits<T>(std::uint64_t{w[2 * k]} | std::uint64_t{w[2 * k + 1]} << 32);
  }
}

// to[k] = f(k) for k in [0, m), m <= 2 rng_chunk, through a local buffer and one memcpy:
// g++ 12 -O3 would vectorise the loop into a small destination with stores wider than
// it, and warn of an overflow that cannot happen.
template <class T, class F>
SXLA_FORCE_INLINE void rng_store(T* to, index_t m, F&& f) noexcept {
  T tmp[2 * rng_chunk];
  // (The count clamped to the buffer: without a bound, g++ -O1 warns of sizes a
  // negative m would give.)
  const std::size_t count = m <= 0 ? 0 : static_cast<std::size_t>(m < 2 * rng_chunk ? m : 2 * rng_chunk);
  for (std::size_t k = 0; k < count; ++k) tmp[k] = f(static_cast<index_t>(k));
  std::memcpy(static_cast<void*>(to), tmp, count * sizeof(T));
}

// The philox block counter + b (scalar: at()), and the word and the 64-bit value at
// stream positions w and r.
inline void philox_block_at(std::uint64_t key, kernels::counter128 counter, index_t b,
                            std::uint32_t (&x)[4]) noexcept {
  const kernels::counter128 c = counter.plus(static_cast<std::uint64_t>(b));
  x[0] = static_cast<std::uint32_t>(c.low);
  x[1] = static_cast<std::uint32_t>(c.low >> 32);
  x[2] = static_cast<std::uint32_t>(c.high);
  x[3] = static_cast<std::uint32_t>(c.high >> 32);
  kernels::philox4x32(x, static_cast<std::uint32_t>(key), static_cast<std::uint32_t>(key >> 32));
}
inline std::uint32_t philox_word_at(std::uint64_t key, kernels::counter128 c, index_t w) noexcept {
  std::uint32_t x[4];
  philox_block_at(key, c, w / 4, x);
  return x[w % 4];
}
inline std::uint64_t philox_u64_at(std::uint64_t key, kernels::counter128 c, index_t r) noexcept {
  std::uint32_t x[4];
  philox_block_at(key, c, r / 2, x);  // words 2r and 2r + 1 are in the same block
  const index_t k = r % 2 * 2;
  return std::uint64_t{x[k]} | std::uint64_t{x[k + 1]} << 32;
}
inline void threefry_block_at(std::uint64_t key, std::uint64_t counter, std::uint32_t& x0,
                              std::uint32_t& x1) noexcept {
  x0 = static_cast<std::uint32_t>(counter);
  x1 = static_cast<std::uint32_t>(counter >> 32);
  kernels::threefry2x32(x0, x1, static_cast<std::uint32_t>(key), static_cast<std::uint32_t>(key >> 32));
}

// B-bit words (B = uint32_t or uint64_t) of the philox stream, values [first, first +
// n) (n <= rng_chunk), into out; words is scratch of 2 rng_chunk words.
template <class B>
SXLA_FORCE_INLINE void philox_values(std::uint64_t key, kernels::counter128 c, index_t first, index_t n, B* out,
                                     std::uint32_t* words) noexcept {
  if constexpr (sizeof(B) == 4) {
    kernels::philox_words(key, c, first, n, out);
  } else {
    kernels::philox_words(key, c, 2 * first, 2 * n, words);
    rng_pack64(words, n, out);
  }
}

// ---- Bits to values (V: a float type or a vector of one, the same in every lane) --------
// Uniform in [0, 1): the top mantissa bits of a word of the float's width.
template <class V>
SXLA_FORCE_INLINE V rng_unit(simd::rebind_t<V, simd::uint_of<simd::lane_t<V>>> bits) noexcept {
  using F = simd::lane_t<V>;
  using I = simd::int_of<F>;
  constexpr int mantissa = std::numeric_limits<F>::digits - 1;
  constexpr int shift = static_cast<int>(8 * sizeof(F)) - mantissa;
  const auto m = simd::bitcast<I>(simd::shr<shift>(bits));  // < 2^mantissa: exact in F
  return simd::mul(simd::convert<F>(m), simd::splat<V>(static_cast<F>(1.0 / static_cast<double>(I{1} << mantissa))));
}

// XLA's BoxMullerTransform of uniform u0, u1: (z0, z1).
template <class V>
SXLA_FORCE_INLINE void box_muller(V u0, V u1, V& z0, V& z1) noexcept {
  using F = simd::lane_t<V>;
  const V r = simd::max(u0, simd::splat<V>(static_cast<F>(1.0e-7f)));
  const V v = simd::mul(simd::splat<V>(static_cast<F>(2.0 * 3.14159265358979323846)), u1);
  const V m = simd::sqrt(simd::mul(simd::splat<V>(F(-2)), simd::log(r)));
  V sn, cs;
  simd::sincos(v, sn, cs);
  z0 = simd::mul(sn, m);
  z1 = simd::mul(cs, m);
}

// a + s * z, rounded twice (XLA's a_or_mean + b_or_sigma * z, and minval + u * range).
template <class V>
SXLA_FORCE_INLINE V rng_affine(V z, simd::lane_t<V> s, simd::lane_t<V> a) noexcept {
  return simd::add(simd::mul(z, simd::splat<V>(s)), simd::splat<V>(a));
}

// The type a floating-point result is computed in: float for f16, bf16 and f32.
template <class T>
using rng_compute_t = std::conditional_t<std::is_same_v<T, double>, double, float>;

// ---- Generators: the values of an op at row-major output positions ---------------------
// Each has value_type, at(r) (one value, scalar code), piece_end(r, target) (where a
// fill() from boundary r may stop, near r + target) and fill(r0, n, out) (the values of
// positions [r0, r0 + n) into out[0, n), r0 and r0 + n as piece_end gives them).

// RngBitGenerator's bits.
template <class T, rng_algorithm A>
struct rng_bits_gen {
  using value_type = T;
  static constexpr bool wide = sizeof(T) == 8;
  static constexpr bool three_fry = A == rng_algorithm::three_fry;
  static constexpr bool split = three_fry && !wide;
  using name = hlo::rng_bit_generator;

  std::uint64_t key = 0;
  kernels::counter128 counter;  // three_fry: counter.low
  rng_split s;

  T at(index_t r) const noexcept {
    if constexpr (three_fry) {
      std::uint32_t x0, x1;
      if constexpr (wide) {
        threefry_block_at(key, counter.low + static_cast<std::uint64_t>(r), x0, x1);
        return rng_from_bits<T>(std::uint64_t{x0} | std::uint64_t{x1} << 32);
      } else {
        threefry_block_at(key, counter.low + static_cast<std::uint64_t>(s.block(r)), x0, x1);
        return rng_from_bits<T>(s.word(r) == 0 ? x0 : x1);
      }
    } else if constexpr (wide) {
      return rng_from_bits<T>(philox_u64_at(key, counter, r));
    } else {
      return rng_from_bits<T>(philox_word_at(key, counter, r));
    }
  }

  index_t piece_end(index_t r, index_t target, index_t count) const noexcept {
    if constexpr (split) {
      if (s.inner > 1) {
        const index_t e = s.boundary_at_or_before(detail::min_of(count, r + target));
        return e > r ? e : detail::min_of(count, s.boundary_at_or_after(r + 1));
      }
    }
    return detail::min_of(count, r + target);
  }

  void fill(index_t r0, index_t n, T* out) const noexcept {
    alignas(64) std::uint32_t w[2 * rng_chunk];
    // The words of 32-bit integers go straight into out (u32 and s32 may alias each
    // other); others through w, converted by put.
    constexpr bool in_place = std::is_integral_v<T> && sizeof(T) == 4;
    const auto words_for = [](T* to, std::uint32_t* scratch) SXLA_LAMBDA_INLINE {
      if constexpr (in_place) {
        (void)scratch;
        return reinterpret_cast<std::uint32_t*>(to);
      } else {
        (void)to;
        return scratch;
      }
    };
    const auto put = [](const std::uint32_t* words, index_t m, T* to) SXLA_LAMBDA_INLINE {
      if constexpr (wide) {
        rng_pack64(words, m, to);
      } else if constexpr (sizeof(T) == 4 && !in_place) {
        std::memcpy(static_cast<void*>(to), words, static_cast<std::size_t>(m) * 4);
      } else if constexpr (!in_place) {
        rng_store(to, m, [&](index_t k) SXLA_LAMBDA_INLINE { return rng_from_bits<T>(words[k]); });
      }
    };
    constexpr index_t step = in_place ? rng_piece : rng_chunk;  // values a kernel call writes
    if constexpr (!split) {
      for (index_t r = r0; r < r0 + n; r += step) {
        const index_t m = detail::min_of(step, r0 + n - r), k = wide ? 2 : 1;
        std::uint32_t* to = words_for(out + (r - r0), w);
        if constexpr (three_fry) {
          kernels::threefry_words(key, counter.low, 2 * r, 2 * m, to);
        } else {
          kernels::philox_words(key, counter, k * r, k * m, to);
        }
        put(to, m, out + (r - r0));
      }
    } else if (s.inner == 1) {
      // Row by row along the split dimension: row o's words follow on from 2 o half.
      for (index_t r = r0; r < r0 + n;) {
        const index_t o = r / s.size, t = r % s.size;
        const index_t m = detail::min_of(step, r0 + n - r, s.size - t);
        std::uint32_t* to = words_for(out + (r - r0), w);
        kernels::threefry_words(key, counter.low, 2 * o * s.half + t, m, to);
        put(to, m, out + (r - r0));
        r += m;
      }
    } else {
      // Pairs of rows (o, 2p) and (o, 2p + 1): word 0 and word 1 of the same blocks.
      for (index_t r = r0; r < r0 + n;) {
        const index_t t = r / s.inner % s.size;
        const bool second = t + 1 < s.size;
        for (index_t q = 0; q < s.inner; q += step) {
          const index_t m = detail::min_of(step, s.inner - q);
          T* row0 = out + (r - r0) + q;
          T* row1 = second ? row0 + s.inner : row0;
          std::uint32_t* to0 = words_for(row0, w);
          std::uint32_t* to1 = words_for(row1, w + rng_chunk);
          kernels::threefry_columns(key, counter.low + static_cast<std::uint64_t>(s.block(r) + q), m, to0,
                                    second ? to1 : nullptr);
          put(to0, m, row0);
          if (second) put(to1, m, row1);
        }
        r += (second ? 2 : 1) * s.inner;
      }
    }
  }
};

// RngUniform's values.
template <class T>
struct rng_uniform_gen {
  using value_type = T;
  using name = hlo::rng_uniform;
  static constexpr bool real = !std::is_integral_v<T>;
  using C = std::conditional_t<real, rng_compute_t<T>, T>;     // computed in
  using B = std::conditional_t<sizeof(C) == 8, std::uint64_t, std::uint32_t>;  // bits

  std::uint64_t key = 0;
  kernels::counter128 counter;
  C a{}, range{};  // range: b - a (integers: modulo 2^width, as the unsigned type)

  SXLA_FORCE_INLINE T value(B bits) const noexcept {
    if constexpr (real) {
      return static_cast<T>(rng_affine(rng_unit<C>(bits), range, a));
    } else {
      using U = std::make_unsigned_t<T>;
      const auto r = static_cast<U>(range);
      const U dist = r == 0 ? static_cast<U>(bits) : static_cast<U>(static_cast<U>(bits) % r);
      return static_cast<T>(static_cast<U>(static_cast<U>(a) + dist));
    }
  }

  T at(index_t r) const noexcept {
    if constexpr (sizeof(B) == 8) {
      return value(philox_u64_at(key, counter, r));
    } else {
      return value(philox_word_at(key, counter, r));
    }
  }

  index_t piece_end(index_t r, index_t target, index_t count) const noexcept { return detail::min_of(count, r + target); }

  void fill(index_t r0, index_t n, T* out) const noexcept {
    if constexpr (std::is_same_v<T, float>) {
      // Each block's four words mapped to values in registers (kernels::philox_map).
      kernels::philox_map(key, counter, r0, n, out, [&](const auto& x, auto& y) SXLA_LAMBDA_INLINE {
        using Y = std::remove_cvref_t<decltype(y[0])>;
        for (int i = 0; i < 4; ++i) y[i] = rng_affine(rng_unit<Y>(x[i]), range, a);
      });
      return;
    }
    alignas(64) std::uint32_t words[2 * rng_chunk];
    alignas(64) B bits[rng_chunk];
    for (index_t r = r0; r < r0 + n; r += rng_chunk) {
      const index_t m = detail::min_of(rng_chunk, r0 + n - r);
      philox_values(key, counter, r, m, bits, words);
      T* to = out + (r - r0);
      index_t k = 0;
      if constexpr (real && std::is_same_v<T, C> && simd::has_vec<C>) {
        using V = simd::vec<C>;
        constexpr auto l = static_cast<index_t>(simd::lanes<C>);
        for (; k + l <= m; k += l)
          simd::store(rng_affine(rng_unit<V>(simd::load(static_cast<const B*>(bits) + k)), range, a), to + k);
      }
      if (k < m) rng_store(to + k, m - k, [&](index_t i) SXLA_LAMBDA_INLINE { return value(bits[k + i]); });
    }
  }
};

// RngNormal's values.
template <class T>
struct rng_normal_gen {
  using value_type = T;
  using name = hlo::rng_normal;
  using C = rng_compute_t<T>;
  using B = simd::uint_of<C>;

  std::uint64_t key = 0;
  kernels::counter128 counter;
  C mu{}, sigma{};
  rng_split s;

  T at(index_t r) const noexcept {
    // u0 and u1 at rows 2p and 2p + 1 of the padded shape.
    const index_t x0 = s.padded(r) - s.word(r) * s.inner, x1 = x0 + s.inner;
    const auto bits = [&](index_t x) {
      if constexpr (sizeof(B) == 8) {
        return philox_u64_at(key, counter, x);
      } else {
        return philox_word_at(key, counter, x);
      }
    };
    C z0, z1;
    box_muller(rng_unit<C>(bits(x0)), rng_unit<C>(bits(x1)), z0, z1);
    return static_cast<T>(rng_affine(s.word(r) == 0 ? z0 : z1, sigma, mu));
  }

  index_t piece_end(index_t r, index_t target, index_t count) const noexcept {
    const index_t e = s.boundary_at_or_before(detail::min_of(count, r + target));
    return e > r ? e : detail::min_of(count, s.boundary_at_or_after(r + 1));
  }

  // z0 and z1 of n pairs (u0[k], u1[k]) (Pairs: u0 = u[2k], u1 = u[2k + 1], and z the
  // same way), from the bits, as mu + sigma z.
  template <bool Pairs>
  SXLA_FORCE_INLINE void transform(const B* u, const B* u1, index_t n, C* z0, C* z1) const noexcept {
    index_t k = 0;
    if constexpr (simd::has_vec<C>) {
      using V = simd::vec<C>;
      using VB = simd::vec<B>;
      constexpr auto l = static_cast<index_t>(simd::lanes<C>);
      for (; k + l <= n; k += l) {
        VB b0, b1;
        if constexpr (Pairs) {
          simd::load_deinterleaved(u + 2 * k, b0, b1);
        } else {
          b0 = simd::load(u + k);
          b1 = simd::load(u1 + k);
        }
        V y0, y1;
        box_muller(rng_unit<V>(b0), rng_unit<V>(b1), y0, y1);
        y0 = rng_affine(y0, sigma, mu);
        y1 = rng_affine(y1, sigma, mu);
        if constexpr (Pairs) {
          simd::store_interleaved(y0, y1, z0 + 2 * k);
        } else {
          simd::store(y0, z0 + k);
          simd::store(y1, z1 + k);
        }
      }
    }
    for (; k < n; ++k) {
      C y0, y1;
      box_muller(rng_unit<C>(Pairs ? u[2 * k] : u[k]), rng_unit<C>(Pairs ? u[2 * k + 1] : u1[k]), y0, y1);
      (Pairs ? z0[2 * k] : z0[k]) = rng_affine(y0, sigma, mu);
      (Pairs ? z0[2 * k + 1] : z1[k]) = rng_affine(y1, sigma, mu);
    }
  }

  // f32 with the split dimension last: along a row, pairs of consecutive positions,
  // words 4j, 4j + 1 and 4j + 2, 4j + 3 of the padded shape's stream, two pairs in each
  // block, transformed in registers (kernels::philox_map).
  void fill_pairs_in_blocks(index_t r0, index_t n, float* out) const noexcept {
    for (index_t r = r0; r < r0 + n;) {
      const index_t m = detail::min_of(r0 + n - r, s.size - r % s.size);
      kernels::philox_map(key, counter, s.padded(r), m, out + (r - r0), [&](const auto& x, auto& y) SXLA_LAMBDA_INLINE {
        using Y = std::remove_cvref_t<decltype(y[0])>;
        for (int i = 0; i < 4; i += 2) {
          box_muller(rng_unit<Y>(x[i]), rng_unit<Y>(x[i + 1]), y[i], y[i + 1]);
          y[i] = rng_affine(y[i], sigma, mu);
          y[i + 1] = rng_affine(y[i + 1], sigma, mu);
        }
      });
      r += m;
    }
  }

  void fill(index_t r0, index_t n, T* out) const noexcept {
    alignas(64) std::uint32_t words[2 * rng_chunk];
    alignas(64) B u[2 * rng_chunk];
    alignas(64) C z[2 * rng_chunk];
    const auto put = [](const C* from, index_t m, T* to) SXLA_LAMBDA_INLINE {
      if constexpr (std::is_same_v<T, C>) {
        std::memcpy(static_cast<void*>(to), from, static_cast<std::size_t>(m) * sizeof(C));
      } else {
        rng_store(to, m, [&](index_t k) SXLA_LAMBDA_INLINE { return static_cast<T>(from[k]); });
      }
    };
    if constexpr (std::is_same_v<T, float>) {
      if (s.inner == 1) {
        fill_pairs_in_blocks(r0, n, out);
        return;
      }
    }
    if (s.inner == 1) {
      // Along a row, pairs of consecutive positions (an odd row's last one alone).
      for (index_t r = r0; r < r0 + n;) {
        const index_t t = r % s.size;
        const index_t m = detail::min_of(2 * (rng_chunk / 2), r0 + n - r, s.size - t), pairs = (m + 1) / 2;
        philox_values(key, counter, s.padded(r), 2 * pairs, u, words);
        transform<true>(u, nullptr, pairs, z, nullptr);
        put(z, m, out + (r - r0));
        r += m;
      }
    } else {
      for (index_t r = r0; r < r0 + n;) {
        const index_t t = r / s.inner % s.size, x0 = s.padded(r);
        const bool second = t + 1 < s.size;
        for (index_t q = 0; q < s.inner; q += rng_chunk) {
          const index_t m = detail::min_of(rng_chunk, s.inner - q);
          philox_values(key, counter, x0 + q, m, u, words);
          philox_values(key, counter, x0 + s.inner + q, m, u + rng_chunk, words);
          transform<false>(u, u + rng_chunk, m, z, z + rng_chunk);
          put(z, m, out + (r - r0) + q);
          if (second) put(z + rng_chunk, m, out + (r - r0) + s.inner + q);
        }
        r += (second ? 2 : 1) * s.inner;
      }
    }
  }
};

// The ops' names where they need scratch memory (expr/scratch.hpp).
template <class G>
struct rng_op {
  using name = typename G::name;
};

}  // namespace detail

// A random number op of shape S: a producer of G's values.
template <shape_spec S, class G>
struct rng_node : gather_producer<rng_node<S, G>, typename shape<S>::value_type, shape<S>::rank> {
  static constexpr bool is_expression = true;
  static constexpr bool produces = true;
  using value_type = typename shape<S>::value_type;
  static constexpr shape_spec spec = logical_spec(S.element_type, S.dimensions);
  using lane_type = std::conditional_t<simd::has_vec<value_type>, value_type, void>;
  static constexpr std::size_t rank = shape<S>::rank;
  using scratch_op = detail::rng_op<G>;

  G gen;

 private:
  static constexpr index_t count = spec.element_count();
  template <class D>
  static constexpr bool direct = std::is_same_v<typename D::value_type, value_type> && detail::dense_row_major<D>();

  static index_t row_major(const multi_index<rank>& i) noexcept {
    index_t r = 0;
    for (std::size_t d = 0; d < rank; ++d) r = r * spec.dimensions[d] + i[d];
    return r;
  }

  // Every value into p (dense, row-major), piece by piece, with finish on each piece's
  // rows once it is written.
  template <class Finish>
  void produce_dense(value_type* p, Finish&& finish) const noexcept {
    for (index_t r = 0; r < count;) {
      const index_t end = gen.piece_end(r, detail::rng_piece, count);
      gen.fill(r, end - r, p + r);
      if constexpr (rank > 0 && !detail::finishes_nothing<Finish>) {
        constexpr index_t last = spec.dimensions[rank - 1];
        for (index_t j = r; j < end;) {
          multi_index<rank> i{};
          for (std::size_t d = rank, f = static_cast<std::size_t>(j); d-- > 0;) {
            i[d] = static_cast<index_t>(f % static_cast<std::size_t>(spec.dimensions[d]));
            f /= static_cast<std::size_t>(spec.dimensions[d]);
          }
          const index_t n = detail::min_of(end - j, last - i[rank - 1]);
          finish(i, n);
          j += n;
        }
      }
      r = end;
    }
  }

 public:
  template <class D>
  static constexpr std::size_t scratch = [] {
    if constexpr (count == 0 || direct<D>) {
      return std::size_t{0};
    } else {
      using back = decltype(as_operand(std::declval<const tensor_view<spec>&>()));
      return detail::temporary_bytes<spec> + detail::evaluate_scratch<tensor_view<D::spec>, back>;
    }
  }();

  value_type at(const multi_index<rank>& i) const noexcept { return gen.at(row_major(i)); }

  template <class Dst, class Finish>
  void produce(Dst& dst, Finish&& finish, detail::arena& ws) const {
    using D = typename Dst::shape_type;
    if constexpr (count > 0) {
      if constexpr (direct<D>) {
        produce_dense(dst.data(), finish);
      } else {
        const detail::arena_scope scope(ws);
        auto tmp = detail::take_temporary<spec>(ws);
        produce_dense(tmp.data(), detail::finish_nothing{});
        evaluate(dst, as_operand(tmp), ws);
        if constexpr (rank > 0) detail::finish_every_row<rank>(spec.dimensions, finish);
      }
    }
  }

  template <class F>
  constexpr void for_each_leaf(F&&, bool) const {}
  template <class V>
  static constexpr void visit_leaves(V&, bool) {}
};

namespace detail {

// The element types the ops take.
constexpr bool rng_bits_type(primitive_type t) noexcept {
  return t != primitive_type::pred && t != primitive_type::c64 && t != primitive_type::c128;
}
constexpr bool rng_uniform_type(primitive_type t) noexcept {
  using enum primitive_type;
  return t == f64 || t == f32 || t == f16 || t == bf16 || t == s64 || t == u64 || t == s32 || t == u32;
}
constexpr bool rng_normal_type(primitive_type t) noexcept {
  using enum primitive_type;
  return t == f64 || t == f32 || t == f16 || t == bf16;
}

// The 32-bit words a RngUniform or RngNormal of shape S takes (f16 and bf16 as f32).
template <shape_spec S>
inline constexpr std::uint64_t rng_words =
    static_cast<std::uint64_t>(S.element_count()) * (byte_width(S.element_type) == 8 ? 2u : 1u);

// The placeholder returned after a reported error (the error is the only one).
template <shape_spec S>
using rng_fallback = rng_node<shape_spec(primitive_type::f32, {1}), rng_uniform_gen<float>>;

// g's key and counter from gen, which is advanced past the words of shape S.
template <shape_spec S, class G>
void rng_draw(rng_state& gen, G& g) noexcept {
  g.key = gen.seed;
  g.counter = {gen.counter, gen.counter_high};
  const kernels::counter128 c = g.counter.plus(rng_words<S>);
  gen.counter = c.low;
  gen.counter_high = c.high;
}

}  // namespace detail

// RngBitGenerator(algorithm, state, shape): (new state, bits) (see the top). state: a
// u64[2] (three_fry) or u64[2] / u64[3] (philox, default_algorithm) tensor or
// expression, read once; the bits: a lazy node of shape S.
template <rng_algorithm A, shape_spec S, operand X>
auto rng_bit_generator(X&& state) {
  auto e = as_operand(static_cast<X&&>(state));
  using E = decltype(e);
  constexpr shape_spec st = E::spec;
  constexpr bool state_ok = st.element_type == primitive_type::u64 && st.rank() == 1 &&
                            (st.dimensions[0] == 2 || (A != rng_algorithm::three_fry && st.dimensions[0] == 3));
  if constexpr (!is_valid(S)) {
    (void)shape<S>::rank;  // shape<S> reports the error
    return std::tuple<tensor<shape_spec(primitive_type::u64, {2})>, detail::rng_fallback<S>>{};
  } else if constexpr (!detail::rng_bits_type(S.element_type)) {
    SXLA_DIAGNOSE(hlo::rng_bit_generator, "{}: the output element type must be an integer or floating-point type",
                  (shape_arg<S>), ());
    return std::tuple<tensor<shape_spec(primitive_type::u64, {2})>, detail::rng_fallback<S>>{};
  } else if constexpr (!state_ok) {
    SXLA_DIAGNOSE(hlo::rng_bit_generator,
                  "{}: the state must be u64[2] for three_fry, u64[2] or u64[3] for philox and the default",
                  (E), ());
    return std::tuple<tensor<shape_spec(primitive_type::u64, {2})>, detail::rng_fallback<S>>{};
  } else {
    using T = typename shape<S>::value_type;
    constexpr rng_algorithm alg = A == rng_algorithm::default_algorithm ? rng_algorithm::philox : A;
    constexpr index_t words = st.dimensions[0];
    constexpr std::uint64_t n = static_cast<std::uint64_t>(S.element_count());
    constexpr detail::rng_split split = detail::rng_split_of<shape<S>::rank>(S.dimensions);
    tensor<shape_spec(primitive_type::u64, {words})> next;
    std::uint64_t w[3] = {};
    for (index_t k = 0; k < words; ++k) w[k] = e.at(multi_index<1>{k});
    detail::rng_bits_gen<T, alg> g;
    g.key = w[0];
    g.s = split;
    if constexpr (alg == rng_algorithm::three_fry) {
      g.counter = {w[1], 0};
      // 64-bit outputs take a block per element, narrower ones one per half element.
      constexpr std::uint64_t blocks =
          sizeof(T) == 8 || n == 0
              ? n
              : n / static_cast<std::uint64_t>(split.size) * static_cast<std::uint64_t>(split.half);
      next(0) = w[0];
      next(1) = w[1] + blocks;
    } else {
      g.counter = {w[1], words == 3 ? w[2] : w[0]};
      const std::uint64_t blocks = (n * (sizeof(T) == 8 ? 2 : 1) + 3) / 4;
      const kernels::counter128 c = g.counter.plus(blocks);
      next(0) = w[0];
      next(1) = c.low;
      if constexpr (words == 3) next(2) = c.high;
    }
    return std::tuple<decltype(next), rng_node<S, detail::rng_bits_gen<T, alg>>>{next, {{}, g}};
  }
}

// RngUniform(a, b, shape): values uniform in [a, b) from gen, which the call advances
// (see the top for b <= a).
template <shape_spec S>
auto rng_uniform(typename shape<S>::value_type a, typename shape<S>::value_type b, rng_state& gen) {
  if constexpr (!is_valid(S)) {
    return detail::rng_fallback<S>{};
  } else if constexpr (!detail::rng_uniform_type(S.element_type)) {
    SXLA_DIAGNOSE(hlo::rng_uniform, "{}: the element type must be f64, f32, f16, bf16, s64, u64, s32 or u32",
                  (shape_arg<S>), ());
    return detail::rng_fallback<S>{};
  } else {
    using T = typename shape<S>::value_type;
    using G = detail::rng_uniform_gen<T>;
    using C = typename G::C;
    G g;
    detail::rng_draw<S>(gen, g);
    g.a = static_cast<C>(a);
    if constexpr (G::real) {
      g.range = static_cast<C>(static_cast<C>(b) - static_cast<C>(a));
    } else {
      using U = std::make_unsigned_t<T>;
      g.range = static_cast<T>(static_cast<U>(static_cast<U>(b) - static_cast<U>(a)));
    }
    return rng_node<S, G>{{}, g};
  }
}

// RngNormal(mu, sigma, shape): values from N(mu, sigma^2), from gen, which the call
// advances.
template <shape_spec S>
auto rng_normal(typename shape<S>::value_type mu, typename shape<S>::value_type sigma, rng_state& gen) {
  if constexpr (!is_valid(S)) {
    return detail::rng_fallback<S>{};
  } else if constexpr (!detail::rng_normal_type(S.element_type)) {
    SXLA_DIAGNOSE(hlo::rng_normal, "{}: the element type must be f64, f32, f16 or bf16", (shape_arg<S>), ());
    return detail::rng_fallback<S>{};
  } else {
    using T = typename shape<S>::value_type;
    using G = detail::rng_normal_gen<T>;
    using C = typename G::C;
    G g;
    detail::rng_draw<S>(gen, g);
    g.mu = static_cast<C>(mu);
    g.sigma = static_cast<C>(sigma);
    g.s = detail::rng_split_of<shape<S>::rank>(S.dimensions);
    return rng_node<S, G>{{}, g};
  }
}

}  // namespace sxla

#endif  // SXLA_OPS_RNG_HPP
