// Tests for sxla/simd/vec.hpp and the backend behind it: every function of the vector
// vocabulary gives, lane by lane, what the one-lane function of scalar.hpp gives (bit for
// bit), for every lane type, on random inputs with the edge values mixed in (NaN, +-0,
// +-inf, INT_MIN, shift amounts out of range). scalar.hpp's own reference is the
// hardware and <cmath> (scalar_test.cpp). With the scalar backend there is nothing to do.
#include <sxla/simd/vec.hpp>

#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>
#include <string>
#include <vector>

#if !defined(SXLA_SIMD_SCALAR)

namespace s = sxla::simd;

namespace {

template <class T>
std::vector<T> edge_values() {
  using L = std::numeric_limits<T>;
  if constexpr (std::is_floating_point_v<T>) {
    return {T(0), -T(0), T(1), T(-1), T(0.5), T(-1.5), T(2.5), L::infinity(), -L::infinity(),
            L::quiet_NaN(), -L::quiet_NaN(), L::max(), L::lowest(), L::min(), L::denorm_min(), T(3)};
  } else {
    return {T(0), T(1), T(2), L::max(), L::min(), static_cast<T>(L::min() + 1), static_cast<T>(-1),
            static_cast<T>(8 * sizeof(T)), static_cast<T>(8 * sizeof(T) - 1), T(3), T(7)};
  }
}

template <class T>
T random_value(std::mt19937_64& rng) {
  const auto edges = edge_values<T>();
  if (rng() % 4 == 0) return edges[rng() % edges.size()];
  if constexpr (std::is_floating_point_v<T>) {
    if (rng() % 2 == 0) return static_cast<T>(std::uniform_real_distribution<double>(-100, 100)(rng));
    s::uint_of<T> bits = static_cast<s::uint_of<T>>(rng());
    return std::bit_cast<T>(bits);
  } else {
    if (rng() % 2 == 0) return static_cast<T>(static_cast<int>(rng() % 80) - 10);  // small, shift amounts
    return static_cast<T>(rng());
  }
}

template <class T>
bool same_bits(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (a != a && b != b) return true;  // any NaN is the same NaN for this comparison
  }
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class T>
struct lanes_of {
  T v[s::lanes<T>];
};

template <class T>
lanes_of<T> lanes(s::vec<T> v) {
  lanes_of<T> r;
  s::store(v, r.v);
  return r;
}

template <class T>
struct masks_of {
  bool v[s::lanes<T>];
};

template <class T>
masks_of<T> lanes(s::mask<T> m) {
  masks_of<T> r;
  s::store_mask(m, r.v, s::lanes<T>);
  return r;
}

// Checks vector_op(vectors) against scalar_op lane by lane, over many random inputs.
template <class T, class VecOp, class ScalarOp>
void check_unary(const char* name, VecOp vop, ScalarOp sop) {
  std::mt19937_64 rng(1);
  constexpr std::size_t n = s::lanes<T>;
  for (int iter = 0; iter < 200; ++iter) {
    T a[n];
    for (auto& x : a) x = random_value<T>(rng);
    const auto r = lanes(vop(s::load(a)));
    for (std::size_t i = 0; i < n; ++i) {
      const auto want = sop(a[i]);
      INFO(std::string(name), " lane ", i, " a=", +a[i]);
      CHECK(same_bits(r.v[i], want));
    }
  }
}

template <class T, class VecOp, class ScalarOp>
void check_binary(const char* name, VecOp vop, ScalarOp sop) {
  std::mt19937_64 rng(2);
  constexpr std::size_t n = s::lanes<T>;
  for (int iter = 0; iter < 200; ++iter) {
    T a[n], b[n];
    for (auto& x : a) x = random_value<T>(rng);
    for (auto& x : b) x = random_value<T>(rng);
    const auto r = lanes(vop(s::load(a), s::load(b)));
    for (std::size_t i = 0; i < n; ++i) {
      const auto want = sop(a[i], b[i]);
      INFO(std::string(name), " lane ", i, " a=", +a[i], " b=", +b[i]);
      CHECK(same_bits(r.v[i], want));
    }
  }
}

}  // namespace

#define SXLA_TEST_LANE_TYPES float, double, std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, \
                             std::int32_t, std::uint32_t, std::int64_t, std::uint64_t

TEST_CASE_TEMPLATE("simd/vec: arithmetic matches the one-lane vocabulary", T, SXLA_TEST_LANE_TYPES) {
  check_binary<T>("add", [](auto a, auto b) { return a + b; }, [](T a, T b) { return s::add(a, b); });
  check_binary<T>("sub", [](auto a, auto b) { return a - b; }, [](T a, T b) { return s::sub(a, b); });
  check_binary<T>("mul", [](auto a, auto b) { return a * b; }, [](T a, T b) { return s::mul(a, b); });
  check_binary<T>("min", [](auto a, auto b) { return s::min(a, b); }, [](T a, T b) { return s::min(a, b); });
  check_binary<T>("max", [](auto a, auto b) { return s::max(a, b); }, [](T a, T b) { return s::max(a, b); });
  check_binary<T>("fma", [](auto a, auto b) { return s::fma(a, b, a); }, [](T a, T b) { return s::fma(a, b, a); });
  check_unary<T>("neg", [](auto a) { return -a; }, [](T a) { return s::neg(a); });
  check_unary<T>("abs", [](auto a) { return s::abs(a); }, [](T a) { return s::abs(a); });
  if constexpr (std::is_floating_point_v<T>) {
    check_binary<T>("div", [](auto a, auto b) { return a / b; }, [](T a, T b) { return a / b; });
    check_unary<T>("sqrt", [](auto a) { return s::sqrt(a); }, [](T a) { return s::sqrt(a); });
    check_unary<T>("floor", [](auto a) { return s::floor(a); }, [](T a) { return s::floor(a); });
    check_unary<T>("ceil", [](auto a) { return s::ceil(a); }, [](T a) { return s::ceil(a); });
    check_unary<T>("trunc", [](auto a) { return s::trunc(a); }, [](T a) { return s::trunc(a); });
    check_unary<T>("round_even", [](auto a) { return s::round_even(a); }, [](T a) { return s::round_even(a); });
    check_binary<T>("copysign", [](auto a, auto b) { return s::copysign(a, b); },
                    [](T a, T b) { return s::copysign(a, b); });
  }
}

TEST_CASE_TEMPLATE("simd/vec: comparisons and select match the one-lane vocabulary", T, SXLA_TEST_LANE_TYPES) {
  using V = s::vec<T>;
  auto sel = [](auto m) { return [m](auto a, auto b) { return s::select(m(a, b), a, b); }; };
  check_binary<T>("a == b", sel([](V a, V b) { return a == b; }), [](T a, T b) { return a == b ? a : b; });
  check_binary<T>("a != b", sel([](V a, V b) { return a != b; }), [](T a, T b) { return a != b ? a : b; });
  check_binary<T>("a < b", sel([](V a, V b) { return a < b; }), [](T a, T b) { return a < b ? a : b; });
  check_binary<T>("a <= b", sel([](V a, V b) { return a <= b; }), [](T a, T b) { return a <= b ? a : b; });
  check_binary<T>("a > b", sel([](V a, V b) { return a > b; }), [](T a, T b) { return a > b ? a : b; });
  check_binary<T>("a >= b", sel([](V a, V b) { return a >= b; }), [](T a, T b) { return a >= b ? a : b; });
  check_binary<T>("mask logic",
                  sel([](V a, V b) { return s::mask_or(s::mask_and(a < b, s::mask_not(a == b)), s::mask_xor(a > b, b > a)); }),
                  [](T a, T b) { return ((a < b && !(a == b)) || ((a > b) != (b > a))) ? a : b; });
}

TEST_CASE_TEMPLATE("simd/vec: bits and shifts match the one-lane vocabulary", T, SXLA_TEST_LANE_TYPES) {
  check_binary<T>("and", [](auto a, auto b) { return s::bit_and(a, b); }, [](T a, T b) { return s::bit_and(a, b); });
  check_binary<T>("or", [](auto a, auto b) { return s::bit_or(a, b); }, [](T a, T b) { return s::bit_or(a, b); });
  check_binary<T>("xor", [](auto a, auto b) { return s::bit_xor(a, b); }, [](T a, T b) { return s::bit_xor(a, b); });
  check_binary<T>("andnot", [](auto a, auto b) { return s::bit_andnot(a, b); },
                  [](T a, T b) { return s::bit_andnot(a, b); });
  check_unary<T>("not", [](auto a) { return s::bit_not(a); }, [](T a) { return s::bit_not(a); });
  if constexpr (std::is_integral_v<T>) {
    check_binary<T>("shl", [](auto a, auto b) { return s::shl(a, b); }, [](T a, T b) { return s::shl(a, b); });
    check_binary<T>("shr", [](auto a, auto b) { return s::shr(a, b); }, [](T a, T b) { return s::shr(a, b); });
    check_unary<T>("shl<3>", [](auto a) { return s::shl<3>(a); }, [](T a) { return s::shl<3>(a); });
    check_unary<T>("shr<3>", [](auto a) { return s::shr<3>(a); }, [](T a) { return s::shr<3>(a); });
    check_unary<T>("popcount", [](auto a) { return s::popcount(a); },
                   [](T a) { return static_cast<T>(std::popcount(static_cast<s::uint_of<T>>(a))); });
  }
}

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
  T in[n][n];
  for (std::size_t i = 0; i < n; ++i)
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
    }
  }
}

#else

TEST_CASE("simd/vec: the scalar backend has no vectors") {
  CHECK_FALSE(sxla::simd::has_vec<float>);
}

#endif
