// x::scan (XLA's Scan) against XLA's own evaluator tests (xla/hlo/evaluator/
// hlo_evaluator_test.cc: Scan1D, Scan1DReverse, ScanVariadic) and against jax.lax.scan
// (jax 0.10.2, CPU; its f(carry, x) -> (carry, y) is XLA's body(x, carry) -> (y, carry)):
// an RNN step with two outputs and one carry, forwards and reversed, and a scan along
// dimension 1 with two carries of different types (a running max, an exclusive sum).
// Also: an empty scan dimension (the inits come back), a scan without inputs (its length
// given), a column-major input, and constant evaluation.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <tuple>

namespace x = sxla;

namespace {
constexpr auto add_add = [](const auto& e, const auto& c) { return std::tuple{c + e, c + e}; };

template <class A, class B>
void check_near(const A& got, const B& want, double tolerance) {
  static_assert(A::rank == 1);
  for (x::index_t i = 0; i < A::spec.dimensions[0]; ++i) {
    CAPTURE(i);
    CHECK(std::fabs(got(i) - want(i)) <= tolerance);
  }
}
}  // namespace

TEST_CASE("scan: XLA's evaluator tests") {
  const x::tensor<"f32[4]"> v = {1, 2, 3, 4};
  const auto [sums, total] = x::scan<0>(v, x::tensor<"f32[]">{0}, add_add);
  CHECK(sums == x::tensor<"f32[4]">{1, 3, 6, 10});
  CHECK(total() == 10.0f);
  // Reversed: the output of element t is stored at t.
  const auto [rsums, rtotal] = x::scan<0, true>(v, x::tensor<"f32[]">{0}, add_add);
  CHECK(rsums == x::tensor<"f32[4]">{10, 9, 7, 4});
  CHECK(rtotal() == 10.0f);
  // Two inputs, two carries: a running sum and a running product.
  const x::tensor<"s32[3]"> w = {1, 2, 3};
  const auto r = x::scan<0>(std::tuple{w, w}, std::tuple{x::tensor<"s32[]">{0}, x::tensor<"s32[]">{1}},
                            [](const auto& a, const auto& b, const auto& s, const auto& p) {
                              return std::tuple{s + a, p * b, s + a, p * b};
                            });
  CHECK(std::get<0>(r) == x::tensor<"s32[3]">{1, 3, 6});
  CHECK(std::get<1>(r) == x::tensor<"s32[3]">{1, 2, 6});
  CHECK(std::get<2>(r)() == 6);
  CHECK(std::get<3>(r)() == 6);
  // No carries (lax.map): one output, returned alone by the body.
  const auto [squares] = x::scan<0>(v, std::tuple<>{}, [](const auto& e) { return e * e; });
  CHECK(squares == x::tensor<"f32[4]">{1, 4, 9, 16});
}

TEST_CASE("scan: jax.lax.scan's answers for an RNN step, forwards and reversed") {
  const x::tensor<"f32[3,3]"> W = {{0.5f, -0.25f, 0.125f}, {0.25f, 0.5f, -0.5f}, {-0.125f, 0.25f, 0.75f}};
  const x::tensor<"f32[3,2]"> U = {{1.0f, -1.0f}, {0.5f, 0.25f}, {-0.75f, 0.5f}};
  const x::tensor<"f32[5,2]"> xs = {{1, 2}, {3, -1}, {0.5f, 0.25f}, {-2, 1}, {0.125f, 4}};
  const auto step = [&](const x::tensor<"f32[2]">& in, const x::tensor<"f32[3]">& h) {
    const auto h2 = x::eval(x::tanh(x::dot(W, h) + x::dot(U, in)));
    return std::tuple{h2, x::reduce<0>(in, 0.0f, x::add_op), h2};
  };
  const auto [hs, sums, last] = x::scan<0>(xs, x::tensor<"f32[3]">{}, step);
  const x::tensor<"f32[5,3]"> want_hs = {{-0.7615942f, 0.7615942f, 0.24491866f},
                                        {0.998024f, 0.86627054f, -0.9793217f},
                                        {0.3884974f, 0.9023637f, -0.7127133f},
                                        {-0.99611133f, 0.15344132f, 0.92782044f},
                                        {-0.9996286f, 0.40221003f, 0.9920992f}};
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 3; ++j) CHECK(std::fabs(hs(i, j) - want_hs(i, j)) <= 4e-7f);
  CHECK(sums == x::tensor<"f32[5]">{3, 2, 0.75f, -1, 4.125f});
  check_near(last, x::tensor<"f32[3]">{-0.9996286f, 0.40221003f, 0.9920992f}, 4e-7);

  const auto [rhs, rsums, rlast] = x::scan<0, true>(xs, x::tensor<"f32[3]">{}, step);
  const x::tensor<"f32[5,3]"> want_rhs = {{-0.6523468f, 0.9677562f, -0.43149948f},
                                         {0.9995989f, 0.6218564f, -0.9896693f},
                                         {0.073824f, -0.6817195f, 0.39913997f},
                                         {-0.9984366f, -0.7949945f, 0.99542606f},
                                         {-0.9991389f, 0.78661877f, 0.95676935f}};
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 3; ++j) CHECK(std::fabs(rhs(i, j) - want_rhs(i, j)) <= 4e-7f);
  CHECK(rsums == sums);
  check_near(rlast, x::tensor<"f32[3]">{-0.6523468f, 0.9677562f, -0.43149948f}, 4e-7);
}

TEST_CASE("scan: along dimension 1, two carries of two types, an exclusive output") {
  // a = arange(12).reshape(2, 3, 2) * [1, -1], column-major to read across layouts.
  x::tensor<"f32[2,3,2]{0,1,2}"> a;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 2; ++k) a(i, j, k) = static_cast<float>(6 * i + 2 * j + k) * (k == 0 ? 1.0f : -1.0f);
  const auto body = [](const x::tensor<"f32[2,2]">& e, const x::tensor<"f32[2,2]">& m, const x::tensor<"s32[2,2]">& s) {
    const auto m2 = x::eval(x::max(m, e));
    return std::tuple{m2, s, m2, s + x::convert<std::int32_t>(e)};
  };
  const auto [ms, ss, mT, sT] =
      x::scan<1>(a, std::tuple{x::tensor<"f32[2,2]">{{-INFINITY, -INFINITY}, {-INFINITY, -INFINITY}}, x::tensor<"s32[2,2]">{}}, body);
  CHECK(ms == x::tensor<"f32[2,3,2]">{{{0, -1}, {2, -1}, {4, -1}}, {{6, -7}, {8, -7}, {10, -7}}});
  CHECK(ss == x::tensor<"s32[2,3,2]">{{{0, 0}, {0, -1}, {2, -4}}, {{0, 0}, {6, -7}, {14, -16}}});
  CHECK(mT == x::tensor<"f32[2,2]">{{4, -1}, {10, -7}});
  CHECK(sT == x::tensor<"s32[2,2]">{{6, -9}, {24, -27}});
}

TEST_CASE("scan: an empty scan dimension; a scan without inputs") {
  const auto [none, init] = x::scan<0>(x::tensor<"f32[0,2]">{}, x::tensor<"f32[2]">{5, 6}, add_add);
  CHECK(none == x::tensor<"f32[0,2]">{});
  CHECK(init == x::tensor<"f32[2]">{5, 6});
  // Without inputs the length is given: outputs 0, 1, 2, 3 and the final count 4.
  const auto [counts, n] = x::scan<0, false, 4>(std::tuple<>{}, x::tensor<"s32[]">{0},
                                                 [](const auto& c) { return std::tuple{c, c + 1}; });
  CHECK(counts == x::tensor<"s32[4]">{0, 1, 2, 3});
  CHECK(n() == 4);
  // Reversed without inputs: step 0 writes position 3.
  const auto [rcounts, rn] = x::scan<0, true, 4>(std::tuple<>{}, x::tensor<"s32[]">{0},
                                                  [](const auto& c) { return std::tuple{c, c + 1}; });
  CHECK(rcounts == x::tensor<"s32[4]">{3, 2, 1, 0});
  CHECK(rn() == 4);
}
