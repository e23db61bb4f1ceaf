// Compile-fail: a bitcast to a wider type whose last dimension is not the size ratio.
// expect-error-gcc: sxla: bitcast_convert: u8[4,3] to float: to a type 4 times wider, the last dimension must have size 4
// expect-error-clang: sxla::diagnostic<sxla::hlo::bitcast_convert, sxla::hlo::u8[4][3], float>::values<4, 4>
// expect-error-clang: sxla: {}: {} to {}: to a type {} times wider, the last dimension must have size {}
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/convert.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"u8[3,4]"> a;
#else
sxla::tensor<"u8[4,3]"> a;
#endif
auto e = sxla::bitcast_convert<float>(a);
