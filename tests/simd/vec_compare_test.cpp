// Tests for sxla/simd/vec.hpp: comparisons, select and mask logic of the vector vocabulary
// give, lane by lane, what the one-lane functions of scalar.hpp give, bit for bit, for
// every lane type, on random inputs with the edge values mixed in
// (tests/simd/vec_check.hpp).
#include "simd/vec_check.hpp"

#include <bit>
#include <type_traits>

#if !defined(SXLA_SIMD_SCALAR)

namespace s = sxla::simd;
using namespace sxla_test::vec_check;

TEST_CASE_TEMPLATE("simd/vec: comparisons and select match the one-lane vocabulary", T, SXLA_TEST_LANE_TYPES) {
  using V = s::vec<T>;
  auto sel = [](auto m) { return [m](auto a, auto b) { return s::select(m(a, b), a, b); }; };
  check_binary<T>("a == b", sel([](V a, V b) { return a == b; }), [](T a, T b) { return a == b ? a : b; });
  check_binary<T>("a != b", sel([](V a, V b) { return a != b; }), [](T a, T b) { return a != b ? a : b; });
  check_binary<T>("a < b", sel([](V a, V b) { return a < b; }), [](T a, T b) { return a < b ? a : b; });
  check_binary<T>("a <= b", sel([](V a, V b) { return a <= b; }), [](T a, T b) { return a <= b ? a : b; });
  check_binary<T>("a > b", sel([](V a, V b) { return a > b; }), [](T a, T b) { return a > b ? a : b; });
  check_binary<T>("a >= b", sel([](V a, V b) { return a >= b; }), [](T a, T b) { return a >= b ? a : b; });
  check_binary<T>("mask logic",
                  sel([](V a, V b) { return s::mask_or(s::mask_and(a < b, s::mask_not(a == b)), s::mask_xor(a > b, b > a)); }),
                  [](T a, T b) { return ((a < b && !(a == b)) || ((a > b) != (b > a))) ? a : b; });
}

#endif  // !SXLA_SIMD_SCALAR
