// Built by tools/check_targets.py once per compiler flag set (no -march, x86-64-v2, -v3,
// -v4, native): prints the SIMD backend, its target and whether the build fuses
// multiply-adds, then checks a few results of the whole library against plain loops (an
// expression, a transcendental function, a reduction, a product with a transposed
// operand), so that each flag set is shown to build sxla and to compute right.
#include <sxla/sxla.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace x = sxla;

int main() {
  const auto backend = x::simd::backend_name();
  const auto target = x::simd::target_name();
  std::printf("backend %.*s target %.*s fma %s\n", static_cast<int>(backend.size()), backend.data(),
              static_cast<int>(target.size()), target.data(), SXLA_HAS_FMA ? "yes" : "no");
  int bad = 0;
  const x::tensor<"f32[37,45]"> a = x::iota<"f32[37,45]", 1>() * 0.01f - x::iota<"f32[37,45]", 0>() * 0.02f;
  const x::tensor<"f32[37,45]"> e = x::max(a * a + 0.5f, 0.0f) + x::exp(a);
  const x::tensor<"f32[37]"> rows = x::reduce<1>(a, 0.0f, x::add_op);
  const x::tensor<"f32[37,37]"> p = x::dot(a, x::transpose<1, 0>(a));
  for (int i = 0; i < 37; ++i) {
    double row = 0;
    for (int j = 0; j < 45; ++j) {
      const double v = 0.01 * j - 0.02 * i;
      const double want = std::max(v * v + 0.5, 0.0) + std::exp(v);
      bad += std::fabs(e(i, j) - want) > 1e-5 * std::fabs(want) + 1e-6;
      row += v;
    }
    bad += std::fabs(rows(i) - row) > 1e-4;
    for (int k = 0; k < 37; ++k) {
      double s = 0;
      for (int j = 0; j < 45; ++j) s += (0.01 * j - 0.02 * i) * (0.01 * j - 0.02 * k);
      bad += std::fabs(p(i, k) - s) > 1e-4 * (1 + std::fabs(s));
    }
  }
  std::printf("%d wrong results\n", bad);
  return bad == 0 ? 0 : 1;
}
