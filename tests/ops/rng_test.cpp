// x::rng_bit_generator, x::rng_uniform and x::rng_normal against known answers and
// references written here from XLA's definitions (prng.cc, rng_bit_generator_expander.cc,
// rng_expander.cc), never against sxla's own output:
//   - the StableHLO spec's rng_bit_generator example and the two-state example of the
//     issue; Random123's known-answer vectors (kat_vectors) for threefry2x32-20 and
//     philox4x32-10 through the state mapping;
//   - the 32-bit split rule on shapes with an even first dimension, an even later one, no
//     even dimension, and a scalar: each element placed by a loop over the half shape
//     written here, from blocks of the block function that the vectors above check;
//   - philox's word order and counter carries, the new states;
//   - uniform and normal values from XLA's formulas written here (the normal's sin, cos
//     and log from the C library: within a few ulps);
//   - element-by-element reading (scalar code) against evaluation (vector code): the same
//     bits; other layouts; fusion; different seeds and successive calls.
#include <doctest/doctest.h>

#include <sxla/sxla.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <tuple>
#include <vector>

namespace x = sxla;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

namespace {

// Random123's threefry2x32 with 20 rounds, written from the paper's description (key
// schedule k2 = k0 ^ k1 ^ 0x1BD11BDA, injection i adding ks[i % 3], ks[(i + 1) % 3] + i),
// independent of kernels/rng.hpp.
std::array<u32, 2> threefry_reference(u32 c0, u32 c1, u32 k0, u32 k1) {
  const u32 ks[3] = {k0, k1, k0 ^ k1 ^ 0x1BD11BDAu};
  const int rot[8] = {13, 15, 26, 6, 17, 29, 16, 24};
  u32 a = c0 + ks[0], b = c1 + ks[1];
  for (int round = 0; round < 20; ++round) {
    a += b;
    const int r = rot[round % 8];
    b = ((b << r) | (b >> (32 - r))) ^ a;
    if (round % 4 == 3) {
      const int i = round / 4 + 1;
      a += ks[i % 3];
      b += ks[(i + 1) % 3] + static_cast<u32>(i);
    }
  }
  return {a, b};
}

// Random123's philox4x32 with 10 rounds, likewise.
std::array<u32, 4> philox_reference(std::array<u32, 4> c, u32 k0, u32 k1) {
  for (int round = 0; round < 10; ++round) {
    const u64 p0 = u64{0xD2511F53u} * c[0], p1 = u64{0xCD9E8D57u} * c[2];
    c = {static_cast<u32>(p1 >> 32) ^ c[1] ^ k0, static_cast<u32>(p1), static_cast<u32>(p0 >> 32) ^ c[3] ^ k1,
         static_cast<u32>(p0)};
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  return c;
}

u64 key_of(u32 k0, u32 k1) { return u64{k1} << 32 | k0; }

// XLA's SplitShapeIntoHalves: the first even dimension, else the first of the largest
// (0 for a scalar, taken as [2]).
std::size_t split_dimension(const std::vector<long>& d) {
  for (std::size_t i = 0; i < d.size(); ++i)
    if (d[i] % 2 == 0) return i;
  std::size_t split = 0;
  for (std::size_t i = 1; i < d.size(); ++i)
    if (d[i] > d[split]) split = i;
  return split;
}

// Every element of a tensor in row-major order.
template <class Tensor>
std::vector<typename Tensor::value_type> elements(const Tensor& t) {
  std::vector<typename Tensor::value_type> v;
  x::for_each_index<typename Tensor::shape_type>([&](const auto& i) { v.push_back(t[i]); });
  return v;
}

// The 32-bit threefry output of XLA for dims d (row-major), state [key, counter]: the
// half shape's elements in row-major order take counters counter + 0, 1, ...; x0 goes to
// index 2p along the split dimension and x1 to 2p + 1 (if inside the shape).
std::vector<u32> threefry32_reference(const std::vector<long>& d, u64 key, u64 counter) {
  const std::size_t rank = d.size(), split = split_dimension(d);
  std::vector<long> half = d;
  if (rank == 0) half = {1};
  else half[split] = (d[split] + 1) / 2;
  long total = 1, half_total = 1;
  for (long v : d) total *= v;
  for (long v : half) half_total *= v;
  std::vector<u32> out(static_cast<std::size_t>(total), 0xDEADBEEFu);
  for (long h = 0; h < half_total; ++h) {
    // The multi-index of h in the half shape.
    std::vector<long> idx(half.size());
    for (std::size_t k = half.size(), f = static_cast<std::size_t>(h); k-- > 0;) {
      idx[k] = static_cast<long>(f % static_cast<std::size_t>(half[k]));
      f /= static_cast<std::size_t>(half[k]);
    }
    const u64 c = counter + static_cast<u64>(h);
    const auto w = threefry_reference(static_cast<u32>(c), static_cast<u32>(c >> 32), static_cast<u32>(key),
                                      static_cast<u32>(key >> 32));
    for (int word = 0; word < 2; ++word) {
      if (rank == 0) {
        if (word == 0) out[0] = w[0];
        continue;
      }
      std::vector<long> o = idx;
      o[split] = 2 * idx[split] + word;
      if (o[split] >= d[split]) continue;
      long lin = 0;
      for (std::size_t k = 0; k < rank; ++k) lin = lin * d[k] + o[k];
      out[static_cast<std::size_t>(lin)] = w[static_cast<std::size_t>(word)];
    }
  }
  return out;
}

template <x::shape_spec S>
void check_threefry32(const std::vector<long>& dims, u64 key, u64 counter) {
  const x::tensor<"u64[2]"> state = {key, counter};
  // (clang 14 cannot capture structured bindings in lambdas.)
  const auto generated = x::rng_bit_generator<x::rng_algorithm::three_fry, S>(state);
  const auto& next = std::get<0>(generated);
  const auto& bits = std::get<1>(generated);
  const x::tensor<S> t = bits;
  const auto want = threefry32_reference(dims, key, counter);
  const auto got = elements(t);
  INFO(x::to_string<x::shape<S>>());
  REQUIRE(got.size() == want.size());
  int wrong = 0;
  for (std::size_t i = 0; i < got.size(); ++i) wrong += got[i] != want[i] ? 1 : 0;
  CHECK(wrong == 0);
  // Element by element (scalar code): the same bits.
  int differ = 0;
  x::for_each_index<x::shape<S>>([&](const auto& i) { differ += bits.at(i) != t[i] ? 1 : 0; });
  CHECK(differ == 0);
  long half = 1;
  for (std::size_t i = 0; i < dims.size(); ++i) half *= i == split_dimension(dims) ? (dims[i] + 1) / 2 : dims[i];
  CHECK(next(0) == key);
  CHECK(next(1) == counter + static_cast<u64>(half));
}

}  // namespace

TEST_CASE("rng_bit_generator: the StableHLO example and the seed's state examples (THREE_FRY, u64)") {
  // stablehlo spec: rng_bit_generator, THREE_FRY, initial_state [1, 2], u64[2,2].
  const x::tensor<"u64[2]"> state = {1, 2};
  auto [next, bits] = x::rng_bit_generator<x::rng_algorithm::three_fry, "u64[2,2]">(state);
  const x::tensor<"u64[2,2]"> out = bits;
  CHECK(out(0, 0) == 9236835810183407956ull);
  CHECK(out(0, 1) == 16087790271692313299ull);
  CHECK(out(1, 0) == 18212823393184779219ull);
  CHECK(out(1, 1) == 2658481902456610144ull);
  CHECK(next(0) == 1);
  CHECK(next(1) == 6);
  // Read element by element: the same (the node is lazy and pure).
  CHECK(bits.at({1, 0}) == 18212823393184779219ull);

  const x::tensor<"u64[2]"> s3 = {3, 3};
  auto [next3, scalar] = x::rng_bit_generator<x::rng_algorithm::three_fry, "u64[]">(s3);
  const x::tensor<"u64[]"> v = scalar;
  CHECK(v() == 3349939604322698703ull);
  CHECK(next3(0) == 3);
  CHECK(next3(1) == 4);
}

TEST_CASE("rng_bit_generator: Random123 known answers through the state mapping") {
  // threefry2x32 20: counter (c0, c1), key (k0, k1) -> (x0, x1); kat_vectors.
  struct tf {
    u32 c0, c1, k0, k1, x0, x1;
  };
  const tf tfs[] = {{0, 0, 0, 0, 0x6b200159u, 0x99ba4efeu},
                    {0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0x1cb996fcu, 0xbb002be7u},
                    {0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u, 0xc4923a9cu, 0x483df7a0u}};
  for (const tf& k : tfs) {
    CHECK(threefry_reference(k.c0, k.c1, k.k0, k.k1) == std::array<u32, 2>{k.x0, k.x1});
    const x::tensor<"u64[2]"> state = {key_of(k.k0, k.k1), key_of(k.c0, k.c1)};
    auto [n64, b64] = x::rng_bit_generator<x::rng_algorithm::three_fry, "u64[]">(state);
    const x::tensor<"u64[]"> v = b64;
    CHECK(v() == key_of(k.x0, k.x1));
    // u32[2]: split along dimension 0, one block: x0 then x1.
    auto [n32, b32] = x::rng_bit_generator<x::rng_algorithm::three_fry, "u32[2]">(state);
    const x::tensor<"u32[2]"> w = b32;
    CHECK(w(0) == k.x0);
    CHECK(w(1) == k.x1);
    CHECK(n32(1) == key_of(k.c0, k.c1) + 1);
    (void)n64;
  }
  // philox4x32 10: counter (c0, c1, c2, c3), key (k0, k1) -> 4 words.
  struct ph {
    std::array<u32, 4> c;
    u32 k0, k1;
    std::array<u32, 4> x;
  };
  const ph phs[] = {
      {{0, 0, 0, 0}, 0, 0, {0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u}},
      {{0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu},
       0xffffffffu,
       0xffffffffu,
       {0x408f276du, 0x41c83b0eu, 0xa20bc7c6u, 0x6d5451fdu}},
      {{0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u},
       0xa4093822u,
       0x299f31d0u,
       {0xd16cfe09u, 0x94fdccebu, 0x5001e420u, 0x24126ea1u}}};
  for (const ph& k : phs) {
    CHECK(philox_reference(k.c, k.k0, k.k1) == k.x);
    const x::tensor<"u64[3]"> state = {key_of(k.k0, k.k1), key_of(k.c[0], k.c[1]), key_of(k.c[2], k.c[3])};
    auto [next, bits] = x::rng_bit_generator<x::rng_algorithm::philox, "u32[4]">(state);
    const x::tensor<"u32[4]"> w = bits;
    for (int i = 0; i < 4; ++i) CHECK(w(i) == k.x[static_cast<std::size_t>(i)]);
    // 64-bit outputs pair the words, low first; the default algorithm is philox.
    auto [next64, bits64] = x::rng_bit_generator<x::rng_algorithm::default_algorithm, "s64[2]">(state);
    const x::tensor<"s64[2]"> v = bits64;
    CHECK(static_cast<u64>(v(0)) == key_of(k.x[0], k.x[1]));
    CHECK(static_cast<u64>(v(1)) == key_of(k.x[2], k.x[3]));
    // One block: the 128-bit counter advanced by 1, with its carry.
    const u64 low = key_of(k.c[0], k.c[1]) + 1;
    CHECK(next(0) == key_of(k.k0, k.k1));
    CHECK(next(1) == low);
    CHECK(next(2) == key_of(k.c[2], k.c[3]) + (low == 0 ? 1 : 0));
    CHECK(next64(1) == low);
  }
}

TEST_CASE("rng_bit_generator: the 32-bit split rule (threefry)") {
  // An even first dimension; an even later one; no even dimension (the largest, padded by
  // one); a scalar; a long row (vectors) and a row pair layout with inner elements.
  check_threefry32<"u32[4,3]">({4, 3}, 7, 100);
  check_threefry32<"u32[3,6,5]">({3, 6, 5}, 0x123456789abcdefull, 5);
  check_threefry32<"u32[3,5]">({3, 5}, 42, 0);
  check_threefry32<"u32[5,7,3]">({5, 7, 3}, 1, 2);
  check_threefry32<"u32[]">({}, 3, 3);
  check_threefry32<"u32[1000]">({1000}, 11, 0xfffffffffffffff0ull);  // the counter wraps
  check_threefry32<"u32[999]">({999}, 12, 13);
  check_threefry32<"u32[2,600]">({2, 600}, 14, 15);
  check_threefry32<"u32[7,33,40]">({7, 33, 40}, 16, 0xffffffffull - 100);  // the low word wraps
  check_threefry32<"u32[3,333]">({3, 333}, 17, 18);
}

TEST_CASE("rng_bit_generator: narrow and float outputs take the low bits of the 32-bit words") {
  const x::tensor<"u64[2]"> state = {99, 1000};
  auto [n32, b32] = x::rng_bit_generator<x::rng_algorithm::three_fry, "u32[6,5]">(state);
  auto [n8, b8] = x::rng_bit_generator<x::rng_algorithm::three_fry, "s8[6,5]">(state);
  auto [n16, b16] = x::rng_bit_generator<x::rng_algorithm::three_fry, "f16[6,5]">(state);
  auto [nf, bf] = x::rng_bit_generator<x::rng_algorithm::three_fry, "f32[6,5]">(state);
  const x::tensor<"u32[6,5]"> w = b32;
  const x::tensor<"s8[6,5]"> s8 = b8;
  const x::tensor<"f16[6,5]"> h = b16;
  const x::tensor<"f32[6,5]"> f = bf;
  int wrong = 0;
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 5; ++j) {
      wrong += static_cast<u32>(static_cast<std::uint8_t>(s8(i, j))) != (w(i, j) & 0xffu) ? 1 : 0;
      wrong += std::bit_cast<std::uint16_t>(h(i, j)) != (w(i, j) & 0xffffu) ? 1 : 0;
      wrong += std::bit_cast<u32>(f(i, j)) != w(i, j) ? 1 : 0;
    }
  CHECK(wrong == 0);
  CHECK(n8(1) == n32(1));
  CHECK(n16(1) == n32(1));
  CHECK(nf(1) == 1000 + 6 / 2 * 5);
}

TEST_CASE("rng_bit_generator: philox word order, partial blocks, carries and the new state") {
  // u64[2] state: the counter is (state[1], key); 37 words: 10 blocks, the last partial.
  const u64 key = 0x0123456789abcdefull, low = 0xfffffffffffffffdull;
  const x::tensor<"u64[2]"> s2 = {key, low};
  auto [next2, bits2] = x::rng_bit_generator<x::rng_algorithm::philox, "u32[37]">(s2);
  const x::tensor<"u32[37]"> w = bits2;
  int wrong = 0;
  for (int j = 0; j < 10; ++j) {
    const u64 l = low + static_cast<u64>(j), h = key + (l < low ? 1 : 0);  // counter (low, key) + j
    const auto b = philox_reference({static_cast<u32>(l), static_cast<u32>(l >> 32), static_cast<u32>(h),
                                     static_cast<u32>(h >> 32)},
                                    static_cast<u32>(key), static_cast<u32>(key >> 32));
    for (int k = 0; k < 4 && 4 * j + k < 37; ++k) wrong += w(4 * j + k) != b[static_cast<std::size_t>(k)] ? 1 : 0;
  }
  CHECK(wrong == 0);
  CHECK(next2(0) == key);
  CHECK(next2(1) == low + 10);  // wraps; a u64[2] state keeps the low word only

  // u64[3] state, 64-bit outputs: 300 elements = 600 words = 150 blocks, vectors included.
  const x::tensor<"u64[3]"> s3 = {key, ~u64{0} - 20, 5};
  auto [next3, bits3] = x::rng_bit_generator<x::rng_algorithm::philox, "u64[3,100]">(s3);
  const x::tensor<"u64[3,100]"> v = bits3;
  wrong = 0;
  for (int r = 0; r < 300; ++r) {
    const u64 l = ~u64{0} - 20 + static_cast<u64>(r / 2), h = 5 + (l < ~u64{0} - 20 ? 1 : 0);
    const auto b = philox_reference({static_cast<u32>(l), static_cast<u32>(l >> 32), static_cast<u32>(h),
                                     static_cast<u32>(h >> 32)},
                                    static_cast<u32>(key), static_cast<u32>(key >> 32));
    const std::size_t k = static_cast<std::size_t>(r % 2 * 2);
    wrong += v(r / 100, r % 100) != key_of(b[k], b[k + 1]) ? 1 : 0;
    wrong += bits3.at({r / 100, r % 100}) != v(r / 100, r % 100) ? 1 : 0;
  }
  CHECK(wrong == 0);
  CHECK(next3(1) == ~u64{0} - 20 + 150);
  CHECK(next3(2) == 6);  // the carry
}

TEST_CASE("rng_bit_generator: no elements, other layouts, lazy state operands") {
  const x::tensor<"u64[2]"> state = {5, 6};
  auto [n0, b0] = x::rng_bit_generator<x::rng_algorithm::three_fry, "u32[0,3]">(state);
  const x::tensor<"u32[0,3]"> empty = b0;
  (void)empty;
  CHECK(n0(1) == 6);
  // Column-major destination: the same logical values.
  auto [n1, b1] = x::rng_bit_generator<x::rng_algorithm::three_fry, "u32[9,20]">(state);
  const x::tensor<"u32[9,20]"> rm = b1;
  const x::tensor<"u32[9,20]{0,1}"> cm = b1;
  int wrong = 0;
  for (int i = 0; i < 9; ++i)
    for (int j = 0; j < 20; ++j) wrong += rm(i, j) != cm(i, j) ? 1 : 0;
  CHECK(wrong == 0);
  // The state as a lazy expression (state + 0), evaluated once on the way in.
  auto [n2, b2] = x::rng_bit_generator<x::rng_algorithm::three_fry, "u32[9,20]">(x::add(state, u64{0}));
  const x::tensor<"u32[9,20]"> again = b2;
  wrong = 0;
  for (int i = 0; i < 9; ++i)
    for (int j = 0; j < 20; ++j) wrong += again(i, j) != rm(i, j) ? 1 : 0;
  CHECK(wrong == 0);
  CHECK(n2(1) == n1(1));
}

TEST_CASE("rng_uniform: XLA's formulas on philox words") {
  x::rng_state gen{.seed = 0x5eed, .counter = 40};
  const auto u = x::rng_uniform<"f32[3,77]">(-2.0f, 3.0f, gen);
  CHECK(gen.counter == 40 + 231);  // one 32-bit word per f32
  const x::tensor<"f32[3,77]"> t = u;
  int wrong = 0;
  for (int r = 0; r < 231; ++r) {
    const auto b = philox_reference({static_cast<u32>(40 + r / 4), 0, 0, 0}, 0x5eed, 0);
    const float unit = static_cast<float>(b[static_cast<std::size_t>(r % 4)] >> 9) * 0x1p-23f;
    volatile float scaled = unit * 5.0f;  // rounded before the addition, as XLA
    const float want = scaled + -2.0f;
    wrong += t(r / 77, r % 77) != want ? 1 : 0;
    wrong += u.at({r / 77, r % 77}) != want ? 1 : 0;
  }
  CHECK(wrong == 0);

  // f64: 64-bit words, the top 52 bits.
  x::rng_state g64{.seed = 7, .counter = 0, .counter_high = 1};
  const x::tensor<"f64[50]"> d = x::rng_uniform<"f64[50]">(1.0, 2.0, g64);
  CHECK(g64.counter == 100);
  wrong = 0;
  for (int r = 0; r < 50; ++r) {
    const auto b = philox_reference({static_cast<u32>(r / 2), 0, 1, 0}, 7, 0);
    const std::size_t k = static_cast<std::size_t>(r % 2 * 2);
    const double want = static_cast<double>(key_of(b[k], b[k + 1]) >> 12) * 0x1p-52 + 1.0;
    wrong += d(r) != want ? 1 : 0;
  }
  CHECK(wrong == 0);

  // Integers: a + bits % (b - a), modulo 2^32; b == a gives a + bits; b < a wraps.
  x::rng_state gi{.seed = 3};
  const x::tensor<"s32[64]"> si = x::rng_uniform<"s32[64]">(-10, 10, gi);
  x::rng_state gz{.seed = 3};
  const x::tensor<"s32[64]"> sz = x::rng_uniform<"s32[64]">(5, 5, gz);
  x::rng_state gw{.seed = 3};
  const x::tensor<"u32[64]"> uw = x::rng_uniform<"u32[64]">(10u, 3u, gw);
  wrong = 0;
  for (int r = 0; r < 64; ++r) {
    const u32 bits = philox_reference({static_cast<u32>(r / 4), 0, 0, 0}, 3, 0)[static_cast<std::size_t>(r % 4)];
    wrong += si(r) != -10 + static_cast<int>(bits % 20u) ? 1 : 0;
    wrong += sz(r) != static_cast<std::int32_t>(5u + bits) ? 1 : 0;
    wrong += uw(r) != 10u + bits % (3u - 10u) ? 1 : 0;
    wrong += si(r) < -10 || si(r) >= 10 ? 1 : 0;
  }
  CHECK(wrong == 0);

  // f16 and bf16: computed in f32, rounded to nearest even.
  x::rng_state gh{.seed = 9};
  const x::tensor<"f16[40]"> h = x::rng_uniform<"f16[40]">(x::f16(0.5f), x::f16(1.5f), gh);
  x::rng_state gf{.seed = 9};
  const x::tensor<"f32[40]"> f = x::rng_uniform<"f32[40]">(0.5f, 1.5f, gf);
  CHECK(gh.counter == gf.counter);
  wrong = 0;
  for (int r = 0; r < 40; ++r) wrong += h(r) != x::f16(f(r)) ? 1 : 0;
  CHECK(wrong == 0);
}

TEST_CASE("rng_normal: Box-Muller on the split shape, against the C library") {
  // f32[7,6]: split along dimension 1 (the first even one), inner 1: pairs in a row.
  // f32[4,5,3]: along dimension 0, inner 15. f32[5,3]: no even dimension, the largest (5)
  // padded. f32[]: the scalar as [2].
  const auto check = [](auto node, const std::vector<long>& d, float mu, float sigma, u64 seed, u64 counter) {
    using N = decltype(node);
    const x::tensor<N::spec> t = node;
    const std::size_t rank = d.size(), split = split_dimension(d);
    std::vector<long> padded = rank == 0 ? std::vector<long>{2} : d;
    if (rank > 0) padded[split] = (d[split] + 1) / 2 * 2;
    // u at a position of the padded shape: philox word of its row-major index.
    const auto unit = [&](const std::vector<long>& i) {
      long lin = 0;
      for (std::size_t k = 0; k < padded.size(); ++k) lin = lin * padded[k] + i[k];
      const auto b = philox_reference({static_cast<u32>(counter + static_cast<u64>(lin / 4)), 0, 0, 0},
                                      static_cast<u32>(seed), 0);
      return static_cast<float>(b[static_cast<std::size_t>(lin % 4)] >> 9) * 0x1p-23f;
    };
    double worst = 0;
    x::for_each_index<x::shape<N::spec>>([&](const auto& idx) {
      std::vector<long> i(idx.begin(), idx.end());
      if (rank == 0) i = {0};
      std::vector<long> i0 = i, i1 = i;
      i0[split] = i[split] / 2 * 2;
      i1[split] = i0[split] + 1;
      const double u0 = std::max(unit(i0), 1.0e-7f), u1 = unit(i1);
      const double v = static_cast<double>(6.2831855f * static_cast<float>(u1));
      const double m = std::sqrt(-2.0 * std::log(u0));
      const double z = i[split] % 2 == 0 ? std::sin(v) * m : std::cos(v) * m;
      const double want = mu + sigma * z;
      const double got = t[idx];
      worst = std::max(worst, std::abs(got - want) / std::max(1.0, std::abs(want)));
      CHECK(node.at(idx) == t[idx]);
    });
    CHECK(worst < 4e-6);
  };
  x::rng_state gen{.seed = 77, .counter = 3};
  check(x::rng_normal<"f32[7,6]">(1.0f, 2.0f, gen), {7, 6}, 1.0f, 2.0f, 77, 3);
  CHECK(gen.counter == 3 + 42);
  check(x::rng_normal<"f32[4,5,3]">(0.0f, 1.0f, gen), {4, 5, 3}, 0.0f, 1.0f, 77, 45);
  check(x::rng_normal<"f32[5,3]">(-1.0f, 0.5f, gen), {5, 3}, -1.0f, 0.5f, 77, 105);
  check(x::rng_normal<"f32[]">(0.0f, 1.0f, gen), {}, 0.0f, 1.0f, 77, 120);
  check(x::rng_normal<"f32[2,700]">(0.0f, 1.0f, gen), {2, 700}, 0.0f, 1.0f, 77, 121);
  check(x::rng_normal<"f32[1001]">(0.0f, 3.0f, gen), {1001}, 0.0f, 3.0f, 77, 1521);
  CHECK(gen.counter == 2522);
}

TEST_CASE("rng_normal and rng_uniform: f64, f16, bf16, element-by-element reading, layouts and fusion") {
  x::rng_state gen{.seed = 1234};
  const auto z = x::rng_normal<"f64[33,20]">(0.0, 1.0, gen);
  CHECK(gen.counter == 2 * 660);
  const x::tensor<"f64[33,20]"> t = z;
  const x::tensor<"f64[33,20]{0,1}"> cm = z;
  int differ = 0;
  double sum = 0;
  for (int i = 0; i < 33; ++i)
    for (int j = 0; j < 20; ++j) {
      differ += t(i, j) != cm(i, j) || t(i, j) != z.at({i, j}) ? 1 : 0;
      sum += t(i, j);
    }
  CHECK(differ == 0);
  CHECK(std::abs(sum / 660) < 0.25);

  // bf16 normal: the f32 one rounded.
  x::rng_state ga{.seed = 5}, gb{.seed = 5};
  const x::tensor<"bf16[3,8]"> b = x::rng_normal<"bf16[3,8]">(x::bf16(0.0f), x::bf16(1.0f), ga);
  const x::tensor<"f32[3,8]"> f = x::rng_normal<"f32[3,8]">(0.0f, 1.0f, gb);
  differ = 0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 8; ++j) differ += b(i, j) != x::bf16(f(i, j)) ? 1 : 0;
  CHECK(differ == 0);

  // Fused: y + noise in one pass equals y + the noise evaluated alone.
  x::rng_state g1{.seed = 8}, g2{.seed = 8};
  x::tensor<"f32[5,300]"> y;
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 300; ++j) y(i, j) = static_cast<float>(i * 300 + j);
  const x::tensor<"f32[5,300]"> noise = x::rng_normal<"f32[5,300]">(0.0f, 0.1f, g1);
  const x::tensor<"f32[5,300]"> fused = x::add(y, x::rng_normal<"f32[5,300]">(0.0f, 0.1f, g2));
  differ = 0;
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 300; ++j) differ += fused(i, j) != y(i, j) + noise(i, j) ? 1 : 0;
  CHECK(differ == 0);

  // Different seeds and successive calls: different streams.
  x::rng_state s1{.seed = 1}, s2{.seed = 2};
  const x::tensor<"u32[64]"> a1 = x::rng_uniform<"u32[64]">(0u, 0u, s1);
  const x::tensor<"u32[64]"> a2 = x::rng_uniform<"u32[64]">(0u, 0u, s2);
  const x::tensor<"u32[64]"> a3 = x::rng_uniform<"u32[64]">(0u, 0u, s1);
  int same12 = 0, same13 = 0;
  for (int i = 0; i < 64; ++i) {
    same12 += a1(i) == a2(i) ? 1 : 0;
    same13 += a1(i) == a3(i) ? 1 : 0;
  }
  CHECK(same12 < 2);
  CHECK(same13 < 2);
}
