// Tests for sxla/ops/select.hpp: select with a pred array, a pred scalar and a number,
// and clamp with scalar or array bounds, against plain references on random operands in
// several layouts; clamp of floats propagates NaN (XLA's max and min), and with
// min > max gives max.
#include "support/elementwise_check.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

namespace x = sxla;
using namespace sxla_test;

namespace {
template <class T>
T ref_clamp(T lo, T v, T hi) {
  if constexpr (is_floating<T>) {
    const double l = static_cast<double>(lo), d = static_cast<double>(v), h = static_cast<double>(hi);
    if (std::isnan(l) || std::isnan(d) || std::isnan(h)) return T(std::nan(""));
    double m = d > l ? d : l;
    if (d == l) m = std::signbit(d) ? l : d;  // max(-0, +0) = +0
    double r = m < h ? m : h;
    if (m == h) r = std::signbit(m) ? m : h;  // min(-0, +0) = -0
    return T(r);
  } else {
    const T m = v > lo ? v : lo;
    return m < hi ? m : hi;
  }
}
}  // namespace

TEST_CASE_TEMPLATE("ops/select: pred array, pred scalar and numbers, in several layouts", T, float, double,
                   std::int8_t, std::int32_t, std::uint64_t, x::bf16, x::c64, bool) {
  std::mt19937_64 rng(5);
  array<bool, layout_kind::row_major> p0;
  array<T, layout_kind::row_major> a0, b0;
  fill_random(p0, rng);
  fill_random(a0, rng);
  fill_random(b0, rng);
  const array<bool, layout_kind::tiled> p = p0;
  const array<T, layout_kind::col_major> a = a0;
  const array<T, layout_kind::padded> b = b0;
  const array<T, layout_kind::row_major> r1 = x::select(p, a, b);
  check_all(r1, [&](const auto& i) { return p0[i] ? a0[i] : b0[i]; }, "select(array, col, padded) -> row");
  const array<T, layout_kind::tiled> r2 = x::select(p0, b, a);
  check_all(r2, [&](const auto& i) { return p0[i] ? b0[i] : a0[i]; }, "select(array, padded, col) -> tiled");
  const T s = random_value<T>(rng);
  const array<T, layout_kind::col_major> r3 = x::select(p, s, b);
  check_all(r3, [&](const auto& i) { return p0[i] ? s : b0[i]; }, "select with a number");
  const array<T, layout_kind::padded> r4 = x::select(x::tensor<"pred[]">{false}, a, b);
  check_all(r4, [&](const auto& i) { return b0[i]; }, "select with a pred scalar");
}

TEST_CASE_TEMPLATE("ops/select: clamp with scalar and array bounds", T, float, double, x::f16, std::int8_t,
                   std::uint16_t, std::int32_t, std::int64_t) {
  std::mt19937_64 rng(6);
  array<T, layout_kind::row_major> lo0, v0, hi0;
  fill_random(lo0, rng);
  fill_random(v0, rng);
  fill_random(hi0, rng);
  const array<T, layout_kind::tiled> lo = lo0;
  const array<T, layout_kind::col_major> v = v0;
  const array<T, layout_kind::padded> hi = hi0;
  const array<T, layout_kind::row_major> r1 = x::clamp(lo, v, hi);
  check_all(r1, [&](const auto& i) { return ref_clamp(lo0[i], v0[i], hi0[i]); }, "clamp(arrays)");
  const T l = static_cast<T>(-3), h = static_cast<T>(5);
  const array<T, layout_kind::tiled> r2 = x::clamp(l, v, h);
  check_all(r2, [&](const auto& i) { return ref_clamp(l, v0[i], h); }, "clamp(numbers)");
  const array<T, layout_kind::col_major> r3 = x::clamp(h, v0, l);  // min > max: max wins
  check_all(r3, [&](const auto& i) { return ref_clamp(h, v0[i], l); }, "clamp(min > max)");
}

TEST_CASE("ops/select: clamp of floats propagates NaN") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const auto r = x::eval(x::clamp(0.0f, x::tensor<"f32[3]">{nan, -1, 9}, 6.0f));
  CHECK(std::isnan(r(0)));
  CHECK_EQ(r(1), 0.0f);
  CHECK_EQ(r(2), 6.0f);
}
