// Tests for sxla/ops/arithmetic.hpp on f32, f64, pred and complex numbers: rem of floats,
// pred and complex arithmetic against the plain references of arithmetic_reference.hpp on
// random operands in every layout, and the edge cases by name (add, sub, mul, div, max
// and min of f32 and f64 on random operands: arithmetic_float_test.cpp; f16 and bf16:
// arithmetic_half_test.cpp; integers: arithmetic_integer_test.cpp,
// arithmetic_s64_test.cpp, arithmetic_u64_test.cpp and arithmetic_narrow_test.cpp).
#include "ops/arithmetic_reference.hpp"

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace x = sxla;
using namespace sxla_test;
using namespace sxla_test::arithmetic;

TEST_CASE_TEMPLATE("ops/arithmetic: rem of floats has the dividend's sign", T, float, double) {
  check_binary<T, 0>(x::rem, ref_rem<T>, "rem");
}

TEST_CASE("ops/arithmetic: pred add and max are or, mul and min are and") {
  check_binary<bool, 0>(x::add, ref_add<bool>, "add");
  check_binary<bool, 2>(x::mul, ref_mul<bool>, "mul");
  check_binary<bool, 1>(x::max, ref_extreme<bool, true>, "max");
  check_binary<bool, 2>(x::min, ref_extreme<bool, false>, "min");
}

TEST_CASE("ops/arithmetic: complex add, sub, mul") {
  check_binary<x::c64, 0>(x::add, [](x::c64 a, x::c64 b) { return x::c64(a.real() + b.real(), a.imag() + b.imag()); }, "add");
  check_binary<x::c64, 1>(x::sub, [](x::c64 a, x::c64 b) { return x::c64(a.real() - b.real(), a.imag() - b.imag()); }, "sub");
  check_binary<x::c128, 2>(x::mul, ref_mul<x::c128>, "mul");
}

TEST_CASE("ops/arithmetic: complex division (Smith's algorithm, C99 recovery of infinities)") {
  const x::tensor<"c64[4]"> a = {x::c64(1, 2), x::c64(3, -4), x::c64(1, 1), x::c64(std::numeric_limits<float>::infinity(), 0)};
  const x::tensor<"c64[4]"> b = {x::c64(3, 4), x::c64(0, 2), x::c64(0, 0), x::c64(1, 1)};
  const auto q = x::eval(x::div(a, b));
  CHECK_EQ(q(0), x::c64(0.44f, 0.08f));   // (1+2i)/(3+4i) = (11 + 2i)/25
  CHECK_EQ(q(1), x::c64(-2.0f, -1.5f));   // (3-4i)/(2i)
  CHECK(std::isinf(q(2).real()));          // x / 0 is infinite (C99 Annex G)
  CHECK(std::isinf(q(3).real()));
}

TEST_CASE("ops/arithmetic: max and min propagate NaN and order -0 < +0") {
  constexpr float nan = std::numeric_limits<float>::quiet_NaN();
  const x::tensor<"f32[4]"> a = {nan, 1.0f, -0.0f, 0.0f};
  const x::tensor<"f32[4]"> b = {1.0f, nan, 0.0f, -0.0f};
  const auto mx = x::eval(x::max(a, b));
  const auto mn = x::eval(x::min(a, b));
  CHECK(std::isnan(mx(0)));
  CHECK(std::isnan(mx(1)));
  CHECK(std::isnan(mn(0)));
  CHECK(std::isnan(mn(1)));
  CHECK_FALSE(std::signbit(mx(2)));
  CHECK_FALSE(std::signbit(mx(3)));
  CHECK(std::signbit(mn(2)));
  CHECK(std::signbit(mn(3)));
}

// A constant operand (a C++ number, or a broadcast rank-0 array) takes a shorter path in
// the vector loops (the functor binds the constant); every special constant must still
// give XLA's maximum and minimum, on either side, against every special element.
TEST_CASE_TEMPLATE("ops/arithmetic: max and min with a constant operand", T, float, double) {
  constexpr T inf = std::numeric_limits<T>::infinity(), nan = std::numeric_limits<T>::quiet_NaN();
  const T specials[] = {nan, -nan, -inf, T(-2.5), T(-1), T(-0.0), T(0), T(1), T(2.5), inf,
                        std::numeric_limits<T>::denorm_min(), -std::numeric_limits<T>::min()};
  constexpr std::size_t count = sizeof(specials) / sizeof(specials[0]);
  x::tensor<x::shape_spec(x::primitive_type_of<T>, {3, 37})> a;  // vector body and remainder
  for (x::index_t i = 0; i < 3; ++i) {
    for (x::index_t j = 0; j < 37; ++j) a(i, j) = specials[static_cast<std::size_t>(i * 37 + j) % count];
  }
  for (const T c : specials) {
    const x::tensor<x::shape_spec(x::primitive_type_of<T>, {})> c0{c};
    const auto wide = x::broadcast<3, 37>(c0);
    CAPTURE(c);
    check_all(x::eval(x::max(a, c)), [&](const auto& i) { return ref_extreme<T, true>(a(i[0], i[1]), c); }, "max(a, c)");
    check_all(x::eval(x::max(c, a)), [&](const auto& i) { return ref_extreme<T, true>(c, a(i[0], i[1])); }, "max(c, a)");
    check_all(x::eval(x::min(a, c)), [&](const auto& i) { return ref_extreme<T, false>(a(i[0], i[1]), c); }, "min(a, c)");
    check_all(x::eval(x::min(wide, a)), [&](const auto& i) { return ref_extreme<T, false>(c, a(i[0], i[1])); },
              "min(broadcast(c), a)");
    check_all(x::eval(x::max(a, wide)), [&](const auto& i) { return ref_extreme<T, true>(a(i[0], i[1]), c); },
              "max(a, broadcast(c))");
  }
}

TEST_CASE("ops/arithmetic: a C++ number takes the array's element type") {
  const x::tensor<"s32[3]"> a = {1, 2, 3};
  const auto r = x::eval(x::mul(a, 2.0));  // 2.0 becomes s32 2, as XLA has no implicit promotion
  static_assert(std::is_same_v<decltype(r)::value_type, std::int32_t>);
  CHECK(r == x::tensor<"s32[3]">{2, 4, 6});
  const x::tensor<"f16[2]"> h = {1.5f, 2.0f};
  CHECK(x::eval(h * 3) == x::tensor<"f16[2]">{4.5f, 6.0f});
}
