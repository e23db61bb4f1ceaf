// Compile-fail: a broadcast dimension the higher-rank operand does not have.
// expect-error: sxla: elementwise op: broadcast_dimensions names a dimension that the higher-rank operand does not have
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> m;
sxla::tensor<"f32[3]"> v;
#ifdef SXLA_CONTROL
auto e = sxla::sub(m, v, sxla::broadcast_dimensions<1>);
#else
auto e = sxla::sub(m, v, sxla::broadcast_dimensions<2>);
#endif
