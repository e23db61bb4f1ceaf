// Compile-fail: a bitcast of pred.
// expect-error-gcc: sxla: bitcast_convert: pred[3] to signed char: pred has no bit layout to reinterpret
// expect-error-clang: sxla::diagnostic<sxla::hlo::bitcast_convert, sxla::hlo::pred[3], signed char>::values<>
// expect-error-clang: sxla: {}: {} to {}: pred has no bit layout to reinterpret
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/convert.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"u8[3]"> a;
#else
sxla::tensor<"pred[3]"> a;
#endif
auto e = sxla::bitcast_convert<std::int8_t>(a);
