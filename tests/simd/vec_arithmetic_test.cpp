// Tests for sxla/simd/vec.hpp: the arithmetic of the vector vocabulary (add, sub, mul, min,
// max, fma, neg, abs; for floats fms, div, sqrt, the roundings and copysign) gives, lane by lane,
// what the one-lane function of scalar.hpp gives, bit for bit, for every lane type, on
// random inputs with the edge values mixed in (tests/simd/vec_check.hpp).
#include "simd/vec_check.hpp"

#include <bit>
#include <cmath>
#include <type_traits>

#if !defined(SXLA_SIMD_SCALAR)

namespace s = sxla::simd;
using namespace sxla_test::vec_check;

TEST_CASE_TEMPLATE("simd/vec: arithmetic matches the one-lane vocabulary", T, SXLA_TEST_LANE_TYPES) {
  check_binary<T>("add", [](auto a, auto b) { return a + b; }, [](T a, T b) { return s::add(a, b); });
  check_binary<T>("sub", [](auto a, auto b) { return a - b; }, [](T a, T b) { return s::sub(a, b); });
  check_binary<T>("mul", [](auto a, auto b) { return a * b; }, [](T a, T b) { return s::mul(a, b); });
  check_binary<T>("min", [](auto a, auto b) { return s::min(a, b); }, [](T a, T b) { return s::min(a, b); });
  check_binary<T>("max", [](auto a, auto b) { return s::max(a, b); }, [](T a, T b) { return s::max(a, b); });
  check_binary<T>("fma", [](auto a, auto b) { return s::fma(a, b, a); }, [](T a, T b) { return s::fma(a, b, a); });
  check_unary<T>("neg", [](auto a) { return -a; }, [](T a) { return s::neg(a); });
  check_unary<T>("abs", [](auto a) { return s::abs(a); }, [](T a) { return s::abs(a); });
  if constexpr (std::is_floating_point_v<T>) {
    check_binary<T>("fms", [](auto a, auto b) { return s::fms(a, b, a); }, [](T a, T b) { return std::fma(a, b, -a); });
    check_binary<T>("div", [](auto a, auto b) { return a / b; }, [](T a, T b) { return a / b; });
    check_unary<T>("sqrt", [](auto a) { return s::sqrt(a); }, [](T a) { return s::sqrt(a); });
    check_unary<T>("floor", [](auto a) { return s::floor(a); }, [](T a) { return s::floor(a); });
    check_unary<T>("ceil", [](auto a) { return s::ceil(a); }, [](T a) { return s::ceil(a); });
    check_unary<T>("trunc", [](auto a) { return s::trunc(a); }, [](T a) { return s::trunc(a); });
    check_unary<T>("round_even", [](auto a) { return s::round_even(a); }, [](T a) { return s::round_even(a); });
    check_binary<T>("copysign", [](auto a, auto b) { return s::copysign(a, b); },
                    [](T a, T b) { return s::copysign(a, b); });
  }
}

#endif  // !SXLA_SIMD_SCALAR
