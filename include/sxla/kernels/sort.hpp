// sxla/kernels/sort.hpp: the sort engine under x::sort (ops/sort.hpp), on unsigned
// integer keys whose order is the order wanted (ops/sort.hpp maps each element type
// there: a float's bits, flipped so that they compare as XLA's total order). Every
// routine is stable, and none allocates: the caller passes every buffer.
//
//   radix_sort<Bits, KeyBits>(e, et, p, pt, n, hist)   LSD radix sort of n unsigned
//       elements by their low KeyBits bits: keys alone, or a key of at most 32 bits
//       with a 32-bit payload above it in one 64-bit word (one stream of writes per
//       pass), or keys with 32-bit payloads p beside them; ping-pongs with et / pt.
//       8-bit digits, or 11-bit ones from 65536 keys on (three passes for 32-bit keys);
//       the caller counts the digits (radix_histogram::count) while it makes the keys; a
//       pass whose digit is the same for every key is skipped (sorted and narrow-range
//       data cost less); up to 32 elements an insertion sort.
//   network_sort<N>(block, L)             N keys in each of L lanes sorted at once:
//       block[i * L + r] is element i of row r. Batcher's odd-even merge network for
//       the next power of two, the comparators that touch the padding dropped (the
//       padding would be larger than every key), each a min and a max of two vectors
//       (AVX-512: 16 rows of 32-bit keys, or 8 of 64-bit (key << 32 | position), in
//       one instruction each). Stable on such packed keys, since positions differ.
//   intro_sort(p, n, before)              an unstable sort of any records in place:
//       quicksort (median of three, Hoare partition) that falls back to heapsort past
//       2 log2(n) levels, insertion sort below 16; every scan is bounded by its range,
//       so a predicate that is no strict weak order also stays inside [0, n).
//   merge_sort(p, q, n, before)           a stable bottom-up merge sort of any records
//       by any predicate (insertion sort on runs of 16, then merges ping-ponging
//       between p and q); only records inside [0, n) are ever compared or moved,
//       whatever before answers, so a predicate that is no strict weak order gives
//       some permutation, never a read out of bounds. Returns p or q.
#ifndef SXLA_KERNELS_SORT_HPP
#define SXLA_KERNELS_SORT_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "sxla/config.hpp"    // SXLA_FORCE_INLINE, SXLA_RESTRICT
#include "sxla/simd/vec.hpp"  // simd::vec, load, store, min, max, lanes

namespace sxla::kernels {

// ---- radix sort --------------------------------------------------------------------

// The digit width for n keys.
constexpr unsigned radix_bits(std::size_t n, std::size_t key_bytes) noexcept {
  return n >= 65536 && key_bytes >= 4 ? 11u : 8u;
}

namespace sort_detail {
// The key of element e: its low KeyBits bits.
template <unsigned KeyBits, class E>
SXLA_FORCE_INLINE constexpr E key_part(E e) noexcept {
  if constexpr (KeyBits >= 8 * sizeof(E)) {
    return e;
  } else {
    return static_cast<E>(e & ((E{1} << KeyBits) - 1));
  }
}

}  // namespace sort_detail

// The histograms of an LSD radix sort on the low KeyBits bits of its elements, Bits per
// digit: passes x buckets counters, filled by count() for every element before the sort
// (the caller counts while it makes the keys: no extra pass over them).
template <unsigned Bits, unsigned KeyBits>
struct radix_histogram {
  static constexpr unsigned passes = (KeyBits + Bits - 1) / Bits;
  static constexpr std::size_t buckets = std::size_t{1} << Bits;
  static constexpr std::size_t size = passes * buckets;
  static void clear(std::uint32_t* h) noexcept { std::memset(h, 0, sizeof(std::uint32_t) * size); }
  template <class E>
  SXLA_FORCE_INLINE static void count(E e, std::uint32_t* SXLA_RESTRICT h) noexcept {
    const E k = sort_detail::key_part<KeyBits>(e);
    for (unsigned q = 0; q < passes; ++q) ++h[q * buckets + static_cast<std::size_t>((k >> (q * Bits)) & (buckets - 1))];
  }
};

namespace sort_detail {
template <unsigned KeyBits, class E>
void insertion_sort(E* SXLA_RESTRICT e, std::uint32_t* SXLA_RESTRICT p, std::size_t n) noexcept {
  for (std::size_t i = 1; i < n; ++i) {
    const E v = e[i];
    const E key = key_part<KeyBits>(v);
    std::size_t j = i;
    if (p != nullptr) {
      const std::uint32_t w = p[i];
      for (; j > 0 && key < key_part<KeyBits>(e[j - 1]); --j) {
        e[j] = e[j - 1];
        p[j] = p[j - 1];
      }
      p[j] = w;
    } else {
      for (; j > 0 && key < key_part<KeyBits>(e[j - 1]); --j) e[j] = e[j - 1];
    }
    e[j] = v;
  }
}

// One pass: elements (and payloads) from e/p to et/pt by the digit at Shift, offsets o.
template <unsigned Shift, unsigned Bits, unsigned KeyBits, bool WithPayload, class E>
void scatter_pass(const E* SXLA_RESTRICT e, E* SXLA_RESTRICT et, const std::uint32_t* SXLA_RESTRICT p,
                  std::uint32_t* SXLA_RESTRICT pt, std::size_t n, std::uint32_t* SXLA_RESTRICT o) noexcept {
  constexpr E mask = static_cast<E>((E{1} << Bits) - 1);
  for (std::size_t i = 0; i < n; ++i) {
    const E v = e[i];
    const std::uint32_t at = o[static_cast<std::size_t>((key_part<KeyBits>(v) >> Shift) & mask)]++;
    et[at] = v;
    if constexpr (WithPayload) pt[at] = p[i];
  }
}
}  // namespace sort_detail

template <class E>
struct sorted_elements {
  E* elements;
  std::uint32_t* payloads;  // null when none were sorted
};

// An LSD radix sort of the n elements e (unsigned integers) by their low KeyBits bits,
// stable, ping-ponging with et (and the 32-bit payloads p with pt, when p is not null);
// hist counted with radix_histogram<Bits, KeyBits>::count for every element. A pass
// whose digit is the same for every element is skipped; up to 32 elements an insertion
// sort. Returns where the result ended.
template <unsigned Bits, unsigned KeyBits, class E>
sorted_elements<E> radix_sort(E* e, E* et, std::uint32_t* p, std::uint32_t* pt, std::size_t n,
                              std::uint32_t* hist) noexcept {
  using H = radix_histogram<Bits, KeyBits>;
  if (n <= 32) {
    sort_detail::insertion_sort<KeyBits>(e, p, n);
    return {e, p};
  }
  const bool with_payload = p != nullptr;
  auto pass = [&]<unsigned Q>() {
    std::uint32_t* o = hist + Q * H::buckets;
    bool trivial = false;
    std::uint32_t sum = 0;
    for (std::size_t d = 0; d < H::buckets; ++d) {
      const std::uint32_t c = o[d];
      trivial = trivial || c == n;
      o[d] = sum;
      sum += c;
    }
    if (trivial) return;  // every element has the same digit here
    if (with_payload) {
      sort_detail::scatter_pass<Q * Bits, Bits, KeyBits, true>(e, et, p, pt, n, o);
      std::swap(p, pt);
    } else {
      sort_detail::scatter_pass<Q * Bits, Bits, KeyBits, false>(e, et, p, pt, n, o);
    }
    std::swap(e, et);
  };
  [&]<unsigned... Q>(std::integer_sequence<unsigned, Q...>) {
    (pass.template operator()<Q>(), ...);
  }(std::make_integer_sequence<unsigned, H::passes>{});
  return {e, p};
}

// ---- sorting networks ----------------------------------------------------------------

namespace sort_detail {
// Batcher's odd-even merge sort of the next power of two above n, keeping the
// comparators (a, b), a < b, with b < n. Calls f(a, b) for each, in order.
template <class F>
constexpr void odd_even_merge_network(std::size_t n, F&& f) {
  std::size_t size = 1;
  while (size < n) size *= 2;
  for (std::size_t p = 1; p < size; p *= 2) {
    for (std::size_t k = p; k >= 1; k /= 2) {
      for (std::size_t j = k % p; j + k < size; j += 2 * k) {
        for (std::size_t i = 0; i < k && i + j + k < size; ++i) {
          if ((i + j) / (2 * p) == (i + j + k) / (2 * p) && i + j + k < n) f(i + j, i + j + k);
        }
      }
    }
  }
}

template <std::size_t N>
inline constexpr std::size_t network_size = [] {
  std::size_t c = 0;
  odd_even_merge_network(N, [&](std::size_t, std::size_t) { ++c; });
  return c;
}();

template <std::size_t N>
inline constexpr auto network = [] {
  std::array<std::pair<std::uint16_t, std::uint16_t>, network_size<N>> r{};
  std::size_t c = 0;
  odd_even_merge_network(N, [&](std::size_t a, std::size_t b) {
    r[c++] = {static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b)};
  });
  return r;
}();
}  // namespace sort_detail

// The lanes network_sort runs at once for keys K: a vector's.
template <class K>
inline constexpr std::size_t network_lanes = simd::has_vec<K> ? simd::lanes<K> : 1;

// See the top: block holds N * network_lanes<K> keys.
template <std::size_t N, class K>
void network_sort(K* SXLA_RESTRICT block) noexcept {
  constexpr std::size_t L = network_lanes<K>;
  for (const auto& [a, b] : sort_detail::network<N>) {
    K* pa = block + a * L;
    K* pb = block + b * L;
    if constexpr (simd::has_vec<K>) {
      const auto va = simd::load(pa), vb = simd::load(pb);
      simd::store(simd::min(va, vb), pa);
      simd::store(simd::max(va, vb), pb);
    } else {
      const K va = *pa, vb = *pb;
      *pa = va < vb ? va : vb;
      *pb = va < vb ? vb : va;
    }
  }
}

// ---- merge sort ------------------------------------------------------------------------

// See the top.
template <class R, class Before>
R* merge_sort(R* p, R* q, std::size_t n, const Before& before) {
  constexpr std::size_t run = 16;
  for (std::size_t lo = 0; lo < n; lo += run) {
    const std::size_t hi = n - lo < run ? n : lo + run;
    for (std::size_t i = lo + 1; i < hi; ++i) {
      R v = p[i];
      std::size_t j = i;
      for (; j > lo && before(v, p[j - 1]); --j) p[j] = p[j - 1];
      p[j] = v;
    }
  }
  for (std::size_t width = run; width < n; width *= 2) {
    for (std::size_t lo = 0; lo < n; lo += 2 * width) {
      const std::size_t mid = n - lo < width ? n : lo + width;
      const std::size_t hi = n - mid < width ? n : mid + width;
      std::size_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi) q[k++] = before(p[j], p[i]) ? p[j++] : p[i++];
      while (i < mid) q[k++] = p[i++];
      while (j < hi) q[k++] = p[j++];
    }
    std::swap(p, q);
  }
  return p;
}

// ---- introsort ---------------------------------------------------------------------------

namespace sort_detail {
template <class R, class Before>
void insertion_sort_records(R* p, std::size_t n, const Before& before) {
  for (std::size_t i = 1; i < n; ++i) {
    R v = p[i];
    std::size_t j = i;
    for (; j > 0 && before(v, p[j - 1]); --j) p[j] = p[j - 1];
    p[j] = v;
  }
}

template <class R, class Before>
void sift_down(R* p, std::size_t root, std::size_t n, const Before& before) {
  while (2 * root + 1 < n) {
    std::size_t child = 2 * root + 1;
    if (child + 1 < n && before(p[child], p[child + 1])) ++child;
    if (!before(p[root], p[child])) return;
    std::swap(p[root], p[child]);
    root = child;
  }
}

template <class R, class Before>
void heap_sort(R* p, std::size_t n, const Before& before) {
  for (std::size_t i = n / 2; i-- > 0;) sift_down(p, i, n, before);
  for (std::size_t end = n; end > 1; --end) {
    std::swap(p[0], p[end - 1]);
    sift_down(p, 0, end - 1, before);
  }
}

template <class R, class Before>
void intro_sort_range(R* p, std::size_t n, std::size_t depth, const Before& before) {
  while (n > 16) {
    if (depth == 0) {
      heap_sort(p, n, before);
      return;
    }
    --depth;
    // The median of the first, middle and last to the front: the pivot.
    const std::size_t mid = n / 2, last = n - 1;
    if (before(p[mid], p[0])) std::swap(p[mid], p[0]);
    if (before(p[last], p[mid])) std::swap(p[last], p[mid]);
    if (before(p[mid], p[0])) std::swap(p[mid], p[0]);
    std::swap(p[0], p[mid]);
    const R pivot = p[0];
    std::size_t i = 1, j = last;
    while (true) {
      while (i <= j && before(p[i], pivot)) ++i;
      while (i <= j && before(pivot, p[j])) --j;
      if (i >= j) break;
      std::swap(p[i], p[j]);
      ++i;
      --j;
    }
    std::swap(p[0], p[j]);  // the pivot at j; [0, j) before it, (j, n) after
    // The smaller side by recursion, the larger in this loop.
    if (j < n - 1 - j) {
      intro_sort_range(p, j, depth, before);
      p += j + 1;
      n -= j + 1;
    } else {
      intro_sort_range(p + j + 1, n - 1 - j, depth, before);
      n = j;
    }
  }
  insertion_sort_records(p, n, before);
}
}  // namespace sort_detail

// See the top.
template <class R, class Before>
void intro_sort(R* p, std::size_t n, const Before& before) {
  std::size_t depth = 0;
  for (std::size_t m = n; m > 1; m /= 2) depth += 2;
  sort_detail::intro_sort_range(p, n, depth, before);
}

}  // namespace sxla::kernels

#endif  // SXLA_KERNELS_SORT_HPP
