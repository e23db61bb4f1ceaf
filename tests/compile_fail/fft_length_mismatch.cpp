// Compile-fail: an fft length that is not the size of the dimension it transforms
// (fft<fft, 16> on c64[4,8]: the last dimension is 8).
// expect-error-gcc: sxla: fft: c64[4,8]: fft_length [16] is not the size of the last dimensions of the operand
// expect-error-clang: sxla::diagnostic<sxla::hlo::fft, sxla::hlo::c64[4][8]>::values<16>
// expect-error-clang: sxla: {}: {}: fft_length [{}] is not the size of the last dimensions of the operand
#include <sxla/sxla.hpp>

sxla::tensor<"c64[4,8]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::fft<sxla::fft_type::fft, 8>(a);
#else
auto e = sxla::fft<sxla::fft_type::fft, 16>(a);
#endif
