// Zero-size shapes through every op family, at run time (the sanitizer builds run this
// file under ASan and UBSan: no pointer may be offset from a null or past an empty
// array's storage) and in constant expressions (tests/static/zero_size_static.cpp).
// Tensors of no elements have a null data(); views over user memory may be given a null
// pointer too. Expected values follow from XLA's definitions: a reduction over nothing
// is its init value, padding or concatenating an empty operand gives the padding value
// or the other operands, a product over K = 0 is 0.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>

namespace x = sxla;

namespace {
// Every element of t equals v.
template <class T, class V>
bool all_equal(const T& t, V v) {
  bool ok = true;
  x::for_each_index<typename T::shape_type>([&](const auto& i) { ok = ok && t[i] == v; });
  return ok;
}
}  // namespace

TEST_CASE("ops/zero size: empty tensors and views have no storage; null views are valid operands") {
  x::tensor<"f32[5,0]{0,1}"> a;
  static_assert(decltype(a)::element_count == 0 && decltype(a)::storage_count == 0);
  const auto v = x::view<"f32[5,0]{0,1}">(static_cast<float*>(nullptr));
  CHECK(v.data() == nullptr);
  CHECK(a == v);
  x::tensor<"f32[5,0]"> b = v;  // a layout-converting copy of nothing
  CHECK(b == a);
  auto w = x::view<"f32[0,3]">(static_cast<float*>(nullptr));
  w = x::tensor<"f32[0,3]">{};
  w = x::iota<"f32[0,3]", 1>() * 2.0f;
  // Every kind of destination layout.
  x::tensor<"f32[0,3]{1,0:T(2,2)}"> tiled = w + 1.0f;
  x::tensor<"f32[0,3]{0,1}"> col = x::transpose<1, 0>(x::tensor<"f32[3,0]">{});
  x::tensor<"f32[0,3]{1,0:pad(2,3,one)}"> padded = tiled;
  padded = w * 2.0f;
  CHECK(tiled == col);
  CHECK(padded.storage()[5] == 1.0f);  // padding slots keep the padding value
}

TEST_CASE("ops/zero size: elementwise and broadcast") {
  const x::tensor<"f32[5,0]{0,1}"> a;
  const x::tensor<"f32[5,0]"> b;
  const auto v = x::view<"f32[5,0]">(static_cast<const float*>(nullptr));
  x::tensor<"f32[5,0]"> r = x::max(a * b + 1.0f, x::exp(v));
  CHECK(r == b);
  x::tensor<"pred[5,0]{0,1}"> p = a < v;
  x::tensor<"f32[5,0]"> s = x::select(p, a, b);
  x::tensor<"s32[5,0]"> m = x::map([](float f) { return static_cast<std::int32_t>(f); }, a);
  CHECK(s == b);
  (void)m;
  // Broadcasting an empty operand, and a non-empty one into an empty shape.
  const x::tensor<"f32[0]"> e;
  const x::tensor<"f32[3]"> three = {1, 2, 3};
  CHECK(x::eval(x::broadcast<4>(e)) == x::tensor<"f32[4,0]">{});
  CHECK(x::eval(x::broadcast_in_dim<"f32[0,3]", 1>(three)) == x::tensor<"f32[0,3]">{});
  CHECK(x::eval(x::add(x::tensor<"f32[0,3]">{}, three, x::broadcast_dimensions<1>)) == x::tensor<"f32[0,3]">{});
  CHECK(x::eval(x::iota<"s32[0,4]", 1>()) == x::tensor<"s32[0,4]">{});
}

TEST_CASE("ops/zero size: data movement") {
  const x::tensor<"f32[5,0]{0,1}"> a;
  const auto v = x::view<"f32[5,0]">(static_cast<const float*>(nullptr));
  CHECK(x::eval(x::reshape<"f32[0,5]">(a)) == x::tensor<"f32[0,5]">{});
  CHECK(x::eval(x::reshape<"f32[0]">(v)) == x::tensor<"f32[0]">{});
  CHECK(x::eval(x::collapse<0, 1>(a)) == x::tensor<"f32[0]">{});
  CHECK(x::eval(x::transpose<1, 0>(v)) == x::tensor<"f32[0,5]">{});
  CHECK(x::eval(x::rev<0, 1>(a)) == x::tensor<"f32[5,0]">{});
  CHECK(x::eval(x::slice<x::idx{1, 0}, x::idx{4, 0}>(a)) == x::tensor<"f32[3,0]">{});
  const x::tensor<"f32[2,3]"> m = {{1, 2, 3}, {4, 5, 6}};
  CHECK(x::eval(x::slice<x::idx{1, 2}, x::idx{1, 3}>(m)) == x::tensor<"f32[0,1]">{});
  CHECK(x::eval(x::dynamic_slice<0, 2>(m, 1, 1)) == x::tensor<"f32[0,2]">{});
  CHECK(x::eval(x::dynamic_slice<2, 0>(a, 3, 0)) == x::tensor<"f32[2,0]">{});

  // Pad: the padding value everywhere (edges only; interior padding of nothing is nothing).
  CHECK(x::eval(x::pad<x::idx{2}, x::idx{1}>(x::tensor<"f32[0]">{}, 7.0f)) == x::tensor<"f32[3]">{7, 7, 7});
  CHECK(x::eval(x::pad<x::idx{1, 0}, x::idx{0, 2}, x::idx{0, 3}>(a, 7.0f)) ==
        x::tensor<"f32[6,2]">{{7, 7}, {7, 7}, {7, 7}, {7, 7}, {7, 7}, {7, 7}});
  CHECK(all_equal(x::eval(x::pad<x::idx{0, 1}, x::idx{0, 1}>(v, -1.0f)), -1.0f));

  // Concatenate: the empty operands contribute nothing.
  const x::tensor<"f32[0,3]"> e03;
  const x::tensor<"f32[2,0]{0,1}"> e20;
  CHECK(x::eval(x::concatenate<0>(e03, m, e03)) == m);
  CHECK(x::eval(x::concatenate<1>(e20, m, x::view<"f32[2,0]">(static_cast<const float*>(nullptr)))) == m);
  CHECK(x::eval(x::concatenate<1>(e20, e20)) == x::tensor<"f32[2,0]">{});

  // Dynamic update slice with an empty update: the operand unchanged.
  CHECK(x::eval(x::dynamic_update_slice(m, x::tensor<"f32[0,2]">{}, 1, 1)) == m);
  CHECK(x::eval(x::dynamic_update_slice(m, x::view<"f32[2,0]">(static_cast<const float*>(nullptr)), 1, 1)) == m);
  x::tensor<"f32[2,3]"> t = m;
  x::dynamic_update_slice_in_place(t, x::tensor<"f32[0,3]">{}, 1, 0);
  x::dynamic_update_slice_in_place(t, x::tensor<"f32[2,0]{0,1}">{}, 0, 2);
  CHECK(t == m);
  x::tensor<"f32[5,0]"> z;
  x::dynamic_update_slice_in_place(z, x::tensor<"f32[2,0]">{}, 4, 0);
  auto zv = x::view<"f32[5,0]">(static_cast<float*>(nullptr));
  x::dynamic_update_slice_in_place(zv, x::tensor<"f32[2,0]">{}, 1, 0);
  CHECK(x::eval(x::dynamic_update_slice(a, x::tensor<"f32[5,0]">{}, 0, 0)) == a);
}

TEST_CASE("ops/zero size: convert, bitcast_convert, reduce_precision") {
  const x::tensor<"f32[5,0]{0,1}"> a;
  CHECK(x::eval(x::convert<x::s32>(a)) == x::tensor<"s32[5,0]">{});
  CHECK(x::eval(x::convert<x::bf16>(a)) == x::tensor<"bf16[5,0]">{});
  CHECK(x::eval(x::bitcast_convert<x::u32>(a)) == x::tensor<"u32[5,0]">{});
  CHECK(x::eval(x::bitcast_convert<x::f16>(x::tensor<"f32[0]">{})) == x::tensor<"f16[0,2]">{});
  CHECK(x::eval(x::bitcast_convert<x::f64>(x::tensor<"f32[0,2]">{})) == x::tensor<"f64[0]">{});
  CHECK(x::eval(x::reduce_precision<10, 5>(a)) == a);
}

TEST_CASE("ops/zero size: reduce over nothing gives the init value") {
  const x::tensor<"f32[5,0]{0,1}"> a;
  const auto v = x::view<"f32[5,0]{0,1}">(static_cast<const float*>(nullptr));
  // The case: the column-major leaf's line starts at offset i, past no storage.
  CHECK(all_equal(x::eval(x::reduce<1>(a, 2.5f, x::add_op)), 2.5f));
  CHECK(all_equal(x::eval(x::reduce<1>(v, -1.0f, x::max_op)), -1.0f));
  x::tensor<"f32[5]{0:T(4)}"> tiled = x::reduce<1>(a, 3.0f, x::mul_op);
  CHECK(all_equal(tiled, 3.0f));
  CHECK(all_equal(x::eval(x::reduce<1>(x::tensor<"f32[5,0]{1,0:T(2,2)}">{}, 4.0f, x::add_op)), 4.0f));
  CHECK(all_equal(x::eval(x::reduce<1>(x::tensor<"f32[5,0]">{}, 4.0f, x::add_op)), 4.0f));
  CHECK(all_equal(x::eval(x::reduce<1>(x::tensor<"f32[5,0]{0,1:pad(6,2)}">{}, 4.0f, x::min_op)), 4.0f));
  CHECK(all_equal(x::eval(x::reduce<0, 2>(x::tensor<"f32[3,4,0]{0,2,1}">{}, 1.0f, x::add_op)), 1.0f));
  x::tensor<"f32[5]{0:pad(8)}"> padded_result = x::reduce<1>(v, 2.0f, x::add_op);
  CHECK(all_equal(padded_result, 2.0f));
  CHECK(all_equal(x::eval(x::reduce<0>(x::tensor<"s32[0,3]">{}, 9, x::add_op)), 9));
  CHECK(x::eval(x::reduce<0, 1>(a, 1.5f, x::add_op))() == 1.5f);
  CHECK(x::eval(x::reduce<0>(x::tensor<"f32[0]">{}, 6.0f, [](float s, float e) { return s + e; }))() == 6.0f);
  CHECK(all_equal(x::eval(x::reduce<1>(x::mul(a, v), 0.0f, x::add_op)), 0.0f));
  CHECK(x::eval(x::reduce<0>(a, 0.0f, x::add_op)) == x::tensor<"f32[0]">{});  // nothing kept
  // Variadic.
  const auto [s, n] = x::reduce<1>(a, x::tensor<"s32[5,0]">{}, 0.0f, 7,
                                   [](float sa, std::int32_t sb, float ea, std::int32_t eb) {
                                     return std::tuple(sa + ea, sb + eb);
                                   });
  CHECK(all_equal(s, 0.0f));
  CHECK(all_equal(n, 7));
  // A run-time size of 0.
  const x::tensor<"f32[4,3]"> m = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}};
  CHECK(all_equal(x::eval(x::reduce<1>(x::set_dimension_size<1>(m, 0), 0.5f, x::add_op)), 0.5f));
  CHECK(all_equal(x::eval(x::reduce<0>(x::set_dimension_size<0>(m, 0), -2.0f, x::max_op)), -2.0f));
}

TEST_CASE("ops/zero size: reduce_window and select_and_scatter") {
  const x::tensor<"f32[0]"> e;
  CHECK(x::eval(x::reduce_window<x::idx{1}>(e, 0.0f, x::add_op)) == x::tensor<"f32[0]">{});
  // Windows over padding only: the init value.
  CHECK(x::eval(x::reduce_window<x::idx{2}, x::idx{1}, x::padding::low_high(x::idx{1}, x::idx{2})>(
            e, 5.0f, x::add_op)) == x::tensor<"f32[2]">{5, 5});
  const x::tensor<"f32[4,0]{0,1}"> a;
  CHECK(x::eval(x::reduce_window<x::idx{2, 1}>(a, 0.0f, x::max_op)) == x::tensor<"f32[3,0]">{});
  CHECK(all_equal(x::eval(x::reduce_window<x::idx{2, 1}, x::idx{1, 1}, x::padding::low_high(x::idx{0, 1}, x::idx{0, 0})>(
                      a, -3.0f, x::max_op)),
                  -3.0f));
  CHECK(all_equal(x::eval(x::reduce_window<x::idx{1, 1}, x::idx{1, 1}, x::padding::same>(
                      x::view<"f32[0,2]">(static_cast<const float*>(nullptr)), 1.0f, x::mul_op)),
                  1.0f));
  const auto ge = [](float p, float q) { return p >= q; };
  const auto add = [](float p, float q) { return p + q; };
  CHECK(x::select_and_scatter<x::idx{2, 1}>(a, ge, x::tensor<"f32[3,0]">{}, 0.0f, add) == a);
  CHECK(x::select_and_scatter<x::idx{1}>(e, ge, x::tensor<"f32[0]">{}, 0.0f, add) == e);
  // An empty source scatters nothing: the init value everywhere.
  const x::tensor<"f32[4,3]"> m{};
  CHECK(all_equal(x::select_and_scatter<x::idx{2, 1}, x::idx{1, 1}>(x::slice<x::idx{0, 0}, x::idx{4, 0}>(m), ge,
                                                                    x::tensor<"f32[3,0]">{}, 4.0f, add),
                  4.0f));
}

TEST_CASE("ops/zero size: batch norm") {
  // No features: every output is empty.
  const x::tensor<"f32[3,0]"> nf;
  const x::tensor<"f32[0]"> nv;
  const auto [y, mean, var] = x::batch_norm_training<1>(nf, nv, nv, 1e-3);
  CHECK(y == nf);
  CHECK(mean == nv);
  CHECK(x::eval(x::batch_norm_inference<1>(nf, nv, nv, nv, nv, 1e-3)) == nf);
  const auto [dx, ds, dof] = x::batch_norm_grad<1>(nf, nv, nv, nv, nf, 1e-3);
  CHECK(dx == nf);
  (void)var, (void)ds, (void)dof;
  // Features with no elements: mean and variance are 0 / 0 (NaN), as XLA's expansion
  // (sum / count) gives; the sums of the gradient are 0.
  const x::tensor<"f32[0,2]"> ne;
  const x::tensor<"f32[2]"> one = {1, 1}, zero = {0, 0};
  const auto [y2, mean2, var2] = x::batch_norm_training<1>(ne, one, zero, 1e-3);
  CHECK(y2 == ne);
  CHECK(std::isnan(mean2(0)));
  CHECK(std::isnan(var2(1)));
  CHECK(x::eval(x::batch_norm_inference<1>(ne, one, zero, zero, one, 1e-3)) == ne);
  const auto [dx2, ds2, dof2] = x::batch_norm_grad<1>(ne, one, zero, one, ne, 1e-3);
  CHECK(dx2 == ne);
  CHECK(ds2 == zero);
  CHECK(dof2 == zero);
  // The same clamp keeps a NaN operand's NaN variance (it gave 0).
  const x::tensor<"f32[2,1]"> with_nan = {{1.0f}, {std::numeric_limits<float>::quiet_NaN()}};
  const auto [y3, mean3, var3] = x::batch_norm_training<1>(with_nan, x::tensor<"f32[1]">{1}, x::tensor<"f32[1]">{0}, 1e-3);
  CHECK(std::isnan(mean3(0)));
  CHECK(std::isnan(var3(0)));
  (void)y3;
}

TEST_CASE("ops/zero size: dot and dot_general") {
  // K = 0: the empty sum, 0.
  const x::tensor<"f32[2,0]"> a;
  const x::tensor<"f32[0,3]{0,1}"> b;
  x::tensor<"f32[2,3]"> c = x::dot(a, b);
  CHECK(all_equal(c, 0.0f));
  c = x::tensor<"f32[2,3]">{{1, 1, 1}, {1, 1, 1}};
  c = x::dot(x::view<"f32[2,0]">(static_cast<const float*>(nullptr)), b);
  CHECK(all_equal(c, 0.0f));
  CHECK(x::eval(x::dot(x::tensor<"f32[0]">{}, x::tensor<"f32[0]">{}))() == 0.0f);
  // An empty result.
  CHECK(x::eval(x::dot(x::tensor<"f32[0,4]">{}, x::tensor<"f32[4,3]">{})) == x::tensor<"f32[0,3]">{});
  CHECK(x::eval(x::dot(x::tensor<"f32[4,3]">{}, x::tensor<"f32[3,0]">{})) == x::tensor<"f32[4,0]">{});
  // Batched: an empty batch, and K = 0 in each batch.
  using dims = x::dot_dims<x::idx{2}, x::idx{1}, x::idx{0}, x::idx{0}>;
  CHECK(x::eval(x::dot_general<dims>(x::tensor<"f32[0,2,3]">{}, x::tensor<"f32[0,3,4]">{})) ==
        x::tensor<"f32[0,2,4]">{});
  CHECK(all_equal(x::eval(x::dot_general<dims>(x::tensor<"f32[3,2,0]">{}, x::tensor<"f32[3,0,4]">{})), 0.0f));
  CHECK(all_equal(x::eval(x::dot_general<dims>(x::tensor<"s32[3,2,0]">{}, x::tensor<"s32[3,0,4]">{})), 0));
}
