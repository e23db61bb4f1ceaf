// tests/support/conv_reference.hpp: a plain reference for ConvGeneralDilated, written from
// XLA's and StableHLO's definitions with no sxla code but element access and the element
// types (tests/ops/conv*_test.cpp, tests/seeds/seed_002_conv_test.cpp).
//
// The operands are copied element by element (logical order) into vectors of long double
// (complex: std::complex<long double>); the dimension numbers come as HLO's dim_labels
// string ("bf01_oi01->bf01": lhs labels b, f and digits, rhs labels o, i and digits,
// output labels b, f and digits; digit d is spatial dimension d, the index of strides,
// padding and dilations). For each output element (b, o, spatial o_d):
//   sum over input feature i of o's group and kernel position k_d of
//   lhs(b_in, f_in, i_d) * rhs(o, i, k_d),
//   q_d = o_d * stride_d + k_d * rhs_dilation_d - low_d; a term exists only if q_d >= 0,
//   q_d % lhs_dilation_d == 0 and i_d = q_d / lhs_dilation_d < n_d (else a hole or padding).
// Spatial output size: floor((padded - w') / stride) + 1, padded = n' + low + high,
// n' = (n - 1) * lhs_dilation + 1, w' = (w - 1) * rhs_dilation + 1.
// feature_group_count G: output feature o is in group g = o / (O / G) and reads lhs
// features g * Ci + i. batch_group_count Bg (StableHLO): output batch N / Bg, output
// feature o is in batch group g = o / (O / Bg) and reads lhs batch g * (N / Bg) + b.
// SAME padding: out = ceil(n' / stride), total = max((out - 1) * stride + w' - n', 0),
// low = total / 2, high = total - low.
//
// Error bound (floating point): |got - exact| <= K * u * p * sum |a * b|
//   + u_out * (|exact| + K * u * p * sum |a * b|) + 1e-30,
// K the number of terms of one output element (input features per group times the
// kernel's spatial elements, holes and padding included), u the unit roundoff of the
// accumulation type (f32 for f16/bf16 operands), p = 1 for real types and 4 for complex
// ones (each part of a complex product is two products and a sum), u_out the unit
// roundoff of the result type where it is narrower than the accumulation type (2^-11 for
// f16, 2^-8 for bf16), else 0. This is the worst-case bound of recursive summation in any
// order (gamma_K <= K u), so it holds whatever the blocking of the implementation.
// Integers: exact; the sum is formed exactly and wrapped to the accumulation type
// (s32/u32) and then to the result type, two's complement, as XLA does.
#ifndef SXLA_TESTS_SUPPORT_CONV_REFERENCE_HPP
#define SXLA_TESTS_SUPPORT_CONV_REFERENCE_HPP

#include <sxla/sxla.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace sxla_test::conv {

namespace x = sxla;
using x::index_t;

template <class T>
struct is_complex : std::false_type {};
template <class T>
struct is_complex<std::complex<T>> : std::true_type {};
template <class T>
inline constexpr bool is_complex_v = is_complex<T>::value;

// The wide type the reference sums in.
template <class T>
using wide_t = std::conditional_t<is_complex_v<T>, std::complex<long double>, long double>;

template <class T>
struct real_of {
  using type = T;
};
template <class T>
struct real_of<std::complex<T>> {
  using type = T;
};

// Unit roundoff of a floating-point element type (f16 and bf16 by their significand bits).
template <class T>
constexpr long double unit_roundoff() {
  using R = typename real_of<T>::type;
  if constexpr (std::is_same_v<R, x::f16>) {
    return 1.0L / 2048;  // 11 significant bits
  } else if constexpr (std::is_same_v<R, x::bf16>) {
    return 1.0L / 256;  // 8 significant bits
  } else if constexpr (std::is_integral_v<R>) {
    return 0;
  } else {
    return static_cast<long double>(std::numeric_limits<R>::epsilon()) / 2;
  }
}

// One element as the wide type.
template <class W, class V>
W widen(const V& v) {
  if constexpr (is_complex_v<V>) {
    return W(static_cast<long double>(v.real()), static_cast<long double>(v.imag()));
  } else if constexpr (std::is_integral_v<V>) {
    return W(static_cast<long double>(v));
  } else {
    if constexpr (std::is_floating_point_v<V>) {
      return W(static_cast<long double>(v));
    } else {
      return W(static_cast<long double>(static_cast<float>(v)));  // f16, bf16: exact in f32
    }
  }
}

// An array copied out of a tensor in logical row-major order.
template <class W>
struct flat {
  std::vector<index_t> dims;
  std::vector<W> v;
};

template <std::size_t R>
bool next_index(x::multi_index<R>& i, const x::multi_index<R>& sizes) {
  for (std::size_t d = R; d-- > 0;) {
    if (++i[d] < sizes[d]) return true;
    i[d] = 0;
  }
  return false;
}

template <class W, class T>
flat<W> flatten(const T& t) {
  constexpr std::size_t r = T::rank;
  flat<W> f;
  x::multi_index<r> sizes{};
  index_t count = 1;
  for (std::size_t d = 0; d < r; ++d) {
    sizes[d] = T::spec.dimensions[d];
    f.dims.push_back(sizes[d]);
    count *= sizes[d];
  }
  if (count == 0) return f;
  f.v.reserve(static_cast<std::size_t>(count));
  x::multi_index<r> i{};
  do {
    f.v.push_back(widen<W>(t[i]));
  } while (next_index(i, sizes));
  return f;
}

// The convolution's arguments, in the reference's terms.
struct params {
  std::string labels;                      // "bf01_oi01->bf01"; empty: that order
  std::vector<index_t> stride, low, high;  // empty: 1 / 0
  std::vector<index_t> lhs_dilation, rhs_dilation;
  bool same = false;  // low and high from XLA's SAME rule
  index_t feature_groups = 1, batch_groups = 1;
};

// The default dim_labels for n spatial dimensions: the seed's order.
inline std::string default_labels(std::size_t n) {
  std::string s = "bf", k = "oi";
  for (std::size_t d = 0; d < n; ++d) {
    s += static_cast<char>('0' + d);
    k += static_cast<char>('0' + d);
  }
  return s + "_" + k + "->" + s;
}

// Where each label is in one operand's label string: [batch-like, feature-like, spatial...].
struct positions {
  std::size_t a = 0, b = 0;  // b/o and f/i (output: b and f)
  std::vector<std::size_t> spatial;
};

inline positions locate(std::string_view s, char first, char second, std::size_t n) {
  positions p;
  p.spatial.assign(n, 0);
  std::vector<int> seen(n + 2, 0);
  REQUIRE(s.size() == n + 2);
  for (std::size_t k = 0; k < s.size(); ++k) {
    if (s[k] == first) {
      p.a = k;
      ++seen[n];
    } else if (s[k] == second) {
      p.b = k;
      ++seen[n + 1];
    } else {
      REQUIRE(s[k] >= '0');
      const auto d = static_cast<std::size_t>(s[k] - '0');
      REQUIRE(d < n);
      p.spatial[d] = k;
      ++seen[d];
    }
  }
  for (int c : seen) REQUIRE(c == 1);
  return p;
}

// The reference's result: the exact sum of each output element (logical row-major order
// of the output's dimensions), the sum of |a * b|, and the number of terms K.
template <class W>
struct result {
  std::vector<index_t> dims;
  std::vector<W> sum;
  std::vector<long double> magnitude;
  index_t terms = 0;
};

template <class W>
result<W> reference(const params& p, const flat<W>& lhs, const flat<W>& rhs) {
  REQUIRE(lhs.dims.size() == rhs.dims.size());
  REQUIRE(lhs.dims.size() >= 2);
  const std::size_t n = lhs.dims.size() - 2;
  const std::string labels = p.labels.empty() ? default_labels(n) : p.labels;
  const auto us = labels.find('_'), arrow = labels.find("->");
  REQUIRE(us != std::string::npos);
  REQUIRE(arrow != std::string::npos);
  const positions lp = locate(std::string_view(labels).substr(0, us), 'b', 'f', n);
  const positions rp = locate(std::string_view(labels).substr(us + 1, arrow - us - 1), 'o', 'i', n);
  const positions op = locate(std::string_view(labels).substr(arrow + 2), 'b', 'f', n);
  auto or_default = [n](const std::vector<index_t>& v, index_t def) {
    if (v.empty()) return std::vector<index_t>(n, def);
    REQUIRE(v.size() == n);
    return v;
  };
  const auto stride = or_default(p.stride, 1), ldil = or_default(p.lhs_dilation, 1),
             rdil = or_default(p.rhs_dilation, 1);
  std::vector<index_t> low = or_default(p.low, 0), high = or_default(p.high, 0);
  const index_t N = lhs.dims[lp.a], C = lhs.dims[lp.b];
  const index_t O = rhs.dims[rp.a], Ci = rhs.dims[rp.b];
  const index_t G = p.feature_groups, Bg = p.batch_groups;
  REQUIRE(G >= 1);
  REQUIRE(Bg >= 1);
  REQUIRE(C == G * Ci);
  REQUIRE(O % G == 0);
  REQUIRE(N % Bg == 0);
  REQUIRE(O % Bg == 0);
  std::vector<index_t> in(n), win(n), out_sp(n);
  for (std::size_t d = 0; d < n; ++d) {
    in[d] = lhs.dims[lp.spatial[d]];
    win[d] = rhs.dims[rp.spatial[d]];
    const index_t dilated = in[d] == 0 ? 0 : (in[d] - 1) * ldil[d] + 1;
    const index_t span = (win[d] - 1) * rdil[d] + 1;
    if (p.same) {
      const index_t o = (dilated + stride[d] - 1) / stride[d];
      const index_t total = std::max<index_t>((o - 1) * stride[d] + span - dilated, 0);
      low[d] = total / 2;
      high[d] = total - low[d];
    }
    const index_t padded = dilated + low[d] + high[d];
    REQUIRE(padded >= span);
    out_sp[d] = (padded - span) / stride[d] + 1;
  }
  result<W> r;
  r.dims.assign(n + 2, 0);
  r.dims[op.a] = N / Bg;
  r.dims[op.b] = O;
  for (std::size_t d = 0; d < n; ++d) r.dims[op.spatial[d]] = out_sp[d];
  index_t window_elements = 1;
  for (std::size_t d = 0; d < n; ++d) window_elements *= win[d];
  r.terms = Ci * window_elements;
  // Row-major strides of the flattened operands.
  auto strides_of = [](const std::vector<index_t>& dims) {
    std::vector<index_t> s(dims.size(), 1);
    for (std::size_t d = dims.size(); d-- > 1;) s[d - 1] = s[d] * dims[d];
    return s;
  };
  const auto ls = strides_of(lhs.dims), rs = strides_of(rhs.dims);
  index_t count = 1;
  for (auto d : r.dims) count *= d;
  r.sum.assign(static_cast<std::size_t>(count), W{});
  r.magnitude.assign(static_cast<std::size_t>(count), 0.0L);
  std::vector<index_t> oi(n + 2, 0), k(n, 0);
  for (index_t flat_o = 0; flat_o < count; ++flat_o) {
    // The output multi-index of flat_o.
    index_t rest = flat_o;
    for (std::size_t d = n + 2; d-- > 0;) {
      oi[d] = rest % r.dims[d];
      rest /= r.dims[d];
    }
    const index_t ob = oi[op.a], of = oi[op.b];
    const index_t g = of / (O / G);            // feature group
    const index_t bgroup = of / (O / Bg);      // batch group
    const index_t b_in = bgroup * (N / Bg) + ob;
    W sum{};
    long double mag = 0;
    for (index_t i = 0; i < Ci; ++i) {
      const index_t f_in = g * Ci + i;
      std::fill(k.begin(), k.end(), 0);
      if (window_elements == 0) break;
      while (true) {
        // One kernel position: the lhs element it meets, if any.
        bool exists = true;
        index_t loff = b_in * ls[lp.a] + f_in * ls[lp.b];
        index_t roff = of * rs[rp.a] + i * rs[rp.b];
        for (std::size_t d = 0; d < n; ++d) {
          const index_t q = oi[op.spatial[d]] * stride[d] + k[d] * rdil[d] - low[d];
          if (q < 0 || q % ldil[d] != 0 || q / ldil[d] >= in[d]) {
            exists = false;
            break;
          }
          loff += (q / ldil[d]) * ls[lp.spatial[d]];
          roff += k[d] * rs[rp.spatial[d]];
        }
        if (exists) {
          const W prod = lhs.v[static_cast<std::size_t>(loff)] * rhs.v[static_cast<std::size_t>(roff)];
          sum += prod;
          mag += std::abs(prod);
        }
        // The next kernel position (row-major over the spatial dimensions).
        std::size_t d = n;
        while (d-- > 0) {
          if (++k[d] < win[d]) break;
          k[d] = 0;
        }
        if (d == static_cast<std::size_t>(-1)) break;
      }
    }
    r.sum[static_cast<std::size_t>(flat_o)] = sum;
    r.magnitude[static_cast<std::size_t>(flat_o)] = mag;
  }
  return r;
}

// The result's elements g (of type OV, widened) against the reference, Acc the
// accumulation type; seed names the operands' values in a failure. Out of line and
// independent of the shapes, so that a test of many shapes compiles it once per type.
template <class Acc, class OV, class W>
[[gnu::noinline]] void compare_flat(const result<W>& want, const flat<W>& g, unsigned seed) {
  CAPTURE(seed);
  REQUIRE(g.dims == want.dims);
  REQUIRE(g.v.size() == want.sum.size());
  const long double u = unit_roundoff<Acc>();
  const long double parts = is_complex_v<Acc> ? 4 : 1;
  long double u_out = 0;
  if constexpr (!std::is_integral_v<Acc>) {
    if (unit_roundoff<OV>() > u) u_out = unit_roundoff<OV>();
  }
  const long double k = static_cast<long double>(want.terms);
  int failures = 0;
  for (std::size_t e = 0; e < g.v.size(); ++e) {
    if constexpr (std::is_integral_v<Acc>) {
      const auto exact = static_cast<std::int64_t>(want.sum[e]);
      const auto wrapped = static_cast<OV>(static_cast<Acc>(exact));
      const auto value = static_cast<OV>(static_cast<std::int64_t>(g.v[e]));
      if (value != wrapped && failures++ < 5) {
        CAPTURE(e);
        CAPTURE(exact);
        CHECK(static_cast<std::int64_t>(value) == static_cast<std::int64_t>(wrapped));
      }
    } else {
      const long double sum_bound = k * u * parts * want.magnitude[e];
      const long double allowed = sum_bound + u_out * (std::abs(want.sum[e]) + sum_bound) + 1e-30L;
      const long double err = std::abs(g.v[e] - want.sum[e]);
      if (!(err <= allowed) && failures++ < 5) {
        CAPTURE(e);
        CAPTURE(static_cast<double>(err));
        CAPTURE(static_cast<double>(allowed));
        CHECK(err <= allowed);
      }
    }
  }
  CHECK(failures == 0);
}

// got (any layout) against the reference, Acc the accumulation type.
template <class Acc, class Out, class W>
void compare(const result<W>& want, const Out& got, unsigned seed = 0) {
  compare_flat<Acc, typename Out::value_type>(want, flatten<W>(got), seed);
}

// The reference of conv(lhs, rhs) with p, against got; Acc the accumulation type.
template <class Acc, class L, class R, class Out>
void check(const params& p, const L& lhs, const R& rhs, const Out& got, unsigned seed = 0) {
  using W = wide_t<Acc>;
  const result<W> want = reference(p, flatten<W>(lhs), flatten<W>(rhs));
  compare<Acc>(want, got, seed);
}

// The reference's parameters read from a conv_config (its values only; the reference
// resolves the defaults and SAME itself).
template <x::conv_config C>
params params_of() {
  params p;
  p.labels = std::string(C.dim_labels.text, C.dim_labels.size);
  for (auto v : C.window_strides) p.stride.push_back(v);
  for (auto v : C.lhs_dilation) p.lhs_dilation.push_back(v);
  for (auto v : C.rhs_dilation) p.rhs_dilation.push_back(v);
  if (C.padding.kind == x::window_padding::kind_t::same) {
    p.same = true;
  } else if (C.padding.kind == x::window_padding::kind_t::explicit_edges) {
    for (auto v : C.padding.low) p.low.push_back(v);
    for (auto v : C.padding.high) p.high.push_back(v);
  }
  p.feature_groups = C.feature_group_count;
  p.batch_groups = C.batch_group_count;
  return p;
}

// Random values: reals in [-1, 1], s8 in [-100, 100], u8 in [0, 200]; every storage slot
// (tile and padding slots too: the op must not read them).
template <class T>
void fill_random(T& t, unsigned seed) {
  using V = typename T::value_type;
  std::mt19937 g(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_int_distribution<int> s(-100, 100);
  std::uniform_int_distribution<int> us(0, 200);
  auto* p = t.data();
  for (index_t i = 0; i < T::storage_count; ++i) {
    if constexpr (std::is_integral_v<V> && std::is_signed_v<V>) {
      p[i] = static_cast<V>(s(g));
    } else if constexpr (std::is_integral_v<V>) {
      p[i] = static_cast<V>(us(g));
    } else if constexpr (is_complex_v<V>) {
      using R = typename V::value_type;
      const double re = u(g);
      p[i] = V(static_cast<R>(re), static_cast<R>(u(g)));
    } else {
      p[i] = static_cast<V>(static_cast<float>(u(g)));
    }
  }
}

template <x::shape_spec S>
std::unique_ptr<x::tensor<S>> random_tensor(unsigned seed) {
  auto t = std::make_unique<x::tensor<S>>();
  fill_random(*t, seed);
  return t;
}

// The column-major form of a shape (layout {0, 1, ..., r-1}).
constexpr x::shape_spec column_major(x::shape_spec s) {
  s.layout.minor_to_major = {};
  for (std::size_t d = 0; d < s.dimensions.size(); ++d) s.layout.minor_to_major.push_back(static_cast<index_t>(d));
  return s;
}

// The accumulation type of an operand type (as dot_general): f16/bf16 in f32, s8 in s32,
// u8 in u32, others in themselves.
template <class V>
struct accumulation {
  using type = V;
};
template <>
struct accumulation<x::f16> {
  using type = float;
};
template <>
struct accumulation<x::bf16> {
  using type = float;
};
template <>
struct accumulation<std::int8_t> {
  using type = std::int32_t;
};
template <>
struct accumulation<std::uint8_t> {
  using type = std::uint32_t;
};
template <class V>
using accumulation_t = typename accumulation<V>::type;

// One case: random operands of shapes LS and RS (any layouts), conv_general_dilated<C>
// assigned to a destination of shape OS (which states the expected result shape: a
// wrong one does not compile), checked against the reference.
template <x::shape_spec LS, x::shape_spec RS, x::conv_config C, x::shape_spec OS>
void check_case(unsigned seed) {
  const auto lhs = random_tensor<LS>(seed);
  const auto rhs = random_tensor<RS>(seed + 1000);
  auto out = std::make_unique<x::tensor<OS>>();
  *out = x::conv_general_dilated<C>(*lhs, *rhs);
  using V = typename x::tensor<LS>::value_type;
  check<accumulation_t<V>>(params_of<C>(), *lhs, *rhs, *out, seed);
}

}  // namespace sxla_test::conv

#endif  // SXLA_TESTS_SUPPORT_CONV_REFERENCE_HPP
