// Tests for sxla/core/float8.hpp. The reference is written from each format's
// definition, independent of the implementation: every encoding is decoded with
// std::ldexp (long double) from its exponent bits, mantissa bits, bias and the rules for
// its special values, and every narrowing is a search for the nearest decoded value
// (ties to the even encoding; f8e8m0fnu: to the larger power of two), with the overflow,
// NaN and zero rules of each family applied to the source value.
#include <sxla/core/float16.hpp>
#include <sxla/core/float8.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <compare>
#include <cstdint>
#include <ios>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace {

static_assert(std::numeric_limits<long double>::digits >= 64,
              "the reference needs a long double that holds every int64 and double exactly");

// How a format encodes its special values (the test's own names, not the header's).
enum class rules {
  ieee,  // top exponent: infinity (mantissa 0) or NaN
  fn,    // no infinity; NaN only at S.1111.111
  fnuz,  // no infinity, no negative zero; the only NaN is the sign bit alone
  mx,    // no infinity, no NaN: every encoding is a number
  e8m0   // no sign, no zero: 2^(e - 127); 0xFF is NaN
};

struct format {
  const char* name;
  int exp_bits;
  int mant_bits;
  int bias;
  rules r;

  int width() const { return r == rules::e8m0 ? 8 : 1 + exp_bits + mant_bits; }
  unsigned sign_bit() const { return r == rules::e8m0 ? 0u : 1u << (exp_bits + mant_bits); }
  unsigned magnitude_mask() const { return r == rules::e8m0 ? 0xFFu : (1u << (exp_bits + mant_bits)) - 1; }
};

// The formats, from their definitions.
template <class T>
const format format_of{};
template <>
const format format_of<sxla::f8e5m2>{"f8e5m2", 5, 2, 15, rules::ieee};
template <>
const format format_of<sxla::f8e4m3>{"f8e4m3", 4, 3, 7, rules::ieee};
template <>
const format format_of<sxla::f8e3m4>{"f8e3m4", 3, 4, 3, rules::ieee};
template <>
const format format_of<sxla::f8e4m3fn>{"f8e4m3fn", 4, 3, 7, rules::fn};
template <>
const format format_of<sxla::f8e4m3fnuz>{"f8e4m3fnuz", 4, 3, 8, rules::fnuz};
template <>
const format format_of<sxla::f8e5m2fnuz>{"f8e5m2fnuz", 5, 2, 16, rules::fnuz};
template <>
const format format_of<sxla::f8e4m3b11fnuz>{"f8e4m3b11fnuz", 4, 3, 11, rules::fnuz};
template <>
const format format_of<sxla::f4e2m1fn>{"f4e2m1fn", 2, 1, 1, rules::mx};
template <>
const format format_of<sxla::f6e2m3fn>{"f6e2m3fn", 2, 3, 1, rules::mx};
template <>
const format format_of<sxla::f6e3m2fn>{"f6e3m2fn", 3, 2, 3, rules::mx};
template <>
const format format_of<sxla::f8e8m0fnu>{"f8e8m0fnu", 8, 0, 127, rules::e8m0};

struct decoded {
  bool nan = false;
  bool negative = false;  // the sign bit
  long double value = 0;  // +-inf for an IEEE infinity
};

decoded decode(const format& f, unsigned code) {
  decoded d;
  if (f.r == rules::e8m0) {
    if (code == 0xFF) {
      d.nan = true;
    } else {
      d.value = std::ldexp(1.0L, static_cast<int>(code) - 127);
    }
    return d;
  }
  d.negative = (code & f.sign_bit()) != 0;
  const unsigned mag = code & f.magnitude_mask();
  const int e = static_cast<int>(mag >> f.mant_bits);
  const int m = static_cast<int>(mag & ((1u << f.mant_bits) - 1));
  const int top = (1 << f.exp_bits) - 1;
  const int all_ones = (1 << f.mant_bits) - 1;
  if (f.r == rules::ieee && e == top) {
    if (m == 0) {
      d.value = d.negative ? -std::numeric_limits<long double>::infinity()
                           : std::numeric_limits<long double>::infinity();
    } else {
      d.nan = true;
    }
    return d;
  }
  if ((f.r == rules::fn && e == top && m == all_ones) || (f.r == rules::fnuz && d.negative && mag == 0)) {
    d.nan = true;
    return d;
  }
  const long double v = e == 0 ? std::ldexp(static_cast<long double>(m), 1 - f.bias - f.mant_bits)
                               : std::ldexp(static_cast<long double>((1 << f.mant_bits) + m), e - f.bias - f.mant_bits);
  d.value = d.negative ? -v : v;
  return d;
}

// Every finite non-negative value of a format, ascending, with its (magnitude) code,
// and the value one step above the largest (where rounding up overflows).
struct table {
  format f;
  std::vector<long double> value;
  std::vector<unsigned> code;
  long double next = 0;  // max + one ulp of max: not representable (its code would be max's + 1)
  long double smallest_positive = 0;
};

table make_table(const format& f) {
  table t;
  t.f = f;
  const unsigned count = f.r == rules::e8m0 ? 256u : 1u << (f.exp_bits + f.mant_bits);
  for (unsigned c = 0; c < count; ++c) {
    const decoded d = decode(f, c);
    if (d.nan || std::isinf(d.value)) continue;
    t.value.push_back(d.value);
    t.code.push_back(c);
  }
  const unsigned max_code = t.code.back();
  const int e = static_cast<int>(f.r == rules::e8m0 ? max_code : max_code >> f.mant_bits);
  const long double ulp = std::ldexp(1.0L, e - f.bias - f.mant_bits);
  t.next = t.value.back() + ulp;
  t.smallest_positive = t.value[0] > 0 ? t.value[0] : t.value[1];
  return t;
}

template <class T>
const table& table_of() {
  static const table t = make_table(format_of<T>);
  return t;
}

// What a value beyond the range converts to.
unsigned overflow_code(const format& f, bool negative) {
  const unsigned sign = negative ? f.sign_bit() : 0u;
  switch (f.r) {
    case rules::ieee:
      return sign | (((1u << f.exp_bits) - 1) << f.mant_bits);
    case rules::fn:
      return sign | f.magnitude_mask();
    case rules::fnuz:
      return 0x80;
    case rules::mx:
      return sign | f.magnitude_mask();  // saturate to +-max
    case rules::e8m0:
      return 0xFF;
  }
  return 0;
}

// The encoding a non-NaN value (exact in long double) rounds to.
unsigned ref_round(const table& t, long double x) {
  const format& f = t.f;
  const bool negative = std::signbit(x);
  if (f.r == rules::e8m0 && (negative || x == 0)) return 0xFF;
  const long double a = std::fabs(x);
  if (a > t.next) return overflow_code(f, negative);  // infinity too
  if (a < t.value.front()) return 0x00;               // e8m0 only: below 2^-127
  const std::size_t n = t.value.size();
  const std::size_t hi = static_cast<std::size_t>(std::lower_bound(t.value.begin(), t.value.end(), a) - t.value.begin());
  const long double v_hi = hi < n ? t.value[hi] : t.next;
  std::size_t pick;
  if (v_hi == a) {
    pick = hi;
  } else {
    const std::size_t lo = hi - 1;
    const long double d_lo = a - t.value[lo], d_hi = v_hi - a;
    if (d_lo < d_hi) {
      pick = lo;
    } else if (d_hi < d_lo) {
      pick = hi;
    } else if (f.r == rules::e8m0) {
      pick = hi;  // no mantissa: ties go to the larger power of two
    } else {
      pick = (t.code[lo] & 1u) == 0 ? lo : hi;  // consecutive codes: lo even, or hi is
    }
  }
  if (pick == n) return overflow_code(f, negative);
  const unsigned mag = t.code[pick];
  if (f.r == rules::fnuz && mag == 0) return 0x00;  // no negative zero
  return mag | (negative ? f.sign_bit() : 0u);
}

// Whether `got` is what converting x gives (x may be NaN: then the NaN rules).
template <class F>
bool conforms(const table& t, unsigned got, F x) {
  if (std::isnan(x)) {
    const bool negative = std::signbit(x);
    switch (t.f.r) {
      case rules::ieee: {
        const decoded d = decode(t.f, got);
        return got < (1u << t.f.width()) && d.nan && d.negative == negative;
      }
      case rules::fn:
        return got == (t.f.magnitude_mask() | (negative ? t.f.sign_bit() : 0u));
      case rules::fnuz:
        return got == 0x80;
      case rules::e8m0:
        return got == 0xFF;
      case rules::mx:
        return got == (negative ? 0u : t.f.sign_bit());  // ml_dtypes: +NaN -> -0, -NaN -> +0
    }
  }
  return got == ref_round(t, static_cast<long double>(x));
}

// For arithmetic: an exact result r; a NaN result may have either sign.
bool conforms_result(const table& t, unsigned got, long double r) {
  if (std::isnan(r)) {
    switch (t.f.r) {
      case rules::ieee:
      case rules::fn:
        return got < (1u << t.f.width()) && decode(t.f, got).nan;
      case rules::fnuz:
        return got == 0x80;
      case rules::e8m0:
        return got == 0xFF;
      case rules::mx:
        return got == 0 || got == t.f.sign_bit();
    }
  }
  return got == ref_round(t, r);
}

std::string hex(unsigned v) {
  std::ostringstream s;
  s << "0x" << std::hex << v;
  return s.str();
}

std::string describe(long double x) {
  std::ostringstream s;
  s << std::hexfloat << x << " (" << std::defaultfloat << x << ")";
  return s.str();
}

template <class... Ts>
struct type_list {};
using all_types = type_list<sxla::f8e5m2, sxla::f8e4m3, sxla::f8e3m4, sxla::f8e4m3fn, sxla::f8e4m3fnuz,
                            sxla::f8e5m2fnuz, sxla::f8e4m3b11fnuz, sxla::f4e2m1fn, sxla::f6e2m3fn,
                            sxla::f6e3m2fn, sxla::f8e8m0fnu>;
constexpr std::size_t type_count = 11;

// The implementation's operations on one type, as plain functions on encodings, so that
// the checks below are compiled once rather than once per type (compile time).
struct impl {
  const table* t;
  unsigned (*from_float)(float);
  unsigned (*from_double)(double);
  unsigned (*from_int)(int);
  unsigned (*from_unsigned)(unsigned);
  unsigned (*from_i64)(std::int64_t);
  unsigned (*from_u64)(std::uint64_t);
  unsigned (*from_f16)(std::uint16_t);   // from sxla::f16::from_bits(b)
  unsigned (*from_bf16)(std::uint16_t);  // from sxla::bf16::from_bits(b)
  float (*widen)(unsigned);
  unsigned (*predicates)(unsigned);  // bit 0 isnan, 1 isinf, 2 isfinite, 3 signbit
  unsigned (*neg)(unsigned);
  unsigned (*add)(unsigned, unsigned);
  unsigned (*sub)(unsigned, unsigned);
  unsigned (*mul)(unsigned, unsigned);
  unsigned (*div)(unsigned, unsigned);
  // Bits 0-5: == != < > <= >=; bits 6-7: <=> (0 less, 1 equivalent, 2 greater, 3 unordered).
  unsigned (*compare)(unsigned, unsigned);
  std::array<unsigned (*)(unsigned), type_count> from_minifloat;  // T(U::from_bits(b)), U in all_types
};

template <class T>
T enc(unsigned b) {
  return T::from_bits(static_cast<std::uint8_t>(b));
}

template <class T, class... Us>
std::array<unsigned (*)(unsigned), type_count> make_from_minifloat(type_list<Us...>) {
  return {+[](unsigned b) -> unsigned { return T(enc<Us>(b)).bits(); }...};
}

template <class... Us>
std::array<const table*, type_count> make_all_tables(type_list<Us...>) {
  return {&table_of<Us>()...};
}

const std::array<const table*, type_count>& all_tables() {
  static const auto a = make_all_tables(all_types{});
  return a;
}

template <class T>
const impl& impl_of() {
  static const impl m = {
      &table_of<T>(),
      [](float x) -> unsigned { return T(x).bits(); },
      [](double x) -> unsigned { return T(x).bits(); },
      [](int x) -> unsigned { return T(x).bits(); },
      [](unsigned x) -> unsigned { return T(x).bits(); },
      [](std::int64_t x) -> unsigned { return T(x).bits(); },
      [](std::uint64_t x) -> unsigned { return T(x).bits(); },
      [](std::uint16_t b) -> unsigned { return T(sxla::f16::from_bits(b)).bits(); },
      [](std::uint16_t b) -> unsigned { return T(sxla::bf16::from_bits(b)).bits(); },
      [](unsigned b) -> float { return static_cast<float>(enc<T>(b)); },
      [](unsigned b) -> unsigned {
        const T x = enc<T>(b);
        return (x.isnan() ? 1u : 0u) | (x.isinf() ? 2u : 0u) | (x.isfinite() ? 4u : 0u) | (x.signbit() ? 8u : 0u);
      },
      [](unsigned a) -> unsigned { return (-enc<T>(a)).bits(); },
      [](unsigned a, unsigned b) -> unsigned { return (enc<T>(a) + enc<T>(b)).bits(); },
      [](unsigned a, unsigned b) -> unsigned { return (enc<T>(a) - enc<T>(b)).bits(); },
      [](unsigned a, unsigned b) -> unsigned { return (enc<T>(a) * enc<T>(b)).bits(); },
      [](unsigned a, unsigned b) -> unsigned { return (enc<T>(a) / enc<T>(b)).bits(); },
      [](unsigned a, unsigned b) -> unsigned {
        const T x = enc<T>(a), y = enc<T>(b);
        const std::partial_ordering o = x <=> y;
        const unsigned ord = o == std::partial_ordering::less         ? 0u
                             : o == std::partial_ordering::equivalent ? 1u
                             : o == std::partial_ordering::greater    ? 2u
                                                                      : 3u;
        return (x == y ? 1u : 0u) | (x != y ? 2u : 0u) | (x < y ? 4u : 0u) | (x > y ? 8u : 0u) |
               (x <= y ? 16u : 0u) | (x >= y ? 32u : 0u) | (ord << 6);
      },
      make_from_minifloat<T>(all_types{}),
  };
  return m;
}

unsigned encoding_count(const table& t) { return 1u << t.f.width(); }

// Counts (and reports the first few) values whose conversion is not the reference's.
template <class F>
int count_mismatches(const impl& m, const std::vector<F>& xs, unsigned (*convert)(F), const char* what) {
  const table& t = *m.t;
  int bad = 0;
  for (F x : xs) {
    const unsigned got = convert(x);
    if (!conforms(t, got, x) && ++bad <= 5) {
      FAIL_CHECK(std::string(t.f.name) << "(" << std::string(what) << " " << describe(x) << "): got " << hex(got) << ", want "
                                       << (std::isnan(x) ? std::string("NaN") : hex(ref_round(t, x))));
    }
  }
  return bad;
}

// Every encoding: widening to float is the decoded value (NaN where the definition says
// NaN), the predicates agree, and converting the float (and the double) back gives the
// encoding (a NaN: fn keeps its sign, fnuz and e8m0 have one NaN, IEEE-like a NaN of
// the same sign).
void check_encodings(const impl& m) {
  const table& t = *m.t;
  int bad = 0;
  auto fail = [&](unsigned c, const std::string& what) {
    if (++bad <= 8) FAIL_CHECK(std::string(t.f.name) << " " << hex(c) << ": " << what);
  };
  for (unsigned c = 0; c < encoding_count(t); ++c) {
    const decoded d = decode(t.f, c);
    const float f = m.widen(c);
    const unsigned p = m.predicates(c);
    const bool sign_bit = (c & t.f.sign_bit()) != 0;
    if (((p >> 3) & 1u) != (sign_bit ? 1u : 0u)) fail(c, "signbit()");
    if (d.nan) {
      if (!std::isnan(f)) fail(c, "widens to " + describe(f) + ", want NaN");
      if ((t.f.r == rules::ieee || t.f.r == rules::fn) && std::signbit(f) != d.negative) fail(c, "NaN's sign");
      if ((p & 7u) != 1u) fail(c, "isnan/isinf/isfinite of a NaN");
      const unsigned back = m.from_float(f);
      if (t.f.r == rules::ieee ? !(decode(t.f, back).nan && decode(t.f, back).negative == d.negative) : back != c) {
        fail(c, "NaN round trip gave " + hex(back));
      }
    } else {
      if (static_cast<long double>(f) != d.value) fail(c, "widens to " + describe(f) + ", want " + describe(d.value));
      if (std::signbit(f) != (t.f.r != rules::e8m0 && sign_bit)) fail(c, "sign of the float");
      const bool inf = std::isinf(d.value);
      if ((p & 7u) != (inf ? 2u : 4u)) fail(c, "isnan/isinf/isfinite");
      const unsigned back = m.from_float(f);
      if (back != c) fail(c, "round trip gave " + hex(back));
      const unsigned back_d = m.from_double(static_cast<double>(f));
      if (back_d != c) fail(c, "round trip through double gave " + hex(back_d));
    }
  }
  CHECK_MESSAGE(bad == 0, std::string(t.f.name));
}

// The float bit pattern of 2^e (e in [-149, 128]; 128 gives +inf).
std::uint32_t float_bits_of_pow2(int e) {
  if (e >= -126) return static_cast<std::uint32_t>(e + 127) << 23;
  return std::uint32_t{1} << (e + 149);
}

// Floats to convert: each value, each midpoint between neighbours (the ties, including
// the one above max) and their float neighbours; a sweep of bit patterns over the whole
// float range and a finer one over the format's range; every one also negated.
std::vector<float> float_samples(const table& t) {
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<float> s = {0.0f, inf, std::numeric_limits<float>::max(), std::numeric_limits<float>::min(),
                          std::numeric_limits<float>::denorm_min(), 1.0f, 0.1f, 1e-30f, 1e30f};
  auto add_around = [&](long double v) {
    const auto f = static_cast<float>(v);
    s.push_back(f);
    s.push_back(std::nextafter(f, 0.0f));
    s.push_back(std::nextafter(f, inf));
  };
  const std::size_t n = t.value.size();
  for (std::size_t i = 0; i < n; ++i) {
    add_around(t.value[i]);
    add_around((t.value[i] + (i + 1 < n ? t.value[i + 1] : t.next)) / 2);  // exact: a tie
  }
  add_around(t.next);
  add_around(t.value.front() / 2);
  add_around(t.value.front() * 0.75L);
  for (std::uint32_t u = 0; u < 0x7F800000u; u += 8191) s.push_back(std::bit_cast<float>(u));
  const int lo_exp = std::max(-149, static_cast<int>(std::ilogb(t.smallest_positive)) - 3);
  const int hi_exp = std::min(128, static_cast<int>(std::ilogb(t.next)) + 3);
  const std::uint32_t lo = float_bits_of_pow2(lo_exp), hi = float_bits_of_pow2(hi_exp);
  for (std::uint32_t u = lo; u < hi; u += 1021) s.push_back(std::bit_cast<float>(u));  // 1021: odd low bits too
  const std::size_t m = s.size();
  for (std::size_t i = 0; i < m; ++i) s.push_back(-s[i]);
  return s;
}

void check_floats(const impl& m) {
  const table& t = *m.t;
  const std::vector<float> samples = float_samples(t);
  CHECK_GT(samples.size(), 600000u);
  CHECK_EQ(count_mismatches(m, samples, m.from_float, "float"), 0);
  const float qnan = std::numeric_limits<float>::quiet_NaN();
  const float snan = std::bit_cast<float>(0x7F800001u);
  const std::vector<float> specials = {qnan, std::copysign(qnan, -1.0f), snan, std::copysign(snan, -1.0f),
                                       std::bit_cast<float>(0xFFC00000u), std::bit_cast<float>(0x7FFFFFFFu),
                                       std::numeric_limits<float>::infinity(),
                                       -std::numeric_limits<float>::infinity(), 0.0f, -0.0f};
  CHECK_EQ(count_mismatches(m, specials, m.from_float, "special"), 0);
}

// Doubles just above and below each tie (by m * 2^-40, far below float's precision: a
// conversion through float would see the tie itself), beyond float's range, and random.
void check_doubles(const impl& m) {
  const table& t = *m.t;
  const std::size_t n = t.value.size();
  std::vector<double> xs;
  int meaningful = 0;
  auto add_tie = [&](long double lo, long double hi) {
    const long double mid = (lo + hi) / 2;
    const long double tiny = std::ldexp(mid, -40);
    const auto up = static_cast<double>(mid + tiny), down = static_cast<double>(mid - tiny);  // exact
    xs.push_back(up);
    xs.push_back(down);
    xs.push_back(static_cast<double>(mid));
    if (static_cast<float>(up) == static_cast<float>(mid) && static_cast<float>(down) == static_cast<float>(mid) &&
        ref_round(t, up) != ref_round(t, down)) {
      ++meaningful;  // through float both would round as the tie; once, they differ
    }
  };
  for (std::size_t i = 0; i + 1 < n; ++i) add_tie(t.value[i], t.value[i + 1]);
  add_tie(t.value.back(), t.next);
  if (t.f.r == rules::e8m0) add_tie(t.value.front() / 2, t.value.front());  // below 2^-127: all 0x00
  CHECK_GE(meaningful, static_cast<int>(n) - 1);
  for (double d : {1e300, 1e-300, 1e39, 1e-46, std::numeric_limits<double>::denorm_min(),
                   std::numeric_limits<double>::max(), std::numeric_limits<double>::min(),
                   static_cast<double>(std::numeric_limits<float>::max()) * 1.0000001, 0.1, 1.0 / 3.0, 0.0,
                   std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()}) {
    xs.push_back(d);
  }
  std::mt19937_64 rng(20260517);
  const int lo_exp = static_cast<int>(std::ilogb(t.smallest_positive)) - 4;
  const int hi_exp = static_cast<int>(std::ilogb(t.next)) + 3;
  for (int i = 0; i < 20000; ++i) {
    const double frac = 1.0 + std::ldexp(static_cast<double>(rng() >> 12), -52);
    xs.push_back(std::ldexp(frac, lo_exp + static_cast<int>(rng() % static_cast<unsigned>(hi_exp - lo_exp + 1))));
  }
  const std::size_t count = xs.size();
  for (std::size_t i = 0; i < count; ++i) xs.push_back(-xs[i]);
  CHECK_EQ(count_mismatches(m, xs, m.from_double, "double"), 0);
}

void check_integers(const impl& m) {
  const table& t = *m.t;
  int bad = 0;
  auto check = [&](auto v, unsigned got) {
    const unsigned want = ref_round(t, static_cast<long double>(v));
    if (got != want && ++bad <= 5) {
      FAIL_CHECK(std::string(t.f.name) << "(integer " << v << "): got " << hex(got) << ", want " << hex(want));
    }
  };
  for (int v = -70000; v <= 70000; ++v) check(v, m.from_int(v));
  for (unsigned v = 0; v <= 70000; v += 7) check(v, m.from_unsigned(v));
  for (unsigned v : {std::numeric_limits<unsigned>::max(), 0x80000000u, 0xC0000000u}) check(v, m.from_unsigned(v));
  for (int v : {std::numeric_limits<int>::min(), std::numeric_limits<int>::max()}) check(v, m.from_int(v));
  check(std::numeric_limits<std::int64_t>::min(), m.from_i64(std::numeric_limits<std::int64_t>::min()));
  check(std::numeric_limits<std::int64_t>::max(), m.from_i64(std::numeric_limits<std::int64_t>::max()));
  check(std::numeric_limits<std::uint64_t>::max(), m.from_u64(std::numeric_limits<std::uint64_t>::max()));
  for (int k = 0; k < 63; ++k) {
    const std::int64_t p = std::int64_t{1} << k;
    for (std::int64_t v : {p, p - 1, p + 1, 3 * (p / 2), 3 * (p / 2) + 1, 3 * (p / 2) - 1, p + p / 8, p + p / 16,
                           p + p / 16 + 1, p + p / 32, p + p / 32 + 1, p + p / 64 - 1}) {
      check(v, m.from_i64(v));
      check(-v, m.from_i64(-v));
      check(static_cast<std::uint64_t>(v) << 1, m.from_u64(static_cast<std::uint64_t>(v) << 1));
    }
  }
  CHECK_MESSAGE(bad == 0, std::string(t.f.name));
}

// From every encoding of every type (and every third f16 and bf16): the value widened
// exactly, then rounded once.
void check_from_small_floats(const impl& m) {
  const table& t = *m.t;
  int bad = 0;
  for (std::size_t u = 0; u < type_count; ++u) {
    const table& src = *all_tables()[u];
    for (unsigned c = 0; c < encoding_count(src); ++c) {
      const decoded d = decode(src.f, c);
      const unsigned got = m.from_minifloat[u](c);
      // A NaN converts as a float NaN; only the fnuz NaN's sign is not defined (its sign
      // bit is what makes it NaN), so there either sign is accepted.
      const long double nan = std::numeric_limits<long double>::quiet_NaN();
      const bool ok = !d.nan                   ? conforms(t, got, d.value)
                      : src.f.r == rules::fnuz ? conforms_result(t, got, nan)
                                               : conforms(t, got, std::copysign(nan, d.negative ? -1.0L : 1.0L));
      if (!ok && ++bad <= 5) {
        FAIL_CHECK(std::string(t.f.name) << "(" << std::string(src.f.name) << " " << hex(c) << "): got " << hex(got));
      }
    }
  }
  for (std::uint32_t c = 0; c < 0x10000; c += 3) {
    const auto b = static_cast<std::uint16_t>(c);
    if (!conforms(t, m.from_f16(b), static_cast<float>(sxla::f16::from_bits(b))) && ++bad <= 5) {
      FAIL_CHECK(std::string(t.f.name) << "(f16 " << hex(c) << ")");
    }
    if (!conforms(t, m.from_bf16(b), static_cast<float>(sxla::bf16::from_bits(b))) && ++bad <= 5) {
      FAIL_CHECK(std::string(t.f.name) << "(bf16 " << hex(c) << ")");
    }
  }
  CHECK_MESSAGE(bad == 0, std::string(t.f.name));
}

// a op b for every pair of encodings (every `step`-th first operand), against the
// reference rounding of the exact long double result (+ - * are exact in long double
// for these formats; / is rounded to 64 bits, which cannot move it across a tie) taken
// through f32 first, where the types compute, as in XLA: harmless for every type but
// f8e8m0fnu, whose products and quotients can fall outside f32's range (0 or inf there).
int check_arithmetic(const impl& m, unsigned step) {
  const table& t = *m.t;
  const unsigned count = encoding_count(t);
  int bad = 0;
  auto report = [&](const char* op, unsigned a, unsigned b, unsigned got, long double r) {
    if (++bad <= 8) {
      FAIL_CHECK(std::string(t.f.name) << ": " << hex(a) << " " << std::string(op) << " " << hex(b) << " = " << describe(r)
                                       << ": got " << hex(got) << ", want "
                                       << (std::isnan(r) ? std::string("NaN") : hex(ref_round(t, r))));
    }
  };
  const long double nan = std::numeric_limits<long double>::quiet_NaN();
  for (unsigned a = 0; a < count; a += step) {
    const decoded da = decode(t.f, a);
    const long double va = da.nan ? nan : da.value;
    for (unsigned b = 0; b < count; ++b) {
      const decoded db = decode(t.f, b);
      const long double vb = db.nan ? nan : db.value;
      const auto in_f32 = [](long double v) { return static_cast<long double>(static_cast<float>(v)); };
      const long double sum = in_f32(va + vb), diff = in_f32(va - vb), prod = in_f32(va * vb), quot = in_f32(va / vb);
      unsigned got = m.add(a, b);
      if (!conforms_result(t, got, sum)) report("+", a, b, got, sum);
      got = m.sub(a, b);
      if (!conforms_result(t, got, diff)) report("-", a, b, got, diff);
      got = m.mul(a, b);
      if (!conforms_result(t, got, prod)) report("*", a, b, got, prod);
      got = m.div(a, b);
      if (!conforms_result(t, got, quot)) report("/", a, b, got, quot);
    }
  }
  return bad;
}

void check_negation(const impl& m) {
  const table& t = *m.t;
  int bad = 0;
  for (unsigned c = 0; c < encoding_count(t); ++c) {
    const decoded d = decode(t.f, c);
    const long double nan = std::numeric_limits<long double>::quiet_NaN();
    const long double neg = d.nan ? std::copysign(nan, d.negative ? 1.0L : -1.0L) : -d.value;
    const unsigned got = m.neg(c);
    if (!conforms(t, got, neg) && ++bad <= 5) {
      FAIL_CHECK(std::string(t.f.name) << ": -(" << hex(c) << ") gave " << hex(got));
    }
  }
  CHECK_MESSAGE(bad == 0, std::string(t.f.name));
}

void check_comparisons(const impl& m) {
  const table& t = *m.t;
  const unsigned count = encoding_count(t);
  int bad = 0;
  for (unsigned a = 0; a < count; ++a) {
    const decoded da = decode(t.f, a);
    for (unsigned b = 0; b < count; ++b) {
      const decoded db = decode(t.f, b);
      const bool unordered = da.nan || db.nan;
      const bool eq = !unordered && da.value == db.value;
      const bool lt = !unordered && da.value < db.value;
      const bool gt = !unordered && da.value > db.value;
      const unsigned ord = unordered ? 3u : lt ? 0u : gt ? 2u : 1u;
      const unsigned want = (eq ? 1u : 0u) | (eq ? 0u : 2u) | (lt ? 4u : 0u) | (gt ? 8u : 0u) |
                            (lt || eq ? 16u : 0u) | (gt || eq ? 32u : 0u) | (ord << 6);
      const unsigned got = m.compare(a, b);
      if (got != want && ++bad <= 5) {
        FAIL_CHECK(std::string(t.f.name) << ": comparing " << hex(a) << " with " << hex(b) << ": got " << hex(got)
                                         << ", want " << hex(want));
      }
    }
  }
  CHECK_MESSAGE(bad == 0, std::string(t.f.name));
}

}  // namespace

#define SXLA_F8_TYPES                                                                                      \
  sxla::f8e5m2, sxla::f8e4m3, sxla::f8e3m4, sxla::f8e4m3fn, sxla::f8e4m3fnuz, sxla::f8e5m2fnuz,            \
      sxla::f8e4m3b11fnuz, sxla::f4e2m1fn, sxla::f6e2m3fn, sxla::f6e3m2fn, sxla::f8e8m0fnu

TEST_CASE("core/float8: the reference tables (from the definitions) have the expected shape") {
  // The counts of finite values and the largest ones, written out, so a broken decoder fails.
  CHECK_EQ(table_of<sxla::f8e4m3fn>().value.size(), 127u);  // 0x00..0x7E
  CHECK_EQ(table_of<sxla::f8e4m3fn>().value.back(), 448.0L);
  CHECK_EQ(table_of<sxla::f8e4m3fn>().next, 480.0L);
  CHECK_EQ(table_of<sxla::f8e5m2>().value.size(), 124u);  // 0x00..0x7B
  CHECK_EQ(table_of<sxla::f8e5m2>().value.back(), 57344.0L);
  CHECK_EQ(table_of<sxla::f8e4m3fnuz>().value.size(), 128u);
  CHECK_EQ(table_of<sxla::f8e4m3fnuz>().value.back(), 240.0L);
  CHECK_EQ(table_of<sxla::f4e2m1fn>().value.size(), 8u);
  CHECK_EQ(table_of<sxla::f4e2m1fn>().value[1], 0.5L);
  CHECK_EQ(table_of<sxla::f4e2m1fn>().value.back(), 6.0L);
  CHECK_EQ(table_of<sxla::f6e2m3fn>().value.back(), 7.5L);
  CHECK_EQ(table_of<sxla::f6e3m2fn>().value.back(), 28.0L);
  CHECK_EQ(table_of<sxla::f8e3m4>().value.back(), 15.5L);
  CHECK_EQ(table_of<sxla::f8e8m0fnu>().value.size(), 255u);
  CHECK_EQ(table_of<sxla::f8e8m0fnu>().value.front(), std::ldexp(1.0L, -127));
  CHECK_EQ(table_of<sxla::f8e8m0fnu>().next, std::ldexp(1.0L, 128));
  // The reference's own rounding on hand-picked cases.
  const table& fn = table_of<sxla::f8e4m3fn>();
  CHECK_EQ(ref_round(fn, 464.0L), 0x7Eu);
  CHECK_EQ(ref_round(fn, 464.5L), 0x7Fu);
  CHECK_EQ(ref_round(fn, -1.0L), 0xB8u);
  CHECK_EQ(ref_round(fn, 0.5L + 1.0L / 32), 0x30u);  // tie between 0.5 (0x30) and 0.5625: even
  CHECK_EQ(ref_round(table_of<sxla::f8e5m2>(), 61440.0L), 0x7Cu);
  CHECK_EQ(ref_round(table_of<sxla::f8e4m3fnuz>(), -1e-9L), 0x00u);
  CHECK_EQ(ref_round(table_of<sxla::f4e2m1fn>(), -7.0L), 0xFu);
  const table& e8 = table_of<sxla::f8e8m0fnu>();
  CHECK_EQ(ref_round(e8, 3.0L), 0x81u);
  CHECK_EQ(ref_round(e8, 2.9L), 0x80u);
  CHECK_EQ(ref_round(e8, 1e-39L), 0x00u);
  CHECK_EQ(ref_round(e8, -1.0L), 0xFFu);
}

TEST_CASE("core/float8: the encodings of known values") {
  using namespace sxla;
  const float qnan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  CHECK_EQ(f8e4m3fn(1.0f).bits(), 0x38);
  CHECK_EQ(f8e4m3fn(448.0f).bits(), 0x7E);
  CHECK_EQ(f8e4m3fn(464.0f).bits(), 0x7E);                       // the tie above max: even (max)
  CHECK_EQ(f8e4m3fn(std::nextafter(464.0f, 1e9f)).bits(), 0x7F);  // beyond it: NaN
  CHECK_EQ(f8e4m3fn(-1000.0f).bits(), 0xFF);
  CHECK_EQ(f8e4m3fn(-inf).bits(), 0xFF);
  CHECK_EQ(f8e4m3fn(-qnan).bits(), 0xFF);
  CHECK_EQ(f8e4m3fn(std::ldexp(1.0f, -9)).bits(), 0x01);   // smallest subnormal
  CHECK_EQ(f8e4m3fn(std::ldexp(1.0f, -10)).bits(), 0x00);  // half of it: even (0)
  CHECK_EQ(f8e4m3fn(-0.0f).bits(), 0x80);
  CHECK_EQ(f8e5m2(57344.0f).bits(), 0x7B);
  CHECK_EQ(f8e5m2(61440.0f).bits(), 0x7C);  // the tie above max: max is odd, so infinity
  CHECK_EQ(f8e5m2(61439.0f).bits(), 0x7B);
  CHECK_EQ(f8e5m2(-inf).bits(), 0xFC);
  CHECK_EQ(f8e4m3(240.0f).bits(), 0x77);
  CHECK_EQ(f8e4m3(248.0f).bits(), 0x78);
  CHECK_EQ(f8e3m4(15.5f).bits(), 0x6F);
  CHECK_EQ(f8e3m4(16.0f).bits(), 0x70);
  CHECK_EQ(f8e4m3fnuz(240.0f).bits(), 0x7F);
  CHECK_EQ(f8e4m3fnuz(248.0f).bits(), 0x80);
  CHECK_EQ(f8e4m3fnuz(-0.0f).bits(), 0x00);
  CHECK_EQ(f8e4m3fnuz(-std::ldexp(1.0f, -20)).bits(), 0x00);  // rounds to zero: no -0
  CHECK_EQ(f8e4m3fnuz(-qnan).bits(), 0x80);
  CHECK_EQ(f8e4m3b11fnuz(30.0f).bits(), 0x7F);
  CHECK_EQ(f8e4m3b11fnuz(32.0f).bits(), 0x80);
  CHECK_EQ(f8e5m2fnuz(1.0f).bits(), 0x40);
  CHECK_EQ(f4e2m1fn(6.0f).bits(), 0x7);
  CHECK_EQ(f4e2m1fn(1e9f).bits(), 0x7);    // saturates
  CHECK_EQ(f4e2m1fn(-inf).bits(), 0xF);
  CHECK_EQ(f4e2m1fn(qnan).bits(), 0x8);    // ml_dtypes: +NaN -> -0
  CHECK_EQ(f4e2m1fn(-qnan).bits(), 0x0);   // and -NaN -> +0
  CHECK_EQ(f4e2m1fn(-0.25f).bits(), 0x8);  // tie between -0 and -0.5: even (-0)
  CHECK_EQ(f4e2m1fn(2.5f).bits(), 0x4);    // tie between 2 and 3: even (2)
  CHECK_EQ(f6e2m3fn(7.5f).bits(), 0x1F);
  CHECK_EQ(f6e2m3fn(-100.0f).bits(), 0x3F);
  CHECK_EQ(f6e3m2fn(28.0f).bits(), 0x1F);
  CHECK_EQ(f6e3m2fn(qnan).bits(), 0x20);
  CHECK_EQ(f8e8m0fnu(1.0f).bits(), 0x7F);
  CHECK_EQ(f8e8m0fnu(3.0f).bits(), 0x81);  // tie: the larger power of two
  CHECK_EQ(f8e8m0fnu(2.99f).bits(), 0x80);
  CHECK_EQ(f8e8m0fnu(0.0f).bits(), 0xFF);
  CHECK_EQ(f8e8m0fnu(-1.0f).bits(), 0xFF);
  CHECK_EQ(f8e8m0fnu(1e-40f).bits(), 0x00);  // below 2^-127: 2^-127
  CHECK_EQ(f8e8m0fnu(std::ldexp(1.4f, 127)).bits(), 0xFE);
  CHECK_EQ(f8e8m0fnu(std::ldexp(1.5f, 127)).bits(), 0xFF);
  CHECK_EQ(f8e8m0fnu(inf).bits(), 0xFF);
  CHECK_EQ(f8e8m0fnu(qnan).bits(), 0xFF);
}

TEST_CASE_TEMPLATE("core/float8: every encoding widens exactly to float and converts back", T, SXLA_F8_TYPES) {
  CHECK_EQ(sizeof(T), 1u);
  CHECK(std::is_trivially_copyable_v<T>);
  CHECK_EQ(T::bit_width, table_of<T>().f.width());
  check_encodings(impl_of<T>());
}

TEST_CASE_TEMPLATE("core/float8: float -> T rounds to nearest even, against a search", T, SXLA_F8_TYPES) {
  check_floats(impl_of<T>());
  if (table_of<T>().f.r == rules::ieee) {  // a NaN stays a NaN with its sign
    const float qnan = std::numeric_limits<float>::quiet_NaN();
    CHECK(T(qnan).isnan());
    CHECK_FALSE(T(qnan).signbit());
    CHECK(T(-qnan).isnan());
    CHECK(T(-qnan).signbit());
    CHECK(T(std::bit_cast<float>(0x7F800001u)).isnan());  // payload only in the low bits
  }
}

TEST_CASE_TEMPLATE("core/float8: double -> T rounds once, not through float", T, SXLA_F8_TYPES) {
  check_doubles(impl_of<T>());
}

TEST_CASE_TEMPLATE("core/float8: integers convert against the reference, rounded once", T, SXLA_F8_TYPES) {
  check_integers(impl_of<T>());
  const table& t = table_of<T>();
  CHECK_EQ(T(true).bits(), ref_round(t, 1.0L));
  CHECK_EQ(T(false).bits(), ref_round(t, 0.0L));
  CHECK_EQ(T(std::int8_t{-128}).bits(), ref_round(t, -128.0L));
  CHECK_EQ(T(std::uint8_t{255}).bits(), ref_round(t, 255.0L));
  CHECK_EQ(T(short{-300}).bits(), ref_round(t, -300.0L));
  CHECK_EQ(T(17L).bits(), ref_round(t, 17.0L));
}

TEST_CASE_TEMPLATE("core/float8: from another small float: exact widening, one rounding", T, SXLA_F8_TYPES) {
  check_from_small_floats(impl_of<T>());
}

TEST_CASE("core/float8: numeric_limits, against numbers written out") {
  auto check = [](auto tag, double max, double min, double denorm_min, double epsilon, int digits,
                  bool has_infinity, bool has_nan, bool is_signed) {
    using T = decltype(tag);
    using L = std::numeric_limits<T>;
    INFO(std::string(format_of<T>.name));
    CHECK(L::is_specialized);
    CHECK_EQ(static_cast<double>(static_cast<float>(L::max())), max);
    CHECK_EQ(static_cast<double>(static_cast<float>(L::min())), min);
    CHECK_EQ(static_cast<double>(static_cast<float>(L::lowest())), is_signed ? -max : min);
    CHECK_EQ(static_cast<double>(static_cast<float>(L::denorm_min())), denorm_min);
    CHECK_EQ(static_cast<double>(static_cast<float>(L::epsilon())), epsilon);
    CHECK_EQ(L::digits, digits);
    CHECK_EQ(L::has_infinity, has_infinity);
    CHECK_EQ(L::has_quiet_NaN, has_nan);
    CHECK_EQ(L::is_signed, is_signed);
    CHECK_EQ(L::radix, 2);
    CHECK_FALSE(L::is_integer);
    CHECK_FALSE(L::is_iec559);
    if (has_nan) CHECK(std::isnan(static_cast<float>(L::quiet_NaN())));
    if (has_infinity) CHECK(std::isinf(static_cast<float>(L::infinity())));
  };
  check(sxla::f8e5m2{}, 57344, std::ldexp(1.0, -14), std::ldexp(1.0, -16), 0.25, 3, true, true, true);
  check(sxla::f8e4m3{}, 240, std::ldexp(1.0, -6), std::ldexp(1.0, -9), 0.125, 4, true, true, true);
  check(sxla::f8e3m4{}, 15.5, 0.25, std::ldexp(1.0, -6), 0.0625, 5, true, true, true);
  check(sxla::f8e4m3fn{}, 448, std::ldexp(1.0, -6), std::ldexp(1.0, -9), 0.125, 4, false, true, true);
  check(sxla::f8e4m3fnuz{}, 240, std::ldexp(1.0, -7), std::ldexp(1.0, -10), 0.125, 4, false, true, true);
  check(sxla::f8e5m2fnuz{}, 57344, std::ldexp(1.0, -15), std::ldexp(1.0, -17), 0.25, 3, false, true, true);
  check(sxla::f8e4m3b11fnuz{}, 30, std::ldexp(1.0, -10), std::ldexp(1.0, -13), 0.125, 4, false, true, true);
  check(sxla::f4e2m1fn{}, 6, 1, 0.5, 0.5, 2, false, false, true);
  check(sxla::f6e2m3fn{}, 7.5, 1, 0.125, 0.125, 4, false, false, true);
  check(sxla::f6e3m2fn{}, 28, 0.25, 0.0625, 0.25, 3, false, false, true);
  check(sxla::f8e8m0fnu{}, std::ldexp(1.0, 127), std::ldexp(1.0, -127), std::ldexp(1.0, -127), 1, 1, false, true,
        false);
}

TEST_CASE("core/float8: arithmetic on every pair of f8e4m3fn, f4e2m1fn, f6e2m3fn, f6e3m2fn is exact, rounded once") {
  CHECK_EQ(check_arithmetic(impl_of<sxla::f8e4m3fn>(), 1), 0);
  CHECK_EQ(check_arithmetic(impl_of<sxla::f4e2m1fn>(), 1), 0);
  CHECK_EQ(check_arithmetic(impl_of<sxla::f6e2m3fn>(), 1), 0);
  CHECK_EQ(check_arithmetic(impl_of<sxla::f6e3m2fn>(), 1), 0);
}

TEST_CASE_TEMPLATE("core/float8: arithmetic on a sample of pairs is exact, rounded once", T, sxla::f8e5m2,
                   sxla::f8e4m3, sxla::f8e3m4, sxla::f8e4m3fnuz, sxla::f8e5m2fnuz, sxla::f8e4m3b11fnuz) {
  CHECK_EQ(check_arithmetic(impl_of<T>(), 5), 0);
}

TEST_CASE("core/float8: f8e8m0fnu arithmetic is the f32 result rounded once") {
  // Products and quotients of powers of two, computed in f32 as XLA computes them:
  // between 2^-149 and 2^-127 the result rounds to 2^-127 (0x00); below f32's range it
  // is 0 there, which f8e8m0fnu cannot hold: NaN (as ml_dtypes and XLA give).
  CHECK_EQ(check_arithmetic(impl_of<sxla::f8e8m0fnu>(), 3), 0);
  using sxla::f8e8m0fnu;
  CHECK_EQ((f8e8m0fnu::from_bits(0x10) * f8e8m0fnu::from_bits(0x60)).bits(), 0x00);  // 2^-111 * 2^-31 = 2^-142
  CHECK_EQ((f8e8m0fnu::from_bits(0x00) * f8e8m0fnu::from_bits(0x00)).bits(), 0xFF);  // 2^-254: 0 in f32
}

TEST_CASE_TEMPLATE("core/float8: negation and compound assignment", T, SXLA_F8_TYPES) {
  check_negation(impl_of<T>());
  const unsigned count = 1u << T::bit_width;
  int bad = 0;
  for (unsigned c = 0; c < count; ++c) {
    const T x = enc<T>(c), y = enc<T>((c * 7 + 3) % count);
    if ((+x).bits() != c) ++bad;
    T z = x;
    if ((z += y).bits() != (x + y).bits() || z.bits() != (x + y).bits()) ++bad;
    z = x;
    if ((z -= y).bits() != (x - y).bits() || z.bits() != (x - y).bits()) ++bad;
    z = x;
    if ((z *= y).bits() != (x * y).bits() || z.bits() != (x * y).bits()) ++bad;
    z = x;
    if ((z /= y).bits() != (x / y).bits() || z.bits() != (x / y).bits()) ++bad;
  }
  CHECK_EQ(bad, 0);
}

TEST_CASE_TEMPLATE("core/float8: comparisons follow the values (NaN unordered, -0 == +0)", T, SXLA_F8_TYPES) {
  check_comparisons(impl_of<T>());
  const table& t = table_of<T>();
  if (t.f.r != rules::e8m0 && t.f.r != rules::fnuz) {
    CHECK(enc<T>(0) == enc<T>(t.f.sign_bit()));  // +0 == -0
  }
  // With built-in types: as the float value.
  const T one(1.0f);
  CHECK(one == 1);
  CHECK(one == 1.0);
  CHECK(one < 2.0f);
  CHECK(one >= 1);
  CHECK((one <=> std::numeric_limits<float>::quiet_NaN()) == std::partial_ordering::unordered);
  static_assert(std::is_same_v<decltype(T(1.0f) + 1.0f), float>);
  static_assert(std::is_same_v<decltype(2.0 * T(1.0f)), double>);
  static_assert(std::is_same_v<decltype(T(1.0f) + T(1.0f)), T>);
  CHECK_EQ(one + 1.5f, 2.5f);
}
