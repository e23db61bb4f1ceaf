// tests/simd/vec_check.hpp: what the tests of sxla/simd/vec.hpp share (vec*_test.cpp):
// random lanes with the edge values mixed in (NaN, +-0, +-inf, INT_MIN, shift amounts out
// of range), bit comparison, and check_unary / check_binary, which hold a vector function
// to the one-lane function of scalar.hpp lane by lane over 200 random vectors (scalar.hpp's
// own reference is the hardware and <cmath>: scalar_test.cpp). Only for a build with
// vectors (not SXLA_SIMD_SCALAR).
#ifndef SXLA_TESTS_SIMD_VEC_CHECK_HPP
#define SXLA_TESTS_SIMD_VEC_CHECK_HPP

#include <sxla/simd/vec.hpp>

#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#if !defined(SXLA_SIMD_SCALAR)

namespace sxla_test::vec_check {

namespace s = sxla::simd;

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

}  // namespace sxla_test::vec_check

#define SXLA_TEST_LANE_TYPES float, double, std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, \
                             std::int32_t, std::uint32_t, std::int64_t, std::uint64_t

#endif  // !SXLA_SIMD_SCALAR

#endif  // SXLA_TESTS_SIMD_VEC_CHECK_HPP
