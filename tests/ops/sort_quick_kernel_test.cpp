// The vectorised quicksort kernel (kernels/quick_sort.hpp) on u32 and u64 keys against
// std::sort: every length from 1 to 600 (the in-register network's block sizes and the
// partition's tails), then longer rows, each as random, few distinct values, all equal,
// ascending, descending, organ pipe and sawtooth; the heapsort fallback forced (no or few
// partitioning levels allowed); and output written elsewhere with the top-bit masks,
// touching nothing outside it. x::sort's use of it: sort_quick_test.cpp.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#if !defined(SXLA_SIMD_SCALAR)  // the scalar backend has no quicksort

namespace {

namespace x = sxla;
namespace k = sxla::kernels;

// Pattern p of length n: 0 random, 1 few distinct, 2 all equal, 3 ascending,
// 4 descending, 5 organ pipe, 6 sawtooth.
template <class K>
std::vector<K> pattern(int p, std::size_t n, std::mt19937_64& rng) {
  std::vector<K> a(n);
  for (std::size_t i = 0; i < n; ++i) {
    switch (p) {
      case 0: a[i] = static_cast<K>(rng()); break;
      case 1: a[i] = static_cast<K>(rng() % 3) * static_cast<K>(1000000007u); break;
      case 2: a[i] = static_cast<K>(42); break;
      case 3: a[i] = static_cast<K>(i); break;
      case 4: a[i] = static_cast<K>(n - i); break;
      case 5: a[i] = static_cast<K>(i < n / 2 ? i : n - i); break;
      default: a[i] = static_cast<K>(i % 97); break;
    }
  }
  if (p == 0 && n > 2) a[n / 2] = std::numeric_limits<K>::max();  // the padding's key
  return a;
}
constexpr int patterns = 7;

template <class K>
void check_kernel(std::size_t n, int p, std::mt19937_64& rng) {
  std::vector<K> a = pattern<K>(p, n, rng);
  std::vector<K> want = a;
  std::sort(want.begin(), want.end());
  k::quick_sort(a.data(), n);
  INFO("n ", n, " pattern ", p);
  CHECK(a == want);
}

}  // namespace

TEST_CASE_TEMPLATE("quick_sort: every length to 600 and longer rows, seven patterns", K, std::uint32_t,
                   std::uint64_t) {
  static_assert(k::quick_sort_enabled<K> == (x::simd::lanes<K> >= 4 && x::simd::native_compress<K>));
  if constexpr (k::quick_sort_enabled<K>) {
    std::mt19937_64 rng(11);
    for (std::size_t n = 1; n <= 600; ++n)
      for (int p = 0; p < patterns; ++p) check_kernel<K>(n, p, rng);
    for (const std::size_t n : {1000u, 4099u, 70001u})
      for (int p = 0; p < patterns; ++p) check_kernel<K>(n, p, rng);
  }
}

TEST_CASE_TEMPLATE("quick_sort: the heapsort fallback, and output elsewhere with masks", K, std::uint32_t,
                   std::uint64_t) {
  if constexpr (k::quick_sort_enabled<K>) {
    std::mt19937_64 rng(12);
    for (const std::size_t depth : {0u, 1u, 3u}) {
      for (int p = 0; p < patterns; ++p) {
        std::vector<K> a = pattern<K>(p, 3000, rng);
        std::vector<K> want = a;
        std::sort(want.begin(), want.end());
        k::qsort_detail::quick_sort_range(a.data(), a.size(), depth, k::sorted_output<K>{a.data()}, a.data());
        INFO("depth ", depth, " pattern ", p);
        CHECK(a == want);
      }
    }
    // Written elsewhere with the top-bit masks, through the networks and the runs of
    // keys equal to a pivot (all-equal and few-distinct rows), or through the heapsort.
    for (const std::size_t depth : {0u, 64u}) {
      for (const std::size_t n : {1u, 17u, 256u, 257u, 3000u}) {
        for (int p = 0; p < patterns; ++p) {
          std::vector<K> a = pattern<K>(p, n, rng);
          std::vector<K> want = a;
          std::sort(want.begin(), want.end());
          const K if_set = static_cast<K>(0x5a5a5a5a5a5a5a5aull), if_clear = static_cast<K>(0x0f0f0f0f0f0f0f0full);
          for (auto& w : want) w = static_cast<K>(w ^ ((w >> (8 * sizeof(K) - 1)) != 0 ? if_set : if_clear));
          std::vector<K> out(n + 2, K{7});
          k::qsort_detail::quick_sort_range(a.data(), n, depth, k::sorted_output<K>{out.data() + 1, if_set, if_clear},
                                            a.data());
          INFO("depth ", depth, " n ", n, " pattern ", p);
          CHECK(std::equal(want.begin(), want.end(), out.begin() + 1));
          CHECK(out.front() == K{7});  // nothing written outside
          CHECK(out.back() == K{7});
        }
      }
    }
  }
}

#endif

