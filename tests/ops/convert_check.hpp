// tests/ops/convert_check.hpp: what the tests of sxla/ops/convert.hpp share: bit-pattern
// helpers, checks of a 1-D result on the vector and the scalar path, the references
// (long double rounding, saturating conversion) and the random checks in every layout.
#ifndef SXLA_TESTS_OPS_CONVERT_CHECK_HPP
#define SXLA_TESTS_OPS_CONVERT_CHECK_HPP

#include <sxla/sxla.hpp>

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

namespace sxla_test::convert_check {

namespace x = sxla;
using namespace sxla_test;

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

// The n values of a 1-D result, evaluated and read through at(), against want (out of
// line: once per element type, not per expression).
template <class U>
[[gnu::noinline]] void check_values(const U* evaluated, const U* scalar, const U* want, std::size_t n,
                                    const std::string& what) {
  for (std::size_t i = 0; i < n; ++i) {
    CAPTURE(i);
    CHECK_MESSAGE(same_value(evaluated[i], want[i]), what << ": evaluated " << show(evaluated[i]) << ", want "
                                                          << show(want[i]));
    CHECK_MESSAGE(same_value(scalar[i], want[i]), what << ": at() " << show(scalar[i]) << ", want " << show(want[i]));
  }
}

// e evaluated (the vector path where there is one) and read element by element through
// at() (the scalar path) both equal `want`.
template <class E, class U, std::size_t N>
void check_1d(const E& e, const std::array<U, N>& want, const std::string& what) {
  static_assert(std::is_same_v<typename E::value_type, U>);
  static_assert(E::spec.dimensions == x::dimension_list{static_cast<x::index_t>(N)});
  const x::tensor<E::spec> got = e;
  std::array<U, N> evaluated{}, scalar{};
  for (std::size_t i = 0; i < N; ++i) {
    evaluated[i] = got(i);
    scalar[i] = e.at({static_cast<x::index_t>(i)});
  }
  check_values(evaluated.data(), scalar.data(), want.data(), N, what);
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
inline long double ref_round(long double v, int mant, int emin, int emax) {
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

// reduce_precision<M, E> on random operands of T for eight (mantissa, exponent) pairs,
// from narrower than f16's to wider than f64's, against ref_reduce.
template <class T>
void check_reduce_precision_random() {
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

}  // namespace sxla_test::convert_check

#endif  // SXLA_TESTS_OPS_CONVERT_CHECK_HPP
