// tests/support/elementwise_check.hpp: random checks of elementwise ops against plain
// scalar references. Operands are filled with random values and the edge values of their
// type (NaN, infinities, -0, extreme integers, shift amounts out of range), stored in
// four layouts (row-major, column-major, padded, tiled); an op is evaluated into each
// layout (operands in the other layouts, so every combination of read and write paths
// runs), with a broadcast lower-rank operand and with a number, and every element is
// compared with the reference computed element by element. The references are written
// in the tests from the seed's and XLA's definitions, with no sxla code but the element
// types themselves.
#ifndef SXLA_TESTS_SUPPORT_ELEMENTWISE_CHECK_HPP
#define SXLA_TESTS_SUPPORT_ELEMENTWISE_CHECK_HPP

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>

namespace sxla_test {

namespace x = sxla;

// The dimensions of the random checks: rows longer than a vector of any lane type plus a
// tail, and an odd row count.
inline constexpr x::index_t rows = 5;
inline constexpr x::index_t cols = 37;

enum class layout_kind { row_major, col_major, padded, tiled };

template <class T, layout_kind K>
constexpr x::shape_spec spec_of() {
  x::shape_spec s(x::primitive_type_of<T>, {rows, cols});
  if constexpr (K == layout_kind::col_major) {
    s.layout.minor_to_major = {0, 1};
  } else if constexpr (K == layout_kind::padded) {
    s.layout.padded_dimensions = {rows + 2, cols + 3};
  } else if constexpr (K == layout_kind::tiled) {
    x::tile_spec t;
    t.dimensions = {2, 8};
    s.layout.tiles.push_back(t);
  }
  return s;
}

template <class T, layout_kind K>
using array = x::tensor<spec_of<T, K>()>;

template <class T>
using small_float_t = std::bool_constant<std::is_same_v<T, x::f16> || std::is_same_v<T, x::bf16>>;

template <class T>
constexpr bool is_floating = std::is_floating_point_v<T> || small_float_t<T>::value;

// Random values of T with the type's edge values mixed in (one in four).
template <class T>
T random_value(std::mt19937_64& rng) {
  const auto pick = rng() % 16;
  if constexpr (std::is_same_v<T, bool>) {
    return (rng() & 1) != 0;
  } else if constexpr (x::is_complex_v<T>) {
    using F = typename T::value_type;
    return T(random_value<F>(rng), random_value<F>(rng));
  } else if constexpr (is_floating<T>) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    const double edges[] = {0.0, -0.0, 1.0, -1.0, 0.5, -2.5, inf, -inf, std::nan(""), 1e-30, -3e38};
    if (pick < 3) return static_cast<T>(edges[rng() % std::size(edges)]);
    const double mag = std::ldexp(std::uniform_real_distribution<double>(0.5, 1.0)(rng),
                                  static_cast<int>(rng() % 16) - 6);
    return static_cast<T>(rng() % 2 ? -mag : mag);
  } else {
    using L = std::numeric_limits<T>;
    const T edges[] = {T(0), T(1), L::max(), L::min(), static_cast<T>(L::min() + 1), static_cast<T>(-1),
                       static_cast<T>(8 * sizeof(T)), static_cast<T>(8 * sizeof(T) - 1)};
    if (pick < 3) return edges[rng() % std::size(edges)];
    if (pick < 10) return static_cast<T>(static_cast<int>(rng() % 41) - 10);  // small: shift amounts, divisors
    return static_cast<T>(rng());
  }
}

template <class A>
void fill_random(A& a, std::mt19937_64& rng) {
  x::for_each_index<typename A::shape_type>([&](const auto& idx) { a[idx] = random_value<typename A::value_type>(rng); });
}

// Bit-for-bit equality, except that any two NaNs are equal.
template <class T>
bool same_value(const T& a, const T& b) {
  if constexpr (x::is_complex_v<T>) {
    return same_value(a.real(), b.real()) && same_value(a.imag(), b.imag());
  } else if constexpr (small_float_t<T>::value) {
    return (a.isnan() && b.isnan()) || a.bits() == b.bits();
  } else if constexpr (std::is_floating_point_v<T>) {
    return (std::isnan(a) && std::isnan(b)) || std::memcmp(&a, &b, sizeof(T)) == 0;
  } else {
    return a == b;
  }
}

template <class T>
std::string show(const T& v) {
  std::ostringstream os;
  if constexpr (std::is_same_v<T, bool>) {
    os << (v ? "true" : "false");
  } else if constexpr (small_float_t<T>::value) {
    os << static_cast<float>(v);
  } else if constexpr (std::is_integral_v<T>) {
    os << +v;
  } else {
    os.precision(17);
    os << v;
  }
  return os.str();
}

// The mismatches of one check, reported out of line: the per-check loop (check_all) keeps
// only the element access and the comparison, so that a test instantiating hundreds of
// checks compiles the reporting once per element type.
template <class T>
class mismatches {
 public:
  explicit mismatches(const std::string& what) : what_(what) {}
  template <class Index>
  void add(const Index& idx, const T& got, const T& want) {
    if (count_++ < 5) report(idx.data(), idx.size(), got, want);
  }
  [[gnu::noinline]] void report(const x::index_t* idx, std::size_t rank, const T& got, const T& want) const {
    std::string at;
    for (std::size_t i = 0; i < rank; ++i) at += std::to_string(idx[i]) + " ";
    FAIL_CHECK(what_ << " at (" << at << "): got " << show(got) << ", want " << show(want));
  }
  [[gnu::noinline]] void finish() const { CHECK_MESSAGE(count_ == 0, what_ << ": " << count_ << " mismatches"); }

 private:
  const std::string& what_;
  int count_ = 0;
};

// Every element of `got` equals ref(idx) (same_value), reported with the index.
template <class A, class Ref>
void check_all(const A& got, Ref ref, const std::string& what) {
  using T = std::remove_cvref_t<decltype(ref(std::declval<const std::array<x::index_t, A::shape_type::rank>&>()))>;
  mismatches<T> m(what);
  x::for_each_index<typename A::shape_type>([&](const auto& idx) {
    const T want = ref(idx);
    const T g = got[idx];
    if (!same_value(g, want)) m.add(idx, g, want);
  });
  m.finish();
}

// The layouts of one check: Variant (0..3) picks the result's layout, the operands take
// the next ones, so that the four variants cover every layout as result and as operand.
// A test passes a different Variant per op (and the element type shifts it too), which
// covers the layout combinations across a test without compiling all of them per op.
template <class T, int Variant>
inline constexpr int variant_of = (Variant + static_cast<int>(x::primitive_type_of<T>)) % 4;

inline const char* layout_name(int k) {
  constexpr const char* names[] = {"row-major", "column-major", "padded", "tiled"};
  return names[k];
}

// "name (first layout[, second layout]) -> result layout" (second < 0: a unary op). Out
// of line, as the reporting: its string concatenations are compiled once.
[[gnu::noinline]] inline std::string check_label(const char* name, int first, int second, int result) {
  std::string s(name);
  s += " (";
  s += layout_name(first);
  if (second >= 0) {
    s += ", ";
    s += layout_name(second);
  }
  s += ") -> ";
  s += layout_name(result);
  return s;
}

template <class T, int Variant, class Op, class Ref>
void check_unary(Op op, Ref ref, const char* name) {
  constexpr int k = variant_of<T, Variant>;
  std::mt19937_64 rng(11 + static_cast<unsigned>(Variant));
  array<T, layout_kind::row_major> a0;
  fill_random(a0, rng);
  const array<T, static_cast<layout_kind>((k + 1) % 4)> a = a0;
  using R = std::remove_cvref_t<decltype(ref(a0[{0, 0}]))>;
  const x::tensor<spec_of<R, static_cast<layout_kind>(k)>()> got = op(a);
  check_all(got, [&](const auto& idx) { return ref(a0[idx]); },
            check_label(name, (k + 1) % 4, -1, k));
}

template <class T, int Variant, class Op, class Ref>
void check_binary(Op op, Ref ref, const char* name) {
  constexpr int k = variant_of<T, Variant>;
  std::mt19937_64 rng(12 + static_cast<unsigned>(Variant));
  array<T, layout_kind::row_major> a0, b0;
  fill_random(a0, rng);
  fill_random(b0, rng);
  const array<T, static_cast<layout_kind>((k + 1) % 4)> a = a0;
  const array<T, static_cast<layout_kind>((k + 2) % 4)> b = b0;
  using R = std::remove_cvref_t<decltype(ref(a0[{0, 0}], b0[{0, 0}]))>;
  const std::string n = check_label(name, (k + 1) % 4, (k + 2) % 4, k);
  const x::tensor<spec_of<R, static_cast<layout_kind>(k)>()> got = op(a, b);
  check_all(got, [&](const auto& idx) { return ref(a0[idx], b0[idx]); }, n);

  // A vector broadcast along the rows (dimension 1), and a number.
  x::tensor<x::shape_spec(x::primitive_type_of<T>, {cols})> v;
  fill_random(v, rng);
  const x::tensor<spec_of<R, static_cast<layout_kind>((k + 3) % 4)>()> with_vector =
      op(a, v, x::broadcast_dimensions<1>);
  check_all(with_vector, [&](const auto& idx) { return ref(a0[idx], v(idx[1])); }, n + ", with a broadcast vector");
  const T s = random_value<T>(rng);
  const x::tensor<spec_of<R, static_cast<layout_kind>((k + 2) % 4)>()> with_number = op(s, b);
  check_all(with_number, [&](const auto& idx) { return ref(s, b0[idx]); }, n + ", with a number");
}

}  // namespace sxla_test

#endif  // SXLA_TESTS_SUPPORT_ELEMENTWISE_CHECK_HPP
