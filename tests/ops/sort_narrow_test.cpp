// x::sort of the narrow element types (s4, u4, s2 and the 8-, 6- and 4-bit floats) with
// the built-in comparators: every encoding, shuffled, comes out as a permutation of the
// input (the same bits) in the order written here from the values: lt_op and gt_op by
// value with NaNs last and -0 equal to +0; the total order of the values' f32 bits
// (-NaN < -inf < ... < -0 < +0 < ... < +NaN; a small float's ordering is its value's).
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace x = sxla;

namespace {

template <class T>
double value_of(T v) {
  if constexpr (x::is_intn_v<T>) {
    return static_cast<int>(v);
  } else {
    return static_cast<float>(v);
  }
}
template <class T>
unsigned bits_of(T v) {
  return v.bits();
}

bool value_less(double a, double b) {  // NaNs after everything
  if (std::isnan(a)) return false;
  if (std::isnan(b)) return true;
  return a < b;
}
bool total_less(double a, double b) {
  const auto key = [](double d) {
    const auto u = std::bit_cast<std::uint32_t>(static_cast<float>(d));
    return (u >> 31) != 0 ? ~u : (u | 0x80000000u);
  };
  return key(a) < key(b);
}

template <class T, class C, class Less>
void check_sort(C comparator, Less less, const char* what) {
  constexpr x::index_t n = x::index_t{1} << T::bit_width;
  constexpr x::index_t rows = 3;
  x::tensor<x::shape_spec(x::primitive_type_of<T>, {rows, n})> in;
  std::mt19937 rng(7);
  for (x::index_t r = 0; r < rows; ++r) {
    std::vector<unsigned> codes(static_cast<std::size_t>(n));
    for (x::index_t i = 0; i < n; ++i) codes[static_cast<std::size_t>(i)] = static_cast<unsigned>(i);
    std::shuffle(codes.begin(), codes.end(), rng);
    for (x::index_t i = 0; i < n; ++i) in(r, i) = T::from_bits(static_cast<std::uint8_t>(codes[static_cast<std::size_t>(i)]));
  }
  const x::tensor<x::shape_spec(x::primitive_type_of<T>, {rows, n})> out = x::sort<1>(in, comparator);
  int bad = 0;
  for (x::index_t r = 0; r < rows; ++r) {
    std::vector<unsigned> a, b;
    for (x::index_t i = 0; i < n; ++i) {
      a.push_back(bits_of(in(r, i)));
      b.push_back(bits_of(out(r, i)));
      if (i > 0 && less(value_of(out(r, i)), value_of(out(r, i - 1)))) ++bad;
    }
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    if (a != b) ++bad;
  }
  CHECK_MESSAGE(bad == 0, std::string(what));
}

}  // namespace

TEST_CASE_TEMPLATE("sort: the narrow types with the built-in comparators", T, x::s2, x::s4, x::u2, x::u4, x::f8e5m2,
                   x::f8e4m3fn, x::f8e4m3fnuz, x::f8e4m3b11fnuz, x::f4e2m1fn, x::f6e3m2fn, x::f8e8m0fnu) {
  check_sort<T>(x::lt_op, [](double a, double b) { return value_less(a, b); }, "lt_op");
  check_sort<T>(x::gt_op, [](double a, double b) { return value_less(b, a); }, "gt_op");
  check_sort<T>(x::lt_total_order_op, [](double a, double b) { return total_less(a, b); }, "lt_total_order_op");
  check_sort<T>(x::gt_total_order_op, [](double a, double b) { return total_less(b, a); }, "gt_total_order_op");
}
