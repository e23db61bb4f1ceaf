// Tests for sxla/simd/vec.hpp: the bitwise functions, shifts and popcount of the vector
// vocabulary give, lane by lane, what the one-lane functions of scalar.hpp give, bit for
// bit, for every lane type, on random inputs with the edge values mixed in
// (tests/simd/vec_check.hpp).
#include "simd/vec_check.hpp"

#include <bit>
#include <type_traits>

#if !defined(SXLA_SIMD_SCALAR)

namespace s = sxla::simd;
using namespace sxla_test::vec_check;

TEST_CASE_TEMPLATE("simd/vec: bits and shifts match the one-lane vocabulary", T, SXLA_TEST_LANE_TYPES) {
  check_binary<T>("and", [](auto a, auto b) { return s::bit_and(a, b); }, [](T a, T b) { return s::bit_and(a, b); });
  check_binary<T>("or", [](auto a, auto b) { return s::bit_or(a, b); }, [](T a, T b) { return s::bit_or(a, b); });
  check_binary<T>("xor", [](auto a, auto b) { return s::bit_xor(a, b); }, [](T a, T b) { return s::bit_xor(a, b); });
  check_binary<T>("andnot", [](auto a, auto b) { return s::bit_andnot(a, b); },
                  [](T a, T b) { return s::bit_andnot(a, b); });
  check_unary<T>("not", [](auto a) { return s::bit_not(a); }, [](T a) { return s::bit_not(a); });
  if constexpr (std::is_integral_v<T>) {
    check_binary<T>("shl", [](auto a, auto b) { return s::shl(a, b); }, [](T a, T b) { return s::shl(a, b); });
    check_binary<T>("shr", [](auto a, auto b) { return s::shr(a, b); }, [](T a, T b) { return s::shr(a, b); });
    check_unary<T>("shl<3>", [](auto a) { return s::shl<3>(a); }, [](T a) { return s::shl<3>(a); });
    check_unary<T>("shr<3>", [](auto a) { return s::shr<3>(a); }, [](T a) { return s::shr<3>(a); });
    check_unary<T>("popcount", [](auto a) { return s::popcount(a); },
                   [](T a) { return static_cast<T>(std::popcount(static_cast<s::uint_of<T>>(a))); });
  }
}

#endif  // !SXLA_SIMD_SCALAR
