// Compile-fail: an rfft of a complex operand (rfft takes f32 or f64).
// expect-error-gcc: sxla: fft: c64[4,8]: rfft takes a real operand (f32 or f64)
// expect-error-clang: sxla::diagnostic<sxla::hlo::fft, sxla::hlo::c64[4][8]>::values<>
// expect-error-clang: sxla: {}: {}: rfft takes a real operand (f32 or f64)
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"f32[4,8]"> a;
#else
sxla::tensor<"c64[4,8]"> a;
#endif
auto e = sxla::fft<sxla::fft_type::rfft, 8>(a);
