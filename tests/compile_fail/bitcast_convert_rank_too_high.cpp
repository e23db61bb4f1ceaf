// Compile-fail: a bitcast to a narrower type from rank 8, which would need rank 9.
// expect-error-gcc: sxla: bitcast_convert: f32[1,1,1,1,1,1,1,1] to short unsigned int: to a narrower type the result gains a dimension: rank 9, above SXLA_MAX_RANK (8)
// expect-error-clang: sxla::diagnostic<sxla::hlo::bitcast_convert, sxla::hlo::f32[1][1][1][1][1][1][1][1], unsigned short>::values<9, 8>
// expect-error-clang: sxla: {}: {} to {}: to a narrower type the result gains a dimension: rank {}, above SXLA_MAX_RANK ({})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/convert.hpp>

#ifdef SXLA_CONTROL
sxla::tensor<"f32[1,1,1,1,1,1,1]"> a;
#else
sxla::tensor<"f32[1,1,1,1,1,1,1,1]"> a;
#endif
auto e = sxla::bitcast_convert<std::uint16_t>(a);
