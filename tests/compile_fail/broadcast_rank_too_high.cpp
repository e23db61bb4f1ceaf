// Compile-fail: broadcast to a rank above SXLA_MAX_RANK (8).
// expect-error-gcc: sxla: broadcast: f32[1,1,1,1,1,1]: the result would have rank 9, above SXLA_MAX_RANK (8)
// expect-error-clang: sxla::diagnostic<sxla::hlo::broadcast, sxla::hlo::f32[1][1][1][1][1][1]>::values<9, 8>
// expect-error-clang: sxla: {}: {}: the result would have rank {}, above SXLA_MAX_RANK ({})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/broadcast.hpp>

sxla::tensor<"f32[1,1,1,1,1,1]"> v;
#ifdef SXLA_CONTROL
auto e = sxla::broadcast<2, 2>(v);
#else
auto e = sxla::broadcast<2, 2, 2>(v);
#endif
