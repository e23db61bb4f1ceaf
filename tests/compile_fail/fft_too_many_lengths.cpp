// Compile-fail: four fft lengths (XLA's Fft transforms at most three dimensions).
// expect-error-gcc: sxla: fft: c64[2,2,2,2]: fft_length has 4 lengths; must name 1 to 3 of the last dimensions of the operand
// expect-error-clang: sxla::diagnostic<sxla::hlo::fft, sxla::hlo::c64[2][2][2][2]>::values<4>
// expect-error-clang: sxla: {}: {}: fft_length has {} lengths; must name 1 to 3 of the last dimensions of the operand
#include <sxla/sxla.hpp>

sxla::tensor<"c64[2,2,2,2]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::fft<sxla::fft_type::fft, 2, 2, 2>(a);
#else
auto e = sxla::fft<sxla::fft_type::fft, 2, 2, 2, 2>(a);
#endif
