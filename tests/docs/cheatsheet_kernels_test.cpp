// The engines of docs/cheatsheet-jax.md and docs/cheatsheet-numpy.md: the jax sheet's
// windows and cumulative ops, dot_general, convolutions, FFT, sort, random numbers and
// jax.lax.linalg (its other rows are in cheatsheet_test.cpp), and the NumPy sheet's linear
// algebra and FFT (the rest in cheatsheet_numpy_test.cpp and
// cheatsheet_numpy_more_test.cpp). Every sxla spelling of those
// rows is compiled and run here on small inputs whose results are written by hand from
// jax's, XLA's and NumPy's definitions, never taken from sxla.
#include "docs/cheatsheet_check.hpp"

#include <doctest/doctest.h>

#include <sxla/sxla.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <initializer_list>
#include <limits>
#include <tuple>

namespace x = sxla;

using cheatsheet::inf;
using cheatsheet::near;
using cheatsheet::qnan;

namespace {
// The same for complex tensors.
template <class A>
bool near_c(const A& t, std::initializer_list<std::complex<double>> want, double tol = 1e-6) {
  using S = typename A::shape_type;
  if (want.size() != static_cast<std::size_t>(S::element_count)) return false;
  const std::complex<double>* w = want.begin();
  bool ok = true;
  x::for_each_index<S>([&](const auto& i) {
    const std::complex<double> got(t[i].real(), t[i].imag());
    if (!(std::abs(got - *w) <= tol * std::max(1.0, std::abs(*w)))) {
      MESSAGE("got " << got << ", want " << *w);
      ok = false;
    }
    ++w;
  });
  return ok;
}
}  // namespace

TEST_CASE("cheatsheet-jax: windows: reduce_window, cumulative ops, select_and_scatter") {
  const x::tensor<"f32[4,4]"> img = x::iota<"f32[4,4]", 0>() * 4.0f + x::iota<"f32[4,4]", 1>();  // 0 .. 15
  CHECK(x::eval(x::reduce_window<x::idx{2, 2}, x::idx{2, 2}>(img, -inf, x::max_op)) ==
        x::tensor<"f32[2,2]">{{5, 7}, {13, 15}});
  const x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  CHECK(x::eval(x::reduce_window<x::idx{1, 2}, x::idx{1, 1}>(a, -std::numeric_limits<float>::infinity(), x::max_op)) ==
        x::tensor<"f32[2,2]">{{2, 3}, {5, 6}});
  const x::tensor<"f32[4]"> v = {1, 2, 3, 4};
  CHECK(x::eval(x::reduce_window<x::idx{3}, x::idx{1}, x::padding::same>(v, 0.0f, x::add_op)) ==
        x::tensor<"f32[4]">{3, 6, 9, 7});
  CHECK(x::eval(x::reduce_window<x::idx{2}, x::idx{1}, x::padding::low_high(x::idx{1}, x::idx{0})>(v, 0.0f,
                                                                                                   x::add_op)) ==
        x::tensor<"f32[4]">{1, 3, 5, 7});
  // window_dilation=(2,): windows {v0, v2}, {v1, v3}; base_dilation=(2,): 1 _ 2 _ 3 _ 4
  CHECK(x::eval(x::reduce_window<x::idx{2}, x::idx{1}, x::padding::valid, x::idx{1}, x::idx{2}>(v, 0.0f, x::add_op)) ==
        x::tensor<"f32[2]">{4, 6});
  CHECK(x::eval(x::reduce_window<x::idx{2}, x::idx{1}, x::padding::valid, x::idx{2}>(v, 0.0f, x::add_op)) ==
        x::tensor<"f32[6]">{1, 2, 2, 3, 3, 4});
  // lax.cumsum, cumprod, cummax, cumsum(reverse=True)
  CHECK(x::eval(x::reduce_window<x::idx{4}, x::idx{1}, x::padding::low_high(x::idx{3}, x::idx{0})>(v, 0.0f,
                                                                                                   x::add_op)) ==
        x::tensor<"f32[4]">{1, 3, 6, 10});
  CHECK(x::eval(x::reduce_window<x::idx{4}, x::idx{1}, x::padding::low_high(x::idx{3}, x::idx{0})>(v, 1.0f,
                                                                                                   x::mul_op)) ==
        x::tensor<"f32[4]">{1, 2, 6, 24});
  CHECK(x::eval(x::reduce_window<x::idx{4}, x::idx{1}, x::padding::low_high(x::idx{3}, x::idx{0})>(
            x::tensor<"f32[4]">{2, 1, 4, 3}, -inf, x::max_op)) == x::tensor<"f32[4]">{2, 2, 4, 4});
  CHECK(x::eval(x::reduce_window<x::idx{4}, x::idx{1}, x::padding::low_high(x::idx{0}, x::idx{3})>(v, 0.0f,
                                                                                                   x::add_op)) ==
        x::tensor<"f32[4]">{10, 9, 7, 4});
  // lax.cumlogsumexp
  CHECK(near(x::eval(x::log(x::reduce_window<x::idx{4}, x::idx{1}, x::padding::low_high(x::idx{3}, x::idx{0})>(
                 x::exp(v), 0.0f, x::add_op))),
             {1.0, 2.3132616875, 3.4076059644, 4.4401896985}));
  // The gradient of a 2-wide max pool (jax's internal select_and_scatter_add)
  const x::tensor<"f32[4]"> o = {1, 5, 2, 8};
  const x::tensor<"f32[2]"> src = {10, 20};
  const auto g = x::select_and_scatter<x::idx{2}, x::idx{2}>(o, [](float c, float n) { return c >= n; }, src, 0.0f,
                                                             x::add_op);
  CHECK(g == x::tensor<"f32[4]">{0, 10, 0, 20});
}

TEST_CASE("cheatsheet-jax: dot_general") {
  const x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  const x::tensor<"f32[3,2]"> m = {{1, 0}, {0, 1}, {1, 1}};
  const x::tensor<"f32[3]"> v = {7, 8, 9};
  CHECK(x::eval(x::dot(a, m)) == x::tensor<"f32[2,2]">{{4, 5}, {10, 11}});
  CHECK(x::eval(x::dot(a, v)) == x::tensor<"f32[2]">{50, 122});
  CHECK(x::eval(x::dot(v, v))() == 194.0f);
  CHECK(x::eval(x::dot_general<x::dot_dims<x::idx{1}, x::idx{0}>>(a, m)) == x::tensor<"f32[2,2]">{{4, 5}, {10, 11}});
  // a^T a: contract dimension 0 of both
  CHECK(x::eval(x::dot_general<x::dot_dims<x::idx{0}, x::idx{0}>>(a, a)) ==
        x::tensor<"f32[3,3]">{{17, 22, 27}, {22, 29, 36}, {27, 36, 45}});
  const x::tensor<"f32[2,2,3]"> bl = {{{1, 2, 3}, {4, 5, 6}}, {{1, 0, 0}, {0, 1, 0}}};
  const x::tensor<"f32[2,3,1]"> br = {{{1}, {1}, {1}}, {{2}, {3}, {4}}};
  CHECK(x::eval(x::dot_general<x::dot_dims<x::idx{2}, x::idx{1}, x::idx{0}, x::idx{0}>>(bl, br)) ==
        x::tensor<"f32[2,2,1]">{{{6}, {15}}, {{2}, {3}}});
  // preferred_element_type
  const x::tensor<"s8[2]"> p = {100, 100};
  CHECK(x::eval(x::dot<x::s32>(p, p))() == 20000);
  CHECK(x::eval(x::dot_general<x::dot_dims<x::idx{0}, x::idx{0}>, x::s32>(p, p))() == 20000);
  // lax.ragged_dot(rows, experts, group_sizes): rows [0, 1) to expert 0, [1, 3) to expert 1
  const x::tensor<"f32[3,2]"> rows = {{1, 2}, {3, 4}, {5, 6}};
  const x::tensor<"f32[2,2,1]"> experts = {{{1}, {0}}, {{0}, {1}}};
  CHECK(x::ragged_dot(rows, experts, x::tensor<"s32[2]">{1, 2}) == x::tensor<"f32[3,1]">{{1}, {4}, {6}});
  // lax.ragged_dot_general with a ragged contracting dimension
  using by_k = x::ragged_dot_dims<x::dot_dims<x::idx{1}, x::idx{0}>, x::idx{1}>;
  CHECK(x::ragged_dot_general<by_k>(rows, x::tensor<"f32[2,1]">{{1}, {1}}, x::tensor<"s32[2]">{1, 1}) ==
        x::tensor<"f32[2,3,1]">{{{1}, {3}, {5}}, {{2}, {4}, {6}}});
  // lax.scaled_dot(a, b, lhs_scale=sa, rhs_scale=sb, preferred_element_type=jnp.float32)
  const x::tensor<"f8e4m3fn[1,4]"> qa = {{1.0f, 2.0f, 3.0f, 4.0f}};
  const x::tensor<"f8e4m3fn[4,1]"> qb = {{1.0f}, {1.0f}, {1.0f}, {1.0f}};
  const x::tensor<"f8e8m0fnu[1,2]"> sa = {{2.0f, 0.5f}};
  const x::tensor<"f8e8m0fnu[2,1]"> sb = {{1.0f}, {4.0f}};
  CHECK(x::scaled_dot<float>(qa, qb, sa, sb) == x::tensor<"f32[1,1]">{{20}});
}

TEST_CASE("cheatsheet-jax: convolutions") {
  x::tensor<"f32[1,3,3,1]"> img;  // NHWC, 1 .. 9
  for (int h = 0; h < 3; ++h)
    for (int w = 0; w < 3; ++w) img(0, h, w, 0) = static_cast<float>(3 * h + w + 1);
  const x::tensor<"f32[2,2,1,1]"> ones = {{{{1}}, {{1}}}, {{{1}}, {{1}}}};  // HWIO
  const x::tensor<"f32[1,2,2,1]"> valid =
      x::conv_general_dilated<x::conv_config{.dim_labels = "b01f_01io->b01f"}>(img, ones);
  CHECK(valid == x::tensor<"f32[1,2,2,1]">{{{{12}, {16}}, {{24}, {28}}}});
  const x::tensor<"f32[1,3,3,1]"> same =
      x::conv_general_dilated<x::conv_config{.padding = x::padding::same, .dim_labels = "b01f_01io->b01f"}>(img, ones);
  CHECK(same == x::tensor<"f32[1,3,3,1]">{{{{12}, {16}, {9}}, {{24}, {28}, {15}}, {{15}, {17}, {9}}}});
  const x::tensor<"f32[1,4,4,1]"> padded = x::conv_general_dilated<x::conv_config{
      .padding = x::padding::low_high(x::idx{1, 1}, x::idx{1, 1}), .dim_labels = "b01f_01io->b01f"}>(img, ones);
  CHECK(padded == x::tensor<"f32[1,4,4,1]">{
                      {{{1}, {3}, {5}, {3}}, {{5}, {12}, {16}, {9}}, {{11}, {24}, {28}, {15}}, {{7}, {15}, {17}, {9}}}});
  const x::tensor<"f32[1,1,1,1]"> strided =
      x::conv_general_dilated<x::conv_config{.window_strides = x::idx{2, 2}, .dim_labels = "b01f_01io->b01f"}>(img,
                                                                                                               ones);
  CHECK(strided(0, 0, 0, 0) == 12.0f);
  const x::tensor<"f32[1,1,1,1]"> dilated =
      x::conv_general_dilated<x::conv_config{.rhs_dilation = x::idx{2, 2}, .dim_labels = "b01f_01io->b01f"}>(img,
                                                                                                              ones);
  CHECK(dilated(0, 0, 0, 0) == 1.0f + 3.0f + 7.0f + 9.0f);
  // lax.conv: NCHW and OIHW (jax's default dimension numbers are sxla's default)
  const x::tensor<"f32[1,1,3,3]"> nchw = x::reshape<"f32[1,1,3,3]">(img);
  const x::tensor<"f32[1,1,2,2]"> oihw = {{{{1, 0}, {0, -1}}}};
  CHECK(x::eval(x::conv<x::idx{1, 1}, x::padding::valid>(nchw, oihw)) ==
        x::tensor<"f32[1,1,2,2]">{{{{-4, -4}, {-4, -4}}}});
  // feature_group_count = 2: a depthwise convolution of two channels
  const x::tensor<"f32[1,2,2,2]"> two = {{{{1, 10}, {2, 20}}, {{3, 30}, {4, 40}}}};  // NHWC
  const x::tensor<"f32[2,2,1,2]"> dw = {{{{1, 1}}, {{1, 0}}}, {{{0, 0}}, {{0, 1}}}};     // HWIO, I = 1
  CHECK(x::eval(x::conv_general_dilated<x::conv_config{.dim_labels = "b01f_01io->b01f", .feature_group_count = 2}>(
            two, dw)) == x::tensor<"f32[1,1,1,2]">{{{{1 + 2, 10 + 40}}}});
  // batch_group_count = 2: lhs batches 0 and 1 go to output features 0 and 1
  const x::tensor<"f32[2,1,1,1]"> bb = {{{{3}}}, {{{5}}}};
  const x::tensor<"f32[1,1,1,2]"> bk = {{{{10, 100}}}};
  CHECK(x::eval(x::conv_general_dilated<x::conv_config{.dim_labels = "b01f_01io->b01f", .batch_group_count = 2}>(
            bb, bk)) == x::tensor<"f32[1,1,1,2]">{{{{30, 500}}}});
  // lax.conv_transpose(y, k, (2, 2), 'VALID', dimension_numbers=('NHWC', 'HWIO', 'NHWC'))
  const x::tensor<"f32[1,1,1,1]"> y = {{{{1}}}};
  const x::tensor<"f32[2,2,1,1]"> k = {{{{1}}, {{2}}}, {{{3}}, {{4}}}};
  CHECK(x::eval(x::conv_general_dilated<x::conv_config{.padding = x::padding::low_high(x::idx{1, 1}, x::idx{1, 1}),
                                                       .lhs_dilation = x::idx{2, 2},
                                                       .dim_labels = "b01f_01io->b01f"}>(y, k)) ==
        x::tensor<"f32[1,2,2,1]">{{{{4}, {3}}, {{2}, {1}}}});
  // preferred_element_type
  const x::tensor<"f32[1,2,2,1]"> via = x::conv_general_dilated<x::conv_config{.dim_labels = "b01f_01io->b01f"}, float>(
      x::convert<x::bf16>(img), x::convert<x::bf16>(ones));
  CHECK(via == valid);
}

TEST_CASE("cheatsheet-jax: fft") {
  const x::tensor<"c64[4]"> c = {{1, 0}, {2, 0}, {3, 0}, {4, 0}};
  const x::tensor<"c64[4]"> f = x::fft<x::fft_type::fft, 4>(c);
  CHECK(near_c(f, {{10, 0}, {-2, 2}, {-2, 0}, {-2, -2}}));
  CHECK(near_c(x::eval(x::fft<x::fft_type::ifft, 4>(f)), {{1, 0}, {2, 0}, {3, 0}, {4, 0}}));
  const x::tensor<"f32[4]"> r = {1, 2, 3, 4};
  const x::tensor<"c64[3]"> h = x::fft<x::fft_type::rfft, 4>(r);
  CHECK(near_c(h, {{10, 0}, {-2, 2}, {-2, 0}}));
  CHECK(near(x::eval(x::fft<x::fft_type::irfft, 4>(h)), {1, 2, 3, 4}));
  const x::tensor<"c64[2,2]"> m = {{{1, 0}, {2, 0}}, {{3, 0}, {4, 0}}};
  CHECK(near_c(x::eval(x::fft<x::fft_type::fft, 2, 2>(m)), {{10, 0}, {-2, 0}, {-4, 0}, {0, 0}}));
}

TEST_CASE("cheatsheet-jax: sort") {
  const x::tensor<"f32[2,3]"> a = {{3, 1, 2}, {0, 5, -1}};
  CHECK(x::eval(x::sort(a)) == x::tensor<"f32[2,3]">{{1, 2, 3}, {-1, 0, 5}});
  CHECK(x::eval(x::sort<0>(a)) == x::tensor<"f32[2,3]">{{0, 1, -1}, {3, 5, 2}});
  CHECK(x::eval(x::sort(a, x::gt_op)) == x::tensor<"f32[2,3]">{{3, 2, 1}, {5, 0, -1}});
  const x::tensor<"f32[4]"> nans = {2, qnan, -0.0f, 0.0f};
  const auto sn = x::eval(x::sort(nans));  // NaN last; -0 and +0 equal, kept in order
  CHECK(sn(0) == -0.0f);
  CHECK(std::signbit(sn(0)));
  CHECK(!std::signbit(sn(1)));
  CHECK(sn(2) == 2.0f);
  CHECK(std::isnan(sn(3)));
  const auto st = x::eval(x::sort(x::tensor<"f32[3]">{0.0f, -0.0f, qnan}, x::lt_total_order_op));
  CHECK(std::signbit(st(0)));  // -0 < +0 in the total order
  // lax.sort_key_val(k, v), lax.sort((k, v), num_keys=1)
  const x::tensor<"f32[3]"> k = {3, 1, 2};
  const x::tensor<"s32[3]"> v = {30, 10, 20};
  const auto [ks, vs] = x::sort(k, v);
  CHECK(ks == x::tensor<"f32[3]">{1, 2, 3});
  CHECK(vs == x::tensor<"s32[3]">{10, 20, 30});
  // num_keys=2: a comparator of one's own, two arguments per operand
  const x::tensor<"s32[4]"> k1 = {1, 0, 1, 0};
  const x::tensor<"s32[4]"> k2 = {5, 7, 2, 3};
  const x::tensor<"s32[4]"> pay = {0, 1, 2, 3};
  const auto [s1, s2, sp] = x::sort(k1, k2, pay, [](x::s32 a1, x::s32 b1, x::s32 a2, x::s32 b2, x::s32, x::s32) {
    return a1 < b1 || (a1 == b1 && a2 < b2);
  });
  CHECK(s1 == x::tensor<"s32[4]">{0, 0, 1, 1});
  CHECK(s2 == x::tensor<"s32[4]">{3, 7, 2, 5});
  CHECK(sp == x::tensor<"s32[4]">{3, 1, 2, 0});
  const auto by_first = [](x::s32 a1, x::s32 b1, x::s32, x::s32) { return a1 < b1; };
  CHECK(std::get<1>(x::sort<-1, x::stable>(k1, pay, by_first)) == x::tensor<"s32[4]">{1, 3, 0, 2});
  // lax.top_k(w, 2)
  const x::tensor<"f32[5]"> w = {4, 9, 1, 7, 3};
  const auto [top, idx] = x::sort(w, x::iota<"s32[5]", 0>(), x::gt_op);
  CHECK(x::eval(x::slice<x::idx{0}, x::idx{2}>(top)) == x::tensor<"f32[2]">{9, 7});
  CHECK(x::eval(x::slice<x::idx{0}, x::idx{2}>(idx)) == x::tensor<"s32[2]">{1, 3});
  // Into the caller's tensors (any layout)
  x::tensor<"f32[3]"> kk;
  x::tensor<"s32[3]{0}"> vv;
  x::sort_into(std::tie(kk, vv), k, v);
  CHECK(kk == x::tensor<"f32[3]">{1, 2, 3});
  CHECK(vv == x::tensor<"s32[3]">{10, 20, 30});
}

TEST_CASE("cheatsheet-jax: random numbers") {
  // lax.rng_bit_generator: Random123's known answers for a zero key and counter
  const x::tensor<"u64[2]"> state = {0, 0};
  auto [next, bits] = x::rng_bit_generator<x::rng_algorithm::three_fry, "u64[1]">(state);
  CHECK(x::eval(bits)(0) == 0x99ba4efe6b200159ull);
  CHECK(next == x::tensor<"u64[2]">{0, 1});
  auto [next32, bits32] = x::rng_bit_generator<x::rng_algorithm::three_fry, "u32[2]">(state);
  CHECK(x::eval(bits32) == x::tensor<"u32[2]">{0x6b200159u, 0x99ba4efeu});
  CHECK(next32 == x::tensor<"u64[2]">{0, 1});
  auto [next_p, bits_p] = x::rng_bit_generator<x::rng_algorithm::philox, "u32[4]">(state);
  CHECK(x::eval(bits_p) == x::tensor<"u32[4]">{0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u});
  CHECK(next_p == x::tensor<"u64[2]">{0, 1});
  auto [next_d, bits_d] = x::rng_bit_generator<x::rng_algorithm::default_algorithm, "u32[4]">(state);
  CHECK(x::eval(bits_d) == x::eval(bits_p));  // the default is philox
  CHECK(next_d == next_p);

  // lax.rng_uniform, jax.random.uniform / normal / randint: the caller's state
  x::rng_state gen{.seed = 42};
  const x::tensor<"f32[1000]"> u = x::rng_uniform<"f32[1000]">(2.0f, 5.0f, gen);
  const x::tensor<"f32[1000]"> u2 = x::rng_uniform<"f32[1000]">(2.0f, 5.0f, gen);
  x::rng_state again{.seed = 42};
  const x::tensor<"f32[1000]"> u3 = x::rng_uniform<"f32[1000]">(2.0f, 5.0f, again);
  CHECK(u3 == u);         // the same seed and counter, the same numbers
  CHECK(!(u2 == u));      // the state advanced
  double sum = 0;
  bool inside = true;
  for (int i = 0; i < 1000; ++i) {
    inside = inside && u(i) >= 2.0f && u(i) < 5.0f;
    sum += u(i);
  }
  CHECK(inside);
  CHECK(sum / 1000 == doctest::Approx(3.5).epsilon(0.03));
  const x::tensor<"f32[1000]"> z = x::rng_normal<"f32[1000]">(0.0f, 1.0f, gen);
  double m1 = 0, m2 = 0;
  for (int i = 0; i < 1000; ++i) {
    m1 += z(i);
    m2 += static_cast<double>(z(i)) * z(i);
  }
  CHECK(std::abs(m1 / 1000) < 0.15);
  CHECK(m2 / 1000 == doctest::Approx(1.0).epsilon(0.15));
  const x::tensor<"s32[1000]"> dice = x::rng_uniform<"s32[1000]">(1, 7, gen);
  bool faces = true;
  for (int i = 0; i < 1000; ++i) faces = faces && dice(i) >= 1 && dice(i) < 7;
  CHECK(faces);
}

TEST_CASE("cheatsheet-jax: linear algebra") {
  const x::tensor<"f32[2,2]"> s = {{4, 2}, {2, 5}};
  CHECK(x::eval(x::cholesky<x::lower>(s)) == x::tensor<"f32[2,2]">{{2, 0}, {1, 2}});
  CHECK(x::eval(x::cholesky<x::upper>(s)) == x::tensor<"f32[2,2]">{{2, 1}, {0, 2}});
  const x::tensor<"f32[2,2]"> l = {{2, 0}, {1, 2}};
  const x::tensor<"f32[2,1]"> b = {{2}, {5}};
  // left_side=True, lower=True: l x = b
  CHECK(x::eval(x::triangular_solve<x::triangular_solve_options{.left_side = true, .lower = true}>(l, b)) ==
        x::tensor<"f32[2,1]">{{1}, {2}});
  // left_side=False, lower=True, transpose_a=True: x l^T = c
  const x::tensor<"f32[1,2]"> c = {{4, 7}};
  CHECK(x::eval(x::triangular_solve<x::triangular_solve_options{
                    .left_side = false, .lower = true, .transpose_a = x::transpose_kind::transpose}>(l, c)) ==
        x::tensor<"f32[1,2]">{{2, 2.5f}});
  CHECK(x::eval(x::triangular_solve<x::triangular_solve_options{
                    .left_side = false, .lower = true, .transpose_a = x::transpose_kind::adjoint}>(l, c)) ==
        x::tensor<"f32[1,2]">{{2, 2.5f}});
  // conjugate_a=True alone: conjugate a first. (1 + i) x = 2 gives x = 1 - i; with conj(a), x = 1 + i.
  const x::tensor<"c64[1,1]"> lc = {{{1, 1}}};
  const x::tensor<"c64[1,1]"> bc = {{{2, 0}}};
  CHECK(x::eval(x::triangular_solve<x::triangular_solve_options{}>(x::conj(lc), bc)) ==
        x::tensor<"c64[1,1]">{{{1, 1}}});
  // unit_diagonal=True: the diagonal read as ones
  CHECK(x::eval(x::triangular_solve<x::triangular_solve_options{.unit_diagonal = true}>(l, b)) ==
        x::tensor<"f32[2,1]">{{2}, {3}});
  // Batches of matrices
  const x::tensor<"f32[2,2,2]"> batch = {{{4, 2}, {2, 5}}, {{9, 0}, {0, 16}}};
  CHECK(x::eval(x::cholesky<x::lower>(batch)) == x::tensor<"f32[2,2,2]">{{{2, 0}, {1, 2}}, {{3, 0}, {0, 4}}});
}

TEST_CASE("cheatsheet-numpy: linear algebra") {
  const x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  const x::tensor<"f32[3,2]"> b = {{1, 0}, {0, 1}, {1, 1}};
  const x::tensor<"f32[3]"> v = {1, 2, 3};
  const x::tensor<"f32[3]"> w = {4, 5, 6};
  CHECK(x::eval(x::dot(a, b)) == x::tensor<"f32[2,2]">{{4, 5}, {10, 11}});  // a @ b, np.matmul
  CHECK(x::eval(x::dot(a, v)) == x::tensor<"f32[2]">{14, 32});              // a @ v
  CHECK(x::eval(x::dot(v, w))() == 32.0f);                                  // v @ w, np.inner
  CHECK(x::eval(x::dot_general<x::dot_dims<x::idx{}, x::idx{}>>(v, w)) ==
        x::tensor<"f32[3,3]">{{4, 5, 6}, {8, 10, 12}, {12, 15, 18}});      // np.outer
  CHECK(x::eval(x::dot_general<x::dot_dims<x::idx{1}, x::idx{0}>>(a, b)) ==
        x::tensor<"f32[2,2]">{{4, 5}, {10, 11}});                           // np.tensordot(a, b, axes=([1], [0]))
  // einsum: 'ij,ij->i', 'bij,bjk->bik', 'ij->', 'ii->i', 'ii->'
  CHECK(x::eval(x::dot_general<x::dot_dims<x::idx{1}, x::idx{1}, x::idx{0}, x::idx{0}>>(a, a)) ==
        x::tensor<"f32[2]">{14, 77});
  const x::tensor<"f32[2,1,2]"> p = {{{1, 2}}, {{3, 4}}};
  const x::tensor<"f32[2,2,1]"> q = {{{5}, {6}}, {{7}, {8}}};
  CHECK(x::eval(x::dot_general<x::dot_dims<x::idx{2}, x::idx{1}, x::idx{0}, x::idx{0}>>(p, q)) ==
        x::tensor<"f32[2,1,1]">{{{17}}, {{53}}});
  CHECK(x::eval(x::reduce<0, 1>(a, 0.0f, x::add_op))() == 21.0f);
  const x::tensor<"f32[3,3]"> m = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
  CHECK(x::eval(x::reduce<1>(x::select(x::eq(x::iota<"s32[3,3]", 0>(), x::iota<"s32[3,3]", 1>()), m, 0.0f), 0.0f,
                             x::add_op)) == x::tensor<"f32[3]">{1, 5, 9});  // np.diag
  CHECK(x::eval(x::reduce<0, 1>(x::select(x::eq(x::iota<"s32[3,3]", 0>(), x::iota<"s32[3,3]", 1>()), m, 0.0f), 0.0f,
                                x::add_op))() == 15.0f);  // np.trace
  // np.linalg.norm(v)
  CHECK(near(x::eval(x::sqrt(x::reduce<0>(v * v, 0.0f, x::add_op))), {3.7416573868}));
  // np.linalg.cholesky, scipy.linalg.solve_triangular, np.linalg.solve (s positive definite)
  const x::tensor<"f32[2,2]"> s = {{4, 2}, {2, 5}};
  const x::tensor<"f32[2,2]"> l = x::cholesky<x::lower>(s);
  CHECK(l == x::tensor<"f32[2,2]">{{2, 0}, {1, 2}});
  const x::tensor<"f32[2,1]"> rhs = {{2}, {5}};
  CHECK(x::eval(x::triangular_solve<x::triangular_solve_options{}>(l, rhs)) == x::tensor<"f32[2,1]">{{1}, {2}});
  CHECK(x::eval(x::triangular_solve<x::triangular_solve_options{.lower = false}>(x::transpose<1, 0>(l), rhs)) ==
        x::tensor<"f32[2,1]">{{-0.25f}, {2.5f}});
  CHECK(x::eval(x::triangular_solve<x::triangular_solve_options{.transpose_a = x::transpose_kind::transpose}>(
            l, x::triangular_solve<x::triangular_solve_options{}>(l, rhs))) == x::tensor<"f32[2,1]">{{0}, {1}});
  // np.convolve(sig, k, 'valid'), np.correlate(sig, k, 'valid')
  const x::tensor<"f32[5]"> sig = {1, 2, 3, 4, 5};
  const x::tensor<"f32[3]"> k = {1, 0, -1};
  CHECK(x::eval(x::reshape<"f32[3]">(x::conv_general_dilated<x::conv_config{.dim_labels = "b0f_0io->b0f"}>(
            x::reshape<"f32[1,5,1]">(sig), x::reshape<"f32[3,1,1]">(x::rev<0>(k))))) == x::tensor<"f32[3]">{2, 2, 2});
  CHECK(x::eval(x::reshape<"f32[3]">(x::conv_general_dilated<x::conv_config{.dim_labels = "b0f_0io->b0f"}>(
            x::reshape<"f32[1,5,1]">(sig), x::reshape<"f32[3,1,1]">(k)))) == x::tensor<"f32[3]">{-2, -2, -2});
}

TEST_CASE("cheatsheet-numpy: fft") {
  const x::tensor<"f32[4]"> r = {1, 2, 3, 4};
  CHECK(near_c(x::eval(x::fft<x::fft_type::fft, 4>(x::convert<x::c64>(r))), {{10, 0}, {-2, 2}, {-2, 0}, {-2, -2}}));
  CHECK(near_c(x::eval(x::fft<x::fft_type::ifft, 4>(x::tensor<"c64[4]">{{10, 0}, {-2, 2}, {-2, 0}, {-2, -2}})),
               {{1, 0}, {2, 0}, {3, 0}, {4, 0}}));
  const x::tensor<"c64[3]"> h = x::fft<x::fft_type::rfft, 4>(r);
  CHECK(near_c(h, {{10, 0}, {-2, 2}, {-2, 0}}));
  CHECK(near(x::eval(x::fft<x::fft_type::irfft, 4>(h)), {1, 2, 3, 4}));
  const x::tensor<"f32[2,2]"> m = {{1, 2}, {3, 4}};
  CHECK(near_c(x::eval(x::fft<x::fft_type::fft, 2, 2>(x::convert<x::c64>(m))), {{10, 0}, {-2, 0}, {-4, 0}, {0, 0}}));  // fft2
  CHECK(near_c(x::eval(x::fft<x::fft_type::rfft, 2, 2>(m)), {{10, 0}, {-2, 0}, {-4, 0}, {0, 0}}));  // rfft2
  // np.fft.fft(m, axis=0): the transform runs over the last dimensions; transpose around it
  CHECK(near_c(x::eval(x::transpose<1, 0>(x::fft<x::fft_type::fft, 2>(x::convert<x::c64>(x::transpose<1, 0>(m))))),
               {{4, 0}, {6, 0}, {-2, 0}, {-2, 0}}));
  const x::tensor<"c64[1,1,2]"> cube = {{{{1, 0}, {1, 0}}}};
  CHECK(near_c(x::eval(x::fft<x::fft_type::fft, 1, 1, 2>(cube)), {{2, 0}, {0, 0}}));  // fftn
}
