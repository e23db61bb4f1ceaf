// Tests for sxla/ops/convert.hpp: convert (ConvertElementType), bitcast_convert
// (BitcastConvertType), reduce_precision (ReducePrecision) and get_dimension_size.
// Expected values are written by hand from the rules (float to integer saturates, NaN
// gives 0; to f16/bf16 one rounding to nearest even; bitcast pieces in memory order;
// reduce_precision as XLA's emitter: bias-trick rounding, overflow to inf, flush to
// signed zero); random operands are checked against plain references written here (long
// double arithmetic, memcpy), evaluated into row-major, column-major, tiled and padded
// destinations (vector lines, blocked transposes, gathers) and through at() (the scalar
// path).
#include <sxla/sxla.hpp>

#include "sxla/ops/convert.hpp"

#include <doctest/doctest.h>

#include "support/elementwise_check.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>

namespace x = sxla;
using namespace sxla_test;

namespace {

constexpr float inf_f = std::numeric_limits<float>::infinity();
constexpr double inf_d = std::numeric_limits<double>::infinity();
constexpr float nan_f = std::numeric_limits<float>::quiet_NaN();
constexpr double nan_d = std::numeric_limits<double>::quiet_NaN();

constexpr float f32_of(std::uint32_t b) { return std::bit_cast<float>(b); }
constexpr std::uint32_t bits_of(float f) { return std::bit_cast<std::uint32_t>(f); }
constexpr double f64_of(std::uint64_t b) { return std::bit_cast<double>(b); }

// A rank-1 tensor of T holding `values`.
template <class T, std::size_t N>
auto tensor_of(const std::array<T, N>& values) {
  x::tensor<x::shape_spec(x::primitive_type_of<T>, {static_cast<x::index_t>(N)})> t;
  for (std::size_t i = 0; i < N; ++i) t(i) = values[i];
  return t;
}

// e evaluated (the vector path where there is one) and read element by element through
// at() (the scalar path) both equal `want`.
template <class E, class U, std::size_t N>
void check_1d(const E& e, const std::array<U, N>& want, const std::string& what) {
  static_assert(std::is_same_v<typename E::value_type, U>);
  static_assert(E::spec.dimensions == x::dimension_list{static_cast<x::index_t>(N)});
  const x::tensor<E::spec> got = e;
  for (std::size_t i = 0; i < N; ++i) {
    CAPTURE(i);
    CHECK_MESSAGE(same_value(got(i), want[i]), what << ": evaluated " << show(got(i)) << ", want " << show(want[i]));
    const U scalar = e.at({static_cast<x::index_t>(i)});
    CHECK_MESSAGE(same_value(scalar, want[i]), what << ": at() " << show(scalar) << ", want " << show(want[i]));
  }
}

template <class U, class T, std::size_t N>
void check_convert(const std::array<T, N>& in, const std::array<U, N>& want, const std::string& what) {
  const auto a = tensor_of(in);
  check_1d(x::convert<U>(a), want, what);
}

// ---- References ----------------------------------------------------------------------
// v rounded to a binary format with `mant` fraction bits, exponents emin .. emax: to
// nearest, ties to even, gradual underflow, overflow to infinity (long double holds
// every value involved exactly, and every 64-bit integer).
long double ref_round(long double v, int mant, int emin, int emax) {
  if (std::isnan(v) || std::isinf(v) || v == 0) return v;
  const int e = std::max(std::ilogb(v), emin);
  const long double q = std::ldexp(1.0L, e - mant);
  const long double r = std::nearbyint(v / q) * q;
  if (std::fabs(r) >= std::ldexp(1.0L, emax + 1)) return std::copysign(std::numeric_limits<long double>::infinity(), v);
  return r;
}

template <class U, class T>
U ref_convert(T a) {
  if constexpr (x::is_complex_v<T>) {
    if constexpr (x::is_complex_v<U>) {
      using C = typename U::value_type;
      return U(ref_convert<C>(a.real()), ref_convert<C>(a.imag()));
    } else if constexpr (std::is_same_v<U, bool>) {
      return a.real() != 0 || a.imag() != 0;
    } else {
      return ref_convert<U>(a.real());
    }
  } else if constexpr (x::is_complex_v<U>) {
    using C = typename U::value_type;
    return U(ref_convert<C>(a), C(0));
  } else if constexpr (small_float_t<T>::value) {
    return ref_convert<U>(static_cast<float>(a));  // exact
  } else if constexpr (std::is_same_v<U, bool>) {
    return !(a == T(0));  // NaN: true
  } else if constexpr (std::is_integral_v<U> && std::is_integral_v<T>) {
    return static_cast<U>(a);  // modular; pred is 0 or 1
  } else {
    const long double v = std::is_same_v<T, bool> ? (a ? 1.0L : 0.0L) : static_cast<long double>(a);
    if constexpr (std::is_integral_v<U>) {
      if (std::isnan(v)) return U(0);
      const long double t = std::trunc(v);
      if (t <= static_cast<long double>(std::numeric_limits<U>::min())) return std::numeric_limits<U>::min();
      if (t >= static_cast<long double>(std::numeric_limits<U>::max())) return std::numeric_limits<U>::max();
      return static_cast<U>(t);
    } else if constexpr (std::is_same_v<U, x::f16>) {
      return x::f16(static_cast<double>(ref_round(v, 10, -14, 15)));  // exact
    } else if constexpr (std::is_same_v<U, x::bf16>) {
      return x::bf16(static_cast<double>(ref_round(v, 7, -126, 127)));
    } else if constexpr (std::is_same_v<U, float>) {
      return static_cast<float>(ref_round(v, 23, -126, 127));
    } else {
      return static_cast<double>(ref_round(v, 52, -1022, 1023));
    }
  }
}

// ReducePrecision from its definition, in arithmetic: the mantissa rounded to `mant`
// bits at the source's exponent (its minimum for denormals), nearest even; with fewer
// exponent bits, magnitudes from 2^(rb+1) on are infinite and those below 2^(1-rb)
// (the reduced format's smallest normal) signed zeros (rb = the reduced bias). NaN is
// kept, or +inf when no mantissa bit is left. With no mantissa bit, XLA's bias trick
// takes the exponent's last bit as the one kept: a tie goes to the even exponent.
template <class T>
T ref_reduce(T a, int mant, int expo) {
  constexpr bool small = small_float_t<T>::value;
  constexpr int sm = std::numeric_limits<T>::digits - 1;
  constexpr int se = static_cast<int>(8 * sizeof(T)) - 1 - sm;
  constexpr int bias = (1 << (se - 1)) - 1;
  long double v;
  if constexpr (small) {
    v = static_cast<float>(a);
  } else {
    v = a;
  }
  const auto back = [](long double r) {
    if constexpr (small) {
      return T(static_cast<double>(r));  // exact, or an overflow to infinity
    } else {
      return static_cast<T>(r);
    }
  };
  if (std::isnan(v)) return mant > 0 ? a : back(std::numeric_limits<long double>::infinity());
  if (std::isinf(v) || v == 0) return a;
  long double r = v;
  if (mant < sm) {
    const int e = std::max(std::ilogb(v), 1 - bias);
    const long double q = std::ldexp(1.0L, e - mant);
    r = std::nearbyint(v / q) * q;
    if (mant == 0 && std::fabs(v / q) == 1.5L) r = std::copysign(((e + bias) % 2 == 0) ? q : 2 * q, v);
  }
  if (expo < se) {
    const int rb = (1 << (expo - 1)) - 1;
    if (std::fabs(r) >= std::ldexp(1.0L, rb + 1)) return back(std::copysign(std::numeric_limits<long double>::infinity(), v));
    if (std::fabs(r) < std::ldexp(1.0L, 1 - rb)) return back(std::copysign(0.0L, v));
  }
  if (std::fabs(r) >= std::ldexp(1.0L, bias + 1)) return back(std::copysign(std::numeric_limits<long double>::infinity(), v));
  return back(r);
}

// ---- Random operands -----------------------------------------------------------------
// Any bit pattern (NaN payloads, denormals, huge values), edge values of the
// conversions, and magnitudes across every integer range.
template <class T>
T gen(std::mt19937_64& rng) {
  const auto pick = rng() % 8;
  if constexpr (std::is_same_v<T, bool>) {
    return (rng() & 1) != 0;
  } else if constexpr (x::is_complex_v<T>) {
    using F = typename T::value_type;
    return T(gen<F>(rng), gen<F>(rng));
  } else if constexpr (small_float_t<T>::value) {
    if (pick < 3) return T::from_bits(static_cast<std::uint16_t>(rng()));
    const double m = std::ldexp(std::uniform_real_distribution<double>(1, 2)(rng), static_cast<int>(rng() % 40) - 20);
    return T(rng() % 2 ? -m : m);
  } else if constexpr (std::is_floating_point_v<T>) {
    using B = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    if (pick < 2) return std::bit_cast<T>(static_cast<B>(rng()));
    if (pick < 3) {
      const double edges[] = {0.0,  -0.0, inf_d, -inf_d, nan_d, -nan_d, 0.5, -0.5, 255.5, 65520.0, 0x1p31,
                              -0x1p31, 0x1p31 - 128, 0x1p32, 0x1p63, -0x1p63, 0x1p64, -0x1p64, 0x1p-25, 1e300};
      return static_cast<T>(edges[rng() % std::size(edges)]);
    }
    const double m = std::ldexp(std::uniform_real_distribution<double>(1, 2)(rng), static_cast<int>(rng() % 76) - 10);
    return static_cast<T>(rng() % 2 ? -m : m);
  } else {
    using L = std::numeric_limits<T>;
    if (pick < 3) return static_cast<T>(rng());
    if (pick < 5) return static_cast<T>(static_cast<int>(rng() % 41) - 20);
    if (pick < 6) {
      const T edges[] = {L::min(), L::max(), static_cast<T>(L::max() - 1), static_cast<T>(L::min() + 1),
                         static_cast<T>(16777217), static_cast<T>(9007199254740993LL), static_cast<T>(0x80000080u)};
      return edges[rng() % std::size(edges)];
    }
    return static_cast<T>(rng() >> (rng() % 64));
  }
}

// make(operand) for operands and destinations in several layouts, and through at(),
// against ref elementwise.
template <class T, class R, class Make, class Ref>
void check_layouts(Make make, Ref ref, const std::string& name, unsigned seed) {
  std::mt19937_64 rng(seed);
  array<T, layout_kind::row_major> a0;
  x::for_each_index<typename decltype(a0)::shape_type>([&](const auto& idx) { a0[idx] = gen<T>(rng); });
  const array<T, layout_kind::col_major> ac = a0;
  const array<T, layout_kind::tiled> at = a0;
  const auto want = [&](const auto& idx) { return ref(a0[idx]); };
  const x::tensor<spec_of<R, layout_kind::row_major>()> r1 = make(a0);
  check_all(r1, want, name + ": row-major -> row-major");
  const x::tensor<spec_of<R, layout_kind::col_major>()> r2 = make(a0);
  check_all(r2, want, name + ": row-major -> column-major");
  const x::tensor<spec_of<R, layout_kind::tiled>()> r3 = make(ac);
  check_all(r3, want, name + ": column-major -> tiled");
  const x::tensor<spec_of<R, layout_kind::padded>()> r4 = make(at);
  check_all(r4, want, name + ": tiled -> padded");
  const auto e = make(a0);
  array<R, layout_kind::row_major> r5;
  x::for_each_index<typename decltype(r5)::shape_type>([&](const auto& idx) { r5[idx] = e.at(idx); });
  check_all(r5, want, name + ": at()");
}

template <class T, class U>
void check_convert_random(unsigned seed) {
  const std::string name = std::string("convert ") + std::string(x::type_name(x::primitive_type_of<T>)) + " -> " +
                           std::string(x::type_name(x::primitive_type_of<U>));
  check_layouts<T, U>([](const auto& a) { return x::convert<U>(a); }, [](T v) { return ref_convert<U>(v); }, name,
                      seed);
}

template <class T, class... U>
void check_convert_all(unsigned seed) {
  (check_convert_random<T, U>(seed++), ...);
}

}  // namespace

// ---- convert -------------------------------------------------------------------------------

TEST_CASE("ops/convert: the seed, s32[3] {0, 1, 2} to f32[3] {0.0, 1.0, 2.0}") {
  const x::tensor<"s32[3]"> a = {0, 1, 2};
  const auto r = x::eval(x::convert<x::f32>(a));
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(r)>, x::tensor<"f32[3]">>);
  CHECK(r == x::tensor<"f32[3]">{0.0f, 1.0f, 2.0f});
}

namespace {
// Compile time: the scalar path, with the same values.
constexpr auto iota_f32 = x::eval(x::convert<float>(x::iota<"s32[4]", 0>()));
static_assert(iota_f32(0) == 0.0f && iota_f32(3) == 3.0f);
constexpr x::tensor<"f32[6]"> odd_floats = {3e9f, -1.5f, 300.7f, -2.7f, nan_f, -inf_f};
constexpr auto as_s32 = x::eval(x::convert<x::s32>(odd_floats));
static_assert(as_s32(0) == 2147483647 && as_s32(1) == -1 && as_s32(2) == 300 && as_s32(3) == -2 && as_s32(4) == 0 &&
              as_s32(5) == -2147483647 - 1);
constexpr auto as_u8 = x::eval(x::convert<x::u8>(odd_floats));
static_assert(as_u8(0) == 255 && as_u8(1) == 0 && as_u8(2) == 255 && as_u8(3) == 0 && as_u8(4) == 0 && as_u8(5) == 0);
constexpr auto as_pred = x::eval(x::convert<bool>(x::tensor<"f32[3]">{0.0f, -0.0f, nan_f}));
static_assert(!as_pred(0) && !as_pred(1) && as_pred(2));
// f64 1 + 2^-11 + 2^-30 to f16: 1 + 2^-10 (0x3c01). Through f32 it would be the tie
// 1 + 2^-11, rounded to even: 1.0.
constexpr auto f64_to_f16 = x::eval(x::convert<x::f16>(x::tensor<"f64[1]">{1.0 + 0x1p-11 + 0x1p-30}));
static_assert(f64_to_f16(0).bits() == 0x3c01);
}  // namespace

namespace {
// Which conversions have a vector form (with vectors at all): same-width lanes and pred.
template <class U, class T>
constexpr bool vectorizes() {
  using E = decltype(x::convert<U>(std::declval<const x::tensor<x::shape_spec(x::primitive_type_of<T>, {4})>&>()));
  using L = std::conditional_t<std::is_same_v<U, bool>, T, U>;  // the executor's lanes
  if constexpr (!x::simd::has_vec<L>) {
    return false;
  } else {
    return E::template vectorizable<L>;
  }
}
constexpr bool vectors = x::simd::has_vec<float>;
static_assert(vectorizes<float, std::int32_t>() == vectors && vectorizes<std::int32_t, float>() == vectors);
static_assert(vectorizes<float, std::uint32_t>() == vectors && vectorizes<std::uint32_t, float>() == vectors);
static_assert(vectorizes<double, std::int64_t>() == vectors && vectorizes<std::uint64_t, double>() == vectors);
static_assert(vectorizes<std::uint32_t, std::int32_t>() == vectors && vectorizes<std::int8_t, std::uint8_t>() == vectors);
static_assert(vectorizes<float, float>() == vectors && vectorizes<bool, float>() == vectors);
static_assert(vectorizes<double, bool>() == vectors && vectorizes<bool, std::int16_t>() == vectors);
static_assert(!vectorizes<std::int8_t, float>() && !vectorizes<double, float>() && !vectorizes<float, std::int64_t>());
static_assert(!vectorizes<float, x::f16>() && !vectorizes<x::bf16, float>() && !vectorizes<float, std::complex<float>>());
}  // namespace

TEST_CASE("ops/convert: f32 and f64 to integers saturate; NaN gives 0; the rest truncates") {
  constexpr std::array<float, 21> f = {0.0f,  -0.0f, 2.7f, -2.7f, 127.9f, 128.0f, -128.9f, -129.0f, 255.9f, 256.0f, 300.7f,
                                       -1.5f, 3e9f,  -3e9f, 1e19f, 2e19f, 1e30f,  -1e30f,  inf_f,   -inf_f, nan_f};
  constexpr std::array<double, 21> d = {0.0,  -0.0, 2.7,  -2.7, 127.9, 128.0, -128.9, -129.0, 255.9, 256.0, 300.7,
                                        -1.5, 3e9,  -3e9, 1e19, 2e19,  1e30,  -1e30,  inf_d,  -inf_d, nan_d};
  constexpr std::int32_t i32max = 2147483647, i32min = -2147483647 - 1;
  constexpr std::int64_t i64max = 9223372036854775807LL, i64min = -9223372036854775807LL - 1;
  constexpr std::uint32_t u32max = 4294967295u;
  constexpr std::uint64_t u64max = 18446744073709551615ull;

  const std::array<std::int8_t, 21> s8 = {0, 0, 2, -2, 127, 127, -128, -128, 127, 127, 127,
                                          -1, 127, -128, 127, 127, 127, -128, 127, -128, 0};
  const std::array<std::int32_t, 21> s32 = {0,      0,      2,      -2,     127,    128,    -128,
                                            -129,   255,    256,    300,    -1,     i32max, i32min,
                                            i32max, i32max, i32max, i32min, i32max, i32min, 0};
  const std::array<std::int64_t, 21> s64 = {0,      0,      2,      -2,     127,    128,         -128,
                                            -129,   255,    256,    300,    -1,     3000000000LL, -3000000000LL,
                                            i64max, i64max, i64max, i64min, i64max, i64min,      0};
  const std::array<std::uint8_t, 21> u8 = {0, 0, 2, 0, 127, 128, 0, 0, 255, 255, 255, 0, 255, 0, 255, 255, 255, 0, 255, 0, 0};
  const std::array<std::uint32_t, 21> u32 = {0,      0,      2,      0, 127,    128, 0, 0, 255, 256, 300,
                                             0,      3000000000u, 0, u32max, u32max, u32max, 0, u32max, 0, 0};
  // 1e19f is 9999999980506447872; 1e19 is exact in f64.
  const std::array<std::uint64_t, 21> u64_from_f = {0,      0,   2,  0,   127, 128, 0, 0, 255, 256, 300, 0, 3000000000ull, 0,
                                                    9999999980506447872ull, u64max, u64max, 0, u64max, 0, 0};
  std::array<std::uint64_t, 21> u64_from_d = u64_from_f;
  u64_from_d[14] = 10000000000000000000ull;

  check_convert(f, s8, "f32 -> s8");
  check_convert(f, s32, "f32 -> s32");
  check_convert(f, s64, "f32 -> s64");
  check_convert(f, u8, "f32 -> u8");
  check_convert(f, u32, "f32 -> u32");
  check_convert(f, u64_from_f, "f32 -> u64");
  check_convert(d, s8, "f64 -> s8");
  check_convert(d, s32, "f64 -> s32");
  check_convert(d, s64, "f64 -> s64");
  check_convert(d, u8, "f64 -> u8");
  check_convert(d, u32, "f64 -> u32");
  check_convert(d, u64_from_d, "f64 -> u64");
}

TEST_CASE("ops/convert: float to integer at the boundaries of each range") {
  // The largest f32 below 2^31 (2^31 - 128), 2^31, -2^31, the next f32 below -2^31, the
  // largest below 2^32, 2^32, the largest below 2^63 (2^63 - 2^39), 2^63, the largest
  // below 2^64 (2^64 - 2^40), 2^64.
  constexpr std::array<float, 10> f = {2147483520.0f, 2147483648.0f, -2147483648.0f, -2147483904.0f,
                                       4294967040.0f, 4294967296.0f, 9223371487098961920.0f, 9223372036854775808.0f,
                                       18446742974197923840.0f, 18446744073709551616.0f};
  constexpr std::int32_t i32max = 2147483647, i32min = -2147483647 - 1;
  constexpr std::int64_t i64max = 9223372036854775807LL;
  constexpr std::uint32_t u32max = 4294967295u;
  constexpr std::uint64_t u64max = 18446744073709551615ull;
  check_convert(f, std::array<std::int32_t, 10>{2147483520, i32max, i32min, i32min, i32max, i32max, i32max, i32max, i32max, i32max},
                "f32 -> s32");
  check_convert(f, std::array<std::uint32_t, 10>{2147483520u, 2147483648u, 0, 0, 4294967040u, u32max, u32max, u32max, u32max, u32max},
                "f32 -> u32");
  check_convert(f,
                std::array<std::int64_t, 10>{2147483520LL, 2147483648LL, -2147483648LL, -2147483904LL, 4294967040LL,
                                             4294967296LL, 9223371487098961920LL, i64max, i64max, i64max},
                "f32 -> s64");
  check_convert(f,
                std::array<std::uint64_t, 10>{2147483520ull, 2147483648ull, 0, 0, 4294967040ull, 4294967296ull,
                                              9223371487098961920ull, 9223372036854775808ull, 18446742974197923840ull,
                                              u64max},
                "f32 -> u64");
  constexpr std::array<double, 10> d = {2147483647.9, 2147483648.0, -2147483648.9, -2147483649.0, 4294967295.9,
                                        4294967296.0, 9223372036854774784.0, 9223372036854775808.0,
                                        18446744073709549568.0, 18446744073709551616.0};
  check_convert(d, std::array<std::int32_t, 10>{i32max, i32max, i32min, i32min, i32max, i32max, i32max, i32max, i32max, i32max},
                "f64 -> s32");
  check_convert(d, std::array<std::uint32_t, 10>{2147483647u, 2147483648u, 0, 0, u32max, u32max, u32max, u32max, u32max, u32max},
                "f64 -> u32");
  check_convert(d,
                std::array<std::int64_t, 10>{2147483647LL, 2147483648LL, -2147483648LL, -2147483649LL, 4294967295LL,
                                             4294967296LL, 9223372036854774784LL, i64max, i64max, i64max},
                "f64 -> s64");
  check_convert(d,
                std::array<std::uint64_t, 10>{2147483647ull, 2147483648ull, 0, 0, 4294967295ull, 4294967296ull,
                                              9223372036854774784ull, 9223372036854775808ull, 18446744073709549568ull,
                                              u64max},
                "f64 -> u64");
}

TEST_CASE("ops/convert: integers to floats round to nearest, ties to even, in one step") {
  // Above 2^24 f32 steps by 2: 2^24 + 1 is a tie (to 2^24, even), 2^24 + 3 a tie (to
  // 2^24 + 4). From 2^31 by 256: 2^31 + 128 ties to 2^31, 2^31 + 129 goes up.
  check_convert(std::array<std::int32_t, 6>{16777217, 16777219, -16777217, 2147483647, -2147483647 - 1, 16777218},
                std::array<float, 6>{16777216.0f, 16777220.0f, -16777216.0f, 2147483648.0f, -2147483648.0f, 16777218.0f},
                "s32 -> f32");
  check_convert(std::array<std::uint32_t, 6>{4294967295u, 4294967041u, 2147483776u, 2147483777u, 16777217u, 2147483648u},
                std::array<float, 6>{4294967296.0f, 4294967040.0f, 2147483648.0f, 2147483904.0f, 16777216.0f, 2147483648.0f},
                "u32 -> f32");
  // f64 steps by 2 above 2^53, by 2048 above 2^63.
  check_convert(std::array<std::int64_t, 4>{9007199254740993LL, 9007199254740995LL, 9223372036854775807LL,
                                            -9223372036854775807LL - 1},
                std::array<double, 4>{9007199254740992.0, 9007199254740996.0, 9223372036854775808.0, -9223372036854775808.0},
                "s64 -> f64");
  check_convert(std::array<std::uint64_t, 4>{18446744073709551615ull, 9223372036854776832ull, 9223372036854776833ull,
                                             9007199254740993ull},
                std::array<double, 4>{18446744073709551616.0, 9223372036854775808.0, 9223372036854777856.0,
                                      9007199254740992.0},
                "u64 -> f64");
  // s64 to f32 directly: 2^60 + 2^36 + 1 goes up to 2^60 + 2^37; through f64 it would
  // become the tie 2^60 + 2^36 and round down to 2^60.
  check_convert(std::array<std::int64_t, 2>{1152921573326323713LL, -1152921573326323713LL},
                std::array<float, 2>{1152921642045800448.0f, -1152921642045800448.0f}, "s64 -> f32");
  // To f16: 2049 ties to 2048, 2051 to 2052; 65519 is the largest below the overflow tie
  // 65520, which rounds to infinity.
  check_convert(std::array<std::int64_t, 5>{2049, 2051, 65519, 65520, -70000},
                std::array<x::f16, 5>{x::f16::from_bits(0x6800), x::f16::from_bits(0x6802), x::f16::from_bits(0x7bff),
                                      x::f16::from_bits(0x7c00), x::f16::from_bits(0xfc00)},
                "s64 -> f16");
}

TEST_CASE("ops/convert: f32 to f16 and bf16 round to nearest even (bit patterns)") {
  // f16 steps by 2^-10 at 1: 1 + 2^-11 ties to 1 (0x3c00), 1 + 3 * 2^-11 to 1 + 2^-9
  // (0x3c02); one f32 ulp more goes up. 65520 ties to infinity; the f16 denormals step by
  // 2^-24: 2^-25 ties to 0, 3 * 2^-25 to 2 * 2^-24.
  check_convert(std::array<float, 12>{f32_of(0x3f801000), f32_of(0x3f803000), f32_of(0x3f801001), 65504.0f,
                                      f32_of(0x477fefff), 65520.0f, -65520.0f, 0x1p-24f, 0x1p-25f, 3 * 0x1p-25f, -0.0f,
                                      1e-10f},
                std::array<x::f16, 12>{x::f16::from_bits(0x3c00), x::f16::from_bits(0x3c02), x::f16::from_bits(0x3c01),
                                       x::f16::from_bits(0x7bff), x::f16::from_bits(0x7bff), x::f16::from_bits(0x7c00),
                                       x::f16::from_bits(0xfc00), x::f16::from_bits(0x0001), x::f16::from_bits(0x0000),
                                       x::f16::from_bits(0x0002), x::f16::from_bits(0x8000), x::f16::from_bits(0x0000)},
                "f32 -> f16");
  // bf16 keeps the top 16 bits of an f32, rounded: 0x3f808000 ties to 0x3f80, 0x3f818000
  // to 0x3f82, 0x3f808001 goes up; the largest f32 rounds to infinity.
  check_convert(std::array<float, 5>{f32_of(0x3f808000), f32_of(0x3f818000), f32_of(0x3f808001), f32_of(0x7f7fffff),
                                     f32_of(0x80000001)},
                std::array<x::bf16, 5>{x::bf16::from_bits(0x3f80), x::bf16::from_bits(0x3f82), x::bf16::from_bits(0x3f81),
                                       x::bf16::from_bits(0x7f80), x::bf16::from_bits(0x8000)},
                "f32 -> bf16");
  const auto n = x::eval(x::convert<x::f16>(x::tensor<"f32[2]">{nan_f, -nan_f}));
  CHECK(n(0).isnan());
  CHECK(n(1).isnan());
}

TEST_CASE("ops/convert: f64 to f16 and bf16 round once, not through f32") {
  // Through f32, 1 + 2^-11 + 2^-30 becomes 1 + 2^-11, a tie that rounds to 1.0; directly
  // it is above the tie: 1 + 2^-10. The same for bf16 at 2^-8.
  check_convert(std::array<double, 3>{1.0 + 0x1p-11 + 0x1p-30, -(1.0 + 0x1p-11 + 0x1p-30), 1.0 + 0x1p-11},
                std::array<x::f16, 3>{x::f16::from_bits(0x3c01), x::f16::from_bits(0xbc01), x::f16::from_bits(0x3c00)},
                "f64 -> f16");
  check_convert(std::array<double, 2>{1.0 + 0x1p-8 + 0x1p-40, 1.0 + 0x1p-8},
                std::array<x::bf16, 2>{x::bf16::from_bits(0x3f81), x::bf16::from_bits(0x3f80)}, "f64 -> bf16");
  // f16 and bf16 sources are exact in every wider type; between them one rounding.
  check_convert(std::array<x::f16, 3>{x::f16::from_bits(0x3555), x::f16::from_bits(0x0001), x::f16::from_bits(0xfbff)},
                std::array<double, 3>{0.333251953125, 0x1p-24, -65504.0}, "f16 -> f64");
  check_convert(std::array<x::f16, 2>{x::f16::from_bits(0x3c01), x::f16::from_bits(0x0001)},
                std::array<x::bf16, 2>{x::bf16::from_bits(0x3f80), x::bf16::from_bits(0x3380)}, "f16 -> bf16");
  check_convert(std::array<x::bf16, 2>{x::bf16::from_bits(0x4780), x::bf16::from_bits(0xc2f7)},
                std::array<std::int32_t, 2>{65536, -123}, "bf16 -> s32");
}

TEST_CASE("ops/convert: pred, integer wrap-around and float widths") {
  check_convert(std::array<bool, 3>{true, false, true}, std::array<float, 3>{1.0f, 0.0f, 1.0f}, "pred -> f32");
  check_convert(std::array<bool, 2>{true, false}, std::array<std::int8_t, 2>{1, 0}, "pred -> s8");
  check_convert(std::array<bool, 2>{true, false}, std::array<std::uint64_t, 2>{1, 0}, "pred -> u64");
  check_convert(std::array<bool, 2>{true, false}, std::array<x::bf16, 2>{x::bf16::from_bits(0x3f80), x::bf16::from_bits(0)},
                "pred -> bf16");
  check_convert(std::array<float, 6>{0.0f, -0.0f, nan_f, 0.5f, -inf_f, 1e-45f},
                std::array<bool, 6>{false, false, true, true, true, true}, "f32 -> pred");
  check_convert(std::array<std::int32_t, 3>{0, 5, -1}, std::array<bool, 3>{false, true, true}, "s32 -> pred");
  check_convert(std::array<x::f16, 2>{x::f16::from_bits(0x8000), x::f16::from_bits(0x0001)},
                std::array<bool, 2>{false, true}, "f16 -> pred");
  // Integers convert modulo 2^n.
  check_convert(std::array<std::int32_t, 4>{-1, 300, -129, 255}, std::array<std::uint8_t, 4>{255, 44, 127, 255},
                "s32 -> u8");
  check_convert(std::array<std::uint32_t, 3>{0xffffffffu, 0x80000000u, 7}, std::array<std::int32_t, 3>{-1, -2147483647 - 1, 7},
                "u32 -> s32");
  check_convert(std::array<std::int64_t, 2>{0x100000005LL, -4294967296LL}, std::array<std::int32_t, 2>{5, 0}, "s64 -> s32");
  check_convert(std::array<std::int8_t, 2>{-1, -128}, std::array<std::uint64_t, 2>{18446744073709551615ull, 18446744073709551488ull},
                "s8 -> u64");
  check_convert(std::array<std::uint8_t, 2>{200, 127}, std::array<std::int8_t, 2>{-56, 127}, "u8 -> s8");
  // f64 to f32 rounds (overflow to infinity, 0.1 to the nearest f32); f32 to f64 is exact.
  check_convert(std::array<double, 4>{0.1, 1e300, -1e-300, 16777217.0},
                std::array<float, 4>{f32_of(0x3dcccccd), inf_f, -0.0f, 16777216.0f}, "f64 -> f32");
  check_convert(std::array<float, 2>{f32_of(0x3dcccccd), 0x1p-149f}, std::array<double, 2>{f64_of(0x3fb99999a0000000), 0x1p-149},
                "f32 -> f64");
}

TEST_CASE("ops/convert: complex numbers") {
  using c64 = std::complex<float>;
  using c128 = std::complex<double>;
  check_convert(std::array<c64, 2>{c64(1.5f, -2.5f), c64(-3e9f, 7.0f)}, std::array<float, 2>{1.5f, -3e9f}, "c64 -> f32");
  check_convert(std::array<c64, 2>{c64(1.5f, -2.5f), c64(-3e9f, 7.0f)}, std::array<std::int32_t, 2>{1, -2147483647 - 1},
                "c64 -> s32");
  check_convert(std::array<c64, 3>{c64(0, 1), c64(0, 0), c64(-0.0f, 0)}, std::array<bool, 3>{true, false, false},
                "c64 -> pred");
  check_convert(std::array<c64, 1>{c64(1.5f, -2.5f)}, std::array<c128, 1>{c128(1.5, -2.5)}, "c64 -> c128");
  check_convert(std::array<c128, 2>{c128(1e300, 1.0), c128(0.1, -1.0 - 0x1p-30)},
                std::array<c64, 2>{c64(inf_f, 1.0f), c64(f32_of(0x3dcccccd), -1.0f)}, "c128 -> c64");
  check_convert(std::array<float, 2>{3.25f, -0.0f}, std::array<c64, 2>{c64(3.25f, 0), c64(-0.0f, 0)}, "f32 -> c64");
  check_convert(std::array<std::int64_t, 1>{9007199254740993LL}, std::array<c128, 1>{c128(9007199254740992.0, 0)},
                "s64 -> c128");
  check_convert(std::array<bool, 2>{true, false}, std::array<c64, 2>{c64(1, 0), c64(0, 0)}, "pred -> c64");
  check_convert(std::array<x::f16, 1>{x::f16::from_bits(0x3c01)}, std::array<c64, 1>{c64(1.0009765625f, 0)}, "f16 -> c64");
  check_convert(std::array<c128, 1>{c128(1.0 + 0x1p-11 + 0x1p-30, 5)}, std::array<x::f16, 1>{x::f16::from_bits(0x3c01)},
                "c128 -> f16");
}

TEST_CASE("ops/convert: random operands against the reference, every layout") {
  check_convert_all<float, std::int8_t, std::int32_t, std::int64_t, std::uint8_t, std::uint32_t, std::uint64_t, bool,
                    x::f16, x::bf16, double, std::complex<float>, float>(100);
  check_convert_all<double, std::int8_t, std::int32_t, std::int64_t, std::uint16_t, std::uint32_t, std::uint64_t, bool,
                    x::f16, x::bf16, float, std::complex<double>>(200);
  check_convert_all<x::f16, std::int32_t, std::uint8_t, float, x::bf16, double, bool>(300);
  check_convert_all<x::bf16, x::f16, std::int64_t, float>(400);
  check_convert_all<std::int32_t, float, std::uint32_t, std::int8_t, double, bool, x::f16, std::uint64_t>(500);
  check_convert_all<std::uint32_t, float, std::int32_t, double, x::bf16>(600);
  check_convert_all<std::int64_t, double, float, x::f16, std::int32_t, std::uint64_t>(700);
  check_convert_all<std::uint64_t, double, float, std::int64_t>(800);
  check_convert_all<std::int8_t, std::uint8_t, float, std::int64_t>(900);
  check_convert_all<std::uint16_t, x::f16, std::int16_t>(950);
  check_convert_all<bool, float, std::int8_t, std::uint16_t, double, std::complex<float>, bool>(1000);
  check_convert_all<std::complex<float>, float, std::int32_t, std::complex<double>, bool>(1100);
  check_convert_all<std::complex<double>, std::complex<float>, double, std::uint8_t>(1200);
}

// ---- bitcast_convert -------------------------------------------------------------------------

TEST_CASE("ops/bitcast_convert: same width reinterprets the bits") {
  check_1d(x::bitcast_convert<std::uint32_t>(x::tensor<"f32[3]">{1.0f, -2.0f, -0.0f}),
           std::array<std::uint32_t, 3>{0x3f800000u, 0xc0000000u, 0x80000000u}, "f32 -> u32");
  const auto f = x::eval(x::bitcast_convert<float>(x::tensor<"s32[2]">{-1, 0x7f800000}));
  CHECK_EQ(bits_of(f(0)), 0xffffffffu);  // a NaN, bits kept
  CHECK_EQ(f(1), inf_f);
  check_1d(x::bitcast_convert<std::uint64_t>(x::tensor<"f64[2]">{-2.0, 1.0}),
           std::array<std::uint64_t, 2>{0xc000000000000000ull, 0x3ff0000000000000ull}, "f64 -> u64");
  check_1d(x::bitcast_convert<std::int64_t>(x::tensor<"u64[1]">{0xffffffffffffffffull}), std::array<std::int64_t, 1>{-1},
           "u64 -> s64");
  check_1d(x::bitcast_convert<std::uint16_t>(x::tensor<"f16[2]">{1.0f, -2.0f}), std::array<std::uint16_t, 2>{0x3c00, 0xc000},
           "f16 -> u16");
  check_1d(x::bitcast_convert<x::f16>(x::tensor<"bf16[1]">{x::bf16::from_bits(0x3c00)}),
           std::array<x::f16, 1>{x::f16::from_bits(0x3c00)}, "bf16 -> f16");
  check_1d(x::bitcast_convert<std::int8_t>(x::tensor<"u8[2]">{255, 128}), std::array<std::int8_t, 2>{-1, -128}, "u8 -> s8");
  constexpr auto c = x::eval(x::bitcast_convert<std::uint32_t>(x::tensor<"f32[1]">{1.0f}));
  static_assert(c(0) == 0x3f800000u);
}

namespace {
// The seed's shape rules, as types.
using split_t = decltype(x::bitcast_convert<x::f16>(std::declval<const x::tensor<"f32[10]">&>()));
static_assert(split_t::spec.dimensions == x::dimension_list{10, 2});
static_assert(split_t::spec.element_type == x::primitive_type::f16);
using scalar_split_t = decltype(x::bitcast_convert<x::f16>(std::declval<const x::tensor<"f32[]">&>()));
static_assert(scalar_split_t::spec.dimensions == x::dimension_list{2});
using merge_t = decltype(x::bitcast_convert<x::f32>(std::declval<const x::tensor<"f16[10,2]">&>()));
static_assert(merge_t::spec.dimensions == x::dimension_list{10});
static_assert(merge_t::spec.element_type == x::primitive_type::f32);
using bytes_t = decltype(x::bitcast_convert<std::uint8_t>(std::declval<const x::tensor<"f64[3,4]">&>()));
static_assert(bytes_t::spec.dimensions == x::dimension_list{3, 4, 8});
using scalar_merge_t = decltype(x::bitcast_convert<std::uint64_t>(std::declval<const x::tensor<"u8[8]">&>()));
static_assert(scalar_merge_t::rank == 0);
// At compile time too.
constexpr auto pieces = x::eval(x::bitcast_convert<std::uint16_t>(x::tensor<"f32[2]">{1.0f, -2.0f}));
static_assert(pieces(0, 0) == 0x0000 && pieces(0, 1) == 0x3f80 && pieces(1, 0) == 0x0000 && pieces(1, 1) == 0xc000);
constexpr auto joined = x::eval(x::bitcast_convert<float>(pieces));
static_assert(joined(0) == 1.0f && joined(1) == -2.0f);
}  // namespace

TEST_CASE("ops/bitcast_convert: to a narrower type, pieces in memory order along a new minor dimension") {
  static_assert(std::endian::native == std::endian::little, "the expected values below are little-endian");
  // The seed: f32[2] {1.0f, -2.0f} is 0x3f800000, 0xc0000000: u16[2,2] {{0, 0x3f80}, {0, 0xc000}}.
  const x::tensor<"f32[2]"> a = {1.0f, -2.0f};
  const auto p = x::eval(x::bitcast_convert<std::uint16_t>(a));
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(p)>, x::tensor<"u16[2,2]">>);
  CHECK(p == x::tensor<"u16[2,2]">{{0x0000, 0x3f80}, {0x0000, 0xc000}});
  // And back.
  const auto back = x::eval(x::bitcast_convert<float>(p));
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(back)>, x::tensor<"f32[2]">>);
  CHECK(back == a);
  // A scalar gains a dimension: f32[] -> f16[2]; f64 to bytes.
  const x::tensor<"f32[]"> s = {f32_of(0x3c00c000)};
  const auto h = x::eval(x::bitcast_convert<x::f16>(s));
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(h)>, x::tensor<"f16[2]">>);
  CHECK_EQ(h(0).bits(), 0xc000);
  CHECK_EQ(h(1).bits(), 0x3c00);
  const auto b = x::eval(x::bitcast_convert<std::uint8_t>(x::tensor<"f64[1]">{f64_of(0x0102030405060708ull)}));
  CHECK(b == x::tensor<"u8[1,8]">{{8, 7, 6, 5, 4, 3, 2, 1}});
  const auto w = x::eval(x::bitcast_convert<std::uint64_t>(x::tensor<"u8[8]">{8, 7, 6, 5, 4, 3, 2, 1}));
  CHECK_EQ(w(), 0x0102030405060708ull);
  const auto i = x::eval(x::bitcast_convert<std::int32_t>(x::tensor<"s16[2,2]">{{-1, 0}, {2, 1}}));
  CHECK(i == x::tensor<"s32[2]">{0x0000ffff, 0x00010002});
}

TEST_CASE("ops/bitcast_convert: random operands, different widths, every layout") {
  std::mt19937_64 rng(77);
  using f32_2d = x::tensor<"f32[5,37]">;
  f32_2d a0;
  x::for_each_index<f32_2d::shape_type>([&](const auto& idx) { a0[idx] = gen<float>(rng); });
  const x::tensor<"f32[5,37]{0,1}"> ac = a0;
  const x::tensor<"f32[5,37]{1,0:T(2,8)}"> at = a0;
  const auto piece = [&](const auto& idx) {
    std::uint16_t p;
    const float v = a0(idx[0], idx[1]);
    std::memcpy(&p, reinterpret_cast<const unsigned char*>(&v) + 2 * idx[2], 2);
    return p;
  };
  const x::tensor<"u16[5,37,2]"> s1 = x::bitcast_convert<std::uint16_t>(a0);
  check_all(s1, piece, "f32 -> u16 row-major");
  const x::tensor<"u16[5,37,2]{0,1,2}"> s2 = x::bitcast_convert<std::uint16_t>(a0);
  check_all(s2, piece, "f32 -> u16 column-major");
  const x::tensor<"u16[5,37,2]{1,2,0}"> s3 = x::bitcast_convert<std::uint16_t>(ac);
  check_all(s3, piece, "f32 column-major -> u16 {1,2,0}");
  const x::tensor<"u16[5,37,2]{2,1,0:T(2,8)}"> s4 = x::bitcast_convert<std::uint16_t>(at);
  check_all(s4, piece, "f32 tiled -> u16 tiled");
  // Joined back from each layout, into each layout.
  const auto same = [&](const auto& idx) { return a0[idx]; };
  const x::tensor<"f32[5,37]"> j1 = x::bitcast_convert<float>(s2);
  check_all(j1, same, "u16 column-major -> f32");
  const x::tensor<"f32[5,37]{0,1}"> j2 = x::bitcast_convert<float>(s3);
  check_all(j2, same, "u16 {1,2,0} -> f32 column-major");
  const x::tensor<"f32[5,37]{1,0:T(2,8)}"> j3 = x::bitcast_convert<float>(s4);
  check_all(j3, same, "u16 tiled -> f32 tiled");
  const x::tensor<"f32[5,37]"> j4 = x::bitcast_convert<float>(s1);
  check_all(j4, same, "u16 -> f32");
  // Inside a vectorized expression: the pieces as operands of an add.
  const x::tensor<"u16[5,37,2]"> sum = x::add(x::bitcast_convert<std::uint16_t>(ac), x::bitcast_convert<std::uint16_t>(at));
  check_all(sum, [&](const auto& idx) { return static_cast<std::uint16_t>(2 * piece(idx)); }, "piece + piece");
  // f64 to bytes and back, with at().
  x::tensor<"f64[3,11]"> d;
  x::for_each_index<x::tensor<"f64[3,11]">::shape_type>([&](const auto& idx) { d[idx] = gen<double>(rng); });
  const auto byte = [&](const auto& idx) {
    unsigned char c;
    const double v = d(idx[0], idx[1]);
    std::memcpy(&c, reinterpret_cast<const unsigned char*>(&v) + idx[2], 1);
    return static_cast<std::uint8_t>(c);
  };
  const x::tensor<"u8[3,11,8]{0,2,1}"> bytes = x::bitcast_convert<std::uint8_t>(d);
  check_all(bytes, byte, "f64 -> u8");
  const auto e = x::bitcast_convert<std::uint8_t>(d);
  x::tensor<"u8[3,11,8]"> by_at;
  x::for_each_index<x::tensor<"u8[3,11,8]">::shape_type>([&](const auto& idx) { by_at[idx] = e.at(idx); });
  check_all(by_at, byte, "f64 -> u8 at()");
  const x::tensor<"f64[3,11]{0,1}"> d2 = x::bitcast_convert<double>(bytes);
  check_all(d2, [&](const auto& idx) { return d[idx]; }, "u8 -> f64");
}

TEST_CASE("ops/bitcast_convert: random operands, same width, every layout") {
  check_layouts<float, std::int32_t>([](const auto& a) { return x::bitcast_convert<std::int32_t>(a); },
                                     [](float v) { return std::bit_cast<std::int32_t>(v); }, "f32 -> s32", 31);
  check_layouts<std::uint64_t, double>([](const auto& a) { return x::bitcast_convert<double>(a); },
                                       [](std::uint64_t v) { return std::bit_cast<double>(v); }, "u64 -> f64", 32);
  check_layouts<x::bf16, std::int16_t>([](const auto& a) { return x::bitcast_convert<std::int16_t>(a); },
                                       [](x::bf16 v) { return static_cast<std::int16_t>(v.bits()); }, "bf16 -> s16", 33);
}

// ---- reduce_precision ------------------------------------------------------------------------

namespace {
template <int M, int E, class T, std::size_t N>
void check_reduce(const std::array<T, N>& in, const std::array<T, N>& want, const std::string& what) {
  check_1d(x::reduce_precision<M, E>(tensor_of(in)), want, what);
  // The bits, NaN payloads included.
  const auto got = x::eval(x::reduce_precision<M, E>(tensor_of(in)));
  for (std::size_t i = 0; i < N; ++i) {
    CAPTURE(i);
    CHECK_EQ(std::memcmp(&got(i), &want[i], sizeof(T)), 0);
  }
}
}  // namespace

TEST_CASE("ops/reduce_precision: f32 to 10 mantissa and 5 exponent bits") {
  // Ties to even at 2^-10; above 65504 + 16 infinity; at or below 2^-15 signed zero (no
  // denormals); NaN unchanged, payload and all.
  check_reduce<10, 5>(
      std::array<float, 14>{f32_of(0x3f801000), f32_of(0x3f803000), f32_of(0x3f801001), 65504.0f, 65520.0f, -65520.0f,
                            0x1p-14f, 0x1p-15f, 1e-5f, -1e-5f, f32_of(0x7fc00001), f32_of(0xff800001), inf_f, -inf_f},
      std::array<float, 14>{f32_of(0x3f800000), f32_of(0x3f804000), f32_of(0x3f802000), 65504.0f, inf_f, -inf_f,
                            0x1p-14f, 0.0f, 0.0f, -0.0f, f32_of(0x7fc00001), f32_of(0xff800001), inf_f, -inf_f},
      "f32 <10,5>");
  // Rounding that reaches the smallest normal is kept: 2^-14 - 2^-26 (a tie, odd) rounds up
  // to 2^-14; 2^-14 - 2^-24 has 10 bits already and its exponent, 2^-15, flushes.
  check_reduce<10, 5>(std::array<float, 2>{0x1p-14f - 0x1p-26f, -(0x1p-14f - 0x1p-24f)},
                      std::array<float, 2>{0x1p-14f, -0.0f}, "f32 <10,5> near the smallest normal");
}

TEST_CASE("ops/reduce_precision: each part alone, no-ops, and the edge bit counts") {
  // Mantissa only (8 exponent bits: the f32 range). With no mantissa bit left XLA's bias
  // trick keeps the exponent's last bit: 1.25 -> 1, 1.5 -> 2, 3 (a tie) -> 2 (the even
  // exponent), 6 -> 8; NaN becomes +inf.
  check_reduce<0, 8>(std::array<float, 7>{1.25f, 1.5f, 3.0f, 6.0f, -1.5f, nan_f, -nan_f},
                     std::array<float, 7>{1.0f, 2.0f, 2.0f, 8.0f, -2.0f, inf_f, inf_f}, "f32 <0,8>");
  check_reduce<1, 8>(std::array<float, 4>{1.25f, 1.75f, 1.3f, f32_of(0x7f7fffff)},
                     std::array<float, 4>{1.0f, 2.0f, 1.5f, inf_f}, "f32 <1,8>");
  // Exponent only: 5 bits keep 2^-14 .. 65504 and 23 mantissa bits.
  check_reduce<23, 5>(std::array<float, 5>{65536.0f, 65535.0f, f32_of(0x3f800001), 0x1p-14f, -0x1p-15f},
                      std::array<float, 5>{inf_f, 65535.0f, f32_of(0x3f800001), 0x1p-14f, -0.0f}, "f32 <23,5>");
  // One exponent bit: the only exponent left is 1's, which is also the minimum: below 2
  // everything is zero, from 2 on infinite.
  check_reduce<23, 1>(std::array<float, 4>{1.0f, 1.9f, 2.0f, -0.5f}, std::array<float, 4>{0.0f, 0.0f, inf_f, -0.0f},
                      "f32 <23,1>");
  // At or above the type's own bit counts: nothing changes, denormals and NaNs included.
  check_reduce<23, 8>(std::array<float, 4>{f32_of(0x00000001), f32_of(0x3f801001), f32_of(0x7f800001), -0.0f},
                      std::array<float, 4>{f32_of(0x00000001), f32_of(0x3f801001), f32_of(0x7f800001), -0.0f},
                      "f32 <23,8>");
  check_reduce<30, 20>(std::array<float, 2>{f32_of(0x00000001), 3e38f}, std::array<float, 2>{f32_of(0x00000001), 3e38f},
                       "f32 <30,20>");
  check_reduce<52, 11>(std::array<double, 2>{f64_of(1), 0.1}, std::array<double, 2>{f64_of(1), 0.1}, "f64 <52,11>");
}

TEST_CASE("ops/reduce_precision: f64, f16 and bf16 operands") {
  check_reduce<10, 5>(std::array<double, 5>{1.0 + 0x1p-11, 1.0 + 3 * 0x1p-11, 70000.0, 1e-5, f64_of(0x7ff0000000000123ull)},
                      std::array<double, 5>{1.0, 1.0 + 0x1p-9, inf_d, 0.0, f64_of(0x7ff0000000000123ull)}, "f64 <10,5>");
  check_reduce<23, 8>(std::array<double, 3>{1.0 + 0x1p-24, 1e39, 1e-39},
                      std::array<double, 3>{1.0, inf_d, 0.0}, "f64 <23,8>");
  // f16 on its own bits: 1 + 2^-6 ties to 1 at 5 mantissa bits (0x3c10 -> 0x3c00),
  // 1 + 3 * 2^-6 to 1 + 2^-4 (0x3c30 -> 0x3c40).
  check_reduce<5, 5>(std::array<x::f16, 3>{x::f16::from_bits(0x3c10), x::f16::from_bits(0x3c30), x::f16::from_bits(0x3c11)},
                     std::array<x::f16, 3>{x::f16::from_bits(0x3c00), x::f16::from_bits(0x3c40), x::f16::from_bits(0x3c20)},
                     "f16 <5,5>");
  // f16 with 4 exponent bits: exponents 2^-6 .. 2^7 stay; 256 is infinite, 2^-7 zero.
  check_reduce<10, 4>(std::array<x::f16, 4>{x::f16(256.0f), x::f16(128.0f), x::f16(0x1p-7f), x::f16(-0x1p-6f)},
                      std::array<x::f16, 4>{x::f16::from_bits(0x7c00), x::f16(128.0f), x::f16::from_bits(0),
                                            x::f16(-0x1p-6f)},
                      "f16 <10,4>");
  check_reduce<3, 8>(std::array<x::bf16, 3>{x::bf16::from_bits(0x3f88), x::bf16::from_bits(0x3f98), x::bf16::from_bits(0x7fc1)},
                     std::array<x::bf16, 3>{x::bf16::from_bits(0x3f80), x::bf16::from_bits(0x3fa0), x::bf16::from_bits(0x7fc1)},
                     "bf16 <3,8>");
  constexpr auto c = x::eval(x::reduce_precision<10, 5>(x::tensor<"f32[2]">{f32_of(0x3f803000), 65520.0f}));
  static_assert(bits_of(c(0)) == 0x3f804000u && c(1) == inf_f);
}

TEST_CASE("ops/reduce_precision: <10,5> is f32 -> f16 -> f32 in f16's normal range, <7,8> is f32 -> bf16 -> f32") {
  std::mt19937_64 rng(5);
  x::tensor<"f32[4096]"> normal, any;
  for (x::index_t i = 0; i < 4096; ++i) {
    const float m = std::ldexp(std::uniform_real_distribution<float>(1, 2)(rng), static_cast<int>(rng() % 31) - 14);
    normal(i) = rng() % 2 ? -m : m;  // 2^-14 <= |x| < 2^17: some overflow
    any(i) = std::bit_cast<float>(static_cast<std::uint32_t>(rng()));
  }
  const x::tensor<"f32[4096]"> h = x::reduce_precision<10, 5>(normal);
  const x::tensor<"f32[4096]"> b = x::reduce_precision<7, 8>(any);
  for (x::index_t i = 0; i < 4096; ++i) {
    CAPTURE(i);
    REQUIRE(same_value(h(i), static_cast<float>(x::f16(normal(i)))));
    REQUIRE(same_value(b(i), static_cast<float>(x::bf16(any(i)))));
  }
  // f64 <23,8> is f64 -> f32 -> f64 from f32's smallest normal on.
  x::tensor<"f64[1024]"> d;
  for (x::index_t i = 0; i < 1024; ++i) {
    const double m = std::ldexp(std::uniform_real_distribution<double>(1, 2)(rng), static_cast<int>(rng() % 260) - 126);
    d(i) = rng() % 2 ? -m : m;
  }
  const x::tensor<"f64[1024]"> r = x::reduce_precision<23, 8>(d);
  for (x::index_t i = 0; i < 1024; ++i) {
    CAPTURE(i);
    REQUIRE(same_value(r(i), static_cast<double>(static_cast<float>(d(i)))));
  }
}

TEST_CASE_TEMPLATE("ops/reduce_precision: random operands against the reference, every layout", T, float, double, x::f16,
                   x::bf16) {
  const auto run = [&]<int M, int E>(unsigned seed) {
    check_layouts<T, T>([](const auto& a) { return x::reduce_precision<M, E>(a); },
                        [](T v) { return ref_reduce(v, M, E); },
                        "reduce_precision<" + std::to_string(M) + "," + std::to_string(E) + ">", seed);
  };
  run.template operator()<10, 5>(1);
  run.template operator()<7, 8>(2);
  run.template operator()<0, 8>(3);
  run.template operator()<3, 2>(4);
  run.template operator()<1, 1>(5);
  run.template operator()<0, 3>(6);
  run.template operator()<23, 8>(7);
  run.template operator()<60, 20>(8);
}

// ---- get_dimension_size -----------------------------------------------------------------------

TEST_CASE("ops/get_dimension_size: a constant of type s32, the operand not read") {
  x::tensor<"f32[3,5]"> t;  // not constexpr
  t(0, 0) = 1.0f;
  constexpr auto n = x::get_dimension_size<1>(t);
  static_assert(std::is_same_v<decltype(n), const std::int32_t>);
  static_assert(n == 5);
  static_assert(x::get_dimension_size<0>(t) == 3);
  static_assert(x::get_dimension_size<0>(x::iota<"s32[4,8]", 1>()) == 4);
  static_assert(x::get_dimension_size<2>(x::bitcast_convert<x::f16>(t)) == 2);
  const x::tensor<"u8[7,1]{0,1}"> u;
  std::array<int, x::get_dimension_size<0>(u)> sized{};
  CHECK_EQ(sized.size(), 7u);
  CHECK_EQ(x::get_dimension_size<1>(x::convert<x::f64>(u)), 1);
}
