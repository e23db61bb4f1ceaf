// The built-in computations (x::add_op, sub_op, mul_op, div_op, rem_op, max_op, min_op,
// and_op, or_op, xor_op) as plain callables on two elements, for every element type each
// accepts, against references written from XLA's definitions: integers wrap, x / 0 = -1,
// x % 0 = x, INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0; float max/min propagate NaN with
// -0 < +0; pred add/max are or, mul/min are and; f16 and bf16 compute in f32 and round
// back once (the reference rounds the exact double result to the nearest 16-bit value by
// searching all 65536). Also the reductions that call them on f16 and bf16: a variadic
// reduce, and reduce_window with the f32 accumulator of a built-in monoid.
#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace x = sxla;

namespace {

// The 16-bit value nearest to v (ties to the even bit pattern); NaN stays NaN.
template <class H>
H nearest(double v) {
  if (std::isnan(v)) return H::from_bits(static_cast<std::uint16_t>(H::exponent_mask | (H::mantissa_mask >> 1) | 1));
  H best{};
  double best_err = std::numeric_limits<double>::infinity();
  for (std::uint32_t b = 0; b < 65536; ++b) {
    const H h = H::from_bits(static_cast<std::uint16_t>(b));
    if (h.isnan()) continue;
    const double w = static_cast<float>(h);
    if (std::isinf(w) || std::isinf(v)) {
      if (w == v) return h;
      continue;
    }
    const double err = std::fabs(w - v);
    if (err < best_err || (err == best_err && (b & 1) == 0 && (best.bits() & 1) != 0)) {
      best = h;
      best_err = err;
    }
  }
  // Beyond the largest finite value by at least half an ulp: infinity.
  const double max = static_cast<float>(H::from_bits(static_cast<std::uint16_t>(H::exponent_mask - 1)));
  const double half_ulp = (max - static_cast<float>(H::from_bits(static_cast<std::uint16_t>(H::exponent_mask - 2)))) / 2;
  if (std::fabs(v) >= max + half_ulp) return H(v > 0 ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity());
  if (static_cast<float>(best) == 0) return H(std::signbit(v) ? -0.0f : 0.0f);
  return best;
}

enum class op { add, sub, mul, div, rem, max, min, and_, or_, xor_ };
constexpr op all_ops[] = {op::add, op::sub, op::mul, op::div, op::rem, op::max, op::min, op::and_, op::or_, op::xor_};
constexpr const char* op_names[] = {"add", "sub", "mul", "div", "rem", "max", "min", "and", "or", "xor"};

template <op O>
constexpr auto functor() {
  if constexpr (O == op::add) return x::add_op;
  else if constexpr (O == op::sub) return x::sub_op;
  else if constexpr (O == op::mul) return x::mul_op;
  else if constexpr (O == op::div) return x::div_op;
  else if constexpr (O == op::rem) return x::rem_op;
  else if constexpr (O == op::max) return x::max_op;
  else if constexpr (O == op::min) return x::min_op;
  else if constexpr (O == op::and_) return x::and_op;
  else if constexpr (O == op::or_) return x::or_op;
  else return x::xor_op;
}

// Which element types XLA's op takes (the README's table): what each functor must accept.
template <op O, class T>
constexpr bool xla_accepts() {
  constexpr bool is_pred = std::is_same_v<T, bool>;
  constexpr bool is_complex = x::is_complex_v<T>;
  constexpr bool is_int = std::is_integral_v<T> && !is_pred;
  switch (O) {
    case op::add: case op::mul: return true;
    case op::sub: case op::div: return !is_pred;
    case op::rem: return !is_pred && !is_complex;
    case op::max: case op::min: return !is_complex;
    default: return is_pred || is_int;
  }
}

// XLA's value for floats (f32, f64, and the exact f32 values of f16 and bf16 in double).
template <class F>
F float_reference(op o, F a, F b) {
  switch (o) {
    case op::add: return a + b;
    case op::sub: return a - b;
    case op::mul: return a * b;
    case op::div: return a / b;
    case op::rem: return std::fmod(a, b);
    case op::max:
    case op::min: {
      if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<F>::quiet_NaN();
      if (a == b) return (std::signbit(a) == (o == op::min)) ? a : b;  // -0 < +0
      return (a < b) == (o == op::min) ? a : b;
    }
    default: return F(0);
  }
}

template <class T>
T int_reference(op o, T a, T b) {
  using U = std::make_unsigned_t<std::conditional_t<std::is_same_v<T, bool>, unsigned char, T>>;
  const U ua = static_cast<U>(a), ub = static_cast<U>(b);
  constexpr bool is_signed = std::is_signed_v<T>;
  switch (o) {
    case op::add: return static_cast<T>(static_cast<U>(ua + ub));
    case op::sub: return static_cast<T>(static_cast<U>(ua - ub));
    case op::mul: return static_cast<T>(static_cast<U>(static_cast<std::uint64_t>(ua) * ub));
    case op::div:
      if (b == 0) return static_cast<T>(~U{0});
      if (is_signed && a == std::numeric_limits<T>::min() && b == static_cast<T>(-1)) return a;
      return static_cast<T>(a / b);
    case op::rem:
      if (b == 0) return a;
      if (is_signed && a == std::numeric_limits<T>::min() && b == static_cast<T>(-1)) return T(0);
      return static_cast<T>(a % b);
    case op::max: return a < b ? b : a;
    case op::min: return a < b ? a : b;
    case op::and_: return static_cast<T>(ua & ub);
    case op::or_: return static_cast<T>(ua | ub);
    default: return static_cast<T>(ua ^ ub);
  }
}

bool pred_reference(op o, bool a, bool b) {
  switch (o) {
    case op::add: case op::max: case op::or_: return a || b;
    case op::mul: case op::min: case op::and_: return a && b;
    default: return a != b;  // xor
  }
}

template <class T>
bool same_value(T got, T want) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(want)) return std::isnan(got);
    return got == want && std::signbit(got) == std::signbit(want);
  } else if constexpr (x::is_complex_v<T>) {
    return same_value(got.real(), want.real()) && same_value(got.imag(), want.imag());
  } else if constexpr (requires { got.bits(); }) {
    if (want.isnan()) return got.isnan();
    return got.bits() == want.bits();
  } else {
    return got == want;
  }
}

template <class T>
std::vector<T> samples() {
  if constexpr (std::is_same_v<T, bool>) {
    return {false, true};
  } else if constexpr (std::is_integral_v<T>) {
    using L = std::numeric_limits<T>;
    return {T(0), T(1), T(7), T(100), L::max(), L::min(), static_cast<T>(L::max() / 3), static_cast<T>(-1), static_cast<T>(-3)};
  } else if constexpr (x::is_complex_v<T>) {
    using F = typename T::value_type;
    return {T(3, 4), T(-1.5, 0.25), T(2, 0), T(0, 1), T(F(1e30), F(-2))};
  } else {
    const float inf = std::numeric_limits<float>::infinity();
    return {T(0.0f), T(-0.0f), T(1.0f), T(-2.5f), T(3.0f), T(0.1f), T(7.25f), T(1e-3f), T(65504.0f), T(-60000.0f),
            T(std::numeric_limits<float>::quiet_NaN()), T(inf), T(-inf), T(1.5e-5f)};
  }
}

// got == want (same_value) for op(a, b), reported with the operands. Out of line: once
// per element type, not per (op, type) pair.
template <class T>
[[gnu::noinline]] void expect_same(const char* op, T a, T b, T got, T want) {
  CAPTURE(std::string(op));
  CAPTURE(x::type_name(x::primitive_type_of<T>));
  if constexpr (std::is_same_v<T, bool> || std::is_integral_v<T>) {
    CAPTURE(static_cast<long long>(a));
    CAPTURE(static_cast<long long>(b));
    CHECK(same_value(got, want));
  } else if constexpr (x::is_complex_v<T>) {
    CAPTURE(a.real());
    CAPTURE(a.imag());
    CAPTURE(b.real());
    CAPTURE(b.imag());
    CHECK(same_value(got, want));
  } else {
    CAPTURE(static_cast<double>(a));
    CAPTURE(static_cast<double>(b));
    CAPTURE(static_cast<double>(got));
    CAPTURE(static_cast<double>(want));
    CHECK(same_value(got, want));
  }
}

template <op O, class T>
void check_computation() {
  if constexpr (xla_accepts<O, T>()) {
    constexpr auto f = functor<O>();
    int checked = 0;
    for (T a : samples<T>()) {
      for (T b : samples<T>()) {
        T want{};
        if constexpr (std::is_same_v<T, bool>) {
          want = pred_reference(O, a, b);
        } else if constexpr (std::is_integral_v<T>) {
          want = int_reference(O, a, b);
        } else if constexpr (std::is_floating_point_v<T>) {
          want = float_reference(O, a, b);
        } else if constexpr (x::is_complex_v<T>) {
          using F = typename T::value_type;
          const F ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
          if constexpr (O == op::add) {
            want = T(ar + br, ai + bi);
          } else if constexpr (O == op::sub) {
            want = T(ar - br, ai - bi);
          } else if constexpr (O == op::mul) {  // plain products, each rounded (no fma)
            // (through volatile: g++ contracts a product and a later add into an fma by
            // default in C++, across statements, wherever the inlining puts them together)
            const volatile F rr = ar * br, ii = ai * bi, ri = ar * bi, ir = ai * br;
            want = T(rr - ii, ri + ir);
          } else {  // div: only divisors whose quotient is exact
            if (b == T(2, 0)) {
              want = T(ar / 2, ai / 2);
            } else if (b == T(0, 1) && ar != 0 && ai != 0) {  // (the sign of a zero part is the algorithm's)
              want = T(ai, -ar);
            } else {
              continue;
            }
          }
        } else {  // f16, bf16: the exact result of the widened values, rounded once
          want = nearest<T>(float_reference<double>(O, static_cast<float>(a), static_cast<float>(b)));
        }
        expect_same(op_names[static_cast<int>(O)], a, b, f(a, b), want);
        ++checked;
      }
    }
    CHECK(checked > 0);
  }
}

template <class T>
void check_every_computation() {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (check_computation<all_ops[I], T>(), ...);
  }(std::make_index_sequence<std::size(all_ops)>{});
}

}  // namespace

TEST_CASE("ops/computations: every built-in computation accepts exactly XLA's element types") {
  auto check = []<class T>(T*) {
    CHECK_EQ(x::add_op_t::accepts<T>, xla_accepts<op::add, T>());
    CHECK_EQ(x::sub_op_t::accepts<T>, xla_accepts<op::sub, T>());
    CHECK_EQ(x::mul_op_t::accepts<T>, xla_accepts<op::mul, T>());
    CHECK_EQ(x::div_op_t::accepts<T>, xla_accepts<op::div, T>());
    CHECK_EQ(x::rem_op_t::accepts<T>, xla_accepts<op::rem, T>());
    CHECK_EQ(x::max_op_t::accepts<T>, xla_accepts<op::max, T>());
    CHECK_EQ(x::min_op_t::accepts<T>, xla_accepts<op::min, T>());
    CHECK_EQ(x::and_op_t::accepts<T>, xla_accepts<op::and_, T>());
    CHECK_EQ(x::or_op_t::accepts<T>, xla_accepts<op::or_, T>());
    CHECK_EQ(x::xor_op_t::accepts<T>, xla_accepts<op::xor_, T>());
  };
  check(static_cast<bool*>(nullptr));
  check(static_cast<std::int8_t*>(nullptr));
  check(static_cast<std::uint64_t*>(nullptr));
  check(static_cast<x::f16*>(nullptr));
  check(static_cast<x::bf16*>(nullptr));
  check(static_cast<double*>(nullptr));
  check(static_cast<std::complex<float>*>(nullptr));
}

TEST_CASE_TEMPLATE("ops/computations: plain callables on two elements", T, bool, std::int8_t, std::int16_t, std::int32_t,
                   std::int64_t, std::uint8_t, std::uint16_t, std::uint32_t, std::uint64_t, x::f16, x::bf16, float,
                   double, std::complex<float>, std::complex<double>) {
  check_every_computation<T>();
}

TEST_CASE("ops/computations: f16 and bf16 in constant expressions") {
  static_assert(x::max_op(x::bf16(1.0f), x::bf16(2.0f)) == x::bf16(2.0f));
  static_assert(x::min_op(x::f16(-0.0f), x::f16(0.0f)).signbit());
  static_assert(x::add_op(x::bf16(256.0f), x::bf16(1.0f)) == x::bf16(256.0f));  // 257 ties to even
  static_assert(x::add_op(x::bf16(256.0f), x::bf16(3.0f)) == x::bf16(260.0f));  // 259 to the nearer 260
  static_assert(x::mul_op(x::f16(300.0f), x::f16(300.0f)).isinf());             // 90000 > f16's max
  static_assert(x::div_op(x::f16(1.0f), x::f16(3.0f)) == x::f16(1.0f / 3.0f));
  static_assert(x::rem_op(x::f16(7.5f), x::f16(2.0f)) == x::f16(1.5f));
  static_assert(x::sub_op(x::bf16(1.0f), x::bf16(1.0f)).bits() == 0);
  CHECK(true);
}

TEST_CASE("ops/computations: a variadic reduce on bf16 with the built-in computations") {
  // Each result element folds its row sequentially from the inits, every step rounded to
  // bf16 (the callable's accumulators are bf16): f(...f(init, x0)..., x_{n-1}).
  x::tensor<"bf16[3,40]"> a, b;
  std::mt19937 rng(1313);
  std::uniform_real_distribution<float> dist(-100.0f, 100.0f);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 40; ++j) {
      a(i, j) = x::bf16(dist(rng));
      b(i, j) = x::bf16(dist(rng) / 7.0f);
    }
  const auto [m, s] = x::reduce<1>(a, b, x::bf16(-1000.0f), x::bf16(0.5f),
                                   [](x::bf16 ma, x::bf16 sb, x::bf16 ea, x::bf16 eb) {
                                     return std::tuple(x::max_op(ma, ea), x::add_op(sb, eb));
                                   });
  for (int i = 0; i < 3; ++i) {
    float want_max = -1000.0f;
    x::bf16 want_sum = nearest<x::bf16>(0.5);
    for (int j = 0; j < 40; ++j) {
      want_max = std::fmax(want_max, static_cast<float>(a(i, j)));
      want_sum = nearest<x::bf16>(static_cast<double>(static_cast<float>(want_sum)) + static_cast<float>(b(i, j)));
    }
    CAPTURE(i);
    CHECK_EQ(static_cast<float>(m(i)), want_max);
    CHECK_EQ(m(i).bits(), nearest<x::bf16>(want_max).bits());
    CHECK_EQ(s(i).bits(), want_sum.bits());
  }
}

TEST_CASE("ops/computations: reduce_window of f16 and bf16 with a built-in monoid") {
  // A built-in monoid accumulates f16 and bf16 in f32 from the init value, in row-major
  // window order, and rounds once.
  x::tensor<"bf16[4,6]"> a;
  x::tensor<"f16[4,6]"> h;
  std::mt19937 rng(4242);
  std::uniform_real_distribution<float> dist(-3.0f, 3.0f);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 6; ++j) {
      a(i, j) = x::bf16(dist(rng));
      h(i, j) = x::f16(dist(rng));
    }
  // The case: VALID 2x2 windows, stride 1.
  const x::tensor<"bf16[3,5]"> sums = x::reduce_window<x::idx{2, 2}>(a, x::bf16(0.0f), x::add_op);
  // SAME 3x3 windows, stride 2: padding (no element) at the edges.
  const x::tensor<"f16[2,3]"> maxes =
      x::reduce_window<x::idx{3, 3}, x::idx{2, 2}, x::padding::same>(h, x::f16(-10.0f), x::max_op);
  const x::tensor<"bf16[3,5]"> products = x::reduce_window<x::idx{2, 2}>(a, x::bf16(1.5f), x::mul_op);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 5; ++j) {
      float s = 0.0f, p = 1.5f;
      for (int di = 0; di < 2; ++di)
        for (int dj = 0; dj < 2; ++dj) {
          s += static_cast<float>(a(i + di, j + dj));
          p *= static_cast<float>(a(i + di, j + dj));
        }
      CAPTURE(i);
      CAPTURE(j);
      CHECK_EQ(sums(i, j).bits(), nearest<x::bf16>(s).bits());
      CHECK_EQ(products(i, j).bits(), nearest<x::bf16>(p).bits());
    }
  }
  // SAME for 4 (and 6) with window 3, stride 2: 2 (and 3) outputs; one element of
  // padding in all, XLA puts it high (low = total / 2).
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 3; ++j) {
      float mx = -10.0f;
      for (int di = 0; di < 3; ++di)
        for (int dj = 0; dj < 3; ++dj) {
          const int r = 2 * i + di, c = 2 * j + dj;
          if (r >= 0 && r < 4 && c >= 0 && c < 6) mx = std::fmax(mx, static_cast<float>(h(r, c)));
        }
      CHECK_EQ(maxes(i, j).bits(), nearest<x::f16>(mx).bits());
    }
  }
  // In a constant expression too.
  // Window (0, 1) holds 256, 1, 1, 1: 259 in f32, rounded once to 260 (rounding each
  // step would stay at 256).
  constexpr x::tensor<"bf16[2,3]"> c = {{1.0f, 256.0f, 1.0f}, {4.0f, 1.0f, 1.0f}};
  constexpr auto w = x::eval(x::reduce_window<x::idx{2, 2}>(c, x::bf16(0.0f), x::add_op));
  static_assert(w(0, 0) == x::bf16(262.0f) && w(0, 1) == x::bf16(260.0f));
}
