// sxla/kernels/quick_sort.hpp: a vectorised quicksort of unsigned 32- or 64-bit keys in
// place, for the long rows of x::sort (ops/sort.hpp maps every element type to such
// keys). Written over the SIMD vocabulary; quick_sort_enabled<K> is false without
// vectors of at least 4 lanes for K or without a native compress (the scalar backend,
// xsimd, x86 below AVX2), and the caller sorts otherwise.
//
//   quick_sort(a, n [, to])   a[0, n) ascending, no scratch memory: in place, or written
//       to to.out with each key's bits flipped by one of two masks (sorted_output: how
//       ops/sort.hpp turns keys back into values on the way out). Unstable, so the
//       caller uses it only where equal keys are equal values. Compiled once per key
//       type, whatever the output.
//
// The algorithm (after Highway's vqsort and Intel's x86-simd-sort):
//   - Partition: each vector is compared with the pivot once; the lanes that go left are
//     compressed to the bottom of a register and stored whole at the left write position
//     (the lanes past them land in space already read). Where compress partitions (the
//     other lanes above), the same register is stored whole just below the right write
//     position; else the other lanes are compressed on their own and stored under a lane
//     mask there. Eight vectors from each end are held in registers first, and the next
//     eight are read from the side with less room, so a store never overwrites a key not
//     yet read (one branch per eight vectors: the side is random). A row's last n % L
//     keys are moved to their side one by one.
//   - Keys below the pivot go left. If none does (the pivot is the smallest key), the
//     keys equal to the pivot are split off instead and are done: every round makes
//     progress, and rows of few distinct values (or one) finish in a few passes.
//   - Pivot: the median of L lane-wise medians of nine vectors spread over the range.
//   - Up to 16 vectors (256 32-bit keys on AVX-512) are sorted in registers by a bitonic
//     network over M vectors (index = vector * L + lane): stages across vectors are a min
//     and a max, stages inside a vector a lane permutation, a min, a max and a blend.
//     For a square of L vectors the index is taken the other way round (lane * L +
//     vector), so that more stages are across vectors, and one transpose follows.
//     Padding lanes hold the largest key and are never stored. The loops over vectors
//     are unrolled by pragma when optimising (vectors in registers); unoptimised and
//     sanitizer builds keep them, which compile in seconds.
//   - Past 2 log2(n) + 4 levels of partitioning the range is heap-sorted, so n log n is
//     the worst case whatever the input. The smaller side recurses, the larger loops.
#ifndef SXLA_KERNELS_QUICK_SORT_HPP
#define SXLA_KERNELS_QUICK_SORT_HPP

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

#include "sxla/config.hpp"          // SXLA_FORCE_INLINE, SXLA_LAMBDA_INLINE
#include "sxla/kernels/sort.hpp"    // sort_detail::heap_sort, insertion_sort
#include "sxla/simd/vec.hpp"        // simd::vec, compress, count_true, lane_xor, ...

namespace sxla::kernels {

// Whether quick_sort runs for keys K: unsigned 32- or 64-bit keys with vectors of at
// least 4 lanes and a native compress (Highway; xsimd's goes through memory).
template <class K>
inline constexpr bool quick_sort_enabled = [] {
  if constexpr ((std::is_same_v<K, std::uint32_t> || std::is_same_v<K, std::uint64_t>) && simd::has_vec<K>) {
    return simd::lanes<K> >= 4 && simd::native_compress<K>;
  } else {
    return false;
  }
}();

// Where quick_sort writes the sorted keys, and as what: the key at place i goes to
// out[i] as k ^ (k's top bit set ? if_set : if_clear), which turns ops/sort.hpp's keys
// back into values as they leave the registers, with no pass of its own. out may be
// the keys themselves (the default: in place, unchanged) or storage of another type of
// K's size: it is written through vector stores and memcpy only.
template <class K>
struct sorted_output {
  K* out;
  K if_set = 0, if_clear = 0;
};

#if !defined(SXLA_SIMD_SCALAR)
namespace qsort_detail {

template <class K>
using V = simd::vec<K>;
template <class K>
inline constexpr std::size_t L = simd::lanes<K>;
// The most vectors the in-register network sorts.
template <class K>
inline constexpr std::size_t max_vectors = 16;
template <class K>
inline constexpr std::size_t base_size = max_vectors<K> * L<K>;

// Lanes whose index has bit j set (j a power of two below L).
template <class K>
SXLA_FORCE_INLINE simd::mask<K> upper_lanes(std::size_t j) noexcept {
  return simd::ne(simd::bit_and(simd::iota<K>(0), simd::splat<V<K>>(static_cast<K>(j))), simd::zero<K>());
}

// f(a) for a = 0 .. M - 1, unrolled when optimising (the vectors then stay in
// registers); unoptimised and sanitizer builds keep the loops, which compile quickly.
template <std::size_t M, class F>
SXLA_FORCE_INLINE void each_vector(F&& f) noexcept {
  _Pragma("GCC unroll 16") for (std::size_t a = 0; a < M; ++a) f(a);
}

// Inside each vector, lane i against lane i ^ P; the lanes with bit H set (the higher of
// each pair) take the larger key.
template <std::size_t P, std::size_t H, class K, std::size_t M>
SXLA_FORCE_INLINE void in_vector_stage(V<K> (&v)[M]) noexcept {
  const simd::mask<K> upper = upper_lanes<K>(H);
  each_vector<M>([&](auto a) SXLA_LAMBDA_INLINE {
    const V<K> q = simd::lane_xor(v[a], P);
    v[a] = simd::select(upper, simd::max(v[a], q), simd::min(v[a], q));
  });
}

// Key i against key i ^ J for every i without bit J (the lower index keeps the smaller
// key), then the same for J / 2 .. 1.
template <std::size_t J, class K, std::size_t M>
SXLA_FORCE_INLINE void xor_stages(V<K> (&v)[M]) noexcept {
  constexpr std::size_t l = L<K>;
  if constexpr (J >= 1) {
    if constexpr (J >= l) {
      constexpr std::size_t d = J / l;
      each_vector<M>([&](auto a) SXLA_LAMBDA_INLINE {
        if ((a & d) == 0) {
          const V<K> lo = simd::min(v[a], v[a + d]);
          v[a + d] = simd::max(v[a], v[a + d]);
          v[a] = lo;
        }
      });
    } else {
      in_vector_stage<J, J>(v);
    }
    xor_stages<J / 2>(v);
  }
}

// Merges the sorted halves of each block of B keys: key i against key i ^ (B - 1) (the
// mirror), then xor_stages from B / 4.
template <std::size_t B, class K, std::size_t M>
SXLA_FORCE_INLINE void merge_blocks(V<K> (&v)[M]) noexcept {
  constexpr std::size_t l = L<K>;
  if constexpr (B <= l) {
    in_vector_stage<B - 1, B / 2>(v);
  } else {
    constexpr std::size_t d = B / l;  // vectors per block
    each_vector<M>([&](auto a) SXLA_LAMBDA_INLINE {
      if ((a & (d / 2)) == 0) {
        const std::size_t b = a ^ (d - 1);
        const V<K> rb = simd::reverse(v[b]);
        const V<K> lo = simd::min(v[a], rb);
        v[b] = simd::reverse(simd::max(v[a], rb));
        v[a] = lo;
      }
    });
  }
  xor_stages<B / 4>(v);
}

// The M * L keys of v ascending (index = vector * L + lane): blocks of 2, 4, .. M * L.
template <std::size_t B = 2, class K, std::size_t M>
SXLA_FORCE_INLINE void bitonic_sort(V<K> (&v)[M]) noexcept {
  if constexpr (B <= M * L<K>) {
    merge_blocks<B>(v);
    bitonic_sort<2 * B>(v);
  }
}

// xor_stages for index = lane * L + vector: J below L pairs vectors, J from L on pairs
// lanes inside each vector.
template <std::size_t J, class K>
SXLA_FORCE_INLINE void column_xor_stages(V<K> (&v)[L<K>]) noexcept {
  constexpr std::size_t m = L<K>;
  if constexpr (J >= 1) {
    if constexpr (J < m) {
      each_vector<m>([&](auto a) SXLA_LAMBDA_INLINE {
        if ((a & J) == 0) {
          const V<K> lo = simd::min(v[a], v[a + J]);
          v[a + J] = simd::max(v[a], v[a + J]);
          v[a] = lo;
        }
      });
    } else {
      in_vector_stage<J / m, J / m>(v);
    }
    column_xor_stages<J / 2>(v);
  }
}

// The same network for a square of L vectors with the index the other way round
// (index = lane * L + vector), where more stages are a min and a max of two vectors;
// blocks of 2, 4, .. L * L.
template <std::size_t B = 2, class K>
SXLA_FORCE_INLINE void bitonic_sort_columns(V<K> (&v)[L<K>]) noexcept {
  constexpr std::size_t m = L<K>;
  if constexpr (B <= m * m) {
    if constexpr (B <= m) {  // the mirror: vector a against vector a ^ (B - 1)
      each_vector<m>([&](auto a) SXLA_LAMBDA_INLINE {
        if ((a & (B / 2)) == 0) {
          const std::size_t b = a ^ (B - 1);
          const V<K> lo = simd::min(v[a], v[b]);
          v[b] = simd::max(v[a], v[b]);
          v[a] = lo;
        }
      });
    } else {  // vector a against vector m - 1 - a with lane l against lane l ^ t
      constexpr std::size_t t = B / m - 1;
      const simd::mask<K> upper = upper_lanes<K>(B / m / 2);
      each_vector<m / 2>([&](auto a) SXLA_LAMBDA_INLINE {
        const std::size_t b = m - 1 - a;
        const V<K> q = simd::lane_xor(v[b], t);
        const V<K> lo = simd::min(v[a], q), hi = simd::max(v[a], q);
        v[a] = simd::select(upper, hi, lo);
        v[b] = simd::lane_xor(simd::select(upper, lo, hi), t);
      });
    }
    column_xor_stages<B / 4>(v);
    bitonic_sort_columns<2 * B>(v);
  }
}

// a[0, n) sorted in registers (n <= M * L) and written to o[0, n) as sorted_output says.
template <class K, std::size_t M>
void sort_block(const K* a, K* o, std::size_t n, K if_set, K if_clear) noexcept {
  constexpr std::size_t l = L<K>;
  V<K> v[M];
  const V<K> top = simd::splat<V<K>>(std::numeric_limits<K>::max());
  each_vector<M>([&](auto i) SXLA_LAMBDA_INLINE {
    const std::size_t at = i * l;
    if (at + l <= n) {
      v[i] = simd::load(a + at);
    } else if (at < n) {
      v[i] = simd::select(simd::first_n<K>(n - at), simd::load_n(a + at, n - at), top);
    } else {
      v[i] = top;
    }
  });
  if constexpr (M == l) {
    bitonic_sort_columns(v);
    simd::transpose_square(v);
  } else {
    bitonic_sort(v);
  }
  const V<K> top_bit = simd::splat<V<K>>(static_cast<K>(K{1} << (8 * sizeof(K) - 1)));
  const V<K> set = simd::splat<V<K>>(if_set), clear = simd::splat<V<K>>(if_clear);
  each_vector<M>([&](auto i) SXLA_LAMBDA_INLINE {
    const std::size_t at = i * l;
    const V<K> w = simd::bit_xor(v[i], simd::select(simd::ge(v[i], top_bit), set, clear));
    if (at + l <= n) {
      simd::store(w, o + at);
    } else if (at < n) {
      simd::store_n(w, o + at, n - at);
    }
  });
}

// a[0, n) (sorted) written to o[0, n) as sorted_output says, one by one.
template <class K>
void write_sorted(const K* a, K* o, std::size_t n, K if_set, K if_clear) noexcept {
  for (std::size_t i = 0; i < n; ++i) {
    const K k = a[i];
    const K w = static_cast<K>(k ^ ((k >> (8 * sizeof(K) - 1)) != 0 ? if_set : if_clear));
    std::memcpy(o + i, &w, sizeof(K));
  }
}

// a[0, n) sorted into o[0, n), 1 <= n <= base_size.
template <class K>
void sort_small(const K* a, K* o, std::size_t n, K if_set, K if_clear) noexcept {
  constexpr std::size_t l = L<K>;
  if (n <= l) {
    sort_block<K, 1>(a, o, n, if_set, if_clear);
  } else if (n <= 2 * l) {
    sort_block<K, 2>(a, o, n, if_set, if_clear);
  } else if (n <= 4 * l) {
    sort_block<K, 4>(a, o, n, if_set, if_clear);
  } else if (n <= 8 * l) {
    sort_block<K, 8>(a, o, n, if_set, if_clear);
  } else {
    sort_block<K, 16>(a, o, n, if_set, if_clear);
  }
}

// Vectors held from each end of a range that is being partitioned, and read per step.
inline constexpr std::size_t unroll = 8;

// Partitions a[0, n) (n >= 2 unroll L): the keys k with k < pivot (k <= pivot if
// OrEqual) first. Returns their count.
template <class K, bool OrEqual>
std::size_t partition(K* a, std::size_t n, K pivot) noexcept {
  constexpr std::size_t l = L<K>, u = unroll, ul = u * l;
  static_assert(base_size<K> >= 2 * ul, "ranges above base_size hold the 2 unroll vectors held in registers");
  const V<K> p = simd::splat<V<K>>(pivot);
  const std::size_t whole = n - n % l;
  std::size_t w_l = 0, w_r = whole;  // written: [0, w_l) left, [w_r, whole) right
  const auto put = [&](V<K> v) SXLA_LAMBDA_INLINE {
    simd::mask<K> m;
    if constexpr (OrEqual) {
      m = simd::le(v, p);
    } else {
      m = simd::lt(v, p);
    }
    const std::size_t c = simd::count_true(m);
    if constexpr (simd::compress_is_partition<K>) {  // one compress, both stores whole
      const V<K> q = simd::compress(v, m);
      simd::store(q, a + w_l);
      simd::store(q, a + w_r - l);  // its top l - c lanes go right
      w_l += c;
      w_r -= l - c;
    } else {  // the right side's lanes compressed on their own, stored under a mask
      simd::store(simd::compress(v, m), a + w_l);
      w_l += c;
      w_r -= l - c;
      simd::store_n(simd::compress(v, simd::mask_not(m)), a + w_r, l - c);
    }
  };
  V<K> first[u], last[u];
  each_vector<u>([&](auto i) SXLA_LAMBDA_INLINE {
    first[i] = simd::load(a + i * l);
    last[i] = simd::load(a + whole - ul + i * l);
  });
  std::size_t read_l = ul, read_r = whole - ul;  // not yet read: [read_l, read_r)
  // u vectors at a time from the side with less room: its room is then at least ul,
  // the other side's too, and each vector put fills l of it.
  while (read_r - read_l >= ul) {
    V<K> v[u];
    std::size_t at;
    if (read_l - w_l <= w_r - read_r) {
      at = read_l;
      read_l += ul;
    } else {
      read_r -= ul;
      at = read_r;
    }
    each_vector<u>([&](auto i) SXLA_LAMBDA_INLINE { v[i] = simd::load(a + at + i * l); });
    each_vector<u>([&](auto i) SXLA_LAMBDA_INLINE { put(v[i]); });
  }
  while (read_l < read_r) {
    if (read_l - w_l <= w_r - read_r) {
      const V<K> v = simd::load(a + read_l);
      read_l += l;
      put(v);
    } else {
      read_r -= l;
      put(simd::load(a + read_r));
    }
  }
  each_vector<u>([&](auto i) SXLA_LAMBDA_INLINE {
    put(first[i]);
    put(last[i]);
  });
  std::size_t m = w_l;
  for (std::size_t i = whole; i < n; ++i) {
    const K k = a[i];
    if (OrEqual ? k <= pivot : k < pivot) {
      a[i] = a[m];
      a[m++] = k;
    }
  }
  return m;
}

// The lane-wise median of x, y and z.
template <class K>
SXLA_FORCE_INLINE V<K> median3(V<K> x, V<K> y, V<K> z) noexcept {
  return simd::max(simd::min(x, y), simd::min(simd::max(x, y), z));
}

// The pivot for a[0, n) (n > base_size): the median of L lane-wise medians of three
// medians of three vectors, nine vectors spread evenly over the range.
template <class K>
K choose_pivot(const K* a, std::size_t n) noexcept {
  constexpr std::size_t l = L<K>;
  const std::size_t step = (n - l) / 8;
  const auto at = [&](std::size_t i) { return simd::load(a + i * step); };
  const V<K> med = median3<K>(median3<K>(at(0), at(1), at(2)), median3<K>(at(3), at(4), at(5)),
                              median3<K>(at(6), at(7), at(8)));
  V<K> sorted[1] = {med};
  bitonic_sort(sorted);
  alignas(64) K m[l];
  simd::store(sorted[0], m);
  return m[l / 2];
}

template <class K>
void quick_sort_range(K* a, std::size_t n, std::size_t depth, const sorted_output<K>& to, const K* base) noexcept {
  while (n > base_size<K>) {
    K* o = to.out + (a - base);
    if (depth-- == 0) {
      sort_detail::heap_sort(a, n, [](K x, K y) { return x < y; });
      write_sorted(a, o, n, to.if_set, to.if_clear);
      return;
    }
    const K pivot = choose_pivot(a, n);
    std::size_t m = partition<K, false>(a, n, pivot);
    if (m == 0) {  // no key below the pivot: the keys equal to it are done
      const std::size_t e = partition<K, true>(a, n, pivot);
      write_sorted(a, o, e, to.if_set, to.if_clear);
      a += e;
      n -= e;
      continue;
    }
    if (m < n - m) {
      quick_sort_range(a, m, depth, to, base);
      a += m;
      n -= m;
    } else {
      quick_sort_range(a + m, n - m, depth, to, base);
      n = m;
    }
  }
  if (n >= 1) sort_small(a, to.out + (a - base), n, to.if_set, to.if_clear);
}

}  // namespace qsort_detail

// See the top. Requires quick_sort_enabled<K>.
template <class K>
  requires quick_sort_enabled<K>
void quick_sort(K* a, std::size_t n, const sorted_output<K>& to) noexcept {
  const std::size_t depth = 2 * static_cast<std::size_t>(std::bit_width(n)) + 4;
  qsort_detail::quick_sort_range(a, n, depth, to, a);
}
template <class K>
  requires quick_sort_enabled<K>
void quick_sort(K* a, std::size_t n) noexcept {
  quick_sort(a, n, sorted_output<K>{a});
}
#else
// The scalar backend has no vectors: quick_sort_enabled is false, nothing calls these.
template <class K>
  requires quick_sort_enabled<K>
void quick_sort(K* a, std::size_t n, const sorted_output<K>& to) noexcept;
template <class K>
  requires quick_sort_enabled<K>
void quick_sort(K* a, std::size_t n) noexcept;
#endif

}  // namespace sxla::kernels

#endif  // SXLA_KERNELS_QUICK_SORT_HPP
