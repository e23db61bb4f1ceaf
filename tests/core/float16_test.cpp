// Tests for sxla/core/float16.hpp. The reference for every narrowing is a brute-force
// search for the nearest representable value (ties to the even encoding) over tables of
// all 16-bit values decoded with std::ldexp, independent of the implementation; where
// the build targets F16C, the hardware conversions are a second reference.
#include <sxla/core/float16.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <ios>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#if defined(__F16C__)
#include <immintrin.h>
#endif

namespace {

using sxla::bf16;
using sxla::f16;

// Every finite non-negative value of a format, ascending, with its encoding.
struct format_table {
  std::vector<long double> value;
  std::vector<std::uint16_t> bits;
  long double overflow_threshold;  // max + half an ulp: at or above, rounds to infinity
};

format_table make_table(int exp_bits, int mant_bits) {
  format_table t;
  const int bias = (1 << (exp_bits - 1)) - 1;
  const int max_exp_field = (1 << exp_bits) - 1;
  for (int e = 0; e < max_exp_field; ++e) {
    for (int m = 0; m < (1 << mant_bits); ++m) {
      const long double v = e == 0 ? std::ldexp(static_cast<long double>(m), 1 - bias - mant_bits)
                                   : std::ldexp(static_cast<long double>((1 << mant_bits) + m),
                                                e - bias - mant_bits);
      t.value.push_back(v);
      t.bits.push_back(static_cast<std::uint16_t>((e << mant_bits) | m));
    }
  }
  t.overflow_threshold = t.value.back() + std::ldexp(1.0L, max_exp_field - 1 - bias - mant_bits - 1);
  return t;
}

const format_table& f16_table() {
  static const format_table t = make_table(5, 10);
  return t;
}
const format_table& bf16_table() {
  static const format_table t = make_table(8, 7);
  return t;
}

// Round-to-nearest-even by search. `x` must be exact in long double (it is, for every
// float, double and 64-bit integer on x86-64, where long double has 64 mantissa bits).
std::uint16_t reference_round(const format_table& t, int exp_bits, int mant_bits, long double x) {
  const std::uint16_t sign = std::signbit(x) ? static_cast<std::uint16_t>(1u << (exp_bits + mant_bits)) : 0;
  const std::uint16_t inf = static_cast<std::uint16_t>(((1u << exp_bits) - 1) << mant_bits);
  const long double a = std::fabs(x);
  if (a >= t.overflow_threshold) return sign | inf;
  const auto hi_it = std::lower_bound(t.value.begin(), t.value.end(), a);
  const std::size_t hi = static_cast<std::size_t>(hi_it - t.value.begin());
  if (hi < t.value.size() && t.value[hi] == a) return sign | t.bits[hi];
  if (hi == t.value.size()) return sign | t.bits.back();  // between max and the threshold
  const std::size_t lo = hi - 1;
  const long double dlo = a - t.value[lo], dhi = t.value[hi] - a;
  if (dlo < dhi) return sign | t.bits[lo];
  if (dhi < dlo) return sign | t.bits[hi];
  return sign | ((t.bits[lo] & 1) == 0 ? t.bits[lo] : t.bits[hi]);
}

std::uint16_t ref_f16(long double x) { return reference_round(f16_table(), 5, 10, x); }
std::uint16_t ref_bf16(long double x) { return reference_round(bf16_table(), 8, 7, x); }

static_assert(std::numeric_limits<long double>::digits >= 64,
              "the reference needs a long double that holds every int64 and double exactly");

std::vector<float> float_samples() {
  std::vector<float> s = {0.0f, -0.0f, 1.0f, -1.0f, 0.1f, 1e-8f, 6e-8f, 3e-8f, 65504.0f,
                          65519.0f, 65520.0f, 65536.0f, 1e30f, 3.3895313e38f,
                          std::numeric_limits<float>::max(), std::numeric_limits<float>::min(),
                          std::numeric_limits<float>::denorm_min()};
  // Every f16 value, its neighbours in float, and the exact midpoints between
  // consecutive f16 values (the ties) with their float neighbours.
  const auto& t = f16_table();
  for (std::size_t i = 0; i < t.value.size(); ++i) {
    const auto v = static_cast<float>(t.value[i]);
    s.push_back(v);
    s.push_back(std::nextafter(v, 0.0f));
    s.push_back(std::nextafter(v, 1e30f));
    if (i + 1 < t.value.size()) {
      const auto mid = static_cast<float>((t.value[i] + t.value[i + 1]) / 2);  // exact in float
      s.push_back(mid);
      s.push_back(std::nextafter(mid, 0.0f));
      s.push_back(std::nextafter(mid, 1e30f));
    }
  }
  // Random bit patterns over the whole float range.
  std::mt19937 rng(20261122);
  for (int i = 0; i < 200000; ++i) s.push_back(std::bit_cast<float>(static_cast<std::uint32_t>(rng())));
  const std::size_t n = s.size();
  for (std::size_t i = 0; i < n; ++i) s.push_back(-s[i]);
  return s;
}

}  // namespace

TEST_CASE("core/float16: the encodings of known values") {
  CHECK_EQ(f16(1.0f).bits(), 0x3C00);
  CHECK_EQ(f16(-2.0f).bits(), 0xC000);
  CHECK_EQ(f16(65504.0f).bits(), 0x7BFF);
  CHECK_EQ(f16(65520.0f).bits(), 0x7C00);   // the tie above max rounds to infinity
  CHECK_EQ(f16(65519.0f).bits(), 0x7BFF);
  CHECK_EQ(f16(std::ldexp(1.0f, -24)).bits(), 0x0001);   // smallest subnormal
  CHECK_EQ(f16(std::ldexp(1.0f, -25)).bits(), 0x0000);   // half of it: tie to even (0)
  CHECK_EQ(f16(std::ldexp(3.0f, -26)).bits(), 0x0001);   // 0.75 of it rounds up
  CHECK_EQ(f16(std::ldexp(1.0f, -14)).bits(), 0x0400);   // smallest normal
  CHECK_EQ(f16(-0.0f).bits(), 0x8000);
  CHECK_EQ(f16(0.1f).bits(), 0x2E66);
  CHECK_EQ(bf16(1.0f).bits(), 0x3F80);
  CHECK_EQ(bf16(std::bit_cast<float>(0x3F808000u)).bits(), 0x3F80);  // tie, even stays
  CHECK_EQ(bf16(std::bit_cast<float>(0x3F818000u)).bits(), 0x3F82);  // tie, odd rounds up
  CHECK_EQ(bf16(std::bit_cast<float>(0x3F808001u)).bits(), 0x3F81);  // just above the tie
  CHECK_EQ(bf16(0.1f).bits(), 0x3DCD);   // Highway 1.0.3 truncates this to 0x3DCC
  CHECK_EQ(bf16(std::numeric_limits<float>::max()).bits(), 0x7F80);  // rounds to +inf
  CHECK_EQ(bf16(std::numeric_limits<float>::denorm_min()).bits(), 0x0000);
}

TEST_CASE("core/float16: NaN and infinity are kept; NaNs stay NaN (quiet), with their sign") {
  const float qnan = std::numeric_limits<float>::quiet_NaN();
  const float snan = std::bit_cast<float>(0x7F800001u);  // payload only in the low bits
  CHECK(f16(qnan).isnan());
  CHECK(f16(snan).isnan());
  CHECK(bf16(snan).isnan());
  CHECK(f16(-qnan).signbit());
  CHECK(std::isnan(static_cast<float>(f16(qnan))));
  CHECK_EQ(f16(std::numeric_limits<float>::infinity()).bits(), 0x7C00);
  CHECK_EQ(bf16(-std::numeric_limits<double>::infinity()).bits(), 0xFF80);
  CHECK(std::isinf(static_cast<float>(f16::from_bits(0x7C00))));
}

TEST_CASE("core/float16: float -> f16 and bf16 round to nearest even, against a search") {
  const auto samples = float_samples();
  int f16_mismatch = 0, bf16_mismatch = 0;
  for (float x : samples) {
    if (std::isnan(x)) continue;
    if (f16(x).bits() != ref_f16(x) && ++f16_mismatch <= 5)
      FAIL_CHECK("f16(" << x << "): got 0x" << std::hex << f16(x).bits() << ", want 0x" << ref_f16(x));
    if (bf16(x).bits() != ref_bf16(x) && ++bf16_mismatch <= 5)
      FAIL_CHECK("bf16(" << x << "): got 0x" << std::hex << bf16(x).bits() << ", want 0x" << ref_bf16(x));
  }
  CHECK_EQ(f16_mismatch, 0);
  CHECK_EQ(bf16_mismatch, 0);
  MESSAGE(samples.size() << " float samples checked");
}

TEST_CASE("core/float16: double -> f16 and bf16 round once, not through float") {
  // 1 + 2^-11 is the tie between 1 and 1 + 2^-10 in f16; a little more must round up,
  // though float(1 + 2^-11 + 2^-40) is the tie itself (which rounds down to even).
  const double above_tie = 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40);
  CHECK_EQ(f16(above_tie).bits(), 0x3C01);
  CHECK_EQ(f16(static_cast<float>(above_tie)).bits(), 0x3C00);
  const double bf_above_tie = 1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -40);
  CHECK_EQ(bf16(bf_above_tie).bits(), 0x3F81);

  std::mt19937_64 rng(7);
  int mismatches = 0;
  for (int i = 0; i < 200000; ++i) {
    // Exponents around the formats' ranges, random 52-bit fractions.
    const double x = std::ldexp(1.0 + std::ldexp(static_cast<double>(rng() >> 12), -52),
                                static_cast<int>(rng() % 300) - 150) * ((rng() & 1) ? -1 : 1);
    if (f16(x).bits() != ref_f16(x)) ++mismatches;
    if (bf16(x).bits() != ref_bf16(x)) ++mismatches;
  }
  CHECK_EQ(mismatches, 0);
}

TEST_CASE("core/float16: integers convert exactly, with one rounding") {
  const std::int64_t ints[] = {0, 1, -1, 2048, 2049, 2050, 2051, 65504, 65519, 65520, 100000,
                               -65536, 255, 256, 257, 258, 259,
                               (std::int64_t{1} << 60) + (std::int64_t{1} << 52) + 1,
                               std::numeric_limits<std::int64_t>::min(),
                               std::numeric_limits<std::int64_t>::max()};
  for (std::int64_t v : ints) {
    CHECK_MESSAGE(f16(v).bits() == ref_f16(static_cast<long double>(v)), "f16(" << v << ")");
    CHECK_MESSAGE(bf16(v).bits() == ref_bf16(static_cast<long double>(v)), "bf16(" << v << ")");
  }
  CHECK_EQ(bf16(std::numeric_limits<std::uint64_t>::max()).bits(), 0x5F80);  // 2^64
  CHECK_EQ(f16(std::int8_t{-128}).bits(), f16(-128.0f).bits());
  CHECK_EQ(f16(std::uint8_t{255}).bits(), f16(255.0f).bits());
  CHECK_EQ(f16(true).bits(), 0x3C00);
}

TEST_CASE("core/float16: widening to float is exact for every value") {
  const auto& t16 = f16_table();
  for (std::size_t i = 0; i < t16.value.size(); ++i) {
    const f16 h = f16::from_bits(t16.bits[i]);
    REQUIRE_EQ(static_cast<long double>(static_cast<float>(h)), t16.value[i]);
    REQUIRE_EQ(static_cast<long double>(static_cast<float>(-h)), -t16.value[i]);
    REQUIRE_EQ(f16(static_cast<float>(h)).bits(), h.bits());   // round trip
  }
  const auto& tb = bf16_table();
  for (std::size_t i = 0; i < tb.value.size(); ++i) {
    const bf16 b = bf16::from_bits(tb.bits[i]);
    REQUIRE_EQ(static_cast<long double>(static_cast<float>(b)), tb.value[i]);
    REQUIRE_EQ(bf16(static_cast<float>(b)).bits(), b.bits());
  }
}

#if defined(__F16C__)
TEST_CASE("core/float16: f16 agrees with the F16C instructions") {
  for (std::uint32_t b = 0; b < 0x10000; ++b) {
    const f16 h = f16::from_bits(static_cast<std::uint16_t>(b));
    const float hw = _mm_cvtss_f32(_mm_cvtph_ps(_mm_cvtsi32_si128(static_cast<int>(b))));
    if (std::isnan(hw)) {
      REQUIRE(std::isnan(static_cast<float>(h)));
    } else {
      REQUIRE_EQ(std::bit_cast<std::uint32_t>(static_cast<float>(h)), std::bit_cast<std::uint32_t>(hw));
    }
  }
  for (float x : float_samples()) {
    if (std::isnan(x)) continue;
    // _cvtss_sh is a macro with a compound literal in clang's header; use the vector form.
    const __m128i h = _mm_cvtps_ph(_mm_set_ss(x), _MM_FROUND_TO_NEAREST_INT);
    REQUIRE_EQ(f16(x).bits(), static_cast<std::uint16_t>(_mm_extract_epi16(h, 0)));
  }
}
#endif

TEST_CASE("core/float16: arithmetic computes in f32 and rounds back") {
  const f16 one(1.0f), tiny(std::ldexp(1.0f, -11));
  CHECK_EQ((one + tiny).bits(), 0x3C00);               // 1 + 2^-11 is a tie: even
  CHECK_EQ((one + tiny + tiny).bits(), 0x3C00);        // each step rounds
  CHECK_EQ((one + f16(std::ldexp(3.0f, -12))).bits(), 0x3C01);
  CHECK_EQ((f16(60000.0f) * f16(2.0f)).bits(), 0x7C00);  // overflow to infinity
  CHECK_EQ((-f16(2.0f)).bits(), 0xC000);
  CHECK_EQ((-f16(0.0f)).bits(), 0x8000);
  CHECK_EQ((bf16(1.0f) / bf16(3.0f)).bits(), bf16(1.0f / 3.0f).bits());
  f16 acc(1.0f);
  acc += f16(0.5f);
  acc *= f16(2.0f);
  CHECK_EQ(static_cast<float>(acc), 3.0f);
  // With a built-in type, the usual conversions apply: the result is float or double.
  static_assert(std::is_same_v<decltype(f16(1.0f) + 1.0f), float>);
  static_assert(std::is_same_v<decltype(2.0 * bf16(1.0f)), double>);
  static_assert(std::is_same_v<decltype(f16(1.0f) + bf16(1.0f)), float>);
  CHECK_EQ(f16(1.5f) + 1.0f, 2.5f);
}

TEST_CASE("core/float16: comparisons follow IEEE") {
  const f16 nan = std::numeric_limits<f16>::quiet_NaN();
  CHECK(f16(0.0f) == f16(-0.0f));
  CHECK_FALSE(nan == nan);
  CHECK(nan != nan);
  CHECK_FALSE(nan < f16(1.0f));
  CHECK(f16(1.0f) < f16(2.0f));
  CHECK(bf16(2.0f) >= 2);
  CHECK(3.0 > f16(2.0f));
}

TEST_CASE("core/float16: numeric_limits") {
  using L16 = std::numeric_limits<f16>;
  using LB = std::numeric_limits<bf16>;
  CHECK_EQ(static_cast<float>(L16::max()), 65504.0f);
  CHECK_EQ(static_cast<float>(L16::lowest()), -65504.0f);
  CHECK_EQ(static_cast<float>(L16::min()), std::ldexp(1.0f, -14));
  CHECK_EQ(static_cast<float>(L16::denorm_min()), std::ldexp(1.0f, -24));
  CHECK_EQ(static_cast<float>(L16::epsilon()), std::ldexp(1.0f, -10));
  CHECK_EQ(L16::digits, 11);
  CHECK_EQ(L16::max_exponent10, 4);
  CHECK_EQ(L16::min_exponent10, -4);
  CHECK(std::isinf(static_cast<float>(L16::infinity())));
  CHECK(L16::quiet_NaN().isnan());
  CHECK(L16::signaling_NaN().isnan());
  CHECK_EQ(static_cast<float>(LB::max()), std::bit_cast<float>(0x7F7F0000u));
  CHECK_EQ(static_cast<float>(LB::min()), std::numeric_limits<float>::min());
  CHECK_EQ(static_cast<float>(LB::epsilon()), std::ldexp(1.0f, -7));
  CHECK_EQ(LB::digits, 8);
  CHECK_EQ(LB::max_exponent10, 38);
  CHECK_EQ(LB::min_exponent10, -37);
  CHECK_EQ(L16::max_digits10, 5);
  CHECK_EQ(LB::max_digits10, 4);
}
