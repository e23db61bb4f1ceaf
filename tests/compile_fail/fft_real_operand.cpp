// Compile-fail: a complex fft of a real operand (fft_type fft takes c64 or c128; a real
// operand is rfft's).
// expect-error-gcc: sxla: fft: f32[4,8]: fft, ifft and irfft take a complex operand (c64 or c128)
// expect-error-clang: sxla::diagnostic<sxla::hlo::fft, sxla::hlo::f32[4][8]>::values<>
// expect-error-clang: sxla: {}: {}: fft, ifft and irfft take a complex operand (c64 or c128)
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"c64[4,8]"> a;
#else
sxla::tensor<"f32[4,8]"> a;
#endif
auto e = sxla::fft<sxla::fft_type::fft, 8>(a);
