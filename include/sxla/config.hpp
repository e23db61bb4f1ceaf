// sxla/config.hpp: build configuration, the only place with SXLA_* configuration
// macros and compiler detection. Holds the SIMD backend choice, the static limits
// (maximum rank, storage alignment) and portable attribute spellings. No declarations.
#ifndef SXLA_CONFIG_HPP
#define SXLA_CONFIG_HPP

// ---- SIMD backend -------------------------------------------------------------
// Exactly one of SXLA_SIMD_HIGHWAY, SXLA_SIMD_XSIMD, SXLA_SIMD_SCALAR ends up defined to
// 1. The meson option `simd` sets one; a plain `#include` without any picks Highway when
// its headers are reachable, else xsimd, else the scalar backend.
//
// Highway 1.0.3 has no target for x86-64's baseline (SSE2: what a compiler targets
// without -march); there it would run one lane at a time. So on x86 without SSSE3 a
// Highway build uses xsimd's SSE2 vectors instead when <xsimd/xsimd.hpp> is reachable
// (SXLA_SIMD_HIGHWAY_ONLY=1 keeps Highway's one-lane target). simd::target_name() tells
// which ran.
#if !defined(SXLA_SIMD_HIGHWAY) && !defined(SXLA_SIMD_XSIMD) && !defined(SXLA_SIMD_SCALAR)
#if defined(__has_include)
#if __has_include(<hwy/highway.h>)
#define SXLA_SIMD_HIGHWAY 1
#elif __has_include(<xsimd/xsimd.hpp>)
#define SXLA_SIMD_XSIMD 1
#else
#define SXLA_SIMD_SCALAR 1
#endif
#else
#define SXLA_SIMD_SCALAR 1
#endif
#endif

#if defined(SXLA_SIMD_HIGHWAY) && (defined(__x86_64__) || defined(__i386__)) && !defined(__SSSE3__) && \
    defined(__SSE2__) && !defined(SXLA_SIMD_HIGHWAY_ONLY) && defined(__has_include)
#if __has_include(<xsimd/xsimd.hpp>)
#undef SXLA_SIMD_HIGHWAY
#define SXLA_SIMD_XSIMD 1
#define SXLA_SIMD_BASELINE_FALLBACK 1  // (simd/backend.hpp says so)
#endif
#endif

#if (defined(SXLA_SIMD_HIGHWAY) + defined(SXLA_SIMD_XSIMD) + defined(SXLA_SIMD_SCALAR)) != 1
#error "sxla: define exactly one of SXLA_SIMD_HIGHWAY, SXLA_SIMD_XSIMD, SXLA_SIMD_SCALAR"
#endif

// Whether the target has fused multiply-add instructions. Where it has, a multiply
// feeding an add is one fma (XLA's CPU backend fuses the same way), the matrix-multiply
// engine accumulates with fma and the transcendental kernels run; where it has not
// (x86-64 without -march, -march=x86-64-v2), a multiply and an add round twice, as the
// hardware does, and the transcendental functions are the C library's, lane by lane
// (the kernels need exact fma, which software would compute slowly). Constant
// evaluation follows the same rule, except for the transcendental functions, which it
// always computes with the kernels.
#ifndef SXLA_HAS_FMA
#if defined(__FMA__) || defined(__aarch64__) || defined(__ARM_FEATURE_FMA) || \
    (defined(__FP_FAST_FMA) && defined(__FP_FAST_FMAF))
#define SXLA_HAS_FMA 1
#else
#define SXLA_HAS_FMA 0
#endif
#endif

// ---- Static limits ------------------------------------------------------------
// Highest rank a shape may have. XLA has no fixed limit; sxla stores dimensions in
// fixed-capacity arrays inside shape types, so the capacity is a build constant.
#ifndef SXLA_MAX_RANK
#define SXLA_MAX_RANK 8
#endif

// Largest alignment (bytes) given to a tensor's static storage. A tensor is aligned to
// the smallest power of two covering its storage, capped here (64 = one AVX-512 vector
// and one cache line).
#ifndef SXLA_MAX_ALIGN
#define SXLA_MAX_ALIGN 64
#endif

// Destinations of at least this many bytes are written with non-temporal (streaming)
// stores, which bypass the caches: a result that large does not stay in them anyway,
// and skipping the read-for-ownership of each line saves a third of the traffic of a
// two-operand elementwise op. 0 disables streaming stores.
#ifndef SXLA_STREAM_STORE_BYTES
#define SXLA_STREAM_STORE_BYTES (8 << 20)
#endif

// Scratch memory (temporaries, a dot's packing buffers; expr/scratch.hpp). Every
// evaluation needs a number of bytes known at compile time, x::workspace_bytes<E, Dst>.
// Without a caller's workspace (t.using_workspace(ws) = e) it is taken from the stack up
// to this many bytes; above, from the heap only when SXLA_ALLOW_HEAP is 1 (one block per
// evaluation), else the evaluation does not compile and the error says how much it needs.
#ifndef SXLA_STACK_TEMPORARY_BYTES
#define SXLA_STACK_TEMPORARY_BYTES (64 << 10)
#endif
#ifndef SXLA_ALLOW_HEAP
#define SXLA_ALLOW_HEAP 0
#endif

// Cache sizes (bytes) that the matrix-multiply engine (kernels/gemm.hpp) sizes its blocks
// from: one core's L1 data cache and L2, and the share of L3 it may use. The defaults
// are this project's reference machine (Zen 4); override them for another target. They
// fix the summation order of dot (the blocks of the contraction), so the same values
// give the same bits everywhere.
#ifndef SXLA_L1D_BYTES
#define SXLA_L1D_BYTES (32 << 10)
#endif
#ifndef SXLA_L2_BYTES
#define SXLA_L2_BYTES (1 << 20)
#endif
#ifndef SXLA_L3_BYTES
#define SXLA_L3_BYTES (16 << 20)
#endif

// ---- Attributes ---------------------------------------------------------------
#if defined(__GNUC__) || defined(__clang__)
#define SXLA_FORCE_INLINE inline __attribute__((always_inline))
// After a lambda's parameter list: the lambdas of the inner loops (g++ -O2 otherwise
// leaves some as calls, one per vector, on targets where their bodies are long).
#define SXLA_LAMBDA_INLINE __attribute__((always_inline))
#define SXLA_RESTRICT __restrict__
// A hint to bring the cache line at p into L1 for reading (no effect on the result).
#define SXLA_PREFETCH(p) __builtin_prefetch((p), 0, 3)
#else
#define SXLA_FORCE_INLINE inline
#define SXLA_LAMBDA_INLINE
#define SXLA_RESTRICT
#define SXLA_PREFETCH(p) ((void)(p))
#endif

// ---- Unrolling ----------------------------------------------------------------
// SXLA_FULL_UNROLL: whether kernels unroll whole small problems into straight-line code
// (the batches of small matrices of kernels/triangular_batch.hpp). 1 in optimised builds;
// 0 without optimisation or under AddressSanitizer or ThreadSanitizer, where the unrolled
// bodies gain nothing and take minutes to compile.
#ifndef SXLA_FULL_UNROLL
#if !defined(__OPTIMIZE__) || defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SXLA_FULL_UNROLL 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SXLA_FULL_UNROLL 0
#else
#define SXLA_FULL_UNROLL 1
#endif
#else
#define SXLA_FULL_UNROLL 1
#endif
#endif

#endif  // SXLA_CONFIG_HPP
