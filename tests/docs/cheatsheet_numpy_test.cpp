// docs/cheatsheet-numpy.md, the NumPy -> sxla sheet: every sxla spelling the sheet shows,
// compiled and run here, grouped as the sheet groups them, on small inputs whose results
// are written by hand from NumPy's definitions. Nothing is checked against sxla's own
// output. This file has the sheet's creation, indexing, ufuncs and broadcasting rows;
// cheatsheet_numpy_more_test.cpp its reductions, reshaping and joining, sorting, random
// numbers, element types, printing and layouts; cheatsheet_kernels_test.cpp its linear
// algebra and FFT rows, with the jax sheet's (split to keep each file well below 20 s of
// compile time); the rest of the jax sheet's are in cheatsheet_test.cpp.
#include "docs/cheatsheet_check.hpp"

#include <doctest/doctest.h>

#include <sxla/sxla.hpp>

#include <array>
#include <cmath>
#include <initializer_list>
#include <type_traits>

namespace x = sxla;

using cheatsheet::inf;
using cheatsheet::near;
using cheatsheet::qnan;

TEST_CASE("cheatsheet-numpy: creation") {
  x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};      // np.array([[1, 2, 3], [4, 5, 6]], np.float32)
  x::tensor<"f32[2,3]"> flat = {1, 2, 3, 4, 5, 6};       // np.arange(1, 7).reshape(2, 3)
  CHECK(flat == a);
  x::tensor<"f32[2,3]"> z;                                // np.zeros((2, 3), np.float32)
  CHECK(z == x::tensor<"f32[2,3]">{{0, 0, 0}, {0, 0, 0}});
  x::tensor<"f32[2,3]"> o = x::broadcast<2, 3>(x::tensor<"f32[]">{1.0f});  // np.ones
  CHECK(o == x::tensor<"f32[2,3]">{{1, 1, 1}, {1, 1, 1}});
  x::tensor<"f32[2,3]"> f = x::broadcast<2, 3>(x::tensor<"f32[]">{7.0f});  // np.full((2, 3), 7)
  CHECK(f == x::tensor<"f32[2,3]">{{7, 7, 7}, {7, 7, 7}});
  x::tensor<"f32[2,3]"> e(x::uninitialized);  // np.empty
  e = a;
  x::tensor<decltype(a)::spec> zl;  // np.zeros_like(a)
  CHECK(zl == z);
  x::tensor<"f32[2,3]"> c = a;  // np.copy(a)
  c(0, 0) = 9;
  CHECK(a(0, 0) == 1.0f);
  // np.arange(4), np.arange(2, 10, 2), np.arange(0.5, 2.5, 0.5)
  CHECK(x::eval(x::iota<"s32[4]", 0>()) == x::tensor<"s32[4]">{0, 1, 2, 3});
  CHECK(x::eval(x::iota<"s32[4]", 0>() * 2 + 2) == x::tensor<"s32[4]">{2, 4, 6, 8});
  CHECK(x::eval(x::iota<"f32[4]", 0>() * 0.5f + 0.5f) == x::tensor<"f32[4]">{0.5f, 1, 1.5f, 2});
  // np.linspace(0, 1, 5)
  CHECK(x::eval(x::iota<"f32[5]", 0>() / 4.0f) == x::tensor<"f32[5]">{0, 0.25f, 0.5f, 0.75f, 1});
  // np.eye(3)
  CHECK(x::eval(x::convert<x::f32>(x::eq(x::iota<"s32[3,3]", 0>(), x::iota<"s32[3,3]", 1>()))) ==
        x::tensor<"f32[3,3]">{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
  // np.meshgrid(np.arange(3), np.arange(2)) (xy indexing)
  CHECK(x::eval(x::iota<"s32[2,3]", 1>()) == x::tensor<"s32[2,3]">{{0, 1, 2}, {0, 1, 2}});
  CHECK(x::eval(x::iota<"s32[2,3]", 0>()) == x::tensor<"s32[2,3]">{{0, 0, 0}, {1, 1, 1}});
  // a.astype(np.int32)
  CHECK(x::eval(x::convert<x::s32>(a * 1.5f)) == x::tensor<"s32[2,3]">{{1, 3, 4}, {6, 7, 9}});
  // np.frombuffer / an array over the caller's memory
  float buf[6] = {1, 2, 3, 4, 5, 6};
  auto v = x::view<"f32[2,3]">(buf);
  CHECK(v == a);
  v(1, 1) = 50;
  CHECK(buf[4] == 50.0f);
  // a.shape, a.ndim, a.size, a.dtype
  static_assert(decltype(a)::shape_type::dimensions == std::array<x::index_t, 2>{2, 3});
  static_assert(decltype(a)::shape_type::dimension<-1> == 3);
  static_assert(decltype(a)::rank == 2 && decltype(a)::element_count == 6);
  static_assert(std::is_same_v<decltype(a)::value_type, x::f32>);
}

namespace {
constexpr x::gather_dims take_rows{.offset_dims = x::idx{1}, .collapsed_slice_dims = x::idx{0},
                                   .start_index_map = x::idx{0}, .index_vector_dim = 1};
constexpr x::gather_dims take_cols{.offset_dims = x::idx{0}, .collapsed_slice_dims = x::idx{1},
                                   .start_index_map = x::idx{1}, .index_vector_dim = 1};
constexpr x::gather_dims points{.offset_dims = x::idx{}, .collapsed_slice_dims = x::idx{0, 1},
                                .start_index_map = x::idx{0, 1}, .index_vector_dim = 1};
constexpr x::gather_dims along_rows{.offset_dims = x::idx{}, .collapsed_slice_dims = x::idx{1},
                                    .start_index_map = x::idx{1}, .index_vector_dim = 2,
                                    .operand_batching_dims = x::idx{0}, .start_indices_batching_dims = x::idx{0}};
constexpr x::scatter_dims add_rows{.update_window_dims = x::idx{1}, .inserted_window_dims = x::idx{0},
                                   .scatter_dims_to_operand_dims = x::idx{0}, .index_vector_dim = 1};
}  // namespace

TEST_CASE("cheatsheet-numpy: indexing") {
  x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  CHECK(a(1, 2) == 6.0f);  // a[1, 2], and a[-1, -1]
  CHECK(x::eval(x::reshape<"f32[3]">(x::slice<x::idx{1, 0}, x::idx{2, 3}>(a))) == x::tensor<"f32[3]">{4, 5, 6});  // a[1]
  CHECK(x::eval(x::reshape<"f32[2]">(x::slice<x::idx{0, 1}, x::idx{2, 2}>(a))) == x::tensor<"f32[2]">{2, 5});  // a[:, 1]
  CHECK(x::eval(x::slice<x::idx{0, 1}, x::idx{2, 3}>(a)) == x::tensor<"f32[2,2]">{{2, 3}, {5, 6}});  // a[0:2, 1:3]
  CHECK(x::eval(x::slice<x::idx{0, 0}, x::idx{2, 3}, x::idx{1, 2}>(a)) == x::tensor<"f32[2,2]">{{1, 3}, {4, 6}});  // a[:, ::2]
  CHECK(x::eval(x::rev<0>(a)) == x::tensor<"f32[2,3]">{{4, 5, 6}, {1, 2, 3}});  // a[::-1]
  CHECK(x::eval(x::rev<1>(a)) == x::tensor<"f32[2,3]">{{3, 2, 1}, {6, 5, 4}});  // a[:, ::-1]
  CHECK(x::eval(x::slice<x::idx{0, 0}, x::idx{2, 3}, x::idx{1, 2}>(x::rev<1>(a))) ==
        x::tensor<"f32[2,2]">{{3, 1}, {6, 4}});  // a[:, ::-2]
  const int i = 1;
  CHECK(x::eval(x::dynamic_slice<2, 2>(a, 0, i)) == x::tensor<"f32[2,2]">{{2, 3}, {5, 6}});  // a[:, i:i+2]
  // a[[1, 0, 1]], np.take(a, [2, 0], axis=1), a[[1, 0], [2, 0]], np.take_along_axis(a, ids, axis=1)
  CHECK(x::eval(x::gather<take_rows, x::idx{1, 3}>(a, x::tensor<"s32[3]">{1, 0, 1})) ==
        x::tensor<"f32[3,3]">{{4, 5, 6}, {1, 2, 3}, {4, 5, 6}});
  CHECK(x::eval(x::gather<take_cols, x::idx{2, 1}>(a, x::tensor<"s32[2]">{2, 0})) ==
        x::tensor<"f32[2,2]">{{3, 1}, {6, 4}});
  CHECK(x::eval(x::gather<points, x::idx{1, 1}>(a, x::tensor<"s32[2,2]">{{1, 2}, {0, 0}})) ==
        x::tensor<"f32[2]">{6, 1});
  CHECK(x::eval(x::gather<along_rows, x::idx{1, 1}>(a, x::tensor<"s32[2,2]">{{2, 2}, {0, 1}})) ==
        x::tensor<"f32[2,2]">{{3, 3}, {4, 5}});
  // Negative and out-of-range indices are clamped, not wrapped: a[[-1]] reads row 0.
  CHECK(x::eval(x::gather<take_rows, x::idx{1, 3}>(a, x::tensor<"s32[1]">{-1})) == x::tensor<"f32[1,3]">{{1, 2, 3}});
  // np.where(a > 3, a, 0); a[a > 3] = 0
  CHECK(x::eval(x::select(a > 3.0f, a, 0.0f)) == x::tensor<"f32[2,3]">{{0, 0, 0}, {4, 5, 6}});
  x::tensor<"f32[2,3]"> m = a;
  m = x::select(m > 3.0f, 0.0f, m);
  CHECK(m == x::tensor<"f32[2,3]">{{1, 2, 3}, {0, 0, 0}});
  // a[1, 2] = 7; a[0] = v; a[:, 1:3] = u
  a(1, 2) = 7;
  CHECK(a(1, 2) == 7.0f);
  const x::tensor<"f32[3]"> v = {7, 8, 9};
  x::dynamic_update_slice_in_place(a, x::reshape<"f32[1,3]">(v), 0, 0);
  CHECK(a == x::tensor<"f32[2,3]">{{7, 8, 9}, {4, 5, 7}});
  x::dynamic_update_slice_in_place(a, x::tensor<"f32[2,2]">{}, 0, 1);
  CHECK(a == x::tensor<"f32[2,3]">{{7, 0, 0}, {4, 0, 0}});
  // np.add.at(t, ids, rows) / t.at[ids].add(rows)
  x::tensor<"f32[3,2]"> t = {{1, 1}, {2, 2}, {3, 3}};
  t = x::scatter<add_rows>(t, x::tensor<"s32[3]">{2, 0, 2}, x::tensor<"f32[3,2]">{{10, 10}, {20, 20}, {30, 30}},
                           x::add_op);
  CHECK(t == x::tensor<"f32[3,2]">{{21, 21}, {2, 2}, {43, 43}});
}

TEST_CASE("cheatsheet-numpy: ufuncs") {
  const x::tensor<"f32[4]"> a = {-7, 7, 2.5f, -2.5f};
  const x::tensor<"f32[4]"> b = {2, -2, 1, 1};
  // np.floor_divide, np.mod (the divisor's sign), np.fmod (the dividend's sign)
  CHECK(x::eval(x::floor(a / b)) == x::tensor<"f32[4]">{-4, -4, 2, -3});
  CHECK(x::eval(a - x::floor(a / b) * b) == x::tensor<"f32[4]">{1, -1, 0.5f, 0.5f});
  CHECK(x::eval(x::rem(a, b)) == x::tensor<"f32[4]">{-1, 1, 0.5f, -0.5f});
  const x::tensor<"s32[4]"> n = {-7, 7, 7, -7};
  const x::tensor<"s32[4]"> d = {2, -2, 2, -2};
  CHECK(x::eval(x::div(n, d) - x::convert<x::s32>(x::and_(x::ne(x::rem(n, d), 0), x::xor_(n < 0, d < 0)))) ==
        x::tensor<"s32[4]">{-4, -4, 3, 3});  // n // d
  CHECK(x::eval(x::select(x::and_(x::ne(x::rem(n, d), 0), x::xor_(x::rem(n, d) < 0, d < 0)), x::rem(n, d) + d,
                          x::rem(n, d))) == x::tensor<"s32[4]">{1, -1, 1, -1});  // n % d
  // np.trunc, np.rint / np.round (half to even), np.fix
  const x::tensor<"f32[4]"> h = {2.5f, -2.5f, 1.7f, -1.7f};
  CHECK(x::eval(x::select(h < 0.0f, x::ceil(h), x::floor(h))) == x::tensor<"f32[4]">{2, -2, 1, -1});
  CHECK(x::eval(x::round_nearest_even(h)) == x::tensor<"f32[4]">{2, -2, 2, -2});
  // np.round(a, 2): 0.125 -> 12.5 -> 12 (half to even) -> 0.12
  CHECK(x::eval(x::round_nearest_even(x::tensor<"f32[2]">{0.125f, 0.375f} * 100.0f) / 100.0f) ==
        x::tensor<"f32[2]">{12.0f / 100.0f, 38.0f / 100.0f});
  // np.log2, np.log10, np.exp2, np.power, np.hypot
  const x::tensor<"f32[3]"> w = {1, 8, 1000};
  CHECK(near(x::eval(x::log(w) / std::log(2.0f)), {0, 3, 9.9657842847}));
  CHECK(near(x::eval(x::log(w) / std::log(10.0f)), {0, 0.9030899870, 3}));
  CHECK(near(x::eval(x::pow(2.0f, x::tensor<"f32[3]">{0, 3, -1})), {1, 8, 0.5}));
  CHECK(near(x::eval(x::pow(w, 0.5f)), {1, 2.8284271247, 31.6227766017}));
  const x::tensor<"f32[2]"> p = {3, 5};
  const x::tensor<"f32[2]"> q = {4, 12};
  CHECK(near(x::eval(x::sqrt(p * p + q * q)), {5, 13}));
  // np.arcsin, np.arccos, np.arctan, np.sinh, np.cosh, np.arcsinh
  const x::tensor<"f32[2]"> s = {0.5f, 1.0f};
  CHECK(near(x::eval(x::atan2(s, x::sqrt(1.0f - s * s))), {0.5235987756, 1.5707963268}));
  CHECK(near(x::eval(x::atan2(x::sqrt(1.0f - s * s), s)), {1.0471975512, 0}));
  CHECK(near(x::eval(x::atan2(s, 1.0f)), {0.4636476090, 0.7853981634}));
  CHECK(near(x::eval((x::exp(s) - x::exp(-s)) / 2.0f), {0.5210953055, 1.1752011936}));
  CHECK(near(x::eval((x::exp(s) + x::exp(-s)) / 2.0f), {1.1276259652, 1.5430806348}));
  CHECK(near(x::eval(x::log(s + x::sqrt(s * s + 1.0f))), {0.4812118251, 0.8813735870}));
  // np.maximum propagates NaN; np.fmax ignores it
  const x::tensor<"f32[3]"> m1 = {1, qnan, qnan};
  const x::tensor<"f32[3]"> m2 = {2, 3, qnan};
  const auto mx = x::eval(x::max(m1, m2));
  CHECK(mx(0) == 2.0f);
  CHECK(std::isnan(mx(1)));
  const auto fm = x::eval(x::select(x::ne(m2, m2), m1, x::select(x::ne(m1, m1), m2, x::max(m1, m2))));
  CHECK(fm(0) == 2.0f);
  CHECK(fm(1) == 3.0f);
  CHECK(std::isnan(fm(2)));
  // np.isnan, np.isinf, np.isfinite, np.signbit
  const x::tensor<"f32[4]"> sp = {1, inf, -inf, qnan};
  CHECK(x::eval(x::ne(sp, sp)) == x::tensor<"pred[4]">{false, false, false, true});
  CHECK(x::eval(x::eq(x::abs(sp), inf)) == x::tensor<"pred[4]">{false, true, true, false});
  CHECK(x::eval(x::is_finite(sp)) == x::tensor<"pred[4]">{true, false, false, false});
  CHECK(x::eval(x::lt(x::bitcast_convert<x::s32>(x::tensor<"f32[3]">{-0.0f, 0.0f, -2.0f}), 0)) ==
        x::tensor<"pred[3]">{true, false, true});
  // np.clip, np.square, np.reciprocal, np.negative, np.absolute, np.sign
  CHECK(x::eval(x::clamp(-1.0f, a, 3.0f)) == x::tensor<"f32[4]">{-1, 3, 2.5f, -1});
  CHECK(x::eval(x::abs(a)) == x::tensor<"f32[4]">{7, 7, 2.5f, 2.5f});
  CHECK(x::eval(x::sign(a)) == x::tensor<"f32[4]">{-1, 1, 1, -1});
  // np.logical_and/or/xor/not, np.bitwise_*, np.invert, shifts, np.bitwise_count
  const x::tensor<"pred[2]"> t = {true, false};
  const x::tensor<"pred[2]"> u = {true, true};
  CHECK(x::eval(x::and_(t, u)) == x::tensor<"pred[2]">{true, false});
  CHECK(x::eval(x::or_(t, u)) == x::tensor<"pred[2]">{true, true});
  CHECK(x::eval(x::xor_(t, u)) == x::tensor<"pred[2]">{false, true});
  CHECK(x::eval(x::not_(t)) == x::tensor<"pred[2]">{false, true});
  const x::tensor<"s32[2]"> bits = {-8, 12};
  CHECK(x::eval(x::not_(bits)) == x::tensor<"s32[2]">{7, -13});
  CHECK(x::eval(x::shift_left(bits, 1)) == x::tensor<"s32[2]">{-16, 24});
  CHECK(x::eval(x::shift_right_arithmetic(bits, 2)) == x::tensor<"s32[2]">{-2, 3});   // >> on signed
  CHECK(x::eval(x::shift_right_logical(x::tensor<"u32[1]">{0x80000000u}, 31u)) == x::tensor<"u32[1]">{1u});  // >> on unsigned
  CHECK(x::eval(x::popcnt(bits)) == x::tensor<"s32[2]">{29, 2});
  // np.angle, np.conj, np.real, np.imag, np.abs of complex numbers
  const x::tensor<"c64[2]"> z = {{0, 1}, {-1, 0}};
  CHECK(near(x::eval(x::atan2(x::imag(z), x::real(z))), {1.5707963268, 3.1415926536}));
  CHECK(x::eval(x::conj(z)) == x::tensor<"c64[2]">{{0, -1}, {-1, 0}});
  CHECK(x::eval(x::abs(z)) == x::tensor<"f32[2]">{1, 1});
  // np.vectorize(f)(a, b)
  CHECK(x::eval(x::map([](float e, float g) { return e > g ? e : g * 10.0f; }, a, b)) ==
        x::tensor<"f32[4]">{20, 7, 2.5f, 10});
  // np.array_equal, np.allclose
  CHECK(a == x::tensor<"f32[4]">{-7, 7, 2.5f, -2.5f});
  const x::tensor<"f32[2,3]"> c1 = {{1, 2, 3}, {4, 5, 6}};
  const x::tensor<"f32[2,3]"> c2 = {{1, 2, 3}, {4, 5, 6.00001f}};
  const x::tensor<"f32[2,3]"> c3 = {{1, 2, 3}, {4, 5, 6.001f}};
  CHECK(x::eval(x::reduce<0, 1>(x::abs(c1 - c2) <= 1e-8f + 1e-5f * x::abs(c2), true, x::and_op))());
  CHECK(!x::eval(x::reduce<0, 1>(x::abs(c1 - c3) <= 1e-8f + 1e-5f * x::abs(c3), true, x::and_op))());
}

TEST_CASE("cheatsheet-numpy: broadcasting") {
  const x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  const x::tensor<"f32[3]"> v = {10, 20, 30};
  const x::tensor<"f32[2]"> col = {100, 200};
  CHECK(x::eval(a * 2.0f) == x::tensor<"f32[2,3]">{{2, 4, 6}, {8, 10, 12}});    // a * 2
  CHECK(x::eval(a * 2) == x::tensor<"f32[2,3]">{{2, 4, 6}, {8, 10, 12}});       // the number takes f32
  CHECK(x::eval(x::add(a, v, x::broadcast_dimensions<1>)) ==
        x::tensor<"f32[2,3]">{{11, 22, 33}, {14, 25, 36}});                     // a + v
  CHECK(x::eval(x::add(a, col, x::broadcast_dimensions<0>)) ==
        x::tensor<"f32[2,3]">{{101, 102, 103}, {204, 205, 206}});               // a + col[:, None]
  CHECK(x::eval(a + x::reshape<"f32[1,3]">(v)) ==
        x::tensor<"f32[2,3]">{{11, 22, 33}, {14, 25, 36}});                     // a + v[None, :]
  CHECK(x::eval(x::reshape<"f32[2,1]">(col) * x::reshape<"f32[1,3]">(v)) ==
        x::tensor<"f32[2,3]">{{1000, 2000, 3000}, {2000, 4000, 6000}});         // col[:, None] * v[None, :]
  CHECK(x::eval(x::broadcast_in_dim<"f32[2,3]", 1>(v)) ==
        x::tensor<"f32[2,3]">{{10, 20, 30}, {10, 20, 30}});                     // np.broadcast_to(v, (2, 3))
  CHECK(x::eval(x::broadcast<2>(v)) == x::tensor<"f32[2,3]">{{10, 20, 30}, {10, 20, 30}});
  const x::tensor<"s32[2,3]"> n = {{1, 1, 1}, {2, 2, 2}};
  CHECK(x::eval(a + x::convert<x::f32>(n)) == x::tensor<"f32[2,3]">{{2, 3, 4}, {6, 7, 8}});  // int + float
}
