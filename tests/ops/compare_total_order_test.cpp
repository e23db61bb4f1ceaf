// Tests for sxla/ops/compare.hpp: the total-order comparisons of floats (-NaN < -Inf <
// -finite < -0 < +0 < +finite < +Inf < +NaN) against a reference written from that
// definition, and the equality of complex numbers (part by part).
#include "support/elementwise_check.hpp"

#include <bit>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>

namespace x = sxla;
using namespace sxla_test;

namespace {
template <class T>
double as_double(T v) {
  return static_cast<double>(v);
}

// The total order of floats, from the definition: NaNs by sign at the ends, -0 < +0.
template <class T>
int total_rank(T v, T w) {  // -1, 0, 1 like a comparison of v and w
  const double a = as_double(v), b = as_double(w);
  auto cls = [](double d) {  // 0: -NaN, 1: ordinary, 2: +NaN
    return std::isnan(d) ? (std::signbit(d) ? 0 : 2) : 1;
  };
  if (cls(a) != cls(b)) return cls(a) < cls(b) ? -1 : 1;
  if (cls(a) != 1) {  // two NaNs of one sign: by magnitude of the payload bits
    using B = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
    const B pa = std::bit_cast<B>(static_cast<std::conditional_t<sizeof(T) == 8, double, float>>(a));
    const B pb = std::bit_cast<B>(static_cast<std::conditional_t<sizeof(T) == 8, double, float>>(b));
    const int r = pa == pb ? 0 : (pa < pb ? -1 : 1);
    return std::signbit(a) ? -r : r;
  }
  if (a == b) {
    if (a == 0 && std::signbit(a) != std::signbit(b)) return std::signbit(a) ? -1 : 1;
    return 0;
  }
  return a < b ? -1 : 1;
}
}  // namespace

TEST_CASE("ops/compare: complex numbers compare for equality only, part by part") {
  check_binary<x::c64, 0>(x::eq, [](x::c64 a, x::c64 b) { return a.real() == b.real() && a.imag() == b.imag(); }, "eq");
  check_binary<x::c128, 1>(x::ne, [](x::c128 a, x::c128 b) { return !(a.real() == b.real() && a.imag() == b.imag()); },
                           "ne");
}

TEST_CASE_TEMPLATE("ops/compare: the total order of floats", T, float, double) {
  check_binary<T, 0>(x::eq_total_order, [](T a, T b) { return total_rank(a, b) == 0; }, "eq_total_order");
  check_binary<T, 1>(x::ne_total_order, [](T a, T b) { return total_rank(a, b) != 0; }, "ne_total_order");
  check_binary<T, 2>(x::lt_total_order, [](T a, T b) { return total_rank(a, b) < 0; }, "lt_total_order");
  check_binary<T, 3>(x::le_total_order, [](T a, T b) { return total_rank(a, b) <= 0; }, "le_total_order");
  check_binary<T, 0>(x::gt_total_order, [](T a, T b) { return total_rank(a, b) > 0; }, "gt_total_order");
  check_binary<T, 1>(x::ge_total_order, [](T a, T b) { return total_rank(a, b) >= 0; }, "ge_total_order");
}

TEST_CASE("ops/compare: the total order by name: -NaN < -Inf < -1 < -0 < +0 < 1 < +Inf < +NaN") {
  constexpr float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const x::tensor<"f32[8]"> ordered = {-nan, -inf, -1.0f, -0.0f, 0.0f, 1.0f, inf, nan};
  x::tensor<"f32[8]"> shifted;
  for (int i = 0; i < 7; ++i) shifted(i) = ordered(i + 1);
  shifted(7) = ordered(7);
  const auto lt = x::eval(x::lt_total_order(ordered, shifted));
  for (int i = 0; i < 7; ++i) CHECK(lt(i));
  CHECK_FALSE(lt(7));
  const auto eq = x::eval(x::eq_total_order(ordered, ordered));
  for (int i = 0; i < 8; ++i) CHECK(eq(i));  // NaN equals itself in the total order
  CHECK_FALSE(x::eval(x::eq(ordered, ordered))(7));  // but not under IEEE
  CHECK_FALSE(x::eval(x::eq_total_order(x::tensor<"f32[1]">{-0.0f}, x::tensor<"f32[1]">{0.0f}))(0));
  CHECK(x::eval(x::eq(x::tensor<"f32[1]">{-0.0f}, x::tensor<"f32[1]">{0.0f}))(0));
}

// The total order on values of f16, bf16 and an 8-bit float, one at a time (the op
// applied to two scalars, as a user's computation or a sort comparator calls it) and on
// tensors: -NaN < -Inf (the largest finite of e4m3fn) < -1 < -0 < +0 < 1 < +Inf < +NaN,
// every pair against its place in that list.
template <class A>
void narrow_total_order() {
  using T = typename A::value_type;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float top = static_cast<float>(std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity()
                                                                            : std::numeric_limits<T>::max());
  const float list[8] = {-nan, -top, -1.0f, -0.0f, 0.0f, 1.0f, top, nan};
  A values;
  for (int i = 0; i < 8; ++i) values(i) = T(list[i]);
  for (int s = 0; s < 8; ++s) {
    A other;  // values rotated by s
    for (int i = 0; i < 8; ++i) other(i) = values((i + s) % 8);
    const x::tensor<"pred[8]"> lt = x::lt_total_order(values, other);
    const x::tensor<"pred[8]"> eq = x::eq_total_order(values, other);
    for (int i = 0; i < 8; ++i) {
      const int j = (i + s) % 8;
      INFO("values ", i, " and ", j);
      CHECK(x::lt_total_order_op(values(i), values(j)) == (i < j));
      CHECK(x::gt_total_order_op(values(i), values(j)) == (i > j));
      CHECK(x::compare_op<x::comparison_direction::le, true>{}(values(i), values(j)) == (i <= j));
      CHECK(x::compare_op<x::comparison_direction::eq, true>{}(values(i), values(j)) == (i == j));
      CHECK(lt(i) == (i < j));
      CHECK(eq(i) == (i == j));
    }
  }
}

TEST_CASE("ops/compare: the total order of f16, bf16 and 8-bit floats, on scalars as on tensors") {
  narrow_total_order<x::tensor<"f16[8]">>();
  narrow_total_order<x::tensor<"bf16[8]">>();
  narrow_total_order<x::tensor<"f8e5m2[8]">>();
  narrow_total_order<x::tensor<"f8e4m3fn[8]">>();
}
