// Compile-fail: broadcast with a negative new size.
// expect-error-gcc: sxla: broadcast: f32[3]: a new dimension size is negative (-2)
// expect-error-clang: sxla::diagnostic<sxla::hlo::broadcast, sxla::hlo::f32[3]>::values<-2>
// expect-error-clang: sxla: {}: {}: a new dimension size is negative ({})
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/broadcast.hpp>

sxla::tensor<"f32[3]"> v;
#ifdef SXLA_CONTROL
auto e = sxla::broadcast<2>(v);
#else
auto e = sxla::broadcast<-2>(v);
#endif
