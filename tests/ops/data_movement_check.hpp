// tests/ops/data_movement_check.hpp: what the tests of the data-movement views share
// (data_movement*_test.cpp): operands of T in layout K (row-major, column-major, padded,
// tiled), check_views<T, K> (rev, slice, dynamic_slice, pad, concatenate,
// dynamic_update_slice, reshape, collapse, transpose into destination layout K, operands in
// the other layouts, against scalar references written from the seed's definitions: index
// arithmetic on the operands' elements, no sxla node) and check_chains<K> (views chained
// and fused with arithmetic, in one pass).
#ifndef SXLA_TESTS_OPS_DATA_MOVEMENT_CHECK_HPP
#define SXLA_TESTS_OPS_DATA_MOVEMENT_CHECK_HPP

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <string>
#include <utility>

#include "ops/arithmetic_reference.hpp"
#include "support/elementwise_check.hpp"

namespace sxla_test::data_movement {

namespace x = sxla;

// Dimensions dims of T in layout K (padded: a few slots more per dimension; tiled: (2,8)
// tiles, or (8) for rank 1).
template <class T, layout_kind K>
constexpr x::shape_spec spec_for(x::idx dims) {
  x::shape_spec s(x::primitive_type_of<T>, dims, x::default_layout(dims.size()));
  const std::size_t r = dims.size();
  if constexpr (K == layout_kind::col_major) {
    x::idx m;
    for (std::size_t d = 0; d < r; ++d) m.push_back(static_cast<x::index_t>(d));
    s.layout.minor_to_major = m;
  } else if constexpr (K == layout_kind::padded) {
    x::idx p;
    for (std::size_t d = 0; d < r; ++d) p.push_back(dims[d] + 1 + static_cast<x::index_t>(d));
    s.layout.padded_dimensions = p;
  } else if constexpr (K == layout_kind::tiled) {
    x::tile_spec t;
    if (r >= 2) {
      t.dimensions = {2, 8};
    } else {
      t.dimensions = {8};
    }
    s.layout.tiles.push_back(t);
  }
  return s;
}

template <class T, int K, x::index_t... D>
using arr = x::tensor<spec_for<T, static_cast<layout_kind>(K)>(x::idx{D...})>;

template <class T, int K>
std::string path(const char* op) {
  return std::string(op) + " " + std::string(x::type_name(x::primitive_type_of<T>)) + " " +
         layout_name((K + 1) % 4) + " -> " + layout_name(K);
}

// One element type, destination layout K, operands in layout (K + 1) % 4.
template <class T, int K>
void check_views() {
  constexpr int L = (K + 1) % 4;
  std::mt19937_64 rng(40 + K);
  arr<T, 0, 5, 37> a0;
  fill_random(a0, rng);
  const arr<T, L, 5, 37> a = a0;

  // rev
  const arr<T, K, 5, 37> r0 = x::rev<0>(a);
  check_all(r0, [&](const auto& i) { return a0[{4 - i[0], i[1]}]; }, path<T, K>("rev<0>"));
  const arr<T, K, 5, 37> r1 = x::rev<1>(a);
  check_all(r1, [&](const auto& i) { return a0[{i[0], 36 - i[1]}]; }, path<T, K>("rev<1>"));
  const arr<T, K, 5, 37> r01 = x::rev<0, 1>(a);
  check_all(r01, [&](const auto& i) { return a0[{4 - i[0], 36 - i[1]}]; }, path<T, K>("rev<0,1>"));

  // slice: [1, 5) x [3, 37) and every (2, 3)-th of [0, 5) x [1, 36)
  const arr<T, K, 4, 34> s = x::slice<x::idx{1, 3}, x::idx{5, 37}>(a);
  check_all(s, [&](const auto& i) { return a0[{1 + i[0], 3 + i[1]}]; }, path<T, K>("slice"));
  const arr<T, K, 3, 12> ss = x::slice<x::idx{0, 1}, x::idx{5, 36}, x::idx{2, 3}>(a);
  check_all(ss, [&](const auto& i) { return a0[{2 * i[0], 1 + 3 * i[1]}]; }, path<T, K>("strided slice"));

  // dynamic_slice: starts in range, beyond, negative
  for (const auto& [i0, j0] : {std::pair{1, 2}, std::pair{9, 40}, std::pair{-3, 17}}) {
    const arr<T, K, 3, 20> d = x::dynamic_slice<3, 20>(a, i0, j0);
    const int ci = i0 < 0 ? 0 : (i0 > 2 ? 2 : i0), cj = j0 < 0 ? 0 : (j0 > 17 ? 17 : j0);
    check_all(d, [&](const auto& i) { return a0[{ci + i[0], cj + i[1]}]; }, path<T, K>("dynamic_slice"));
  }

  // pad: interior first, then edges (negative ones remove elements); the reference walks
  // the seed's definition: result index r along d holds operand element (r - lo) / (int + 1)
  // when r - lo is a non-negative multiple of int + 1 below the operand size.
  const T value = random_value<T>(rng);
  const auto pad_ref = [&](x::index_t r, x::index_t lo, x::index_t in, x::index_t n) -> x::index_t {
    const x::index_t p = r - lo;
    return p >= 0 && p % (in + 1) == 0 && p / (in + 1) < n ? p / (in + 1) : -1;
  };
  // dim 0: lo 2, hi -1, interior 1 -> 2 - 1 + 5 + 4 = 10; dim 1: lo -3, hi 5, interior 0 -> 39
  const arr<T, K, 10, 39> p = x::pad<x::idx{2, -3}, x::idx{-1, 5}, x::idx{1, 0}>(a, value);
  check_all(p, [&](const auto& i) {
    const x::index_t s0 = pad_ref(i[0], 2, 1, 5), s1 = pad_ref(i[1], -3, 0, 37);
    return s0 >= 0 && s1 >= 0 ? a0[{s0, s1}] : value;
  }, path<T, K>("pad"));
  // dim 1: lo -4, hi 1, interior 2 -> -4 + 1 + 37 + 72 = 106
  const arr<T, K, 5, 106> pi = x::pad<x::idx{0, -4}, x::idx{0, 1}, x::idx{0, 2}>(a, value);
  check_all(pi, [&](const auto& i) {
    const x::index_t s1 = pad_ref(i[1], -4, 2, 37);
    return s1 >= 0 ? a0[{i[0], s1}] : value;
  }, path<T, K>("pad, interior on the minor dimension"));

  // concatenate along 0 and along 1
  arr<T, 0, 2, 37> b0;
  arr<T, 0, 5, 11> c0;
  fill_random(b0, rng);
  fill_random(c0, rng);
  const arr<T, (K + 2) % 4, 2, 37> b = b0;
  const arr<T, (K + 3) % 4, 5, 11> c = c0;
  const arr<T, K, 12, 37> cat0 = x::concatenate<0>(a, b, a);
  check_all(cat0, [&](const auto& i) {
    return i[0] < 5 ? a0[{i[0], i[1]}] : (i[0] < 7 ? b0[{i[0] - 5, i[1]}] : a0[{i[0] - 7, i[1]}]);
  }, path<T, K>("concatenate<0>"));
  const arr<T, K, 5, 59> cat1 = x::concatenate<1>(c, a, c);
  check_all(cat1, [&](const auto& i) {
    return i[1] < 11 ? c0[{i[0], i[1]}] : (i[1] < 48 ? a0[{i[0], i[1] - 11}] : c0[{i[0], i[1] - 48}]);
  }, path<T, K>("concatenate<1>"));

  // dynamic_update_slice, as an expression and in place
  arr<T, 0, 3, 20> u0;
  fill_random(u0, rng);
  const arr<T, (K + 2) % 4, 3, 20> u = u0;
  for (const auto& [i0, j0] : {std::pair{1, 9}, std::pair{7, -2}, std::pair{0, 30}}) {
    const int ci = i0 < 0 ? 0 : (i0 > 2 ? 2 : i0), cj = j0 < 0 ? 0 : (j0 > 17 ? 17 : j0);
    const auto ref = [&](const auto& i) {
      const x::index_t p0 = i[0] - ci, p1 = i[1] - cj;
      return p0 >= 0 && p0 < 3 && p1 >= 0 && p1 < 20 ? u0[{p0, p1}] : a0[i];
    };
    const arr<T, K, 5, 37> d = x::dynamic_update_slice(a, u, i0, j0);
    check_all(d, ref, path<T, K>("dynamic_update_slice"));
    arr<T, K, 5, 37> t = a;
    x::dynamic_update_slice_in_place(t, u, i0, j0);
    check_all(t, ref, path<T, K>("dynamic_update_slice_in_place"));
  }

  // reshape in order and with a dimension order; collapse of a rank-3 array; transpose
  const arr<T, K, 37, 5> rs = x::reshape<spec_for<T, layout_kind::row_major>(x::idx{37, 5})>(a);
  check_all(rs, [&](const auto& i) {
    const x::index_t n = i[0] * 5 + i[1];
    return a0[{n / 37, n % 37}];
  }, path<T, K>("reshape"));
  const arr<T, K, 5, 37> rt = x::reshape<spec_for<T, layout_kind::row_major>(x::idx{5, 37}), 1, 0>(a);
  check_all(rt, [&](const auto& i) {
    const x::index_t n = i[0] * 37 + i[1];  // operand order: dimension 1 slowest
    return a0[{n % 5, n / 5}];
  }, path<T, K>("reshape with dimensions {1, 0}"));
  arr<T, 0, 3, 5, 8> v0;
  fill_random(v0, rng);
  const arr<T, L, 3, 5, 8> v = v0;
  const arr<T, K, 15, 8> c01 = x::collapse<0, 1>(v);
  check_all(c01, [&](const auto& i) { return v0[{i[0] / 5, i[0] % 5, i[1]}]; }, path<T, K>("collapse<0,1>"));
  const arr<T, K, 3, 40> c12 = x::collapse<1, 2>(v);
  check_all(c12, [&](const auto& i) { return v0[{i[0], i[1] / 8, i[1] % 8}]; }, path<T, K>("collapse<1,2>"));
  const arr<T, K, 37, 5> tr = x::transpose<1, 0>(a);
  check_all(tr, [&](const auto& i) { return a0[{i[1], i[0]}]; }, path<T, K>("transpose"));
}

// Views chained and fused with arithmetic, in one pass.
template <int K>
void check_chains() {
  constexpr int L = (K + 1) % 4;
  std::mt19937_64 rng(70 + K);
  arr<float, 0, 5, 37> a0;
  arr<float, 0, 37, 5> b0;
  fill_random(a0, rng);
  fill_random(b0, rng);
  const arr<float, L, 5, 37> a = a0;
  const arr<float, (K + 2) % 4, 37, 5> b = b0;
  // max(rev<0>(slice(a)), transpose(b)) over [4, 37] x ... : slice rows 1..5 of a, the
  // first 4 rows of b's transpose.
  const arr<float, K, 4, 37> m =
      x::max(x::rev<0>(x::slice<x::idx{1, 0}, x::idx{5, 37}>(a)), x::slice<x::idx{0, 0}, x::idx{4, 37}>(x::transpose<1, 0>(b)));
  check_all(m, [&](const auto& i) {
    return sxla_test::arithmetic::ref_extreme<float, true>(a0[{4 - i[0], i[1]}], b0[{i[1], i[0]}]);
  }, path<float, K>("max(rev(slice), slice(transpose))"));
  // pad of a sum, reversed, concatenated with a reshape of a transpose.
  const arr<float, K, 12, 37> c = x::concatenate<0>(
      x::rev<1>(x::pad<x::idx{1, 0}, x::idx{1, 0}>(a * 2.0f, 0.0f)),
      x::reshape<spec_for<float, layout_kind::row_major>(x::idx{5, 37})>(x::transpose<1, 0>(b)));
  check_all(c, [&](const auto& i) {
    if (i[0] < 7) return i[0] == 0 || i[0] == 6 ? 0.0f : a0[{i[0] - 1, 36 - i[1]}] * 2.0f;
    const x::index_t n = (i[0] - 7) * 37 + i[1];  // row-major order of transpose(b): [5, 37]
    return b0[{n % 37, n / 37}];
  }, path<float, K>("concatenate(rev(pad(a * 2)), reshape(transpose(b)))"));
}


}  // namespace sxla_test::data_movement

#endif  // SXLA_TESTS_OPS_DATA_MOVEMENT_CHECK_HPP
