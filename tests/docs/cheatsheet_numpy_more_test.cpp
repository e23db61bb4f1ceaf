// docs/cheatsheet-numpy.md, the NumPy -> sxla sheet, continued from
// cheatsheet_numpy_test.cpp (split to keep each file well below 20 s of compile time): its
// reductions, reshaping and joining, sorting, random numbers, element types, printing and
// layouts rows, every sxla spelling they show compiled and run here on small inputs whose
// results are written by hand from NumPy's definitions. Nothing is checked against sxla's
// own output.
#include "docs/cheatsheet_check.hpp"

#include <doctest/doctest.h>

#include <sxla/sxla.hpp>

#include <array>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>

namespace x = sxla;

using cheatsheet::inf;
using cheatsheet::near;
using cheatsheet::qnan;

TEST_CASE("cheatsheet-numpy: reductions") {
  const x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  CHECK(x::eval(x::reduce<0, 1>(a, 0.0f, x::add_op))() == 21.0f);                           // a.sum()
  CHECK(x::eval(x::reduce<0>(a, 0.0f, x::add_op)) == x::tensor<"f32[3]">{5, 7, 9});           // a.sum(axis=0)
  CHECK(x::eval(x::reshape<"f32[2,1]">(x::reduce<1>(a, 0.0f, x::add_op))) ==
        x::tensor<"f32[2,1]">{{6}, {15}});                                                    // keepdims=True
  CHECK(x::eval(x::reduce<1>(a, 0.0f, x::add_op) / 3.0f) == x::tensor<"f32[2]">{2, 5});      // a.mean(axis=1)
  CHECK(x::eval(x::reduce<0, 1>(a, 0.0f, x::add_op) / 6.0f)() == 3.5f);                     // a.mean()
  const auto mean = x::eval(x::reduce<1>(a, 0.0f, x::add_op) / 3.0f);
  const auto dev = x::sub(a, mean, x::broadcast_dimensions<0>);
  const auto var = x::eval(x::reduce<1>(dev * dev, 0.0f, x::add_op) / 3.0f);                // a.var(axis=1)
  CHECK(near(var, {2.0 / 3.0, 2.0 / 3.0}));
  CHECK(near(x::eval(x::sqrt(var)), {0.8164965809, 0.8164965809}));                         // a.std(axis=1)
  CHECK(x::eval(x::reduce<0>(a, -std::numeric_limits<float>::infinity(), x::max_op)) ==
        x::tensor<"f32[3]">{4, 5, 6});                                                        // a.max(axis=0)
  CHECK(x::eval(x::reduce<0, 1>(a, std::numeric_limits<float>::infinity(), x::min_op))() == 1.0f);  // a.min()
  CHECK(x::eval(x::reduce<1>(a, 1.0f, x::mul_op)) == x::tensor<"f32[2]">{6, 120});            // a.prod(axis=1)
  const auto p = a > 4.5f;
  CHECK(x::eval(x::reduce<0, 1>(p, false, x::or_op))() == true);                             // np.any
  CHECK(x::eval(x::reduce<1>(p, true, x::and_op)) == x::tensor<"pred[2]">{false, false});    // np.all(axis=1)
  CHECK(x::eval(x::reduce<0, 1>(x::convert<x::s32>(p), 0, x::add_op))() == 2);               // np.count_nonzero
  // np.argmax(g, axis=1), np.argmin
  const x::tensor<"f32[2,3]"> g = {{3, 9, 9}, {7, 1, 5}};
  const auto first_max = [](float m, x::s32 i, float u, x::s32 j) {
    return u > m ? std::tuple{u, j} : std::tuple{m, i};
  };
  const auto [mx, ix] = x::reduce<1>(g, x::iota<"s32[2,3]", 1>(), -inf, 0, first_max);
  CHECK(ix == x::tensor<"s32[2]">{1, 0});
  CHECK(mx == x::tensor<"f32[2]">{9, 7});
  // np.average(v, weights=wt)
  const x::tensor<"f32[3]"> v = {1, 2, 4};
  const x::tensor<"f32[3]"> wt = {1, 1, 2};
  CHECK(x::eval(x::reduce<0>(v * wt, 0.0f, x::add_op) / x::reduce<0>(wt, 0.0f, x::add_op))() == 2.75f);
  // np.cumsum(v), np.cumprod(v), np.diff(v)
  CHECK(x::eval(x::reduce_window<x::idx{3}, x::idx{1}, x::padding::low_high(x::idx{2}, x::idx{0})>(v, 0.0f,
                                                                                                   x::add_op)) ==
        x::tensor<"f32[3]">{1, 3, 7});
  CHECK(x::eval(x::reduce_window<x::idx{3}, x::idx{1}, x::padding::low_high(x::idx{2}, x::idx{0})>(v, 1.0f,
                                                                                                   x::mul_op)) ==
        x::tensor<"f32[3]">{1, 2, 8});
  CHECK(x::eval(x::slice<x::idx{1}, x::idx{3}>(v) - x::slice<x::idx{0}, x::idx{2}>(v)) == x::tensor<"f32[2]">{1, 2});
  // np.nansum, np.median
  const x::tensor<"f32[2,3]"> gaps = {{1, qnan, 3}, {qnan, 5, 6}};
  CHECK(x::eval(x::reduce<0, 1>(x::select(x::ne(gaps, gaps), 0.0f, gaps), 0.0f, x::add_op))() == 15.0f);
  CHECK(x::eval(x::sort(x::tensor<"f32[3]">{3, 1, 2}))(1) == 2.0f);
}

TEST_CASE("cheatsheet-numpy: reshaping and joining") {
  const x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  const x::tensor<"f32[3]"> v = {7, 8, 9};
  CHECK(x::eval(x::transpose<1, 0>(a)) == x::tensor<"f32[3,2]">{{1, 4}, {2, 5}, {3, 6}});  // a.T
  const x::tensor<"f32[1,2,3]"> e = x::reshape<"f32[1,2,3]">(a);                           // a[None], expand_dims
  CHECK(x::eval(x::transpose<2, 0, 1>(e)) ==
        x::tensor<"f32[3,1,2]">{{{1, 4}}, {{2, 5}}, {{3, 6}}});                              // np.moveaxis(e, 2, 0)
  CHECK(x::eval(x::reshape<"f32[3,2]">(a)) == x::tensor<"f32[3,2]">{{1, 2}, {3, 4}, {5, 6}});
  CHECK(x::eval(x::reshape<"f32[6]">(a)) == x::tensor<"f32[6]">{1, 2, 3, 4, 5, 6});          // a.ravel()
  CHECK(x::eval(x::reshape<"f32[6]", 1, 0>(a)) == x::tensor<"f32[6]">{1, 4, 2, 5, 3, 6});    // a.ravel('F')
  CHECK(x::eval(x::transpose<1, 0>(x::reshape<"f32[2,3]", 1, 0>(a))) ==
        x::tensor<"f32[3,2]">{{1, 5}, {4, 3}, {2, 6}});                                       // a.reshape(3, 2, order='F')
  CHECK(x::eval(x::reshape<"f32[2,3]">(e)) == a);                                             // np.squeeze(e)
  CHECK(x::eval(x::concatenate<0>(a, x::reshape<"f32[1,3]">(v))) ==
        x::tensor<"f32[3,3]">{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}});                               // np.vstack
  CHECK(x::eval(x::concatenate<1>(a, a)) == x::tensor<"f32[2,6]">{{1, 2, 3, 1, 2, 3}, {4, 5, 6, 4, 5, 6}});  // np.hstack
  CHECK(x::eval(x::concatenate<0>(x::reshape<"f32[1,3]">(v), x::reshape<"f32[1,3]">(v))) ==
        x::tensor<"f32[2,3]">{{7, 8, 9}, {7, 8, 9}});                                         // np.stack([v, v])
  CHECK(x::eval(x::slice<x::idx{0, 0}, x::idx{2, 1}>(a)) == x::tensor<"f32[2,1]">{{1}, {4}});  // np.split(a, [1], axis=1)
  CHECK(x::eval(x::slice<x::idx{0, 1}, x::idx{2, 3}>(a)) == x::tensor<"f32[2,2]">{{2, 3}, {5, 6}});
  // np.pad(a, ((0, 1), (2, 0))), np.pad(v, 1, constant_values=-1)
  CHECK(x::eval(x::pad<x::idx{0, 2}, x::idx{1, 0}>(a, 0.0f)) ==
        x::tensor<"f32[3,5]">{{0, 0, 1, 2, 3}, {0, 0, 4, 5, 6}, {0, 0, 0, 0, 0}});
  CHECK(x::eval(x::pad<x::idx{1}, x::idx{1}>(v, -1.0f)) == x::tensor<"f32[5]">{-1, 7, 8, 9, -1});
  CHECK(x::eval(x::rev<0, 1>(a)) == x::tensor<"f32[2,3]">{{6, 5, 4}, {3, 2, 1}});             // np.flip(a)
  CHECK(x::eval(x::concatenate<0>(x::slice<x::idx{2}, x::idx{3}>(v), x::slice<x::idx{0}, x::idx{2}>(v))) ==
        x::tensor<"f32[3]">{9, 7, 8});                                                         // np.roll(v, 1)
  CHECK(x::eval(x::reshape<"f32[6]">(x::broadcast<2>(v))) == x::tensor<"f32[6]">{7, 8, 9, 7, 8, 9});  // np.tile(v, 2)
  CHECK(x::eval(x::reshape<"f32[6]">(x::broadcast_in_dim<"f32[3,2]", 0>(v))) ==
        x::tensor<"f32[6]">{7, 7, 8, 8, 9, 9});                                               // np.repeat(v, 2)
}

TEST_CASE("cheatsheet-numpy: sorting") {
  const x::tensor<"f32[2,3]"> a = {{3, 1, 2}, {0, 5, -1}};
  CHECK(x::eval(x::sort(a)) == x::tensor<"f32[2,3]">{{1, 2, 3}, {-1, 0, 5}});         // np.sort(a)
  CHECK(x::eval(x::sort<0>(a)) == x::tensor<"f32[2,3]">{{0, 1, -1}, {3, 5, 2}});      // np.sort(a, axis=0)
  CHECK(x::eval(x::sort(a, x::gt_op)) == x::tensor<"f32[2,3]">{{3, 2, 1}, {5, 0, -1}});  // np.sort(a)[:, ::-1]
  const auto [sorted, order] = x::sort(a, x::iota<"s32[2,3]", 1>());                    // np.argsort(a, kind='stable')
  CHECK(order == x::tensor<"s32[2,3]">{{1, 2, 0}, {2, 0, 1}});
  CHECK(sorted == x::tensor<"f32[2,3]">{{1, 2, 3}, {-1, 0, 5}});
  const x::tensor<"f32[4]"> ties = {2, 1, 2, 1};
  CHECK(std::get<1>(x::sort(ties, x::iota<"s32[4]", 0>())) == x::tensor<"s32[4]">{1, 3, 0, 2});  // stable
  // np.lexsort((k2, k1)): k1 first, then k2
  const x::tensor<"s32[4]"> k1 = {1, 0, 1, 0};
  const x::tensor<"s32[4]"> k2 = {5, 7, 2, 3};
  const auto by_both = [](x::s32 a1, x::s32 b1, x::s32 a2, x::s32 b2, x::s32, x::s32) {
    return a1 < b1 || (a1 == b1 && a2 < b2);
  };
  CHECK(std::get<2>(x::sort(k1, k2, x::iota<"s32[4]", 0>(), by_both)) == x::tensor<"s32[4]">{3, 1, 2, 0});
  // t.sort()
  x::tensor<"f32[4]"> t = {4, 3, 1, 2};
  t = x::sort(t);
  CHECK(t == x::tensor<"f32[4]">{1, 2, 3, 4});
}

TEST_CASE("cheatsheet-numpy: random numbers") {
  x::rng_state gen{.seed = 42};                                          // rng = np.random.default_rng(42)
  const x::tensor<"f32[500]"> u = x::rng_uniform<"f32[500]">(0.0f, 1.0f, gen);     // rng.random(500)
  const x::tensor<"f64[500]"> g = x::rng_normal<"f64[500]">(3.0, 0.5, gen);        // rng.normal(3, 0.5, 500)
  const x::tensor<"s32[500]"> k = x::rng_uniform<"s32[500]">(-2, 3, gen);          // rng.integers(-2, 3, 500)
  const auto [next, raw] = x::rng_bit_generator<x::rng_algorithm::philox, "u64[4]">(x::tensor<"u64[2]">{42, 0});
  double su = 0, sg = 0;
  bool u_in = true, k_in = true;
  for (int i = 0; i < 500; ++i) {
    u_in = u_in && u(i) >= 0.0f && u(i) < 1.0f;
    k_in = k_in && k(i) >= -2 && k(i) < 3;
    su += u(i);
    sg += g(i);
  }
  CHECK(u_in);
  CHECK(k_in);
  CHECK(su / 500 == doctest::Approx(0.5).epsilon(0.1));
  CHECK(sg / 500 == doctest::Approx(3.0).epsilon(0.05));
  CHECK(next(1) == 2);  // four 64-bit words are two philox blocks
  static_cast<void>(raw);
  // rng.permutation(5): sort random keys, carry an iota along
  const auto perm = std::get<1>(x::sort(x::rng_uniform<"f32[5]">(0.0f, 1.0f, gen), x::iota<"s32[5]", 0>()));
  std::array<int, 5> seen{};
  for (int i = 0; i < 5; ++i) ++seen[static_cast<std::size_t>(perm(i))];
  CHECK(seen == std::array<int, 5>{1, 1, 1, 1, 1});
  // rng.random(4) < 0.3: Bernoulli draws
  const x::tensor<"pred[4]"> coin = x::rng_uniform<"f32[4]">(0.0f, 1.0f, gen) < 0.3f;
  static_cast<void>(coin);
}

TEST_CASE("cheatsheet-numpy: element types") {
  static_assert(std::is_same_v<x::f32, float> && std::is_same_v<x::f64, double>);
  static_assert(std::is_same_v<x::s8, std::int8_t> && std::is_same_v<x::u64, std::uint64_t>);
  static_assert(std::is_same_v<x::pred, bool> && std::is_same_v<x::c64, std::complex<float>>);
  static_assert(std::is_same_v<x::tensor<"bf16[2]">::value_type, x::bf16>);
  static_assert(std::is_same_v<x::tensor<"f8e4m3fn[2]">::value_type, x::f8e4m3fn>);
  static_assert(std::is_same_v<x::tensor<"s4[2]">::value_type, x::s4>);
  static_assert(std::is_same_v<x::tensor<"pred[2]">::value_type, x::pred> &&
                std::is_same_v<x::tensor<"s8[2]">::value_type, x::s8> &&
                std::is_same_v<x::tensor<"s16[2]">::value_type, x::s16> &&
                std::is_same_v<x::tensor<"s32[2]">::value_type, x::s32> &&
                std::is_same_v<x::tensor<"s64[2]">::value_type, x::s64> &&
                std::is_same_v<x::tensor<"u8[2]">::value_type, x::u8> &&
                std::is_same_v<x::tensor<"u16[2]">::value_type, x::u16> &&
                std::is_same_v<x::tensor<"u32[2]">::value_type, x::u32> &&
                std::is_same_v<x::tensor<"u64[2]">::value_type, x::u64> &&
                std::is_same_v<x::tensor<"f16[2]">::value_type, x::f16> &&
                std::is_same_v<x::tensor<"f32[2]">::value_type, x::f32> &&
                std::is_same_v<x::tensor<"f64[2]">::value_type, x::f64> &&
                std::is_same_v<x::tensor<"c64[2]">::value_type, x::c64> &&
                std::is_same_v<x::tensor<"c128[2]">::value_type, x::c128> &&
                std::is_same_v<x::tensor<"f8e5m2[2]">::value_type, x::f8e5m2> &&
                std::is_same_v<x::tensor<"f8e4m3[2]">::value_type, x::f8e4m3> &&
                std::is_same_v<x::tensor<"f8e3m4[2]">::value_type, x::f8e3m4> &&
                std::is_same_v<x::tensor<"f8e4m3fnuz[2]">::value_type, x::f8e4m3fnuz> &&
                std::is_same_v<x::tensor<"f8e5m2fnuz[2]">::value_type, x::f8e5m2fnuz> &&
                std::is_same_v<x::tensor<"f8e4m3b11fnuz[2]">::value_type, x::f8e4m3b11fnuz> &&
                std::is_same_v<x::tensor<"f8e8m0fnu[2]">::value_type, x::f8e8m0fnu> &&
                std::is_same_v<x::tensor<"f4e2m1fn[2]">::value_type, x::f4e2m1fn> &&
                std::is_same_v<x::tensor<"f6e2m3fn[2]">::value_type, x::f6e2m3fn> &&
                std::is_same_v<x::tensor<"f6e3m2fn[2]">::value_type, x::f6e3m2fn> &&
                std::is_same_v<x::tensor<"u4[2]">::value_type, x::u4> &&
                std::is_same_v<x::tensor<"s2[2]">::value_type, x::s2> &&
                std::is_same_v<x::tensor<"u2[2]">::value_type, x::u2>);
  // np.finfo(np.float32).eps, ml_dtypes.finfo(float8_e4m3fn).max, np.iinfo(int4)
  CHECK(std::numeric_limits<x::f32>::epsilon() == 0x1p-23f);
  CHECK(static_cast<float>(std::numeric_limits<x::f8e4m3fn>::max()) == 448.0f);
  CHECK(static_cast<float>(std::numeric_limits<x::f8e5m2>::max()) == 57344.0f);
  CHECK(static_cast<float>(std::numeric_limits<x::bf16>::epsilon()) == 0x1p-7f);
  CHECK(static_cast<float>(std::numeric_limits<x::f16>::max()) == 65504.0f);
  CHECK(static_cast<int>(std::numeric_limits<x::s4>::min()) == -8);
  CHECK(static_cast<int>(std::numeric_limits<x::u4>::max()) == 15);
  // a.astype(ml_dtypes.bfloat16), .astype(float8_e5m2), .astype(int4)
  const x::tensor<"f32[3]"> a = {1.0f, 3.0f, 100.0f};
  const x::tensor<"bf16[3]"> b = x::convert<x::bf16>(a);
  const x::tensor<"f8e5m2[3]"> q = x::convert<x::f8e5m2>(a);
  const x::tensor<"s4[3]"> i4 = x::convert<x::s4>(a);
  CHECK(static_cast<float>(b(2)) == 100.0f);
  CHECK(static_cast<float>(q(1)) == 3.0f);
  CHECK(static_cast<float>(q(2)) == 96.0f);  // 100 -> 96 (steps of 16 in [64, 128))
  CHECK(static_cast<int>(i4(2)) == 7);       // floats saturate
  // packed storage, as ml_dtypes' int4 arrays are not (one per byte) but XLA's E(4) is
  std::uint8_t bytes[2] = {0x21, 0x43};
  const auto packed = x::packed_view<"u4[4]">(bytes);
  CHECK(x::eval(x::convert<x::s32>(packed)) == x::tensor<"s32[4]">{1, 2, 3, 4});
  x::packed_tensor<"u4[4]"> pk;
  pk = x::convert<x::u4>(x::tensor<"s32[4]">{1, 2, 3, 20});
  CHECK(static_cast<int>(pk(3)) == 4);  // 20 keeps its low four bits
}

TEST_CASE("cheatsheet-numpy: printing and layouts") {
  const x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  std::ostringstream os;
  os << a;  // print(a)
  CHECK(os.str() == "f32[2,3] {{1, 2, 3}, {4, 5, 6}}");
  std::string text;
  x::write_literal(std::back_inserter(text), x::tensor<"s32[3]">{1, -2, 3});
  CHECK(text == "s32[3] {1, -2, 3}");
  // np.asfortranarray(a), np.ascontiguousarray(f)
  const x::tensor<"f32[2,3]{0,1}"> f = a;
  CHECK(f.storage()[1] == 4.0f);
  CHECK(f == a);
  const x::tensor<"f32[2,3]{1,0}"> c = f;
  CHECK(c.storage()[1] == 2.0f);
  // a.strides // a.itemsize, a.flags['F_CONTIGUOUS']
  static_assert(x::linear_index<x::shape<"f32[2,3]">>({1, 0}) == 3);
  static_assert(x::linear_index<x::shape<"f32[2,3]{0,1}">>({0, 1}) == 2);
  static_assert(!x::shape<"f32[2,3]{0,1}">::has_default_layout);
  static_assert(x::shape<"f32[2,3]">::has_default_layout && x::shape<"f32[2,3]{1,0}">::has_default_layout);
  // np.ndarray(shape=(2, 3), dtype=np.float32, buffer=buf, order='F')
  float buf[6] = {1, 4, 2, 5, 3, 6};
  const auto fv = x::view<"f32[2,3]{0,1}">(buf);
  CHECK(fv(0, 1) == 2.0f);
  CHECK(fv == a);
  // A 3-D array whose first axis varies fastest: minor_to_major {0,1,2}
  const x::tensor<"f32[2,2,2]{0,1,2}"> t = x::iota<"f32[2,2,2]", 0>() + 2.0f * x::iota<"f32[2,2,2]", 1>();
  CHECK(t.storage()[1] == 1.0f);
  CHECK(t.storage()[2] == 2.0f);
  CHECK(f.data()[2] == 2.0f);
  // Padded dimensions: storage 3 x 5, column-major, logical values 2 x 3
  const x::tensor<"f32[2,3]{0,1:pad(3,5)}"> padded = a;
  CHECK(padded == a);
  CHECK(padded.storage()[3] == 2.0f);  // column 1 starts after the 3 slots of column 0
  const x::tensor<"f32[3,5]{1,0:T(2,2)}"> tiled = x::iota<"f32[3,5]", 1>();
  CHECK(tiled(2, 4) == 4.0f);
}
