// The elementwise ops against NumPy (tests/golden/elementwise_golden.txt, written by
// tools/gen_golden.py): broadcasting results exactly, and the transcendental functions
// within their documented ulp bound plus one (NumPy's float64 result rounded to f32 is
// itself within half an ulp, but for rare double roundings).
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <string>

#include "support/golden_file.hpp"

namespace x = sxla;
namespace golden = sxla_test::golden;

namespace {

const golden::sections& data() {
  static const golden::sections d = golden::read("elementwise_golden.txt");
  return d;
}

template <class Tensor>
Tensor load(const std::string& name) {
  return golden::load<Tensor>(data(), name);
}

// Distance in ulps between two floats (0 for two NaNs; huge when only one is NaN).
std::int64_t ulps(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b) ? 0 : (std::int64_t{1} << 40);
  auto key = [](float f) {
    const auto i = std::bit_cast<std::int32_t>(f);
    return i < 0 ? std::int64_t{INT32_MIN} - i : std::int64_t{i};
  };
  const std::int64_t d = key(a) - key(b);
  return d < 0 ? -d : d;
}

using vec_t = x::tensor<"f32[256]">;

template <class Op>
void check_unary(const char* name, Op op, std::int64_t bound) {
  const auto in = load<vec_t>(std::string(name) + "_in");
  const auto want = load<vec_t>(std::string(name) + "_out");
  const vec_t got = op(in);
  std::int64_t worst = 0;
  for (int i = 0; i < 256; ++i) {
    const std::int64_t d = ulps(got(i), want(i));
    if (d > bound + 1) FAIL_CHECK(std::string(name) << "(" << in(i) << ") = " << got(i) << ", NumPy " << want(i) << ": " << d << " ulp");
    worst = d > worst ? d : worst;
  }
  MESSAGE(std::string(name) << ": max " << worst << " ulp from NumPy (bound " << bound << " + 1)");
}

}  // namespace

TEST_CASE("golden/elementwise: broadcasting as NumPy broadcasts the reshaped operand") {
  using m_t = x::tensor<"f32[5,7]">;
  const auto xm = load<m_t>("x");
  const auto ym = load<x::tensor<"f32[5,7]{0,1}">>("y");
  const auto v = load<x::tensor<"f32[7]">>("v");
  const auto w = load<x::tensor<"f32[5]">>("w");
  const auto col = load<x::tensor<"f32[5,1]">>("col");
  const auto row = load<x::tensor<"f32[1,7]">>("row");
  CHECK(x::eval(x::add(xm, v, x::broadcast_dimensions<1>)) == load<m_t>("x_add_v_dims_1"));
  CHECK(x::eval(x::mul(xm, w, x::broadcast_dimensions<0>)) == load<m_t>("x_mul_w_dims_0"));
  CHECK(x::eval(col - row) == load<m_t>("col_sub_row"));
  CHECK(x::eval(x::sub(x::max(xm, ym), v, x::broadcast_dimensions<1>)) == load<m_t>("max_x_y_sub_v"));
  CHECK(x::eval(xm / ym) == load<m_t>("x_div_y"));
  const x::tensor<"f32[5,7]{0,1}"> wr = x::add(w, row, x::broadcast_dimensions<0>);
  CHECK(wr == load<m_t>("w_add_row_dims_0"));
}

TEST_CASE("golden/elementwise: transcendental functions within their bounds of NumPy") {
  check_unary("exp", [](const auto& a) { return x::exp(a); }, 1);
  check_unary("expm1", [](const auto& a) { return x::expm1(a); }, 1);
  check_unary("log", [](const auto& a) { return x::log(a); }, 1);
  check_unary("log1p", [](const auto& a) { return x::log1p(a); }, 1);
  check_unary("sin", [](const auto& a) { return x::sin(a); }, 2);
  check_unary("cos", [](const auto& a) { return x::cos(a); }, 2);
  check_unary("tan", [](const auto& a) { return x::tan(a); }, 3);
  check_unary("tanh", [](const auto& a) { return x::tanh(a); }, 3);
  check_unary("logistic", [](const auto& a) { return x::logistic(a); }, 2);
  check_unary("cbrt", [](const auto& a) { return x::cbrt(a); }, 1);
  check_unary("sqrt", [](const auto& a) { return x::sqrt(a); }, 0);
  check_unary("rsqrt", [](const auto& a) { return x::rsqrt(a); }, 1);
}

TEST_CASE("golden/elementwise: pow and atan2 within their bounds of NumPy") {
  const vec_t pow_got = x::pow(load<vec_t>("pow_x"), load<vec_t>("pow_y"));
  const vec_t atan2_got = x::atan2(load<vec_t>("atan2_y"), load<vec_t>("atan2_x"));
  const auto pow_want = load<vec_t>("pow_out");
  const auto atan2_want = load<vec_t>("atan2_out");
  for (int i = 0; i < 256; ++i) {
    CHECK_LE(ulps(pow_got(i), pow_want(i)), 3 + 1);
    CHECK_LE(ulps(atan2_got(i), atan2_want(i)), 3 + 1);
  }
}
