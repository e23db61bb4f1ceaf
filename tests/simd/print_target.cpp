// Prints the SIMD backend and instruction-set target this build selected, so that the
// test log (meson test -v simd_target) and CI show it.
#include <sxla/simd/backend.hpp>

#include <cstdio>

int main() {
  const auto backend = sxla::simd::backend_name();
  const auto target = sxla::simd::target_name();
  std::printf("sxla SIMD backend: %.*s, target: %.*s\n", static_cast<int>(backend.size()),
              backend.data(), static_cast<int>(target.size()), target.data());
  return target.empty() ? 1 : 0;
}
