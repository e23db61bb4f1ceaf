// Tests for the elementwise ops on s2, s4, u2 and u4 (core/intn.hpp through the ops'
// promotion to int, ops/bitwise.hpp's N-bit shifts and counts): every op on every pair of
// values, against references written here from XLA's definitions on N-bit integers:
// results wrap modulo 2^N; x / 0 is -1 (all ones), x % 0 is x, MIN / -1 is MIN and
// MIN % -1 is 0; shift amounts are unsigned, those >= N give 0 (or the sign fill for the
// arithmetic shift, which reads the N-bit pattern as signed for u2 and u4 too); popcnt
// and clz count within the N bits.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>

namespace x = sxla;

namespace {

// v modulo 2^N, as a value of T's range (sign-extended for s2 and s4).
template <class T>
int wrap(long long v) {
  constexpr int n = T::bit_width;
  long long m = ((v % (1LL << n)) + (1LL << n)) % (1LL << n);
  if (T::is_signed && m >= (1LL << (n - 1))) m -= 1LL << n;
  return static_cast<int>(m);
}
template <class T>
unsigned pattern(int v) {  // the N-bit two's complement pattern
  return static_cast<unsigned>(v) & ((1u << T::bit_width) - 1);
}

template <class T>
constexpr int count = 1 << T::bit_width;

// a[i], b[i]: every pair of values of T.
template <class T>
struct all_pairs {
  static constexpr x::index_t n = count<T> * count<T>;
  x::tensor<x::shape_spec(x::primitive_type_of<T>, {n})> a, b;
  all_pairs() {
    for (int i = 0; i < n; ++i) {
      a(i) = T(x::intn<T::bit_width, T::is_signed>::min_value + i / count<T>);
      b(i) = T(x::intn<T::bit_width, T::is_signed>::min_value + i % count<T>);
    }
  }
};

template <class T, class R, class E, class F>
void check_all(const all_pairs<T>& p, const E& e, F ref, const char* what) {
  const x::tensor<x::shape_spec(x::primitive_type_of<R>, {all_pairs<T>::n})> got = e;
  int bad = 0;
  for (int i = 0; i < all_pairs<T>::n; ++i) {
    const int a = p.a(i), b = p.b(i);
    const auto want = ref(a, b);
    if (static_cast<long long>(got(i)) != static_cast<long long>(want)) {
      if (++bad <= 3) FAIL_CHECK(std::string(what) << "(" << a << ", " << b << ") = " << int(got(i)) << ", want " << int(want));
    }
  }
  CHECK_MESSAGE(bad == 0, what);
}

}  // namespace

TEST_CASE_TEMPLATE("ops on s2, s4, u2, u4: arithmetic wraps modulo 2^N, division never traps", T, x::s2, x::s4,
                   x::u2, x::u4) {
  const all_pairs<T> p;
  constexpr int min = T::min_value;
  check_all<T, T>(p, p.a + p.b, [](int a, int b) { return wrap<T>(a + b); }, "add");
  check_all<T, T>(p, p.a - p.b, [](int a, int b) { return wrap<T>(a - b); }, "subtract");
  check_all<T, T>(p, p.a * p.b, [](int a, int b) { return wrap<T>(a * b); }, "multiply");
  check_all<T, T>(p, x::div(p.a, p.b), [](int a, int b) {
    if (b == 0) return wrap<T>(-1);
    if (T::is_signed && a == min && b == -1) return min;
    return wrap<T>(a / b);
  }, "divide");
  check_all<T, T>(p, x::rem(p.a, p.b), [](int a, int b) {
    if (b == 0) return a;
    if (T::is_signed && a == min && b == -1) return 0;
    return wrap<T>(a % b);
  }, "remainder");
  check_all<T, T>(p, x::max(p.a, p.b), [](int a, int b) { return a > b ? a : b; }, "max");
  check_all<T, T>(p, x::min(p.a, p.b), [](int a, int b) { return a < b ? a : b; }, "min");
  check_all<T, T>(p, -p.a, [](int a, int) { return wrap<T>(-a); }, "negate");
  check_all<T, T>(p, x::abs(p.a), [](int a, int) { return wrap<T>(a < 0 ? -a : a); }, "abs");
  check_all<T, T>(p, x::sign(p.a), [](int a, int) { return wrap<T>((a > 0) - (a < 0)); }, "sign");
  check_all<T, T>(p, x::pow(p.a, p.b), [](int a, int b) {
    if (b < 0) return a == 1 ? 1 : 0;  // XLA's integer power of a negative exponent
    long long r = 1;
    for (int k = 0; k < b; ++k) r = wrap<T>(r * a);
    return wrap<T>(r);
  }, "power");
}

TEST_CASE_TEMPLATE("ops on s2, s4, u2, u4: logical ops, shifts and counts on the N-bit patterns", T, x::s2, x::s4,
                   x::u2, x::u4) {
  const all_pairs<T> p;
  constexpr int n = T::bit_width;
  check_all<T, T>(p, x::and_(p.a, p.b), [](int a, int b) { return wrap<T>(a & b); }, "and");
  check_all<T, T>(p, x::or_(p.a, p.b), [](int a, int b) { return wrap<T>(a | b); }, "or");
  check_all<T, T>(p, x::xor_(p.a, p.b), [](int a, int b) { return wrap<T>(a ^ b); }, "xor");
  check_all<T, T>(p, x::not_(p.a), [](int a, int) { return wrap<T>(~a); }, "not");
  check_all<T, T>(p, x::shift_left(p.a, p.b), [](int a, int b) {
    const unsigned k = pattern<T>(b);
    return k >= n ? 0 : wrap<T>(static_cast<long long>(pattern<T>(a)) << k);
  }, "shift_left");
  check_all<T, T>(p, x::shift_right_logical(p.a, p.b), [](int a, int b) {
    const unsigned k = pattern<T>(b);
    return k >= n ? 0 : wrap<T>(pattern<T>(a) >> k);
  }, "shift_right_logical");
  check_all<T, T>(p, x::shift_right_arithmetic(p.a, p.b), [](int a, int b) {
    const unsigned k = pattern<T>(b);
    const bool negative = (pattern<T>(a) >> (n - 1)) != 0;  // the top bit, whatever the signedness
    if (k >= n) return wrap<T>(negative ? -1 : 0);
    unsigned r = pattern<T>(a) >> k;
    if (negative) r |= ((1u << n) - 1) & ~((1u << (n - k)) - 1);  // fill with ones from the top
    return wrap<T>(r);
  }, "shift_right_arithmetic");
  check_all<T, T>(p, x::popcnt(p.a), [](int a, int) {
    int c = 0;
    for (unsigned v = pattern<T>(a); v != 0; v >>= 1) c += v & 1;
    return wrap<T>(c);  // the count has the operand's type: s2 holds 2 as -2
  }, "popcnt");
  check_all<T, T>(p, x::clz(p.a), [](int a, int) {
    int c = 0;
    for (int bit = n - 1; bit >= 0 && ((pattern<T>(a) >> bit) & 1) == 0; --bit) ++c;
    return wrap<T>(c);
  }, "clz");
}

TEST_CASE_TEMPLATE("ops on s2, s4, u2, u4: comparisons, select and conversions", T, x::s2, x::s4, x::u2, x::u4) {
  const all_pairs<T> p;
  check_all<T, bool>(p, p.a < p.b, [](int a, int b) { return a < b; }, "lt");
  check_all<T, bool>(p, x::eq(p.a, p.b), [](int a, int b) { return a == b; }, "eq");
  check_all<T, bool>(p, x::ge(p.a, p.b), [](int a, int b) { return a >= b; }, "ge");
  check_all<T, T>(p, x::select(p.a < p.b, p.b, p.a), [](int a, int b) { return a < b ? b : a; }, "select");
  check_all<T, T>(p, x::clamp(x::tensor<x::shape_spec(x::primitive_type_of<T>, {})>(T(0)), p.a, p.b),
                  [](int a, int b) { return std::min(b, std::max(0, a)); }, "clamp");
  // To s32 and f32 exactly; back from s32 keeping the low bits, from f32 saturating.
  check_all<T, std::int32_t>(p, x::convert<std::int32_t>(p.a), [](int a, int) { return a; }, "convert to s32");
  check_all<T, float>(p, x::convert<float>(p.b), [](int, int b) { return b; }, "convert to f32");
  check_all<T, T>(p, x::convert<T>(x::convert<std::int32_t>(p.a) * 37 + 5),
                  [](int a, int) { return wrap<T>(a * 37 + 5); }, "convert from s32");
  check_all<T, T>(p, x::convert<T>(x::convert<float>(p.a) * 2.75f), [](int a, int) {
    const float v = static_cast<float>(a) * 2.75f;
    const float t = v < 0 ? -static_cast<float>(static_cast<int>(-v)) : static_cast<float>(static_cast<int>(v));
    return t < T::min_value ? T::min_value : t > T::max_value ? T::max_value : static_cast<int>(t);
  }, "convert from f32");
  check_all<T, T>(p, x::convert<T>(x::convert<float>(p.a) / x::convert<float>(p.b - p.b)), [](int a, int) {
    return a == 0 ? 0 : a > 0 ? T::max_value : T::min_value;  // NaN (0 / 0) to 0, +-inf saturate
  }, "convert from non-finite f32");
}

TEST_CASE("ops on s4: iota wraps, reduce sums modulo 16, dot sums in s32") {
  const x::tensor<"s4[20]"> io = x::iota<"s4[20]", 0>();
  for (int i = 0; i < 20; ++i) CHECK_EQ(int(io(i)), wrap<x::s4>(i));

  x::tensor<"s4[3,5]"> m;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 5; ++j) m(i, j) = x::s4(7 - 3 * i - j);
  const x::tensor<"s4[3]"> rows = x::reduce<1>(m, x::s4(0), x::add_op);
  const x::tensor<"s4[5]"> colmax = x::reduce<0>(m, x::s4(-8), x::max_op);
  for (int i = 0; i < 3; ++i) {
    int s = 0;
    for (int j = 0; j < 5; ++j) s += int(m(i, j));
    CHECK_EQ(int(rows(i)), wrap<x::s4>(s));
  }
  for (int j = 0; j < 5; ++j) CHECK_EQ(int(colmax(j)), int(m(0, j)));

  const x::tensor<"s4[5,2]"> k = {{1, -2}, {3, 4}, {-5, 6}, {7, -8}, {-1, 0}};
  const x::tensor<"s32[3,2]"> wide = x::dot<std::int32_t>(m, k);
  const x::tensor<"s4[3,2]"> narrow = x::dot(m, k);
  for (int i = 0; i < 3; ++i)
    for (int c = 0; c < 2; ++c) {
      int s = 0;
      for (int j = 0; j < 5; ++j) s += int(m(i, j)) * int(k(j, c));
      CHECK_EQ(wide(i, c), s);
      CHECK_EQ(int(narrow(i, c)), wrap<x::s4>(s));
    }
}
