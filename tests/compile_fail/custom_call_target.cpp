// Compile-fail: custom_call with a target of neither kind (a C++ callable must take the
// expect-error-gcc: sxla: custom_call: the target is neither void(void*, void**) nor callable with the result f32[2] and the operands (f32[2])
// expect-error-clang: sxla::diagnostic<sxla::hlo::custom_call, sxla::hlo::f32[2], sxla::hlo::tuple_shape<sxla::hlo::f32[2]>>::values<>
// expect-error-clang: sxla: {}: the target is neither void(void*, void**) nor callable with the result {} and the operands {}
// result first).
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2]"> a;
#ifdef SXLA_CONTROL
auto r = sxla::custom_call<"f32[2]">([](auto& out, const auto& v) { out = v; }, a);
#else
auto r = sxla::custom_call<"f32[2]">([](const auto& v) { return v; }, a);
#endif
