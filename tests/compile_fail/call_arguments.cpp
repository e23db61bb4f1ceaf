// Compile-fail: call with one argument for a computation of two.
// expect-error-gcc: sxla: call: the computation does not accept arguments of types (f32[3])
// expect-error-clang: sxla::diagnostic<sxla::hlo::call, sxla::hlo::tuple_shape<sxla::hlo::f32[3]>>::values<>
// expect-error-clang: sxla: {}: the computation does not accept arguments of types {}
#include <sxla/sxla.hpp>

sxla::tensor<"f32[3]"> a;
#ifdef SXLA_CONTROL
auto r = sxla::call([](const auto& v, const auto& w) { return v + w; }, a, a);
#else
auto r = sxla::call([](const auto& v, const auto& w) { return v + w; }, a);
#endif
