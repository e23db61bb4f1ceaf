// Tests for sxla/core/intn.hpp. The reference is modular arithmetic written out here:
// a value v held in N bits is ((v mod 2^N) + 2^N) mod 2^N, sign-extended for the signed
// types; it never calls the implementation.
#include <sxla/core/intn.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace {

// The reference: v reduced to N bits (0 .. 2^N - 1).
long long low_bits(long long v, int n) {
  const long long m = 1LL << n;
  return ((v % m) + m) % m;
}

// The value an N-bit integer holding v has.
long long wrap(long long v, int n, bool is_signed) {
  const long long u = low_bits(v, n);
  if (is_signed && u >= (1LL << (n - 1))) return u - (1LL << n);
  return u;
}

// Every value of the type, from the definition.
std::vector<int> all_values(int n, bool is_signed) {
  std::vector<int> r;
  const int lo = is_signed ? -(1 << (n - 1)) : 0;
  const int hi = is_signed ? (1 << (n - 1)) - 1 : (1 << n) - 1;
  for (int v = lo; v <= hi; ++v) r.push_back(v);
  return r;
}

template <class T>
struct spec;
template <>
struct spec<sxla::s2> {
  static constexpr int n = 2;
  static constexpr bool is_signed = true;
};
template <>
struct spec<sxla::s4> {
  static constexpr int n = 4;
  static constexpr bool is_signed = true;
};
template <>
struct spec<sxla::u2> {
  static constexpr int n = 2;
  static constexpr bool is_signed = false;
};
template <>
struct spec<sxla::u4> {
  static constexpr int n = 4;
  static constexpr bool is_signed = false;
};

std::string op_text(long long a, const char* op, long long b) {
  std::ostringstream s;
  s << a << " " << op << " " << b;
  return s.str();
}

}  // namespace

#define SXLA_INTN_TYPES sxla::s2, sxla::s4, sxla::u2, sxla::u4

TEST_CASE("core/intn: the reference, on values written out") {
  CHECK_EQ(wrap(8, 4, true), -8);
  CHECK_EQ(wrap(7, 4, true), 7);
  CHECK_EQ(wrap(-9, 4, true), 7);
  CHECK_EQ(wrap(-1, 4, false), 15);
  CHECK_EQ(wrap(16, 4, false), 0);
  CHECK_EQ(wrap(2, 2, true), -2);
  CHECK_EQ(wrap(-3, 2, true), 1);
  CHECK_EQ(wrap(5, 2, false), 1);
  CHECK_EQ(all_values(4, true).size(), 16u);
  CHECK_EQ(all_values(2, false).back(), 3);
}

TEST_CASE("core/intn: known values") {
  CHECK_EQ(int(sxla::s4(8)), -8);
  CHECK_EQ(int(sxla::s4(-9)), 7);
  CHECK_EQ(int(sxla::s4(15)), -1);
  CHECK_EQ(sxla::s4(-1).bits(), 0xF);
  CHECK_EQ(sxla::s2(-2).bits(), 0x2);
  CHECK_EQ(int(sxla::s2(2)), -2);
  CHECK_EQ(int(sxla::u4(16)), 0);
  CHECK_EQ(int(sxla::u4(-1)), 15);
  CHECK_EQ(int(sxla::u2(-1)), 3);
  CHECK_EQ(int(sxla::u2(6)), 2);
  CHECK_EQ(int(sxla::s4::from_bits(0x8)), -8);
  CHECK_EQ(int(sxla::u4::from_bits(0x8)), 8);
}

TEST_CASE_TEMPLATE("core/intn: every value converts to int and back", T, SXLA_INTN_TYPES) {
  constexpr int n = spec<T>::n;
  constexpr bool sgn = spec<T>::is_signed;
  CHECK_EQ(sizeof(T), 1u);
  CHECK(std::is_trivially_copyable_v<T>);
  CHECK_EQ(T::bit_width, n);
  CHECK_EQ(T::is_signed, sgn);
  CHECK_EQ(int(T()), 0);
  for (int v : all_values(n, sgn)) {
    const T x(v);
    CHECK_EQ(int(x), v);
    CHECK_EQ(static_cast<int>(x), v);
    CHECK_EQ(x.bits(), low_bits(v, n));  // the N-bit pattern, upper bits zero
    CHECK_EQ(int(T(int(x))), v);
    CHECK_EQ(int(T::from_bits(static_cast<std::uint8_t>(low_bits(v, n)))), v);
  }
  // from_bits: every byte; the bits above N are not part of the value.
  for (unsigned b = 0; b < 256; ++b) {
    const T x = T::from_bits(static_cast<std::uint8_t>(b));
    CHECK_EQ(int(x), wrap(b, n, sgn));
    CHECK_EQ(x.bits(), low_bits(b, n));
  }
}

TEST_CASE_TEMPLATE("core/intn: construction keeps the low N bits", T, SXLA_INTN_TYPES) {
  constexpr int n = spec<T>::n;
  constexpr bool sgn = spec<T>::is_signed;
  for (int v = -300; v <= 300; ++v) {
    CHECK_EQ(int(T(v)), wrap(v, n, sgn));
    CHECK_EQ(T(v).bits(), low_bits(v, n));
    CHECK_EQ(int(T(static_cast<std::int64_t>(v))), wrap(v, n, sgn));
    CHECK_EQ(int(T(static_cast<short>(v))), wrap(v, n, sgn));
  }
  for (unsigned v = 0; v <= 300; ++v) CHECK_EQ(int(T(v)), wrap(v, n, sgn));
  const std::int64_t i64[] = {std::numeric_limits<std::int64_t>::min(),
                              std::numeric_limits<std::int64_t>::min() + 1,
                              std::numeric_limits<std::int64_t>::max(),
                              std::numeric_limits<std::int64_t>::max() - 1,
                              std::numeric_limits<std::int32_t>::min(),
                              std::numeric_limits<std::int32_t>::max(),
                              0x123456789ABCDEF7LL,
                              -0x123456789ABCDEF7LL};
  for (std::int64_t v : i64) {
    INFO(v);
    // v mod 2^N for N <= 4 is determined by the low 4 bits: long long arithmetic is exact.
    CHECK_EQ(int(T(v)), wrap(v, n, sgn));
    CHECK_EQ(T(v).bits(), low_bits(v, n));
  }
  CHECK_EQ(int(T(std::numeric_limits<std::uint64_t>::max())), wrap(-1, n, sgn));  // 2^64 - 1 = -1 mod 2^N
  CHECK_EQ(int(T(std::numeric_limits<unsigned>::max())), wrap(-1, n, sgn));
  CHECK_EQ(int(T(std::int8_t{-128})), wrap(-128, n, sgn));
  CHECK_EQ(int(T(std::uint8_t{255})), wrap(255, n, sgn));
  CHECK_EQ(int(T(true)), 1);
  CHECK_EQ(int(T(false)), 0);
}

TEST_CASE_TEMPLATE("core/intn: arithmetic and bitwise operations on every pair wrap", T, SXLA_INTN_TYPES) {
  constexpr int n = spec<T>::n;
  constexpr bool sgn = spec<T>::is_signed;
  const std::vector<int> values = all_values(n, sgn);
  int bad = 0;
  auto expect = [&](const T& got, long long want, long long a, const char* op, long long b) {
    if (int(got) != want || got.bits() != low_bits(want, n)) {
      if (++bad <= 8) FAIL_CHECK(op_text(a, op, b) << ": got " << int(got) << ", want " << want);
    }
  };
  for (int a : values) {
    for (int b : values) {
      const T x(a), y(b);
      // The operators are those of int (x + y is an int); assigning back wraps.
      static_assert(std::is_same_v<decltype(x + y), int>);
      CHECK_EQ(x + y, a + b);
      expect(T(x + y), wrap(a + b, n, sgn), a, "+", b);
      expect(T(x - y), wrap(a - b, n, sgn), a, "-", b);
      expect(T(x * y), wrap(static_cast<long long>(a) * b, n, sgn), a, "*", b);
      expect(T(x & y), wrap(a & b, n, sgn), a, "&", b);
      expect(T(x | y), wrap(a | b, n, sgn), a, "|", b);
      expect(T(x ^ y), wrap(a ^ b, n, sgn), a, "^", b);
      expect(T(-x), wrap(-a, n, sgn), 0, "-", a);
      expect(T(~x), wrap(~a, n, sgn), 0, "~", a);
      T z = x;
      z += y;
      expect(z, wrap(a + b, n, sgn), a, "+=", b);
      z = x;
      z -= y;
      expect(z, wrap(a - b, n, sgn), a, "-=", b);
      z = x;
      z *= y;
      expect(z, wrap(static_cast<long long>(a) * b, n, sgn), a, "*=", b);
      // The compound assignments return *this.
      z = x;
      CHECK_EQ(&(z += y), &z);
      CHECK_EQ((x == y), (a == b));
      CHECK_EQ((x < y), (a < b));
    }
  }
  CHECK_EQ(bad, 0);
}

TEST_CASE_TEMPLATE("core/intn: numeric_limits", T, SXLA_INTN_TYPES) {
  using L = std::numeric_limits<T>;
  constexpr int n = spec<T>::n;
  constexpr bool sgn = spec<T>::is_signed;
  CHECK(L::is_specialized);
  CHECK(L::is_integer);
  CHECK(L::is_exact);
  CHECK(L::is_modulo);
  CHECK(L::is_bounded);
  CHECK_EQ(L::is_signed, sgn);
  CHECK_EQ(L::digits, sgn ? n - 1 : n);
  CHECK_EQ(L::radix, 2);
  CHECK_FALSE(L::has_infinity);
  CHECK_FALSE(L::has_quiet_NaN);
  CHECK_EQ(int(L::min()), sgn ? -(1 << (n - 1)) : 0);
  CHECK_EQ(int(L::max()), sgn ? (1 << (n - 1)) - 1 : (1 << n) - 1);
  CHECK_EQ(int(L::lowest()), int(L::min()));
  // Incrementing max wraps to min (modulo arithmetic).
  T m = L::max();
  m += T(1);
  CHECK_EQ(int(m), int(L::min()));
}

TEST_CASE("core/intn: numeric_limits, against numbers written out") {
  CHECK_EQ(int(std::numeric_limits<sxla::s2>::min()), -2);
  CHECK_EQ(int(std::numeric_limits<sxla::s2>::max()), 1);
  CHECK_EQ(int(std::numeric_limits<sxla::s4>::min()), -8);
  CHECK_EQ(int(std::numeric_limits<sxla::s4>::max()), 7);
  CHECK_EQ(int(std::numeric_limits<sxla::u2>::max()), 3);
  CHECK_EQ(int(std::numeric_limits<sxla::u4>::max()), 15);
  CHECK_EQ(int(std::numeric_limits<sxla::u4>::min()), 0);
  CHECK_EQ(std::numeric_limits<sxla::s4>::digits, 3);
  CHECK_EQ(std::numeric_limits<sxla::u4>::digits, 4);
  CHECK_EQ(std::numeric_limits<sxla::s2>::digits, 1);
  CHECK_EQ(std::numeric_limits<sxla::u2>::digits, 2);
  CHECK(std::numeric_limits<sxla::s2>::is_signed);
  CHECK_FALSE(std::numeric_limits<sxla::u2>::is_signed);
}
