// Compile-fail: a bitcast between complex and real types.
// expect-error-gcc: sxla: bitcast_convert: c64[3] to double: a complex number converts only to a complex type (XLA rejects bitcasts between complex and real types)
// expect-error-clang: sxla::diagnostic<sxla::hlo::bitcast_convert, sxla::hlo::c64[3], double>::values<>
// expect-error-clang: sxla: {}: {} to {}: a complex number converts only to a complex type (XLA rejects bitcasts between complex and real types)
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/convert.hpp>

sxla::tensor<"c64[3]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::bitcast_convert<std::complex<float>>(a);
#else
auto e = sxla::bitcast_convert<double>(a);
#endif
