// Compile-fail: select with on_true and on_false of different element types.
// expect-error-gcc: sxla: select: s32[4] and u32[4]: on_true and on_false must have one element type (use x::convert)
// expect-error-clang: sxla::diagnostic<sxla::hlo::select, sxla::hlo::s32[4], sxla::hlo::u32[4]>::values<>
// expect-error-clang: sxla: {}: {} and {}: on_true and on_false must have one element type (use x::convert)
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/select.hpp>

sxla::tensor<"pred[4]"> p;
sxla::tensor<"s32[4]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"s32[4]"> b;
#else
sxla::tensor<"u32[4]"> b;
#endif
auto e = sxla::select(p, a, b);
