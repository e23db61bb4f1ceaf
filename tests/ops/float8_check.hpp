// The helpers of float8_arith_test.cpp and float8_unary_test.cpp: every pair of
// encodings of a type as two tensors, and a check of an op's result on them against the
// exact result taken through f32 and rounded by float8_reference.hpp.
#ifndef SXLA_TESTS_OPS_FLOAT8_CHECK_HPP
#define SXLA_TESTS_OPS_FLOAT8_CHECK_HPP

#include "ops/float8_reference.hpp"

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <string>

namespace sxla_test::float8 {

template <class T>
constexpr sxla::index_t count = sxla::index_t{1} << T::bit_width;

// a[i], b[i]: every pair of encodings of T.
template <class T>
struct all_pairs {
  static constexpr sxla::index_t n = count<T> * count<T>;
  using array = sxla::tensor<sxla::shape_spec(sxla::primitive_type_of<T>, {n})>;
  array a, b;
  all_pairs() {
    for (sxla::index_t i = 0; i < n; ++i) {
      a(i) = T::from_bits(static_cast<std::uint8_t>(i / count<T>));
      b(i) = T::from_bits(static_cast<std::uint8_t>(i % count<T>));
    }
  }
};

// Whether the f32 result of an op may be a NaN whose sign the hardware picks: the MX
// types (no NaN) then convert it to +-0 by its sign, which the reference cannot know.
template <class T>
bool unsure(double exact) {
  return T::specials == sxla::float_specials::none && std::isnan(exact);
}

template <class T, class E, class F>
void check_binary(const all_pairs<T>& p, const E& e, F exact, const char* what) {
  auto got = std::make_unique<typename all_pairs<T>::array>();
  *got = e;
  int bad = 0;
  for (sxla::index_t i = 0; i < all_pairs<T>::n; ++i) {
    const double a = static_cast<float>(p.a(i)), b = static_cast<float>(p.b(i));
    // Computed in f32, as XLA's CPU backend computes these types: the f32 rounding is
    // innocuous for the others, but f8e8m0fnu spans 2^-127 .. 2^127, and a product or a
    // quotient beyond f32's range becomes 0 or inf there (then NaN), as it does in XLA.
    const double v = static_cast<float>(exact(a, b));
    if (unsure<T>(v)) continue;
    if (!matches((*got)(i), round_to<T>(v)) && ++bad <= 3)
      FAIL_CHECK(std::string(what) << "(" << a << ", " << b << ") = " << static_cast<float>((*got)(i)) << ", want "
                      << round_to<T>(v).value << (round_to<T>(v).nan ? " (NaN)" : ""));
  }
  CHECK_MESSAGE(bad == 0, what);
}

}  // namespace sxla_test::float8

#endif  // SXLA_TESTS_OPS_FLOAT8_CHECK_HPP
