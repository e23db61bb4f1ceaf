// Tests for sxla/ops/complex.hpp: complex(real, imag), real, imag and conj, and their
// round trips, on random operands in every layout.
#include "support/elementwise_check.hpp"

#include <complex>
#include <type_traits>

namespace x = sxla;
using namespace sxla_test;

TEST_CASE_TEMPLATE("ops/complex: complex, real, imag, conj", F, float, double) {
  using C = std::complex<F>;
  check_binary<F, 0>(x::complex, [](F re, F im) { return C(re, im); }, "complex");
  check_unary<C, 1>(x::real, [](C z) { return z.real(); }, "real");
  check_unary<C, 2>(x::imag, [](C z) { return z.imag(); }, "imag");
  check_unary<C, 3>(x::conj, [](C z) { return C(z.real(), -z.imag()); }, "conj");
  // Of a real number: the number itself, and +0.
  check_unary<F, 0>(x::real, [](F v) { return v; }, "real of a real number");
  check_unary<F, 1>(x::imag, [](F) { return F(0); }, "imag of a real number");
}

TEST_CASE("ops/complex: the parts round-trip through complex()") {
  const x::tensor<"f32[3]"> re = {1, -2, 0.5f};
  const x::tensor<"f32[3]"> im = {4, 0, -8};
  const auto z = x::eval(x::complex(re, im));
  static_assert(std::is_same_v<decltype(z)::value_type, x::c64>);
  CHECK(x::eval(x::real(z)) == re);
  CHECK(x::eval(x::imag(z)) == im);
  CHECK(x::eval(x::imag(x::conj(z))) == x::eval(-im));
  CHECK(x::eval(x::real(x::tensor<"bf16[2]">{1.5f, -2})) == x::tensor<"bf16[2]">{1.5f, -2});
}
