// Compile-fail: a bitcast between widths that do not divide one another (6 and 8 bits).
// expect-error-gcc: sxla: bitcast_convert: f6e2m3fn[4] to unsigned char: the bit widths (6 and 8) must divide one another
// expect-error-clang: sxla::diagnostic<sxla::hlo::bitcast_convert, sxla::hlo::f6e2m3fn[4], unsigned char>::values<6, 8>
// expect-error-clang: sxla: {}: {} to {}: the bit widths ({} and {}) must divide one another
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/convert.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"f6e2m3fn[4]"> a;
auto e = sxla::bitcast_convert<sxla::f6e2m3fn>(a);
#else
sxla::tensor<"f6e2m3fn[4]"> a;
auto e = sxla::bitcast_convert<std::uint8_t>(a);
#endif
