// conv_general_dilated on f32 with a result type given, f64, c64 and c128 (summed in
// themselves), against the plain reference of tests/support/conv_reference.hpp; f16,
// bf16, s8 and u8: conv_narrow_test.cpp. Each type runs the seed's order with every
// window option and two feature groups (the element path through a temporary) and NHWC
// with SAME padding (the engine writing features directly where the result is the
// accumulation type). Tolerance: |err| <= K u p sum |a b|, u the unit roundoff of the
// type, p = 4 for complex (conv_reference.hpp explains the bound).
#define SXLA_ALLOW_HEAP 1
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <complex>

#include "ops/conv_types_check.hpp"

namespace x = sxla;

using sxla_test::conv_types::check_both;

TEST_CASE("conv: f32 with its result type given, f64") {
  check_both<float, float>(201);
  check_both<double>(211);
}

TEST_CASE("conv: complex<float> and complex<double>") {
  check_both<std::complex<float>>(221);
  check_both<std::complex<double>>(231);
}
