// Tests for sxla/ops/math.hpp, continued from math_test.cpp (split for compile time): erf
// and the inverse trigonometric and hyperbolic functions (asin, acos, atan, atan2, sinh,
// cosh, asinh, acosh, atanh) in every layout give, bit for bit, the kernel applied to each
// element (the vector path equals the scalar path); f16 and bf16 compute in f32 and round
// the result. The other ops: math_test.cpp; complex functions, integer pow and special
// values: math_values_test.cpp.
#include "support/elementwise_check.hpp"

namespace x = sxla;
namespace s = sxla::simd;
using namespace sxla_test;

TEST_CASE_TEMPLATE("ops/math: erf, asin ... atanh and atan2 equal their kernels element by element, in every layout",
                   T, float, double) {
  check_unary<T, 0>(x::erf, [](T v) { return s::erf(v); }, "erf");
  check_unary<T, 1>(x::asin, [](T v) { return s::asin(v); }, "asin");
  check_unary<T, 2>(x::acos, [](T v) { return s::acos(v); }, "acos");
  check_unary<T, 3>(x::atan, [](T v) { return s::atan(v); }, "atan");
  check_binary<T, 1>(x::atan2, [](T u, T v) { return s::atan2(u, v); }, "atan2");
  check_unary<T, 0>(x::sinh, [](T v) { return s::sinh(v); }, "sinh");
  check_unary<T, 1>(x::cosh, [](T v) { return s::cosh(v); }, "cosh");
  check_unary<T, 2>(x::asinh, [](T v) { return s::asinh(v); }, "asinh");
  check_unary<T, 3>(x::acosh, [](T v) { return s::acosh(v); }, "acosh");
  check_unary<T, 0>(x::atanh, [](T v) { return s::atanh(v); }, "atanh");
}

TEST_CASE_TEMPLATE("ops/math: f16 and bf16 compute in f32 and round back", T, x::f16, x::bf16) {
  check_unary<T, 0>(x::exp, [](T v) { return T(s::exp(static_cast<float>(v))); }, "exp");
  check_unary<T, 1>(x::tanh, [](T v) { return T(s::tanh(static_cast<float>(v))); }, "tanh");
  check_unary<T, 2>(x::log, [](T v) { return T(s::log(static_cast<float>(v))); }, "log");
  check_unary<T, 3>(x::erf, [](T v) { return T(s::erf(static_cast<float>(v))); }, "erf");
  check_binary<T, 3>(x::pow, [](T u, T v) { return T(s::pow(static_cast<float>(u), static_cast<float>(v))); }, "pow");
}
