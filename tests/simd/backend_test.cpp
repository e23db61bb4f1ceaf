// Tests for sxla/simd/backend.hpp: the backend named by the build's define is the one
// reported, and Highway/xsimd report the target the compiler flags allow.
#include <sxla/simd/backend.hpp>

#include <doctest/doctest.h>

#include <string>

TEST_CASE("simd/backend: the selected backend matches the build's define") {
  namespace s = sxla::simd;
#if defined(SXLA_SIMD_HIGHWAY)
  CHECK_EQ(s::backend_name(), "highway");
#elif defined(SXLA_SIMD_XSIMD)
  CHECK_EQ(s::backend_name(), "xsimd");
#else
  CHECK_EQ(s::backend_name(), "scalar");
  CHECK_EQ(s::target_name(), "scalar");
#endif
  CHECK_FALSE(s::target_name().empty());
  MESSAGE("SIMD backend " << std::string(s::backend_name()) << ", target "
                          << std::string(s::target_name()));
}

#if defined(SXLA_SIMD_HIGHWAY) && defined(__AVX512F__) && defined(__AVX512VL__) && \
    defined(__AVX512DQ__) && defined(__AVX512BW__) && defined(__AES__) && defined(__PCLMUL__)
TEST_CASE("simd/backend: Highway uses AVX-512 when the compiler targets it") {
#if defined(__AVXVNNI__) && defined(__VAES__) && defined(__VPCLMULQDQ__) && \
    defined(__AVX512VBMI__) && defined(__AVX512VBMI2__) &&                  \
    defined(__AVX512VPOPCNTDQ__) && defined(__AVX512BITALG__)
  CHECK_EQ(sxla::simd::target_name(), "AVX3_DL");  // Ice Lake and later Intel cores
#else
  CHECK_EQ(sxla::simd::target_name(), "AVX3");
#endif
}
#endif
