// sxla/simd/backend.hpp: which SIMD backend this build uses (Highway, xsimd or scalar,
// chosen by the SXLA_SIMD_* macro from config.hpp) and which instruction-set target it
// compiled for. The only place, with its sibling headers, that includes Highway or
// xsimd. The kernels themselves come with the expression engine.
#ifndef SXLA_SIMD_BACKEND_HPP
#define SXLA_SIMD_BACKEND_HPP

#include <string_view>

#include "sxla/config.hpp"  // SXLA_SIMD_HIGHWAY, SXLA_SIMD_XSIMD, SXLA_SIMD_SCALAR

#if defined(SXLA_SIMD_HIGHWAY)
// Highway 1.0.3 decides whether AVX3_DL is attainable by testing `HWY_BASELINE &
// HWY_AVX3_DL`, a macro it never defines; so when the compiler's baseline has all of
// AVX3_DL (-march=native on Ice Lake and later Intel cores: AVX-512 plus AVX-VNNI)
// its static target is left out of its own target list and it stops with "best
// baseline should be included in dynamic targets". HWY_WANT_AVX3_DL is Highway's own
// opt-in for that target; it changes nothing else for static dispatch. A program that
// includes Highway before sxla on such a machine needs the same define.
#if defined(__AVX512F__) && defined(__AVXVNNI__) && !defined(HWY_WANT_AVX3_DL)
#define HWY_WANT_AVX3_DL 1
#endif
// Highway 1.0.3 grants its SSE4, AVX2 and AVX-512 targets only when the compiler also
// targets AES and PCLMUL, which -march=x86-64-v3 and -v4 do not enable (-march=native
// does): such builds would get SSSE3. sxla uses neither instruction, and
// HWY_DISABLE_PCLMUL_AES is Highway's switch that drops the requirement (and its AES and
// carry-less multiply ops). A program that includes Highway before sxla needs it too.
#if !defined(HWY_DISABLE_PCLMUL_AES) && !(defined(__AES__) && defined(__PCLMUL__))
#define HWY_DISABLE_PCLMUL_AES 1
#endif
#include <hwy/highway.h>
#elif defined(SXLA_SIMD_XSIMD)
// g++ 12.2 warns "'__Y' is used uninitialized" inside its own AVX-512 intrinsics
// (_mm512_undefined_*; GCC bug 105593, fixed in 12.3) wherever xsimd's kernels inline
// them. The warning is issued at the intrinsics' location, so it is silenced there.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <xsimd/xsimd.hpp>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#endif

// On x86 without AVX2 (no -march: x86-64's SSE2 baseline), say once, at compile time,
// that the build leaves the machine's vectors and FMA unused. A note with g++; a warning
// that -Werror does not turn into an error with clang. SXLA_QUIET_TARGET silences it.
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__AVX2__) && !defined(SXLA_QUIET_TARGET)
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic warning "-W#pragma-messages"
#endif
#if defined(SXLA_SIMD_SCALAR)
#pragma message("sxla: built for x86 without AVX2 and with the scalar backend: one lane at a time, no FMA. Add -march=native (or -march=x86-64-v3 for AVX2, -march=x86-64-v4 for AVX-512). Define SXLA_QUIET_TARGET to silence this.")
#else
#pragma message("sxla: built for x86 without AVX2 (SSE vectors at most, no FMA). Add -march=native (or -march=x86-64-v3 for AVX2, -march=x86-64-v4 for AVX-512). Define SXLA_QUIET_TARGET to silence this.")
#endif
#if defined(__clang__)
#pragma clang diagnostic pop
#endif
#endif

namespace sxla::simd {

enum class backend_kind { scalar, highway, xsimd };

#if defined(SXLA_SIMD_HIGHWAY)
inline constexpr backend_kind backend = backend_kind::highway;
#elif defined(SXLA_SIMD_XSIMD)
inline constexpr backend_kind backend = backend_kind::xsimd;
#else
inline constexpr backend_kind backend = backend_kind::scalar;
#endif

constexpr std::string_view backend_name() noexcept {
  switch (backend) {
    case backend_kind::highway: return "highway";
    case backend_kind::xsimd: return "xsimd";
    default: return "scalar";
  }
}

// The instruction-set target the backend was compiled for: Highway's static target
// ("AVX3" means AVX-512), xsimd's default architecture ("avx512bw"), or "scalar".
inline std::string_view target_name() noexcept {
#if defined(SXLA_SIMD_HIGHWAY)
  return hwy::TargetName(HWY_STATIC_TARGET);
#elif defined(SXLA_SIMD_XSIMD)
  return xsimd::default_arch::name();
#else
  return "scalar";
#endif
}

}  // namespace sxla::simd

#endif  // SXLA_SIMD_BACKEND_HPP
