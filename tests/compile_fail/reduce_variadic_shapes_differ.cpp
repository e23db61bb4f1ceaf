// Compile-fail: a variadic reduce over operands of different dimensions.
// expect-error-gcc: sxla: reduce: f32[2,3] and s32[3,2]: the operands of a variadic reduce must have the same dimensions
// expect-error-clang: sxla::diagnostic<sxla::hlo::reduce, sxla::hlo::f32[2][3], sxla::hlo::s32[3][2]>::values<>
// expect-error-clang: sxla: {}: {} and {}: the operands of a variadic reduce must have the same dimensions
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/reduce.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"s32[2,3]"> b;
#else
sxla::tensor<"s32[3,2]"> b;
#endif
auto e = sxla::reduce<1>(a, b, 0.0f, 0, [](float x, int i, float y, int j) { return std::tuple{x + y, i + j}; });
