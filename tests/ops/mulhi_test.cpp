// x::mulhi (XLA's Mulhi) against the high half of the product computed in __int128 (the
// definition, on this x86-64 test machine): random values and the edges (0, 1, -1, the
// minimum and maximum) of every integer type, paired each with each, in a tensor of
// pairs; a scalar operand; constant evaluation.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace x = sxla;

namespace {

__extension__ typedef __int128 s128;  // (a GNU extension: __extension__ keeps -Wpedantic quiet)
__extension__ typedef unsigned __int128 u128;

template <class T>
T reference(T a, T b) {
  using W = std::conditional_t<std::is_signed_v<T>, s128, u128>;
  return static_cast<T>((static_cast<W>(a) * static_cast<W>(b)) >> (8 * sizeof(T)));
}

template <class A>
void check_type(unsigned seed) {
  using T = typename A::value_type;
  using L = std::numeric_limits<T>;
  std::vector<T> v = {T(0), T(1), L::max(), L::min(), T(L::max() / 2), T(L::min() + 1)};
  if constexpr (std::is_signed_v<T>) v.push_back(T(-1));
  std::mt19937_64 g(seed);
  while (v.size() < 16) v.push_back(static_cast<T>(g()));
  A a, b;  // 16 x 16: every pair
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      a(i, j) = v[static_cast<std::size_t>(i)];
      b(i, j) = v[static_cast<std::size_t>(j)];
    }
  const A h = x::mulhi(a, b);
  int wrong = 0;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) wrong += h(i, j) != reference(a(i, j), b(i, j));
  INFO(sizeof(T), "-byte ", std::is_signed_v<T> ? "signed" : "unsigned");
  CHECK(wrong == 0);
}

constexpr std::uint32_t constant_mulhi() {
  const x::tensor<"u32[2]"> a = {0x80000000u, 0xffffffffu};
  const x::tensor<"u32[2]"> r = x::mulhi(a, 6u);
  return r(0) * 100 + r(1);  // 3 * 100 + 5
}
static_assert(constant_mulhi() == 305);

}  // namespace

TEST_CASE("mulhi: every pair of edge and random values of every integer type, against __int128") {
  check_type<x::tensor<"s8[16,16]">>(1);
  check_type<x::tensor<"u8[16,16]">>(2);
  check_type<x::tensor<"s16[16,16]">>(3);
  check_type<x::tensor<"u16[16,16]">>(4);
  check_type<x::tensor<"s32[16,16]">>(5);
  check_type<x::tensor<"u32[16,16]">>(6);
  check_type<x::tensor<"s64[16,16]">>(7);
  check_type<x::tensor<"u64[16,16]">>(8);
  // A number operand broadcasts: -2^63 * -1 has the high half 0 (2^63 fits the low half).
  const x::tensor<"s64[2]"> m = {std::numeric_limits<std::int64_t>::min(), -3};
  const x::tensor<"s64[2]"> r = x::mulhi(m, std::int64_t{-1});
  CHECK(r(0) == 0);
  CHECK(r(1) == 0);
}
