// docs/cheatsheet-jax.md, the jax.lax -> sxla sheet: every sxla spelling the sheet
// shows, compiled and run here, grouped as the sheet groups them, on small inputs whose
// results are written by hand from jax.lax's (and XLA's) definitions. Nothing is checked
// against sxla's own output. This file has the sheet's arrays, elementwise ops, element
// types, shapes, gather and scatter, reductions, control flow, collectives and printing;
// cheatsheet_kernels_test.cpp its windows, dot_general, convolutions, FFT, sort, random
// numbers and linear algebra (split to keep each file near 20 s of compile time);
// cheatsheet_numpy_test.cpp and cheatsheet_numpy_more_test.cpp are docs/cheatsheet-numpy.md's.
#include "docs/cheatsheet_check.hpp"

#include <doctest/doctest.h>

#include <sxla/sxla.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <sstream>
#include <tuple>
#include <type_traits>

namespace x = sxla;

using cheatsheet::inf;
using cheatsheet::near;
using cheatsheet::qnan;

TEST_CASE("cheatsheet-jax: declarations") {
  // jnp.array(..., jnp.float32), jnp.zeros, jnp.ones, lax.full, lax.full_like, lax.empty
  x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  x::tensor<"f32[2,3]"> z;
  x::tensor<"f32[2,3]"> o = x::broadcast<2, 3>(x::tensor<"f32[]">{1.0f});
  x::tensor<"f32[2,3]"> f = x::broadcast<2, 3>(x::tensor<"f32[]">{7.0f});
  x::tensor<"f32[2,3]"> fl = x::broadcast_in_dim<decltype(a)::spec>(x::tensor<"f32[]">{7.0f});
  x::tensor<"f32[2,3]"> e(x::uninitialized);
  e = a;
  CHECK(a(1, 2) == 6.0f);
  CHECK(z == x::tensor<"f32[2,3]">{{0, 0, 0}, {0, 0, 0}});
  CHECK(o == x::tensor<"f32[2,3]">{{1, 1, 1}, {1, 1, 1}});
  CHECK(f == x::tensor<"f32[2,3]">{{7, 7, 7}, {7, 7, 7}});
  CHECK(fl == f);
  CHECK(e == a);

  // jax.ShapeDtypeStruct((2, 3), jnp.float32); x.shape, x.ndim, x.size, x.dtype
  using s = x::shape<"f32[2,3]">;
  static_assert(s::rank == 2 && s::element_count == 6);
  static_assert(decltype(a)::shape_type::dimensions == std::array<x::index_t, 2>{2, 3});
  static_assert(decltype(a)::rank == 2);
  static_assert(decltype(a)::element_count == 6);
  static_assert(std::is_same_v<decltype(a)::value_type, float>);
  static_assert(decltype(a)::shape_type::element_type == x::primitive_type::f32);
  static_assert(x::to_string<s>() == "f32[2,3]{1,0}");
  static_assert(x::to_string<decltype(a)>() == "f32[2,3]{1,0}");

  // An array in memory the caller owns (jnp.asarray of a host buffer), in any layout.
  float buf[6] = {1, 4, 2, 5, 3, 6};
  auto view = x::view<"f32[2,3]{0,1}">(buf);
  CHECK(view(1, 0) == 4.0f);
  CHECK(view == a);

  // jax.jit(f) folded at compile time: constexpr.
  constexpr x::tensor<"s32[3]"> q = {1, 2, 3};
  constexpr auto y = x::eval(q * q + 1);
  static_assert(y(2) == 10);
}

TEST_CASE("cheatsheet-jax: elementwise arithmetic") {
  const x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  const x::tensor<"f32[2,3]"> b = {{6, 5, 4}, {3, 2, 1}};
  const x::tensor<"f32[3]"> v = {7, 8, 9};
  CHECK(x::eval(x::add(a, b)) == x::tensor<"f32[2,3]">{{7, 7, 7}, {7, 7, 7}});
  CHECK(x::eval(a + b) == x::tensor<"f32[2,3]">{{7, 7, 7}, {7, 7, 7}});
  CHECK(x::eval(x::add(a, v, x::broadcast_dimensions<1>)) == x::tensor<"f32[2,3]">{{8, 10, 12}, {11, 13, 15}});
  CHECK(x::eval(x::sub(a, b)) == x::tensor<"f32[2,3]">{{-5, -3, -1}, {1, 3, 5}});
  CHECK(x::eval(a - b) == x::tensor<"f32[2,3]">{{-5, -3, -1}, {1, 3, 5}});
  CHECK(x::eval(x::mul(a, b)) == x::tensor<"f32[2,3]">{{6, 10, 12}, {12, 10, 6}});
  CHECK(x::eval(a * b) == x::tensor<"f32[2,3]">{{6, 10, 12}, {12, 10, 6}});
  CHECK(x::eval(x::div(a, b)) ==
        x::tensor<"f32[2,3]">{{1.0f / 6.0f, 2.0f / 5.0f, 3.0f / 4.0f}, {4.0f / 3.0f, 5.0f / 2.0f, 6.0f}});
  CHECK(x::eval(a / b) == x::eval(x::div(a, b)));
  CHECK(x::eval(x::rem(a, b)) == x::tensor<"f32[2,3]">{{1, 2, 3}, {1, 1, 0}});  // fmod
  CHECK(x::eval(a % b) == x::tensor<"f32[2,3]">{{1, 2, 3}, {1, 1, 0}});
  CHECK(x::eval(x::max(a, b)) == x::tensor<"f32[2,3]">{{6, 5, 4}, {4, 5, 6}});
  CHECK(x::eval(x::min(a, b)) == x::tensor<"f32[2,3]">{{1, 2, 3}, {3, 2, 1}});
  CHECK(x::eval(x::neg(a)) == x::tensor<"f32[2,3]">{{-1, -2, -3}, {-4, -5, -6}});
  CHECK(x::eval(-a) == x::tensor<"f32[2,3]">{{-1, -2, -3}, {-4, -5, -6}});
  // lax.square, lax.integer_pow(a, 3), lax.reciprocal
  CHECK(x::eval(a * a) == x::tensor<"f32[2,3]">{{1, 4, 9}, {16, 25, 36}});
  CHECK(x::eval(a * a * a) == x::tensor<"f32[2,3]">{{1, 8, 27}, {64, 125, 216}});
  CHECK(x::eval(1.0f / a) == x::tensor<"f32[2,3]">{{1.0f, 0.5f, 1.0f / 3.0f}, {0.25f, 0.2f, 1.0f / 6.0f}});
  CHECK(near(x::eval(x::pow(a, 2.0f)), {1, 4, 9, 16, 25, 36}, 1e-5));
  // Integers: C's truncating division, the dividend's sign for the remainder, XLA's x/0.
  const x::tensor<"s32[6]"> n = {7, -7, 7, -7, 0, 5};
  const x::tensor<"s32[6]"> d = {2, 2, -2, -2, 3, 0};
  CHECK(x::eval(x::div(n, d)) == x::tensor<"s32[6]">{3, -3, -3, 3, 0, -1});
  CHECK(x::eval(x::rem(n, d)) == x::tensor<"s32[6]">{1, -1, 1, -1, 0, 5});
  CHECK(x::eval(x::pow(x::tensor<"s32[3]">{2, 3, -2}, x::tensor<"s32[3]">{10, 3, 3})) == x::tensor<"s32[3]">{1024, 27, -8});

  // Sign, rounding, abs, is_finite
  const x::tensor<"f32[5]"> r = {2.5f, -2.5f, 0.5f, 1.5f, -0.4f};
  CHECK(x::eval(x::abs(r)) == x::tensor<"f32[5]">{2.5f, 2.5f, 0.5f, 1.5f, 0.4f});
  CHECK(x::eval(x::sign(r)) == x::tensor<"f32[5]">{1, -1, 1, 1, -1});
  CHECK(x::eval(x::floor(r)) == x::tensor<"f32[5]">{2, -3, 0, 1, -1});
  CHECK(x::eval(x::ceil(r)) == x::tensor<"f32[5]">{3, -2, 1, 2, -0.0f});
  CHECK(x::eval(x::round(r)) == x::tensor<"f32[5]">{3, -3, 1, 2, -0.0f});
  CHECK(x::eval(x::round_nearest_even(r)) == x::tensor<"f32[5]">{2, -2, 0, 2, -0.0f});
  CHECK(std::signbit(x::eval(x::round(r))(4)));
  CHECK(x::eval(x::is_finite(x::tensor<"f32[3]">{1.0f, inf, qnan})) == x::tensor<"pred[3]">{true, false, false});
  // lax.nextafter(a, inf) for finite a > 0: the next bit pattern
  CHECK(x::eval(x::bitcast_convert<x::f32>(x::bitcast_convert<x::s32>(a) + 1)) ==
        x::tensor<"f32[2,3]">{{1.0f + 0x1p-23f, 2.0f + 0x1p-22f, 3.0f + 0x1p-22f},
                              {4.0f + 0x1p-21f, 5.0f + 0x1p-21f, 6.0f + 0x1p-21f}});
}

TEST_CASE("cheatsheet-jax: transcendental functions") {
  const x::tensor<"f32[4]"> t = {0.0f, 0.5f, 1.0f, 2.0f};
  const x::tensor<"f32[4]"> w = {1.0f, 2.0f, 4.0f, 8.0f};
  CHECK(near(x::eval(x::exp(t)), {1.0, 1.6487212707, 2.7182818285, 7.3890560989}));
  CHECK(near(x::eval(x::expm1(t)), {0.0, 0.6487212707, 1.7182818285, 6.3890560989}));
  CHECK(near(x::eval(x::pow(2.0f, t)), {1.0, 1.4142135624, 2.0, 4.0}));  // exp2
  CHECK(near(x::eval(x::log(w)), {0.0, 0.6931471806, 1.3862943611, 2.0794415417}));
  CHECK(near(x::eval(x::log1p(w)), {0.6931471806, 1.0986122887, 1.6094379124, 2.1972245773}));
  CHECK(near(x::eval(x::logistic(t)), {0.5, 0.6224593312, 0.7310585786, 0.8807970780}));
  CHECK(near(x::eval(x::tanh(t)), {0.0, 0.4621171573, 0.7615941560, 0.9640275801}));
  CHECK(near(x::eval(x::sin(t)), {0.0, 0.4794255386, 0.8414709848, 0.9092974268}));
  CHECK(near(x::eval(x::cos(t)), {1.0, 0.8775825619, 0.5403023059, -0.4161468365}));
  CHECK(near(x::eval(x::tan(t)), {0.0, 0.5463024898, 1.5574077247, -2.1850398633}));
  CHECK(near(x::eval(x::sqrt(w)), {1.0, 1.4142135624, 2.0, 2.8284271247}));
  CHECK(near(x::eval(x::rsqrt(w)), {1.0, 0.7071067812, 0.5, 0.3535533906}));
  CHECK(near(x::eval(x::cbrt(w)), {1.0, 1.2599210499, 1.5874010520, 2.0}));
  const x::tensor<"f32[4]"> y = {1, 1, -1, 0};
  const x::tensor<"f32[4]"> xx = {1, 0, -1, -1};
  CHECK(near(x::eval(x::atan2(y, xx)), {0.7853981634, 1.5707963268, -2.3561944902, 3.1415926536}));
  // What sxla lacks, written from its ops.
  const x::tensor<"f32[3]"> h = {0.5f, 1.0f, 2.0f};
  CHECK(near(x::eval((x::expm1(h) - x::expm1(-h)) / 2.0f), {0.5210953055, 1.1752011936, 3.6268604078}));  // sinh
  CHECK(near(x::eval((x::exp(h) + x::exp(-h)) / 2.0f), {1.1276259652, 1.5430806348, 3.7621956911}));      // cosh
  const x::tensor<"f32[3]"> q = {-0.5f, 0.0f, 0.5f};
  CHECK(near(x::eval(x::atan2(q, x::sqrt(1.0f - q * q))), {-0.5235987756, 0.0, 0.5235987756}));  // asin
  CHECK(near(x::eval(x::atan2(x::sqrt(1.0f - q * q), q)), {2.0943951024, 1.5707963268, 1.0471975512}));  // acos
  CHECK(near(x::eval(x::atan2(h, 1.0f)), {0.4636476090, 0.7853981634, 1.1071487178}));  // atan
  CHECK(near(x::eval(x::log(h + x::sqrt(h * h + 1.0f))), {0.4812118251, 0.8813735870, 1.4436354752}));  // asinh
  const x::tensor<"f32[2]"> big = {1.0f, 2.0f};
  CHECK(near(x::eval(x::log(big + x::sqrt(big * big - 1.0f))), {0.0, 1.3169578969}));  // acosh
  CHECK(near(x::eval(0.5f * x::log((1.0f + q) / (1.0f - q))), {-0.5493061443, 0.0, 0.5493061443}));  // atanh
  // lax.erf, lax.lgamma, ...: a C++ function mapped over the elements
  CHECK(near(x::eval(x::map([](float e) { return std::erf(e); }, h)), {0.5204998778, 0.8427007929, 0.9953222650}));
}

TEST_CASE("cheatsheet-jax: bitwise ops, shifts, population count") {
  const x::tensor<"u32[3]"> p = {0b1100u, 0xFFu, 1u};
  const x::tensor<"u32[3]"> q = {0b1010u, 0x0Fu, 0u};
  CHECK(x::eval(x::and_(p, q)) == x::tensor<"u32[3]">{0b1000u, 0x0Fu, 0u});
  CHECK(x::eval(x::or_(p, q)) == x::tensor<"u32[3]">{0b1110u, 0xFFu, 1u});
  CHECK(x::eval(x::xor_(p, q)) == x::tensor<"u32[3]">{0b0110u, 0xF0u, 1u});
  CHECK(x::eval(x::not_(q)) == x::tensor<"u32[3]">{~0b1010u, ~0x0Fu, 0xFFFFFFFFu});
  CHECK(x::eval(x::popcnt(p)) == x::tensor<"u32[3]">{2, 8, 1});
  CHECK(x::eval(x::clz(p)) == x::tensor<"u32[3]">{28, 24, 31});
  const x::tensor<"s32[3]"> s = {-8, 1, 3};
  const x::tensor<"s32[3]"> k = {1, 40, 2};
  CHECK(x::eval(x::shift_left(s, k)) == x::tensor<"s32[3]">{-16, 0, 12});  // out of range: 0
  CHECK(x::eval(x::shift_right_logical(s, k)) == x::tensor<"s32[3]">{0x7FFFFFFC, 0, 0});
  CHECK(x::eval(x::shift_right_arithmetic(s, k)) == x::tensor<"s32[3]">{-4, 0, 0});
  const x::tensor<"pred[2]"> t = {true, false};
  CHECK(x::eval(x::not_(t)) == x::tensor<"pred[2]">{false, true});
}

TEST_CASE("cheatsheet-jax: complex numbers") {
  const x::tensor<"f32[2]"> re = {1, 3};
  const x::tensor<"f32[2]"> im = {2, -4};
  const x::tensor<"c64[2]"> c = x::complex(re, im);
  CHECK(c(0) == std::complex<float>(1, 2));
  CHECK(c(1) == std::complex<float>(3, -4));
  CHECK(x::eval(x::real(c)) == re);
  CHECK(x::eval(x::imag(c)) == im);
  CHECK(x::eval(x::conj(c)) == x::tensor<"c64[2]">{{1, -2}, {3, 4}});
  CHECK(near(x::eval(x::abs(c)), {2.2360679775, 5.0}));
}

TEST_CASE("cheatsheet-jax: comparisons, select, clamp") {
  const x::tensor<"f32[4]"> a = {1, 2, 3, qnan};
  const x::tensor<"f32[4]"> b = {2, 2, 2, qnan};
  CHECK(x::eval(x::eq(a, b)) == x::tensor<"pred[4]">{false, true, false, false});
  CHECK(x::eval(x::ne(a, b)) == x::tensor<"pred[4]">{true, false, true, true});
  CHECK(x::eval(x::lt(a, b)) == x::tensor<"pred[4]">{true, false, false, false});
  CHECK(x::eval(x::le(a, b)) == x::tensor<"pred[4]">{true, true, false, false});
  CHECK(x::eval(x::gt(a, b)) == x::tensor<"pred[4]">{false, false, true, false});
  CHECK(x::eval(x::ge(a, b)) == x::tensor<"pred[4]">{false, true, true, false});
  CHECK(x::eval(a > 2.0f) == x::tensor<"pred[4]">{false, false, true, false});
  CHECK(x::eval(a <= b) == x::tensor<"pred[4]">{true, true, false, false});
  CHECK(x::eval(a < b) == x::tensor<"pred[4]">{true, false, false, false});
  // The total order of sort: NaN equals itself.
  CHECK(x::eval(x::eq_total_order(a, b)) == x::tensor<"pred[4]">{false, true, false, true});
  CHECK(x::eval(x::lt_total_order(x::tensor<"f32[2]">{-0.0f, 1.0f}, x::tensor<"f32[2]">{0.0f, qnan})) ==
        x::tensor<"pred[2]">{true, true});
  // Whole-array equality of two tensors is a bool.
  CHECK((a == a) == false);  // NaN != NaN
  CHECK(x::tensor<"f32[2]">{1, 2} == x::tensor<"f32[2]">{1, 2});

  const x::tensor<"f32[4]"> f = {10, 20, 30, 40};
  const x::tensor<"pred[4]"> p = {true, false, false, true};
  const auto s = x::eval(x::select(p, a, f));
  CHECK(s(0) == 1.0f);
  CHECK(s(1) == 20.0f);
  CHECK(s(2) == 30.0f);
  CHECK(std::isnan(s(3)));
  CHECK(x::eval(x::select(p, f, 0.0f)) == x::tensor<"f32[4]">{10, 0, 0, 40});
  // lax.select_n(p, f, b): the case for false first.
  CHECK(x::eval(x::select(x::tensor<"pred[2]">{false, true}, x::tensor<"f32[2]">{1, 2}, x::tensor<"f32[2]">{3, 4})) ==
        x::tensor<"f32[2]">{3, 2});
  CHECK(x::eval(x::clamp(2.0f, f / 10.0f, 3.5f)) == x::tensor<"f32[4]">{2, 2, 3, 3.5f});
  CHECK(x::eval(x::clamp(0, x::tensor<"s32[3]">{-1, 5, 9}, 6)) == x::tensor<"s32[3]">{0, 5, 6});
}

TEST_CASE("cheatsheet-jax: element types") {
  const x::tensor<"f32[4]"> a = {2.7f, -2.7f, 3e9f, qnan};
  CHECK(x::eval(x::convert<x::s32>(a)) == x::tensor<"s32[4]">{2, -2, 2147483647, 0});
  CHECK(x::eval(x::convert<x::f32>(x::tensor<"s32[2]">{-3, 16777217})) == x::tensor<"f32[2]">{-3.0f, 16777216.0f});
  const x::tensor<"bf16[2]"> h = x::convert<x::bf16>(x::tensor<"f32[2]">{1.00390625f, 1.005859375f});
  CHECK(static_cast<float>(h(0)) == 1.0f);        // a tie: to even
  CHECK(static_cast<float>(h(1)) == 1.0078125f);  // nearest
  const x::tensor<"f8e4m3fn[2]"> q = x::convert<x::f8e4m3fn>(x::tensor<"f32[2]">{300.0f, 500.0f});
  CHECK(static_cast<float>(q(0)) == 288.0f);
  CHECK(std::isnan(static_cast<float>(q(1))));  // beyond 448 + 16: no inf in fn types
  const x::tensor<"s4[2]"> i4 = x::convert<x::s4>(x::tensor<"s32[2]">{9, -9});
  CHECK(static_cast<int>(i4(0)) == -7);  // low four bits
  CHECK(static_cast<int>(i4(1)) == 7);
  // lax.bitcast_convert_type
  const x::tensor<"f32[2]"> one = {1.0f, -2.0f};
  CHECK(x::eval(x::bitcast_convert<x::u32>(one)) == x::tensor<"u32[2]">{0x3F800000u, 0xC0000000u});
  CHECK(x::eval(x::bitcast_convert<x::u16>(one)) == x::tensor<"u16[2,2]">{{0x0000, 0x3F80}, {0x0000, 0xC000}});
  // lax.reduce_precision(a, exponent_bits=5, mantissa_bits=10): f16's precision and range
  const x::tensor<"f32[3]"> r = {1.00048828125f, 1.000732421875f, 70000.0f};
  CHECK(x::eval(x::reduce_precision<10, 5>(r)) == x::tensor<"f32[3]">{1.0f, 1.0009765625f, inf});
}

TEST_CASE("cheatsheet-jax: shapes: broadcast, reshape, transpose, rev") {
  const x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  const x::tensor<"f32[3]"> v = {7, 8, 9};
  CHECK(x::eval(x::broadcast<2>(v)) == x::tensor<"f32[2,3]">{{7, 8, 9}, {7, 8, 9}});
  CHECK(x::eval(x::broadcast_in_dim<"f32[3,2]", 0>(v)) == x::tensor<"f32[3,2]">{{7, 7}, {8, 8}, {9, 9}});
  CHECK(x::eval(x::broadcast_in_dim<"f32[2,3]", 1>(v)) == x::tensor<"f32[2,3]">{{7, 8, 9}, {7, 8, 9}});
  CHECK(x::eval(x::reshape<"f32[3,2]">(a)) == x::tensor<"f32[3,2]">{{1, 2}, {3, 4}, {5, 6}});
  CHECK(x::eval(x::reshape<"f32[3,2]", 1, 0>(a)) == x::tensor<"f32[3,2]">{{1, 4}, {2, 5}, {3, 6}});
  CHECK(x::eval(x::collapse<0, 1>(a)) == x::tensor<"f32[6]">{1, 2, 3, 4, 5, 6});
  const x::tensor<"f32[1,2,3]"> e = x::reshape<"f32[1,2,3]">(a);  // expand_dims(a, (0,))
  CHECK(e(0, 1, 2) == 6.0f);
  CHECK(x::eval(x::reshape<"f32[2,3]">(e)) == a);  // squeeze(e, (0,))
  CHECK(x::eval(x::transpose<1, 0>(a)) == x::tensor<"f32[3,2]">{{1, 4}, {2, 5}, {3, 6}});
  CHECK(x::eval(x::rev<1>(a)) == x::tensor<"f32[2,3]">{{3, 2, 1}, {6, 5, 4}});
  CHECK(x::eval(x::rev<0, 1>(a)) == x::tensor<"f32[2,3]">{{6, 5, 4}, {3, 2, 1}});
}

TEST_CASE("cheatsheet-jax: shapes: slice, dynamic_slice, pad, concatenate, iota") {
  const x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  CHECK(x::eval(x::slice<x::idx{0, 1}, x::idx{2, 3}>(a)) == x::tensor<"f32[2,2]">{{2, 3}, {5, 6}});
  CHECK(x::eval(x::slice<x::idx{0, 0}, x::idx{2, 3}, x::idx{1, 2}>(a)) == x::tensor<"f32[2,2]">{{1, 3}, {4, 6}});
  CHECK(x::eval(x::reshape<"f32[3]">(x::slice<x::idx{1, 0}, x::idx{2, 3}>(a))) == x::tensor<"f32[3]">{4, 5, 6});
  const int i = 1, j = 5;
  CHECK(x::eval(x::dynamic_slice<1, 2>(a, i, j)) == x::tensor<"f32[1,2]">{{5, 6}});  // j clamped to 1
  CHECK(x::eval(x::dynamic_slice<2, 2>(a, 0, j)) == x::tensor<"f32[2,2]">{{2, 3}, {5, 6}});  // dynamic_slice_in_dim
  CHECK(x::eval(x::reshape<"f32[3]">(x::dynamic_slice<1, 3>(a, i, 0))) == x::tensor<"f32[3]">{4, 5, 6});
  CHECK(x::eval(x::slice<x::idx{0, 0}, x::idx{2, 1}>(a)) == x::tensor<"f32[2,1]">{{1}, {4}});  // lax.split
  const x::tensor<"f32[1,2]"> u = {{10, 20}};
  CHECK(x::eval(x::dynamic_update_slice(a, u, 0, 1)) == x::tensor<"f32[2,3]">{{1, 10, 20}, {4, 5, 6}});
  x::tensor<"f32[2,3]"> t = a;
  x::dynamic_update_slice_in_place(t, u, 1, 7);  // 7 clamped to 1
  CHECK(t == x::tensor<"f32[2,3]">{{1, 2, 3}, {4, 10, 20}});
  // lax.pad(a, 0., [(0, 1, 0), (1, 0, 1)]) and a negative edge
  CHECK(x::eval(x::pad<x::idx{0, 1}, x::idx{1, 0}, x::idx{0, 1}>(a, 0.0f)) ==
        x::tensor<"f32[3,6]">{{0, 1, 0, 2, 0, 3}, {0, 4, 0, 5, 0, 6}, {0, 0, 0, 0, 0, 0}});
  CHECK(x::eval(x::pad<x::idx{0, -1}, x::idx{0, 0}>(a, 0.0f)) == x::tensor<"f32[2,2]">{{2, 3}, {5, 6}});
  const x::tensor<"f32[2,1]"> col = {{7}, {8}};
  CHECK(x::eval(x::concatenate<1>(a, col)) == x::tensor<"f32[2,4]">{{1, 2, 3, 7}, {4, 5, 6, 8}});
  CHECK(x::eval(x::concatenate<0>(a, a)) == x::tensor<"f32[4,3]">{{1, 2, 3}, {4, 5, 6}, {1, 2, 3}, {4, 5, 6}});
  // lax.stack([a, a])
  CHECK(x::eval(x::concatenate<0>(x::reshape<"f32[1,2,3]">(a), x::reshape<"f32[1,2,3]">(a))) ==
        x::tensor<"f32[2,2,3]">{{{1, 2, 3}, {4, 5, 6}}, {{1, 2, 3}, {4, 5, 6}}});
  CHECK(x::eval(x::iota<"s32[4]", 0>()) == x::tensor<"s32[4]">{0, 1, 2, 3});
  CHECK(x::eval(x::iota<"s32[2,3]", 1>()) == x::tensor<"s32[2,3]">{{0, 1, 2}, {0, 1, 2}});
  CHECK(x::eval(x::iota<"f32[2,3]", 0>()) == x::tensor<"f32[2,3]">{{0, 0, 0}, {1, 1, 1}});
}

namespace {
constexpr x::gather_dims rows_of{.offset_dims = x::idx{1}, .collapsed_slice_dims = x::idx{0},
                                 .start_index_map = x::idx{0}, .index_vector_dim = 1};
constexpr x::scatter_dims into_rows{.update_window_dims = x::idx{1}, .inserted_window_dims = x::idx{0},
                                    .scatter_dims_to_operand_dims = x::idx{0}, .index_vector_dim = 1};
}  // namespace

TEST_CASE("cheatsheet-jax: gather and scatter") {
  const x::tensor<"f32[4,3]"> t = {{0, 1, 2}, {10, 11, 12}, {20, 21, 22}, {30, 31, 32}};
  const x::tensor<"s32[3,1]"> ids = {{3}, {0}, {3}};
  CHECK(x::eval(x::gather<x::gather_dims{.offset_dims = x::idx{1}, .collapsed_slice_dims = x::idx{0},
                                         .start_index_map = x::idx{0}, .index_vector_dim = 1},
                          x::idx{1, 3}>(t, ids)) == x::tensor<"f32[3,3]">{{30, 31, 32}, {0, 1, 2}, {30, 31, 32}});
  // Indices are clamped (jax's mode='clip'), never out of bounds.
  const x::tensor<"s32[3,1]"> far = {{7}, {-2}, {1}};
  CHECK(x::eval(x::gather<rows_of, x::idx{1, 3}>(t, far)) ==
        x::tensor<"f32[3,3]">{{30, 31, 32}, {0, 1, 2}, {10, 11, 12}});
  const x::tensor<"f32[3,3]"> up = {{1, 1, 1}, {2, 2, 2}, {3, 3, 3}};
  CHECK(x::eval(x::scatter<x::scatter_dims{.update_window_dims = x::idx{1}, .inserted_window_dims = x::idx{0},
                                           .scatter_dims_to_operand_dims = x::idx{0}, .index_vector_dim = 1}>(
            t, ids, up, x::add_op)) == x::tensor<"f32[4,3]">{{2, 3, 4}, {10, 11, 12}, {20, 21, 22}, {34, 35, 36}});
  // scatter: the update replaces; repeated indices apply in index order (the last wins).
  CHECK(x::eval(x::scatter<into_rows>(t, ids, up, [](float, float u) { return u; })) ==
        x::tensor<"f32[4,3]">{{2, 2, 2}, {10, 11, 12}, {20, 21, 22}, {3, 3, 3}});
  CHECK(x::eval(x::scatter<into_rows>(t, ids, up, x::mul_op)) ==
        x::tensor<"f32[4,3]">{{0, 2, 4}, {10, 11, 12}, {20, 21, 22}, {90, 93, 96}});
  CHECK(x::eval(x::scatter<into_rows>(t, ids, up, x::min_op)) ==
        x::tensor<"f32[4,3]">{{0, 1, 2}, {10, 11, 12}, {20, 21, 22}, {1, 1, 1}});
  CHECK(x::eval(x::scatter<into_rows>(t, ids, up, x::max_op)) ==
        x::tensor<"f32[4,3]">{{2, 2, 2}, {10, 11, 12}, {20, 21, 22}, {30, 31, 32}});
  CHECK(x::eval(x::scatter<into_rows>(t, ids, up, x::sub_op)) ==
        x::tensor<"f32[4,3]">{{-2, -1, 0}, {10, 11, 12}, {20, 21, 22}, {26, 27, 28}});
  // scatter_apply: a computation that ignores the update
  CHECK(x::eval(x::scatter<into_rows>(t, x::tensor<"s32[1,1]">{{1}}, x::tensor<"f32[1,3]">{},
                                      [](float c, float) { return c * c; })) ==
        x::tensor<"f32[4,3]">{{0, 1, 2}, {100, 121, 144}, {20, 21, 22}, {30, 31, 32}});
  // An update window outside the operand is dropped whole (jax's mode='drop').
  const x::tensor<"s32[3,1]"> out = {{4}, {-1}, {1}};
  CHECK(x::eval(x::scatter<into_rows>(t, out, up, x::add_op)) ==
        x::tensor<"f32[4,3]">{{0, 1, 2}, {13, 14, 15}, {20, 21, 22}, {30, 31, 32}});
  // mode='clip' for a scatter: clamp the indices first
  CHECK(x::eval(x::scatter<into_rows>(t, x::clamp(0, out, 3), up, x::add_op)) ==
        x::tensor<"f32[4,3]">{{2, 3, 4}, {13, 14, 15}, {20, 21, 22}, {31, 32, 33}});
}

TEST_CASE("cheatsheet-jax: reductions") {
  const x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  CHECK(x::eval(x::reduce<1>(a, 0.0f, x::add_op)) == x::tensor<"f32[2]">{6, 15});
  CHECK(x::eval(x::reduce<0, 1>(a, 0.0f, x::add_op))() == 21.0f);
  CHECK(x::eval(x::reduce<0>(a, -std::numeric_limits<float>::infinity(), x::max_op)) == x::tensor<"f32[3]">{4, 5, 6});
  CHECK(x::eval(x::reduce<1>(a, std::numeric_limits<float>::infinity(), x::min_op)) == x::tensor<"f32[2]">{1, 4});
  CHECK(x::eval(x::reduce<1>(a, 1.0f, x::mul_op)) == x::tensor<"f32[2]">{6, 120});
  const x::tensor<"pred[2,3]"> p = a > 2.0f;
  CHECK(x::eval(x::reduce<1>(p, true, x::and_op)) == x::tensor<"pred[2]">{false, true});
  CHECK(x::eval(x::reduce<1>(p, false, x::or_op)) == x::tensor<"pred[2]">{true, true});
  CHECK(x::eval(x::reduce<1>(x::tensor<"u32[2,2]">{{0b0110u, 0b0011u}, {1u, 1u}}, 0u, x::xor_op)) ==
        x::tensor<"u32[2]">{0b0101u, 0u});
  // lax.reduce with a computation of one's own
  CHECK(x::eval(x::reduce<1>(a, 0.0f, [](float acc, float e) { return acc + e * e; })) == x::tensor<"f32[2]">{14, 77});
  // lax.argmax(a, 1, jnp.int32), lax.argmin: a variadic reduce over (value, index)
  const x::tensor<"f32[2,3]"> g = {{3, 9, 9}, {7, 1, 5}};
  const auto argmax = [](float m, x::s32 i, float u, x::s32 j) {
    return u > m ? std::tuple{u, j} : std::tuple{m, i};
  };
  const auto [mx, ix] = x::reduce<1>(g, x::iota<"s32[2,3]", 1>(), -std::numeric_limits<float>::infinity(), 0, argmax);
  CHECK(mx == x::tensor<"f32[2]">{9, 7});
  CHECK(ix == x::tensor<"s32[2]">{1, 0});  // the first of equal maxima
  const auto argmin = [](float m, x::s32 i, float u, x::s32 j) {
    return u < m ? std::tuple{u, j} : std::tuple{m, i};
  };
  const auto [mn, in] = x::reduce<1>(g, x::iota<"s32[2,3]", 1>(), std::numeric_limits<float>::infinity(), 0, argmin);
  CHECK(mn == x::tensor<"f32[2]">{3, 1});
  CHECK(in == x::tensor<"s32[2]">{0, 1});
}

extern "C" void times_ten(void* out, void** in) {
  const float* src = static_cast<const float*>(in[0]);
  float* dst = static_cast<float*>(out);
  for (int e = 0; e < 3; ++e) dst[e] = 10.0f * src[e];
}

TEST_CASE("cheatsheet-jax: control flow") {
  const x::tensor<"f32[3]"> a = {1, 2, 3};
  // lax.cond(pred, true_fun, false_fun, a)
  const auto twice = [](const auto& t) { return t * 2.0f; };
  const auto negate = [](const auto& t) { return -t; };
  CHECK(x::conditional(true, a, twice, a, negate) == x::tensor<"f32[3]">{2, 4, 6});
  CHECK(x::conditional(x::reduce<0>(a, 0.0f, x::add_op) > 10.0f, a, twice, a, negate) == x::tensor<"f32[3]">{-1, -2, -3});
  // lax.switch(i, [f0, f1, f2], a): jax clamps i; XLA runs the last branch when out of range
  const auto square = [](const auto& t) { return t * t; };
  CHECK(x::conditional(1, std::tuple{twice, negate, square}, std::tuple{a, a, a}) == x::tensor<"f32[3]">{-1, -2, -3});
  CHECK(x::conditional(-1, std::tuple{twice, negate, square}, std::tuple{a, a, a}) == x::tensor<"f32[3]">{1, 4, 9});
  const int k = -1;
  CHECK(x::conditional(std::clamp(k, 0, 2), std::tuple{twice, negate, square}, std::tuple{a, a, a}) ==
        x::tensor<"f32[3]">{2, 4, 6});
  // lax.while_loop(cond, body, (0, 1.0)): double until 10 steps
  const auto [n, v] = x::while_([](const auto& st) { return std::get<0>(st) < 10; },
                                [](const auto& st) { return std::tuple{std::get<0>(st) + 1, std::get<1>(st) * 2.0f}; },
                                x::tuple(0, 1.0f));
  CHECK(n() == 10);
  CHECK(v() == 1024.0f);
  // lax.fori_loop(0, 10, lambda i, s: s + i, 0)
  const auto [i, s] = x::while_([](const auto& st) { return std::get<0>(st) < 10; },
                                [](const auto& st) {
                                  return std::tuple{std::get<0>(st) + 1, std::get<1>(st) + std::get<0>(st)};
                                },
                                x::tuple(0, 0));
  CHECK(i() == 10);
  CHECK(s() == 45);
  // lax.scan(lambda c, e: (c + e, c + e), 0.0, a): XLA's order, body(x, carry) -> (outputs, carries)
  const auto [sums, total] = x::scan<0>(a, x::tensor<"f32[]">{0},
                                        [](const auto& e, const auto& c) { return std::tuple{c + e, c + e}; });
  CHECK(sums == x::tensor<"f32[3]">{1, 3, 6});
  CHECK(total() == 6.0f);
  // Tuples (pytrees), jax.named_call / a function call, optimization_barrier
  auto t = x::tuple(a, 5);
  CHECK(x::get_tuple_element<1>(t)() == 5);
  CHECK(std::get<0>(t) == a);
  CHECK(x::call([](const auto& p, const auto& q) { return p + q; }, a, a) == x::tensor<"f32[3]">{2, 4, 6});
  CHECK(x::call(twice, a) == x::tensor<"f32[3]">{2, 4, 6});
  const auto held = x::optimization_barrier(a * 3.0f);
  CHECK(held == x::tensor<"f32[3]">{3, 6, 9});
  // jax.pure_callback(f, ...): a custom call of a C++ callable (or an extern "C" function)
  CHECK(x::custom_call<"f32[3]">([](auto& out, const auto& q) { out = q * 2.0f; }, a) == x::tensor<"f32[3]">{2, 4, 6});
  CHECK(x::custom_call<"f32[3]">(&times_ten, a) == x::tensor<"f32[3]">{10, 20, 30});
  // Tokens
  x::token tok{};
  tok = x::after_all(tok, x::token{});
  static_cast<void>(tok);
}

TEST_CASE("cheatsheet-jax: collectives over replicas") {
  x::thread_communicator world(2);
  std::array<x::tensor<"f32[2]">, 2> sum, mx, mn, mean, perm, got;
  std::array<x::tensor<"f32[4]">, 2> gathered;
  std::array<x::tensor<"f32[1]">, 2> scattered;
  std::array<x::tensor<"f32[2]">, 2> swapped, alone;
  std::array<x::tensor<"f32[2,2]">, 2> stacked;
  std::array<std::uint32_t, 2> id{};
  std::array<int, 2> size{};
  std::array<bool, 2> ok{};
  std::array<x::tensor<"f32[4]">, 2> ragged;
  world.run([&](x::thread_replica comm) {
    const int r = comm.replica_id();
    const float f = static_cast<float>(r + 1);
    const x::tensor<"f32[2]"> a = {f, 10 * f};
    auto s = x::all_reduce(a, x::add_op, comm);  // psum
    sum[r] = s.value;
    mx[r] = x::all_reduce(a, x::max_op, comm).value;  // pmax
    mn[r] = x::all_reduce(a, x::min_op, comm).value;  // pmin
    mean[r] = x::all_reduce(a, x::add_op, comm).value / static_cast<float>(comm.replica_count());  // pmean
    gathered[r] = x::all_gather<0, 2>(a, comm).value;
    stacked[r] = x::all_gather<0, 2>(x::reshape<"f32[1,2]">(a), comm).value;  // all_gather(tiled=False)
    alone[r] = x::all_reduce(a, x::add_op, comm, x::replica_groups{{0}, {1}}).value;
    scattered[r] = x::reduce_scatter<0, 2>(a, x::add_op, comm).value;  // psum_scatter(tiled=True)
    swapped[r] = x::all_to_all<0, 0, 2>(a, comm).value;
    perm[r] = x::collective_permute(a, comm, x::source_target_pairs{{0, 1}, {1, 0}}).value;  // ppermute
    id[static_cast<std::size_t>(r)] = x::replica_id(comm)();                                 // axis_index
    size[static_cast<std::size_t>(r)] = comm.replica_count();                                // axis_size
    // ragged_all_to_all: XLA's example (operation semantics)
    ragged[static_cast<std::size_t>(r)] =
        x::ragged_all_to_all(r == 0 ? x::tensor<"f32[3]">{1, 2, 2} : x::tensor<"f32[3]">{3, 4, 0}, x::tensor<"f32[4]">{},
                             x::tensor<"s32[2]">{0, 1}, r == 0 ? x::tensor<"s32[2]">{1, 2} : x::tensor<"s32[2]">{1, 1},
                             r == 0 ? x::tensor<"s32[2]">{0, 0} : x::tensor<"s32[2]">{1, 2},
                             r == 0 ? x::tensor<"s32[2]">{1, 1} : x::tensor<"s32[2]">{2, 1}, comm)
            .value;
    // psend / precv
    if (r == 0) {
      ok[0] = x::send(a, x::token{}, comm, 1, 7).status == x::collective_status::ok;
    } else {
      auto [value, token, status] = x::recv<"f32[2]">(x::token{}, comm, 0, 7);
      got[1] = value;
      ok[1] = status == x::collective_status::ok;
      static_cast<void>(token);
    }
    ok[static_cast<std::size_t>(r)] = ok[static_cast<std::size_t>(r)] && s.ok();
  });
  for (std::size_t r = 0; r < 2; ++r) {
    CHECK(sum[r] == x::tensor<"f32[2]">{3, 30});
    CHECK(mx[r] == x::tensor<"f32[2]">{2, 20});
    CHECK(mn[r] == x::tensor<"f32[2]">{1, 10});
    CHECK(mean[r] == x::tensor<"f32[2]">{1.5f, 15});
    CHECK(gathered[r] == x::tensor<"f32[4]">{1, 10, 2, 20});
    CHECK(stacked[r] == x::tensor<"f32[2,2]">{{1, 10}, {2, 20}});
    CHECK(alone[r] == x::tensor<"f32[2]">{static_cast<float>(r + 1), static_cast<float>(10 * (r + 1))});
    CHECK(id[r] == r);
    CHECK(size[r] == 2);
    CHECK(ok[r]);
  }
  CHECK(scattered[0] == x::tensor<"f32[1]">{3});
  CHECK(scattered[1] == x::tensor<"f32[1]">{30});
  CHECK(swapped[0] == x::tensor<"f32[2]">{1, 2});
  CHECK(swapped[1] == x::tensor<"f32[2]">{10, 20});
  CHECK(perm[0] == x::tensor<"f32[2]">{2, 20});
  CHECK(perm[1] == x::tensor<"f32[2]">{1, 10});
  CHECK(got[1] == x::tensor<"f32[2]">{1, 10});
  CHECK(ragged[0] == x::tensor<"f32[4]">{1, 3, 0, 0});
  CHECK(ragged[1] == x::tensor<"f32[4]">{2, 2, 4, 0});
}

TEST_CASE("cheatsheet-jax: printing") {
  const x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  std::ostringstream os;
  os << a;
  CHECK(os.str() == "f32[2,3] {{1, 2, 3}, {4, 5, 6}}");
  std::ostringstream cm;
  cm << x::tensor<"f32[2,3]{0,1}">(a);
  CHECK(cm.str() == "f32[2,3]{0,1} {{1, 2, 3}, {4, 5, 6}}");
  std::ostringstream sc;
  sc << x::tensor<"f32[]">{2.5f} << ' ' << x::tensor<"pred[2]">{true, false};
  CHECK(sc.str() == "f32[] 2.5 pred[2] {true, false}");
}
