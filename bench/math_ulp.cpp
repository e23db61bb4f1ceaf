// math_ulp: the float kernels of sxla/simd/math.hpp against a high-precision reference,
// on every float of each function's domain (pow and atan2: a dense sample of pairs).
// Runs the vector instance (the one-lane instance with the scalar backend), and prints
// for each function the domain, the number of inputs, the max error in ulps and where it
// occurs. The reference is <cmath> in double (2^-29 float ulps of error) with every
// candidate for the maximum recomputed in long double. Not a test: it takes minutes.
//
//   build/bench/math_ulp            # every function
//   build/bench/math_ulp exp tanh   # some of them
#include <sxla/simd/math.hpp>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace s = sxla::simd;

namespace {

// |got - want| in float ulps of want (subnormal ulps below the normal range); an infinite
// rounded reference must be met exactly, a NaN with a NaN.
template <class R>
double ulp_error(float got, R want) {
  if (std::isnan(want)) return std::isnan(got) ? 0 : 1e30;
  const float rounded = static_cast<float>(want);
  if (std::isinf(rounded)) return got == rounded ? 0 : 1e30;
  if (!std::isfinite(got)) return 1e30;
  int e = 0;
  std::frexp(want, &e);
  const int ulp_exp = want == 0 ? -149 : std::max(e, -125) - 24;
  return static_cast<double>(std::fabs(static_cast<R>(got) - want) / std::ldexp(R(1), ulp_exp));
}

struct result {
  double max_ulp = 0;
  float at_x = 0, at_y = 0;
  std::uint64_t count = 0;
};

constexpr std::size_t block = 4096;

// f over `xs` with the vector instance where there is one.
template <class F>
void apply(F f, const float* xs, float* out, std::size_t n) {
  std::size_t i = 0;
  if constexpr (s::has_vec<float>) {
    for (; i + s::lanes<float> <= n; i += s::lanes<float>) s::store(f(s::load(xs + i)), out + i);
  }
  for (; i < n; ++i) out[i] = f(xs[i]);
}
template <class F>
void apply2(F f, const float* xs, const float* ys, float* out) {  // `block` pairs
  if constexpr (s::has_vec<float>) {
    static_assert(block % s::lanes<float> == 0);
    for (std::size_t i = 0; i < block; i += s::lanes<float>) s::store(f(s::load(xs + i), s::load(ys + i)), out + i);
  } else {
    for (std::size_t i = 0; i < block; ++i) out[i] = f(xs[i], ys[i]);
  }
}

// Every float x with lo <= x <= hi.
template <class F, class RefD, class RefL>
result sweep(float lo, float hi, F f, RefD ref_d, RefL ref_l) {
  result r;
  std::vector<float> xs, out(block);
  xs.reserve(block);
  auto flush = [&] {
    apply(f, xs.data(), out.data(), xs.size());
    for (std::size_t i = 0; i < xs.size(); ++i) {
      double e = ulp_error(out[i], ref_d(static_cast<double>(xs[i])));
      if (e > r.max_ulp - 1e-3) e = ulp_error(out[i], ref_l(static_cast<long double>(xs[i])));
      if (e > r.max_ulp) {
        r.max_ulp = e;
        r.at_x = xs[i];
      }
    }
    r.count += xs.size();
    xs.clear();
  };
  // The non-negative floats in [max(lo, 0), hi], then the negative ones in [lo, min(hi, -0)].
  auto run = [&](std::uint32_t from, std::uint32_t to) {  // bit patterns, from <= to
    for (std::uint64_t b = from; b <= to; ++b) {
      xs.push_back(std::bit_cast<float>(static_cast<std::uint32_t>(b)));
      if (xs.size() == block) flush();
    }
    flush();
  };
  if (hi >= 0) run(std::bit_cast<std::uint32_t>(std::max(lo, 0.0f)), std::bit_cast<std::uint32_t>(hi));
  if (lo < 0) run(std::bit_cast<std::uint32_t>(hi < 0 ? hi : -0.0f), std::bit_cast<std::uint32_t>(lo));
  return r;
}

template <class F, class RefD, class RefL>
result sample2(std::uint64_t n, F f, RefD ref_d, RefL ref_l, float (*gen)(std::mt19937_64&, float*)) {
  result r;
  std::mt19937_64 rng(2024);
  std::vector<float> xs(block), ys(block), out(block);
  for (std::uint64_t done = 0; done < n; done += block) {
    for (std::size_t i = 0; i < block; ++i) xs[i] = gen(rng, &ys[i]);
    apply2(f, xs.data(), ys.data(), out.data());
    for (std::size_t i = 0; i < block; ++i) {
      double e = ulp_error(out[i], ref_d(static_cast<double>(xs[i]), static_cast<double>(ys[i])));
      if (e > r.max_ulp - 1e-3)
        e = ulp_error(out[i], ref_l(static_cast<long double>(xs[i]), static_cast<long double>(ys[i])));
      if (e > r.max_ulp) {
        r.max_ulp = e;
        r.at_x = xs[i];
        r.at_y = ys[i];
      }
    }
    r.count += block;
  }
  return r;
}

float log_uniform(std::mt19937_64& rng, double lo_exp, double hi_exp) {
  return static_cast<float>(std::exp2(std::uniform_real_distribution<double>(lo_exp, hi_exp)(rng)));
}

// pow: x over all magnitudes with y such that x^y spans the float range and beyond;
// x near 1 with large y; negative x with integer y.
float pow_pair(std::mt19937_64& rng, float* y) {
  const int kind = static_cast<int>(rng() % 4);
  float x;
  if (kind == 0) {
    x = log_uniform(rng, -149, 128);
    *y = static_cast<float>(std::uniform_real_distribution<double>(-110, 95)(rng) / std::log(static_cast<double>(x)));
  } else if (kind == 1) {
    const double d = std::uniform_real_distribution<double>(-1, 1)(rng);
    x = static_cast<float>(1 + std::ldexp(d, -static_cast<int>(rng() % 24)));
    *y = static_cast<float>(std::uniform_real_distribution<double>(-110, 95)(rng) / std::log(static_cast<double>(x)));
  } else if (kind == 2) {
    x = -log_uniform(rng, -10, 10);
    *y = static_cast<float>(static_cast<int>(rng() % 61) - 30);
  } else {
    x = static_cast<float>(std::uniform_real_distribution<double>(0, 4)(rng));
    *y = static_cast<float>(std::uniform_real_distribution<double>(-40, 40)(rng));
  }
  return std::isfinite(*y) ? x : 1.0f;
}

// atan2: (y, x) with any signs, magnitudes 2^-60 to 2^60 apart, and ratios near the
// reduction's break points.
float atan2_pair(std::mt19937_64& rng, float* x) {
  auto sign = [&] { return (rng() & 1) ? 1.0f : -1.0f; };
  const float y = sign() * log_uniform(rng, -40, 40);
  if (rng() % 4 == 0) {
    const double t = (rng() & 1) ? 0.41421356237309503 : 2.414213562373095;
    *x = sign() * static_cast<float>(std::fabs(y) / t * (1 + std::uniform_real_distribution<double>(-1e-3, 1e-3)(rng)));
  } else {
    *x = sign() * static_cast<float>(std::fabs(y) * std::exp2(std::uniform_real_distribution<double>(-60, 60)(rng)));
  }
  return y;
}

void print(const char* name, const char* domain, const result& r, double seconds, bool two = false) {
  if (two) {
    std::printf("%-9s %-44s %12llu  %8.3f  at (%a, %a)  [%.0f s]\n", name, domain,
                static_cast<unsigned long long>(r.count), r.max_ulp, static_cast<double>(r.at_x),
                static_cast<double>(r.at_y), seconds);
  } else {
    std::printf("%-9s %-44s %12llu  %8.3f  at %a  [%.0f s]\n", name, domain, static_cast<unsigned long long>(r.count),
                r.max_ulp, static_cast<double>(r.at_x), seconds);
  }
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> only(argv + 1, argv + argc);
  auto want = [&](const char* name) { return only.empty() || std::find(only.begin(), only.end(), name) != only.end(); };
  constexpr float max = std::numeric_limits<float>::max(), inf = std::numeric_limits<float>::infinity();
  std::printf("sxla/simd/math.hpp, float, backend %s (%s)\n", std::string(s::backend_name()).c_str(),
              std::string(s::target_name()).c_str());
  std::printf("%-9s %-44s %12s  %8s\n", "function", "domain (every float)", "inputs", "max ulp");
  auto timed = [&](const char* name, const char* domain, auto&& run, bool two = false) {
    if (!want(name)) return;
    const auto t0 = std::chrono::steady_clock::now();
    const result r = run();
    print(name, domain, r, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), two);
  };
  using L = long double;
  timed("exp", "[-104, 88.73] (beyond: 0 or inf)", [&] {
    return sweep(-104.0f, 88.73f, [](auto x) { return s::exp(x); }, [](double x) { return std::exp(x); },
                 [](L x) { return std::exp(x); });
  });
  timed("expm1", "[-18, 88.73] (below: -1)", [&] {
    return sweep(-18.0f, 88.73f, [](auto x) { return s::expm1(x); }, [](double x) { return std::expm1(x); },
                 [](L x) { return std::expm1(x); });
  });
  timed("log", "(0, inf]", [&] {
    return sweep(0x1p-149f, inf, [](auto x) { return s::log(x); }, [](double x) { return std::log(x); },
                 [](L x) { return std::log(x); });
  });
  timed("log1p", "(-1, inf]", [&] {
    return sweep(std::nextafter(-1.0f, 0.0f), inf, [](auto x) { return s::log1p(x); },
                 [](double x) { return std::log1p(x); }, [](L x) { return std::log1p(x); });
  });
  timed("sin", "[-2^24, 2^24]", [&] {
    return sweep(-0x1p24f, 0x1p24f, [](auto x) { return s::sin(x); }, [](double x) { return std::sin(x); },
                 [](L x) { return std::sin(x); });
  });
  timed("cos", "[-2^24, 2^24]", [&] {
    return sweep(-0x1p24f, 0x1p24f, [](auto x) { return s::cos(x); }, [](double x) { return std::cos(x); },
                 [](L x) { return std::cos(x); });
  });
  timed("tan", "[-2^24, 2^24]", [&] {
    return sweep(-0x1p24f, 0x1p24f, [](auto x) { return s::tan(x); }, [](double x) { return std::tan(x); },
                 [](L x) { return std::tan(x); });
  });
  timed("sin", "[2^24, max] (beyond the stated range)", [&] {
    return sweep(0x1p24f, max, [](auto x) { return s::sin(x); }, [](double x) { return std::sin(x); },
                 [](L x) { return std::sin(x); });
  });
  timed("cos", "[2^24, max] (beyond the stated range)", [&] {
    return sweep(0x1p24f, max, [](auto x) { return s::cos(x); }, [](double x) { return std::cos(x); },
                 [](L x) { return std::cos(x); });
  });
  timed("tanh", "all floats", [&] {
    return sweep(-inf, inf, [](auto x) { return s::tanh(x); }, [](double x) { return std::tanh(x); },
                 [](L x) { return std::tanh(x); });
  });
  timed("logistic", "all floats", [&] {
    return sweep(-inf, inf, [](auto x) { return s::logistic(x); }, [](double x) { return 1 / (1 + std::exp(-x)); },
                 [](L x) { return 1 / (1 + std::exp(-x)); });
  });
  timed("cbrt", "all floats", [&] {
    return sweep(-inf, inf, [](auto x) { return s::cbrt(x); }, [](double x) { return std::cbrt(x); },
                 [](L x) { return std::cbrt(x); });
  });
  timed("erf", "all floats", [&] {
    return sweep(-inf, inf, [](auto x) { return s::erf(x); }, [](double x) { return std::erf(x); },
                 [](L x) { return std::erf(x); });
  });
  timed("atan", "all floats", [&] {
    return sweep(-inf, inf, [](auto x) { return s::atan(x); }, [](double x) { return std::atan(x); },
                 [](L x) { return std::atan(x); });
  });
  timed("pow", "2^28 sampled pairs (x^y over the range)", [&] {
    return sample2(
        1u << 28, [](auto x, auto y) { return s::pow(x, y); }, [](double x, double y) { return std::pow(x, y); },
        [](L x, L y) { return std::pow(x, y); }, pow_pair);
  }, true);
  timed("atan2", "2^28 sampled pairs (all quadrants)", [&] {
    return sample2(
        1u << 28, [](auto y, auto x) { return s::atan2(y, x); }, [](double y, double x) { return std::atan2(y, x); },
        [](L y, L x) { return std::atan2(y, x); }, atan2_pair);
  }, true);
  return 0;
}
