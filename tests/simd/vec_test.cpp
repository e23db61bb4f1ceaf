// Tests for sxla/simd/vec.hpp and the backend behind it: mask logic and is_nan for every
// combination of lanes, conversions between float and integer lanes, memory access (partial
// loads and stores, gathers, masks) and the lane movements (repeat, broadcast_in_groups,
// repeat_group, transpose_square, load_transposed, lane_xor, compress, interleaved loads and
// stores, rotl, mul_low32, pack_low32). Arithmetic, comparisons and bits against the one-lane
// vocabulary of scalar.hpp: vec_{arithmetic,compare,bits}_test.cpp. With the scalar
// backend there is nothing to do.
#include "simd/vec_check.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#if !defined(SXLA_SIMD_SCALAR)

namespace s = sxla::simd;
using namespace sxla_test::vec_check;

TEST_CASE_TEMPLATE("simd/vec: mask logic and is_nan, lane by lane, every combination", T, float, double,
                   std::int32_t) {
  constexpr std::size_t n = s::lanes<T>;
  bool p[n], q[n];
  for (std::size_t i = 0; i < n; ++i) {
    p[i] = (i & 1) != 0;
    q[i] = (i & 2) != 0;
  }
  const auto a = s::load_mask<T>(p, n), b = s::load_mask<T>(q, n);
  const auto x = lanes(s::mask_xor(a, b)), o = lanes(s::mask_or(a, b)), y = lanes(s::mask_and(a, b));
  const auto na = lanes(s::mask_not(a));
  for (std::size_t i = 0; i < n; ++i) {
    CHECK_EQ(x.v[i], p[i] != q[i]);
    CHECK_EQ(o.v[i], p[i] || q[i]);
    CHECK_EQ(y.v[i], p[i] && q[i]);
    CHECK_EQ(na.v[i], !p[i]);
  }
  if constexpr (std::is_floating_point_v<T>) {
    T v[n];
    for (std::size_t i = 0; i < n; ++i) v[i] = (i % 3 == 0) ? std::numeric_limits<T>::quiet_NaN() : static_cast<T>(i);
    const auto nan = lanes(s::is_nan(s::load(v)));
    for (std::size_t i = 0; i < n; ++i) CHECK_EQ(nan.v[i], i % 3 == 0);
  }
}

TEST_CASE("simd/vec: conversions between float and integer lanes") {
  float f[s::lanes<float>];
  for (std::size_t i = 0; i < s::lanes<float>; ++i) f[i] = static_cast<float>(i) * 1.75f - 9.5f;
  const auto i32 = lanes(s::convert<std::int32_t>(s::load(f)));
  const auto back = lanes(s::convert<float>(s::convert<std::int32_t>(s::load(f))));
  const auto bits = lanes(s::bitcast<std::uint32_t>(s::load(f)));
  for (std::size_t i = 0; i < s::lanes<float>; ++i) {
    CHECK_EQ(i32.v[i], static_cast<std::int32_t>(f[i]));
    CHECK_EQ(back.v[i], static_cast<float>(static_cast<std::int32_t>(f[i])));
    CHECK_EQ(bits.v[i], std::bit_cast<std::uint32_t>(f[i]));
  }
}

TEST_CASE_TEMPLATE("simd/vec: memory access touches exactly the lanes asked for", T, float, double, std::int8_t,
                   std::int64_t) {
  constexpr std::size_t n = s::lanes<T>;
  std::vector<T> src(3 * n), dst(3 * n, T(-1));
  for (std::size_t i = 0; i < src.size(); ++i) src[i] = static_cast<T>(i % 100);
  for (std::size_t k = 0; k <= n; ++k) {
    const auto v = lanes(s::load_n(src.data() + n, k));
    for (std::size_t i = 0; i < n; ++i) CHECK_EQ(v.v[i], i < k ? src[n + i] : T(0));
    std::fill(dst.begin(), dst.end(), T(-1));
    s::store_n(s::load(src.data()), dst.data() + n, k);
    for (std::size_t i = 0; i < dst.size(); ++i)
      CHECK_EQ(dst[i], (i >= n && i < n + k) ? src[i - n] : T(-1));
  }
  const auto it = lanes(s::iota<T>(T(5)));
  const auto g = lanes(s::gather(src.data() + 2, 2));
  const auto gneg = lanes(s::gather(src.data() + 2 * n, -1));
  for (std::size_t i = 0; i < n; ++i) {
    CHECK_EQ(it.v[i], static_cast<T>(5 + i));
    CHECK_EQ(g.v[i], src[2 + 2 * i]);
    CHECK_EQ(gneg.v[i], src[2 * n - i]);
  }
  // gather_index: lane i from element index[i], with indices signed and unsigned.
  using I = std::conditional_t<sizeof(T) == 1, std::int8_t, std::conditional_t<sizeof(T) == 4, std::int32_t, std::int64_t>>;
  using U = std::make_unsigned_t<I>;
  std::vector<I> idx(n);
  std::vector<U> uidx(n);
  for (std::size_t i = 0; i < n; ++i) {
    idx[i] = static_cast<I>((i * 5 + 3) % std::min<std::size_t>(3 * n, 100));
    uidx[i] = static_cast<U>(3 * n - 1 - i);
  }
  const auto gi = lanes(s::gather_index(src.data(), s::load(idx.data())));
  const auto gu = lanes(s::gather_index(src.data(), s::load(uidx.data())));
  for (std::size_t i = 0; i < n; ++i) {
    CHECK_EQ(gi.v[i], src[static_cast<std::size_t>(idx[i])]);
    CHECK_EQ(gu.v[i], src[3 * n - 1 - i]);
  }
  bool flags[n + 1];
  for (std::size_t i = 0; i < n; ++i) flags[i] = (i * 7) % 3 == 0;
  bool out[n + 1];
  out[n] = true;
  s::store_mask(s::load_mask<T>(flags, n), out, n);
  for (std::size_t i = 0; i < n; ++i) CHECK_EQ(out[i], flags[i]);
  CHECK(out[n]);
  const auto fn = lanes(s::first_n<T>(3));
  for (std::size_t i = 0; i < n; ++i) CHECK_EQ(fn.v[i], i < 3);
}

TEST_CASE_TEMPLATE("simd/vec: repeat, broadcast_in_groups, repeat_group and transpose_square move lanes as stated", T, float, double, std::int16_t,
                   std::int32_t, std::uint64_t) {
  constexpr std::size_t n = s::lanes<T>;
  constexpr std::size_t rows = n < 4 ? 4 : n;  // (in[3] is read below; f64 on SSE2 has 2 lanes)
  T in[rows][n];
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < n; ++j) in[i][j] = static_cast<T>(i * 7 + j);
  s::vec<T> v[n];
  for (std::size_t i = 0; i < n; ++i) v[i] = s::load(in[i]);
  s::transpose_square(v);
  for (std::size_t j = 0; j < n; ++j) {
    const auto col = lanes(v[j]);
    for (std::size_t i = 0; i < n; ++i) CHECK_EQ(col.v[i], in[i][j]);
  }
  for (std::size_t period = 1; period <= n; period *= 2) {
    const auto r = lanes(s::repeat(s::load(in[1]), period));
    for (std::size_t i = 0; i < n; ++i) CHECK_EQ(r.v[i], in[1][i % period]);
  }
  // Groups of g lanes: lane k of each group spread over it; group k repeated.
  for (std::size_t g = 1; g <= n; g *= 2) {
    for (std::size_t k = 0; k < g; ++k) {
      const auto b = lanes(s::broadcast_in_groups(s::load(in[2]), g, k));
      for (std::size_t i = 0; i < n; ++i) CHECK_EQ(b.v[i], in[2][i / g * g + k]);
    }
    for (std::size_t k = 0; k < n / g; ++k) {
      const auto r = lanes(s::repeat_group(s::load(in[3]), g, k));
      for (std::size_t i = 0; i < n; ++i) CHECK_EQ(r.v[i], in[3][k * g + i % g]);
      const auto m = lanes(s::load_repeated(&in[3][k * g], g));  // the same from memory
      for (std::size_t i = 0; i < n; ++i) CHECK_EQ(m.v[i], in[3][k * g + i % g]);
    }
  }
}

TEST_CASE_TEMPLATE("simd/vec: lane_xor, compress and count_true (the quicksort's vocabulary)", T, float, double,
                   std::uint32_t, std::int64_t, std::uint64_t) {
  constexpr std::size_t n = s::lanes<T>;
  T in[n];
  for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<T>(3 * i + 1);
  const s::vec<T> v = s::load(in);
  for (std::size_t j = 0; j < n; ++j) {
    const auto r = lanes(s::lane_xor(v, j));
    for (std::size_t i = 0; i < n; ++i) CHECK_EQ(r.v[i], in[i ^ j]);
  }
  // Every mask of up to 8 lanes, and patterns over wider vectors: the chosen lanes in
  // order at the bottom; the count of chosen lanes.
  const std::size_t masks = n <= 8 ? (std::size_t{1} << n) : 256;
  for (std::size_t bits = 0; bits < masks; ++bits) {
    bool keep[n];
    for (std::size_t i = 0; i < n; ++i)
      keep[i] = n <= 8 ? ((bits >> i) & 1) != 0 : ((bits * 2654435761u >> (i % 24)) & 1) != 0;
    const auto m = s::load_mask<T>(keep, n);
    std::vector<T> want;
    for (std::size_t i = 0; i < n; ++i)
      if (keep[i]) want.push_back(in[i]);
    CHECK_EQ(s::count_true(m), want.size());
    const auto c = lanes(s::compress(v, m));
    for (std::size_t i = 0; i < want.size(); ++i) CHECK_EQ(c.v[i], want[i]);
  }
}

TEST_CASE_TEMPLATE("simd/vec: load_transposed reads a square of rows anywhere in memory as columns", T, float, double,
                   std::int32_t, std::uint64_t) {
  constexpr std::size_t n = s::lanes<T>;
  // Rows at irregular distances (not aligned to anything), element (i, j) = 100 i + j.
  std::vector<T> memory(n * (n + 3) + 7);
  const T* rows[n];
  for (std::size_t i = 0; i < n; ++i) {
    T* row = memory.data() + i * (n + 3) + (i % 3);
    for (std::size_t j = 0; j < n; ++j) row[j] = static_cast<T>(100 * i + j);
    rows[i] = row;
  }
  s::vec<T> out[n];
  s::load_transposed(rows, out);
  for (std::size_t j = 0; j < n; ++j) {
    const auto c = lanes(out[j]);
    for (std::size_t i = 0; i < n; ++i) CHECK_EQ(c.v[i], static_cast<T>(100 * i + j));
  }
}

TEST_CASE_TEMPLATE("simd/vec: load_deinterleaved and store_interleaved (complex numbers, the FFT's vocabulary)", T,
                   float, double, std::int32_t) {
  constexpr std::size_t n = s::lanes<T>;
  T in[2 * n + 1], out[2 * n + 1];
  for (std::size_t i = 0; i < 2 * n + 1; ++i) {
    in[i] = static_cast<T>(5 * i + 2);
    out[i] = T(-1);
  }
  s::vec<T> even, odd;
  s::load_deinterleaved(in, even, odd);
  const auto e = lanes(even), o = lanes(odd);
  for (std::size_t i = 0; i < n; ++i) {
    CHECK_EQ(e.v[i], in[2 * i]);
    CHECK_EQ(o.v[i], in[2 * i + 1]);
  }
  s::store_interleaved(odd, even, out);  // swapped: out[2i] = in[2i + 1], out[2i + 1] = in[2i]
  for (std::size_t i = 0; i < n; ++i) {
    CHECK_EQ(out[2 * i], in[2 * i + 1]);
    CHECK_EQ(out[2 * i + 1], in[2 * i]);
  }
  CHECK_EQ(out[2 * n], T(-1));  // nothing past 2 * lanes elements
}

TEST_CASE_TEMPLATE("simd/vec: store_interleaved4 (the random number streams' word order)", T, float, std::uint32_t,
                   double) {
  constexpr std::size_t n = s::lanes<T>;
  T in[4][n], out[4 * n + 1];
  for (std::size_t k = 0; k < 4; ++k)
    for (std::size_t i = 0; i < n; ++i) in[k][i] = static_cast<T>(100 * k + i);
  for (T& v : out) v = T(7);
  s::store_interleaved4(s::load(in[0]), s::load(in[1]), s::load(in[2]), s::load(in[3]), out);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 0; k < 4; ++k) CHECK_EQ(out[4 * i + k], in[k][i]);
  CHECK_EQ(out[4 * n], T(7));  // nothing past 4 * lanes elements
}

TEST_CASE("simd/vec: rotl, mul_low32 and pack_low32 (the random number block functions)") {
  using u32 = std::uint32_t;
  using u64 = std::uint64_t;
  constexpr std::size_t n32 = s::lanes<u32>, n64 = s::lanes<u64>;
  u32 a32[n32];
  u64 a64[n64], b64[n64];
  for (std::size_t i = 0; i < n32; ++i) a32[i] = 0x9E3779B9u * static_cast<u32>(i + 1) ^ 0x80000001u;
  for (std::size_t i = 0; i < n64; ++i) {
    a64[i] = 0x9E3779B97F4A7C15ull * (i + 3);
    b64[i] = 0xD1B54A32D192ED03ull * (i + 5);
  }
  const auto r13 = lanes(s::rotl<13>(s::load(a32)));
  const auto r31 = lanes(s::rotl<31>(s::load(a32)));
  const auto r1 = lanes(s::rotl<1>(s::load(a32)));
  for (std::size_t i = 0; i < n32; ++i) {
    CHECK_EQ(r13.v[i], std::rotl(a32[i], 13));
    CHECK_EQ(r31.v[i], std::rotl(a32[i], 31));
    CHECK_EQ(r1.v[i], std::rotl(a32[i], 1));
  }
  const auto r64 = lanes(s::rotl<40>(s::load(a64)));
  const auto p = lanes(s::mul_low32(s::load(a64), s::load(b64)));
  const auto packed = lanes(s::pack_low32(s::load(a64), s::load(b64)));
  for (std::size_t i = 0; i < n64; ++i) {
    CHECK_EQ(r64.v[i], std::rotl(a64[i], 40));
    CHECK_EQ(p.v[i], (a64[i] & 0xffffffffu) * (b64[i] & 0xffffffffu));
    CHECK_EQ(p.v[i], s::mul_low32(a64[i], b64[i]));  // the one-lane instance
    CHECK_EQ(packed.v[i], static_cast<u32>(a64[i]));
    CHECK_EQ(packed.v[n64 + i], static_cast<u32>(b64[i]));
  }
  u32 hi, lo;
  s::mul_wide(0xfffffffeu, 0xfffffffdu, hi, lo);  // (2^32 - 2)(2^32 - 3) = 2^64 - 5 2^32 + 6
  CHECK_EQ(hi, 0xfffffffbu);
  CHECK_EQ(lo, 6u);
}

#else

TEST_CASE("simd/vec: the scalar backend has no vectors") {
  CHECK_FALSE(sxla::simd::has_vec<float>);
}

#endif
