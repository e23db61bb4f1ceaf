// Uses sxla through the CMake target sxla::sxla (tests/cmake_consumer/CMakeLists.txt):
// a fused expression into a column-major tensor, checked element by element. With an
// argument, also checks that the SIMD backend is that one (the package's define reached
// the compiler); a Highway build compiled for x86 without SSSE3 (no -march: the default
// here) takes the documented xsimd SSE2 fallback instead (README, "Targets"). Exits
// non-zero on any mismatch.
#include <sxla/sxla.hpp>

#include <cstdio>
#include <string_view>

namespace x = sxla;

int main(int argc, char** argv) {
  const x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  const x::tensor<"f32[3]"> v = {7, 8, 9};
  // max(a * a + v - 20, 0), v broadcast along dimension 1, written column-major.
  const x::tensor<"f32[2,3]{0,1}"> r =
      x::max(x::add(a * a, v, x::broadcast_dimensions<1>) - 20.0f, 0.0f);
  const float expect[2][3] = {{0, 0, 0}, {3, 13, 25}};
  const float expect_storage[6] = {0, 3, 0, 13, 0, 25};
  bool ok = true;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j) ok = ok && r(i, j) == expect[i][j];
  for (int k = 0; k < 6; ++k) ok = ok && r.storage()[k] == expect_storage[k];
  const std::string_view backend = x::simd::backend_name();
#if defined(SXLA_SIMD_BASELINE_FALLBACK)
  const bool fallback = argc > 1 && std::string_view(argv[1]) == "highway" && backend == "xsimd";
#else
  const bool fallback = false;
#endif
  if (argc > 1 && backend != argv[1] && !fallback) {
    std::printf("cmake consumer: backend %.*s, expected %s\n", static_cast<int>(backend.size()),
                backend.data(), argv[1]);
    ok = false;
  }
  const std::string_view target = x::simd::target_name();
  std::printf("cmake consumer (%.*s, %.*s): %s\n", static_cast<int>(backend.size()), backend.data(),
              static_cast<int>(target.size()), target.data(), ok ? "ok" : "MISMATCH");
  return ok ? 0 : 1;
}
