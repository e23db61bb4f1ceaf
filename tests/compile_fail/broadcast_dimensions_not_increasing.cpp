// Compile-fail: broadcast_dimensions that are not strictly increasing.
// expect-error: sxla: elementwise op: broadcast_dimensions must be strictly increasing
// expect-error-gcc: Op = sxla::add_op
// expect-error-clang: check_broadcast<sxla::add_op
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3,4]"> c;
sxla::tensor<"f32[3,4]"> m;
#ifdef SXLA_CONTROL
auto e = sxla::add(c, m, sxla::broadcast_dimensions<1, 2>);
#else
auto e = sxla::add(c, m, sxla::broadcast_dimensions<2, 1>);
#endif
