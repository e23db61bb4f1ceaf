// x::scaled_dot (XLA's ScaledDot) against jax.lax.scaled_dot's answers on worked cases
// (jax 0.10.2, CPU: f8e4m3fn with f8e8m0fnu scales in the default form, batched and with
// dimension numbers, f4e2m1fn with f8e4m3fn scales, f32 and bf16 with scales of their own
// type; results in the default bf16 and in f32), and against the definition in long
// double on random operands (mixed element types, f64, blocks along free and batch
// dimensions as XLA allows, a row longer than the 128 sums kept at once, an empty
// contraction), lazy and column-major operands, dimension numbers with a batch dimension
// in the middle, and the one place sxla's value differs from jax's on CPU.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <limits>
#include <random>
#include <type_traits>

namespace x = sxla;
using x::index_t;

namespace {

// A tensor of type T holding the given values in logical (row-major) order.
template <class T>
T make(std::initializer_list<double> values) {
  T t;
  const double* it = values.begin();
  x::for_each_index<typename T::shape_type>([&](const auto& i) {
    REQUIRE(it != values.end());
    t[i] = static_cast<typename T::value_type>(static_cast<float>(*it++));
  });
  CHECK(it == values.end());
  return t;
}

// Whether every element of t equals the value given (in logical order), exactly.
template <class T>
void check_values(const T& t, std::initializer_list<double> want) {
  const double* it = want.begin();
  int wrong = 0;
  x::for_each_index<typename T::shape_type>([&](const auto& i) {
    if (static_cast<double>(static_cast<float>(t[i])) != *it) ++wrong;
    ++it;
  });
  CHECK(it == want.end());
  CHECK(wrong == 0);
}

template <class T>
long double wide(T v) {
  if constexpr (std::is_same_v<T, double>) {
    return v;
  } else {
    return static_cast<float>(v);  // exact for every float type up to f32
  }
}

}  // namespace

TEST_CASE("scaled_dot: jax.lax.scaled_dot's answers, f8e4m3fn with f8e8m0fnu scales (MX)") {
  // m = 2, k = 8, n = 3; one scale per 4 elements along k.
  const auto lhs = make<x::tensor<"f8e4m3fn[2,8]">>({1, -2, 3, 0.5, 4, -1.5, 2, 6, -3, 1, 0, 2, 1.5, -4, 8, -0.25});
  const auto rhs = make<x::tensor<"f8e4m3fn[8,3]">>(
      {1, 0, -1, 2, 1, 0.5, -1, 3, 2, 0, -2, 1, 4, 1, -3, 0.5, -1, 1, 2, 2, -2, -1, 0.75, 1.5});
  const auto ls = make<x::tensor<"f8e8m0fnu[2,2]">>({2, 0.5, 0.25, 4});
  const auto rs = make<x::tensor<"f8e8m0fnu[2,3]">>({1, 8, 0.5, 0.125, 2, 1});
  const auto out = x::scaled_dot(lhs, rhs, ls, rs);
  static_assert(std::is_same_v<std::remove_const_t<decltype(out)>, x::tensor<"bf16[2,3]">>);
  check_values(out, {-11.1875, 110, 0.25, 9.875, 164, -99});  // the exact values rounded once to bf16
  const auto out32 = x::scaled_dot<float>(lhs, rhs, ls, rs);
  static_assert(std::is_same_v<std::remove_const_t<decltype(out32)>, x::tensor<"f32[2,3]">>);
  check_values(out32, {-11.171875, 110, 0.25, 9.875, 164.5, -98.8125});
}

TEST_CASE("scaled_dot: jax.lax.scaled_dot's answers, f4e2m1fn with f8e4m3fn scales (NVFP4-like)") {
  const auto lhs = make<x::tensor<"f4e2m1fn[2,8]">>({0.5, -1, 1.5, 2, -3, 4, 6, -0.5, 1, 1, -2, 0, 3, -6, 0.5, 1.5});
  const auto rhs =
      make<x::tensor<"f4e2m1fn[8,2]">>({1, -0.5, 2, 3, -1.5, 0, 4, 1, 0.5, -2, 6, 1, -1, 0.5, 3, -4});
  const auto ls = make<x::tensor<"f8e4m3fn[2,2]">>({1.5, 0.375, 3, 0.875});
  const auto rs = make<x::tensor<"f8e4m3fn[2,2]">>({1.25, 0.75, 2.5, 0.5});
  check_values(x::scaled_dot<float>(lhs, rhs, ls, rs), {22.03125, 1.40625, -44.21875, -2.140625});
}

TEST_CASE("scaled_dot: jax.lax.scaled_dot's answers, f32 and bf16 with scales of their type") {
  // Values bf16 holds, so that jax's CPU lowering (through bf16) is exact here.
  const std::initializer_list<double> l = {1.5, -2, 3, 0.25, 0, 5, -1, 2, 7, 0.5, -3, 1};
  const std::initializer_list<double> r = {2, -1, 0.5, 3, -4, 1, 1, 0.125};
  const std::initializer_list<double> sl = {0.5, 3, 2, -1, 1, 0.25};
  const std::initializer_list<double> sr = {1.5, -2, 4, 0.5};
  const auto f = x::scaled_dot<float>(make<x::tensor<"f32[3,4]">>(l), make<x::tensor<"f32[4,2]">>(r),
                                      make<x::tensor<"f32[3,2]">>(sl), make<x::tensor<"f32[2,2]">>(sr));
  check_values(f, {-139.5, 12.046875, -16.5, -59.625, 34.375, 10.640625});
  const auto b = x::scaled_dot(make<x::tensor<"bf16[3,4]">>(l), make<x::tensor<"bf16[4,2]">>(r),
                               make<x::tensor<"bf16[3,2]">>(sl), make<x::tensor<"bf16[2,2]">>(sr));
  static_assert(std::is_same_v<std::remove_const_t<decltype(b)>, x::tensor<"bf16[3,2]">>);
  check_values(b, {-140, 12.0625, -16.5, -59.5, 34.5, 10.625});
}

TEST_CASE("scaled_dot: jax.lax.scaled_dot's answers, rank 3 (a batch) and dimension numbers") {
  {  // the default form at rank 3: [b, m, k] . [b, k, n], blocks of 2 along k
    const auto lhs = make<x::tensor<"f8e4m3fn[2,2,4]">>({-3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2});
    const auto rhs = make<x::tensor<"f8e4m3fn[2,4,2]">>({-2, 1, -1, 2, 0, -2, 1, -1, 2, 0, -2, 1, -1, 2, 0, -2});
    const auto ls = make<x::tensor<"f8e8m0fnu[2,2,2]">>({0.25, 0.5, 1, 2, 4, 0.25, 0.5, 1});
    const auto rs = make<x::tensor<"f8e8m0fnu[2,2,2]">>({0.5, 1, 2, 0.5, 1, 2, 0.5, 1});
    const auto out = x::scaled_dot<float>(lhs, rhs, ls, rs);
    static_assert(std::is_same_v<std::remove_const_t<decltype(out)>, x::tensor<"f32[2,2,2]">>);
    check_values(out, {1, -1.25, -14, 2, -8, -8.5, 0.5, 1});
  }
  {  // the MX layout, k last on both sides: [m, k] . [n, k]
    using dims = x::dot_dims<x::idx{1}, x::idx{1}>;
    const auto lhs = make<x::tensor<"f8e4m3fn[2,4]">>({1, 2, -3, 4, 0.5, -1, 2, 3});
    const auto rhs = make<x::tensor<"f8e4m3fn[3,4]">>({1, -1, 2, 0, 3, 0.5, -2, 1, -4, 2, 1, 1});
    const auto ls = make<x::tensor<"f8e8m0fnu[2,2]">>({1, 2, 4, 0.5});
    const auto rs = make<x::tensor<"f8e8m0fnu[3,2]">>({2, 1, 0.5, 0.25, 1, 8});
    const auto out = x::scaled_dot<dims, float>(lhs, rhs, ls, rs);
    static_assert(std::is_same_v<std::remove_const_t<decltype(out)>, x::tensor<"f32[2,3]">>);
    check_values(out, {-14, 7, 16, 14, 1.875, 4});
  }
  {  // a batch dimension in the middle of lhs: lhs [k, b, m], rhs [b, n, k]
    using dims = x::dot_dims<x::idx{0}, x::idx{2}, x::idx{1}, x::idx{0}>;
    const auto lhs = make<x::tensor<"f8e4m3fn[4,2,2]">>({-4, 1, -3, 2, -2, 3, -1, 4, 0, -4, 1, -3, 2, -2, 3, -1});
    const auto rhs = make<x::tensor<"f8e4m3fn[2,3,4]">>({-2.5, 1, -1, 2.5, 0.5, -1.5, 2, 0,   -2, 1.5, -0.5, -2.5,
                                                         1,    -1, 2.5, 0.5, -1.5, 2,   0, -2, 1.5, -0.5, -2.5, 1});
    const auto ls = make<x::tensor<"f8e8m0fnu[2,2,2]">>({0.5, 1, 2, 4, 0.5, 1, 2, 4});
    const auto rs = make<x::tensor<"f8e8m0fnu[2,3,2]">>({0.5, 1, 2, 0.5, 1, 2, 0.5, 1, 2, 0.5, 1, 2});
    const auto out = x::scaled_dot<dims, float>(lhs, rhs, ls, rs);
    static_assert(std::is_same_v<std::remove_const_t<decltype(out)>, x::tensor<"f32[2,2,3]">>);
    check_values(out, {4.5, 1, -2.5, -0.75, -12, 16.5, 6, 4, -6, -36, 44, 56});
  }
}

TEST_CASE("scaled_dot: f32 operands are not rounded to bf16 first (jax on CPU does)") {
  // (1 + 2^-10) * 1 + 1 * 2^-9 in f32 is 1.0029296875; jax 0.10.2 on CPU, which converts
  // every operand to bf16 before multiplying, gives 1.001953125.
  const x::tensor<"f32[1,2]"> a = {{1.0f + 0x1p-10f, 1.0f}};
  const x::tensor<"f32[2,1]"> b = {{1.0f}, {0x1p-9f}};
  const x::tensor<"f32[1,1]"> one = {{1.0f}};
  CHECK(x::scaled_dot<float>(a, b, one, one)(0, 0) == 1.0029296875f);
}

namespace {

// The definition, in long double: out[batch, lhs free, rhs free] = sum over the
// contracting index c of (lhs * lhs_scale)(...) * (rhs * rhs_scale)(...), the scale
// index of operand index i being floor(i_d * s_d / n_d) in each dimension; compared with
// sxla's within the rounding of its sums and of the result.
template <class Dims, class Out, class L, class R, class LS, class RS>
void check_definition(const L& lhs, const R& rhs, const LS& lsc, const RS& rsc) {
  const auto out = x::scaled_dot<Dims, Out>(lhs, rhs, lsc, rsc);
  using O = std::remove_const_t<decltype(out)>;
  static_assert(std::is_same_v<typename O::value_type, Out>);
  constexpr x::idx ln = L::shape_type::spec.dimensions, rn = R::shape_type::spec.dimensions;
  constexpr x::idx lsn = LS::shape_type::spec.dimensions, rsn = RS::shape_type::spec.dimensions;
  constexpr auto lc = static_cast<std::size_t>(Dims::lhs_contracting[0]);
  constexpr auto rc = static_cast<std::size_t>(Dims::rhs_contracting[0]);
  constexpr index_t k = ln[lc];
  const auto is_in = [](const x::idx& l, std::size_t d) {
    for (index_t v : l)
      if (static_cast<std::size_t>(v) == d) return true;
    return false;
  };
  using A = std::conditional_t<std::is_same_v<Out, double> || std::is_same_v<typename L::value_type, double>, double,
                               float>;
  const long double u = std::numeric_limits<A>::epsilon() / 2;
  const long double out_u = std::ldexp(1.0L, -std::numeric_limits<Out>::digits);
  int wrong = 0;
  x::for_each_index<typename O::shape_type>([&](const auto& o) {
    x::multi_index<L::rank> li{};
    x::multi_index<R::rank> ri{};
    std::size_t t = 0;
    for (std::size_t b = 0; b < Dims::lhs_batch.size(); ++b, ++t) {
      li[static_cast<std::size_t>(Dims::lhs_batch[b])] = o[t];
      ri[static_cast<std::size_t>(Dims::rhs_batch[b])] = o[t];
    }
    for (std::size_t d = 0; d < L::rank; ++d)
      if (d != lc && !is_in(Dims::lhs_batch, d)) li[d] = o[t++];
    for (std::size_t d = 0; d < R::rank; ++d)
      if (d != rc && !is_in(Dims::rhs_batch, d)) ri[d] = o[t++];
    long double sum = 0, magnitude = 0;
    for (index_t c = 0; c < k; ++c) {
      li[lc] = c;
      ri[rc] = c;
      x::multi_index<L::rank> lsi{};
      x::multi_index<R::rank> rsi{};
      for (std::size_t d = 0; d < L::rank; ++d) lsi[d] = li[d] * lsn[d] / ln[d];
      for (std::size_t d = 0; d < R::rank; ++d) rsi[d] = ri[d] * rsn[d] / rn[d];
      const long double term = wide(lhs[li]) * wide(lsc[lsi]) * (wide(rhs[ri]) * wide(rsc[rsi]));
      sum += term;
      magnitude += std::fabs(term);
    }
    const long double got = wide(out[o]);
    const long double tolerance = static_cast<long double>(k + 4) * u * magnitude + out_u * std::fabs(sum) +
                                  wide(std::numeric_limits<Out>::denorm_min());
    if (!(std::fabs(got - sum) <= tolerance)) ++wrong;
  });
  CHECK(wrong == 0);
}

// t filled with random values: of about unit size, or (powers) powers of two 2^-3 .. 2^3.
template <class T>
T random_tensor(std::mt19937& gen, bool powers) {
  T t;
  std::uniform_real_distribution<float> value(-4.0f, 4.0f);
  x::for_each_index<typename T::shape_type>([&](const auto& i) {
    const float v = powers ? std::ldexp(1.0f, static_cast<int>(gen() % 7) - 3) : value(gen);
    t[i] = static_cast<typename T::value_type>(v);
  });
  return t;
}

template <class Dims, class Out, class L, class R, class LS, class RS>
void check_random(unsigned seed, bool power_scales) {
  INFO("seed ", seed);
  std::mt19937 gen(seed);
  const auto lhs = random_tensor<L>(gen, false);
  const auto rhs = random_tensor<R>(gen, false);
  const auto ls = random_tensor<LS>(gen, power_scales);
  const auto rs = random_tensor<RS>(gen, power_scales);
  check_definition<Dims, Out>(lhs, rhs, ls, rs);
}

}  // namespace

TEST_CASE("scaled_dot: random operands against the definition") {
  using mk = x::dot_dims<x::idx{1}, x::idx{0}>;
  using kk = x::dot_dims<x::idx{1}, x::idx{1}>;
  // MX: blocks of 32 along k.
  check_random<mk, float, x::tensor<"f8e4m3fn[5,64]">, x::tensor<"f8e4m3fn[64,7]">, x::tensor<"f8e8m0fnu[5,2]">,
               x::tensor<"f8e8m0fnu[2,7]">>(1, true);
  // mixed operand types (f8e5m2 and f4e2m1fn), f8e4m3fn scales in blocks of 16, result bf16
  check_random<kk, x::bf16, x::tensor<"f8e5m2[3,48]">, x::tensor<"f4e2m1fn[4,48]">, x::tensor<"f8e4m3fn[3,3]">,
               x::tensor<"f8e4m3fn[4,3]">>(2, false);
  // f32 and f16 operands, bf16 and f32 scales, result f32
  check_random<mk, float, x::tensor<"f32[6,12]">, x::tensor<"f16[12,5]">, x::tensor<"bf16[6,4]">,
               x::tensor<"f32[3,5]">>(3, false);
  // f64: sums in f64
  check_random<mk, double, x::tensor<"f64[4,10]">, x::tensor<"f64[10,3]">, x::tensor<"f64[4,5]">,
               x::tensor<"f64[1,3]">>(4, false);
  // blocks along the free dimensions too (XLA allows any divisor; jax only k): 128x128-like
  check_random<kk, float, x::tensor<"f8e4m3fn[8,16]">, x::tensor<"f8e4m3fn[6,16]">, x::tensor<"bf16[2,4]">,
               x::tensor<"bf16[3,1]">>(5, false);
  // a row of 300 (the sums are kept 128 at a time), one scale per element of lhs
  check_random<mk, float, x::tensor<"bf16[3,6]">, x::tensor<"f8e4m3fn[6,300]">, x::tensor<"f32[3,6]">,
               x::tensor<"f8e8m0fnu[3,300]">>(6, true);
  // two batch dimensions paired in another order, blocked along one of them on each side
  using batched = x::dot_dims<x::idx{3}, x::idx{1}, x::idx{0, 2}, x::idx{2, 0}>;
  check_random<batched, float, x::tensor<"f8e4m3fn[4,3,2,8]">, x::tensor<"f8e4m3fn[2,8,4,5]">,
               x::tensor<"f8e8m0fnu[2,3,2,2]">, x::tensor<"f8e8m0fnu[2,2,1,5]">>(7, true);
  // a rank-1 . rank-1 product (one contracting dimension, nothing else): a scalar
  check_random<x::dot_dims<x::idx{0}, x::idx{0}>, float, x::tensor<"f8e4m3fn[64]">, x::tensor<"f8e4m3fn[64]">,
               x::tensor<"f8e8m0fnu[2]">, x::tensor<"f8e8m0fnu[4]">>(8, true);
}

TEST_CASE("scaled_dot: an empty contraction gives zeros") {
  const x::tensor<"f8e4m3fn[2,0]"> a;
  const x::tensor<"f8e4m3fn[0,3]"> b;
  const x::tensor<"f8e8m0fnu[2,0]"> sa;
  const x::tensor<"f8e8m0fnu[0,3]"> sb;
  check_values(x::scaled_dot<float>(a, b, sa, sb), {0, 0, 0, 0, 0, 0});
}

TEST_CASE("scaled_dot: lazy and column-major operands are read element by element") {
  std::mt19937 gen(9);
  const auto a = random_tensor<x::tensor<"f32[4,8]">>(gen, false);
  const auto b = random_tensor<x::tensor<"f32[8,3]">>(gen, false);
  const auto sa = random_tensor<x::tensor<"f8e8m0fnu[4,2]">>(gen, true);
  const auto sb = random_tensor<x::tensor<"f8e8m0fnu[2,3]">>(gen, true);
  const x::tensor<"f32[4,8]{0,1}"> a_cm = a;               // column-major
  const x::tensor<"f8e8m0fnu[2,3]{0,1}"> sb_cm = sb;       // column-major scale
  const x::tensor<"f32[4,8]"> a2 = a * 2.0f;
  const auto dense = x::scaled_dot<float>(a, b, sa, sb);
  const auto other = x::scaled_dot<float>(a_cm, b, sa, sb_cm);
  const auto lazy = x::scaled_dot<float>(a * 2.0f, b, sa, sb);
  const auto lazy_dense = x::scaled_dot<float>(a2, b, sa, sb);
  int wrong = 0;
  for (index_t i = 0; i < 4; ++i)
    for (index_t j = 0; j < 3; ++j) {
      wrong += other(i, j) != dense(i, j);
      wrong += lazy(i, j) != lazy_dense(i, j);
      wrong += lazy(i, j) != 2.0f * dense(i, j);  // scaling by 2 is exact
    }
  CHECK(wrong == 0);
  check_definition<x::dot_dims<x::idx{1}, x::idx{0}>, float>(a_cm, b, sa, sb_cm);
}
