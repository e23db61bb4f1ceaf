// Compile-fail: custom_call with a tuple operand (operands are arrays).
// expect-error-gcc: sxla: custom_call: (f32[2], s32[]) is not an array (operand 0): a tuple operand passes its elements
// expect-error-clang: sxla::diagnostic<sxla::hlo::custom_call, sxla::hlo::tuple_shape<sxla::hlo::f32[2], sxla::hlo::s32>>::values<0>
// expect-error-clang: sxla: {}: {} is not an array (operand {}): a tuple operand passes its elements
#include <sxla/sxla.hpp>

extern "C" void target(void*, void**) {}
auto t = sxla::tuple(sxla::tensor<"f32[2]">{}, 1);
#ifdef SXLA_CONTROL
auto r = sxla::custom_call<"f32[2]">(&target, std::get<0>(t), std::get<1>(t));
#else
auto r = sxla::custom_call<"f32[2]">(&target, t);
#endif
