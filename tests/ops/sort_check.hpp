// Shared by the sort tests: XLA's orders written from their definitions (not from
// sxla's keys), value generators with NaNs of both signs and payloads, signed zeros,
// infinities, full-range bit patterns and many ties, and check_lines, which sorts the
// rows of an [R, N] tensor (one row per input kind) with every built-in comparator and
// compares them with std::stable_sort.
#ifndef SXLA_TESTS_OPS_SORT_CHECK_HPP
#define SXLA_TESTS_OPS_SORT_CHECK_HPP

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <type_traits>
#include <vector>

namespace sort_check {

namespace x = sxla;

template <class T>
inline constexpr bool is_float = std::is_floating_point_v<T> || x::is_small_float_v<T>;

// The bits of v as a signed integer of v's width (widened to 64 bits).
template <class T>
std::int64_t signed_bits(T v) {
  if constexpr (x::is_small_float_v<T>) {
    return static_cast<std::int16_t>(v.bits());
  } else if constexpr (sizeof(T) == 4) {
    std::int32_t b;
    std::memcpy(&b, &v, 4);
    return b;
  } else {
    std::int64_t b;
    std::memcpy(&b, &v, 8);
    return b;
  }
}

// XLA's total order: sign-magnitude bits read as a number, so -NaN < -Inf < ... < -0 <
// +0 < ... < +Inf < +NaN.
template <class T>
bool total_less(T a, T b) {
  if constexpr (is_float<T>) {
    auto key = [](T v) -> long double {
      const std::int64_t s = signed_bits(v);
      if (s >= 0) return static_cast<long double>(s);
      const std::int64_t magnitude = s & (sizeof(T) == 8 ? std::numeric_limits<std::int64_t>::max()
                                                         : (std::int64_t{1} << (8 * sizeof(T) - 1)) - 1);
      return -static_cast<long double>(magnitude) - 1.0L;
    };
    return key(a) < key(b);  // long double holds 64-bit integers exactly on x86
  } else {
    return a < b;
  }
}

// x::lt_op's order: by value, NaNs (either sign) after every number, -0 equal to +0.
template <class T>
bool value_less(T a, T b) {
  if constexpr (is_float<T>) {
    const double da = static_cast<double>(static_cast<std::conditional_t<sizeof(T) == 8, double, float>>(a));
    const double db = static_cast<double>(static_cast<std::conditional_t<sizeof(T) == 8, double, float>>(b));
    if (std::isnan(da) || std::isnan(db)) return !std::isnan(da) && std::isnan(db);
    return da < db;
  } else {
    return a < b;
  }
}

template <class T>
T from_bits64(std::uint64_t b) {
  if constexpr (x::is_small_float_v<T>) {
    return T::from_bits(static_cast<std::uint16_t>(b));
  } else if constexpr (std::is_same_v<T, bool>) {
    return (b & 1) != 0;
  } else {
    T v;
    std::memcpy(&v, &b, sizeof(T));  // little-endian: the low bytes
    return v;
  }
}

template <class T>
std::vector<T> specials() {
  if constexpr (is_float<T>) {
    const T inf = std::numeric_limits<T>::infinity();
    const T nan = std::numeric_limits<T>::quiet_NaN();
    std::vector<T> s = {T(0.0f), T(-0.0f), inf, T(-inf), nan, T(-nan), T(1.0f), T(-1.0f), T(2.5f),
                        std::numeric_limits<T>::denorm_min(), std::numeric_limits<T>::max(),
                        std::numeric_limits<T>::lowest()};
    // NaNs with payloads, both signs: distinct under the total order.
    constexpr int top = 8 * static_cast<int>(sizeof(T)) - 1;
    const std::uint64_t sign = std::uint64_t{1} << top;
    std::uint64_t q;
    if constexpr (x::is_small_float_v<T>) {
      q = nan.bits();
    } else {
      q = 0;
      std::memcpy(&q, &nan, sizeof(T));
    }
    s.push_back(from_bits64<T>(q | 1));
    s.push_back(from_bits64<T>(q | sign | 3));
    return s;
  } else if constexpr (std::is_same_v<T, bool>) {
    return {false, true};
  } else {
    return {std::numeric_limits<T>::min(), std::numeric_limits<T>::max(), T(0), T(1), T(7)};
  }
}

// Input kinds: 0 random (full-range bits, specials, many small ties), 1 all equal,
// 2 ascending, 3 descending.
inline constexpr int kinds = 4;

template <class T>
T value_of(int kind, std::size_t i, std::size_t n, std::mt19937_64& rng, const std::vector<T>& sp) {
  if (kind == 1) return sp[2 % sp.size()];
  if (kind == 2 || kind == 3) {
    const std::size_t k = kind == 2 ? i : n - i;
    if constexpr (std::is_same_v<T, bool>) {
      return k * 2 >= n;
    } else if constexpr (is_float<T>) {
      return T(static_cast<float>(k % 2048) - 1024.0f);
    } else {
      return static_cast<T>(k);
    }
  }
  const std::uint64_t r = rng();
  if (r % 4 == 0) return from_bits64<T>(rng());
  if (r % 8 == 1) return sp[(r >> 8) % sp.size()];
  if constexpr (std::is_same_v<T, bool>) {
    return ((r >> 8) & 1) != 0;
  } else if constexpr (is_float<T>) {
    return T(static_cast<float>(static_cast<int>((r >> 8) % 61) - 30) * 0.5f);
  } else {
    return static_cast<T>(static_cast<int>((r >> 8) % 61) - 30);
  }
}

template <class T>
bool same_bits(T a, T b) {
  if constexpr (x::is_small_float_v<T>) {
    return a.bits() == b.bits();
  } else {
    return std::memcmp(&a, &b, sizeof(T)) == 0;
  }
}

// The orders of the checks below, written above from their definitions.
enum class order { value_ascending, value_descending, total_ascending, total_descending };

template <class T>
bool less_in(order o, T a, T b) {
  switch (o) {
    case order::value_ascending: return value_less(a, b);
    case order::value_descending: return value_less(b, a);
    case order::total_ascending: return total_less(a, b);
    case order::total_descending: return total_less(b, a);
  }
  return false;
}

// Checks one sorted row (its values from sort_into and from sort, and its positions)
// against std::stable_sort of the input row under order o; returns the mismatches. Out of
// line and independent of the row length, so that a test of many lengths compiles the
// reference sort once per element type.
template <class T>
[[gnu::noinline]] std::size_t check_line(const std::vector<T>& line, const T* values, const T* one,
                                         const std::int32_t* positions, order o, const char* name,
                                         std::uint64_t seed, x::index_t kind) {
  std::vector<std::int32_t> want(line.size());
  for (std::size_t i = 0; i < want.size(); ++i) want[i] = static_cast<std::int32_t>(i);
  std::stable_sort(want.begin(), want.end(), [&](std::int32_t a, std::int32_t b) {
    return less_in(o, line[static_cast<std::size_t>(a)], line[static_cast<std::size_t>(b)]);
  });
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < want.size(); ++i) {
    const T w = line[static_cast<std::size_t>(want[i])];
    const bool ok = positions[i] == want[i] && same_bits(values[i], w) && same_bits(one[i], w);
    if (!ok && wrong++ == 0) {
      INFO(name, ": seed ", seed, " n ", line.size(), " kind ", kind, " at ", i);
      CHECK(positions[i] == want[i]);
      CHECK(same_bits(values[i], w));
      CHECK(same_bits(one[i], w));
    }
  }
  return wrong;
}

// Sorts Rows rows of length N of T (the first Rows input kinds) with each built-in
// comparator (one operand: the node; two: the values and their positions through
// sort_into), and checks every row against std::stable_sort under the order written
// above. Long rows (Every false) take two comparators: lt_op (keys that may not give
// their values back) and gt_total_order_op (keys alone, descending).
template <class T, x::index_t N, x::index_t Rows = kinds, bool Every = true>
void check_lines(std::uint64_t seed) {
  constexpr x::index_t R = Rows;
  constexpr x::shape_spec vs = x::shape_spec(x::primitive_type_of<T>, {R, N});
  constexpr x::shape_spec ps = x::shape_spec(x::primitive_type::s32, {R, N});
  using V = x::tensor<vs>;
  using P = x::tensor<ps>;
  auto v = std::make_unique<V>(), sv = std::make_unique<V>(), one = std::make_unique<V>();
  auto pos = std::make_unique<P>(), sp = std::make_unique<P>();
  std::mt19937_64 rng(seed);
  const std::vector<T> special = specials<T>();
  std::vector<std::vector<T>> in(R);
  for (x::index_t r = 0; r < R; ++r)
    for (x::index_t i = 0; i < N; ++i) {
      const T t = value_of<T>(static_cast<int>(r), static_cast<std::size_t>(i), static_cast<std::size_t>(N), rng,
                              special);
      in[static_cast<std::size_t>(r)].push_back(t);
      (*v)(r, i) = t;
      (*pos)(r, i) = static_cast<std::int32_t>(i);
    }
  auto check = [&](auto comparator, order o, const char* name) {
    x::sort_into<1>(std::tie(*sv, *sp), *v, *pos, comparator);
    *one = x::sort<1>(*v, comparator);
    std::size_t wrong = 0;
    for (x::index_t r = 0; r < R; ++r) {  // (row-major: row r starts at r * N)
      wrong += check_line(in[static_cast<std::size_t>(r)], sv->data() + r * N, one->data() + r * N,
                          sp->data() + r * N, o, name, seed, r);
    }
    INFO(name, ": seed ", seed, " n ", N);
    CHECK(wrong == 0);
  };
  check(x::lt_op, order::value_ascending, "lt_op");
  if constexpr (Every) {
    check(x::gt_op, order::value_descending, "gt_op");
    check(x::lt_total_order_op, order::total_ascending, "lt_total_order_op");
  }
  check(x::gt_total_order_op, order::total_descending, "gt_total_order_op");
}

}  // namespace sort_check

#endif  // SXLA_TESTS_OPS_SORT_CHECK_HPP
