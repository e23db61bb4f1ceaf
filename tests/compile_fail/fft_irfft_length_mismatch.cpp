// Compile-fail: irfft<16> of c64[4,8]: the last dimension of an irfft operand must be
// 16/2+1 = 9.
// expect-error-gcc: sxla: fft: c64[4,8]: fft_length [16] needs an irfft operand whose last dimension is the last length / 2 + 1
// expect-error-clang: sxla::diagnostic<sxla::hlo::fft, sxla::hlo::c64[4][8]>::values<16>
// expect-error-clang: sxla: {}: {}: fft_length [{}] needs an irfft operand whose last dimension is the last length / 2 + 1
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"c64[4,9]"> a;
#else
sxla::tensor<"c64[4,8]"> a;
#endif
auto e = sxla::fft<sxla::fft_type::irfft, 16>(a);
