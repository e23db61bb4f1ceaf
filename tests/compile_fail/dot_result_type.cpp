// Compile-fail: a dot_general with pred as the result type.
// expect-error-gcc: sxla: dot_general: s8[2,3] and s8[3,4]: the result type bool is not a number element type
// expect-error-clang: sxla::diagnostic<sxla::hlo::dot_general, sxla::hlo::s8[2][3], sxla::hlo::s8[3][4], bool>::values<>
// expect-error-clang: sxla: {}: {} and {}: the result type {} is not a number element type
#include <sxla/tensor/tensor.hpp>
#include <sxla/ops/dot_general.hpp>

sxla::tensor<"s8[2,3]"> a;
sxla::tensor<"s8[3,4]"> b;
#ifdef SXLA_CONTROL
auto e = sxla::dot_general<sxla::dot_dims<sxla::idx{1}, sxla::idx{0}>, std::int32_t>(a, b);
#else
auto e = sxla::dot_general<sxla::dot_dims<sxla::idx{1}, sxla::idx{0}>, bool>(a, b);
#endif
