// Compile-fail: conditional whose computations return f32[2] and f32[3].
// expect-error-gcc: sxla: conditional: the true computation returns f32[2] and the false one f32[3]: both must return the same type
// expect-error-clang: sxla::diagnostic<sxla::hlo::conditional, sxla::hlo::f32[2], sxla::hlo::f32[3]>::values<>
// expect-error-clang: sxla: {}: the true computation returns {} and the false one {}: both must return the same type
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2]"> a;
sxla::tensor<"f32[3]"> b;
bool p = true;
#ifdef SXLA_CONTROL
auto r = sxla::conditional(p, a, [](const auto& v) { return v; }, b, [](const auto&) { return sxla::tensor<"f32[2]">{}; });
#else
auto r = sxla::conditional(p, a, [](const auto& v) { return v; }, b, [](const auto& v) { return v; });
#endif
