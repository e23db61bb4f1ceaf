// Compile-fail: call of a computation that returns nothing (void is no XLA value).
// expect-error-gcc: sxla: call: the computation returns void, which is not an XLA value (a tensor, a tuple or a token)
// expect-error-clang: sxla::diagnostic<sxla::hlo::call, void>::values<>
// expect-error-clang: sxla: {}: the computation returns {}, which is not an XLA value (a tensor, a tuple or a token)
#include <sxla/sxla.hpp>

sxla::tensor<"f32[3]"> a;
#ifdef SXLA_CONTROL
auto r = sxla::call([](const auto& v) { return v; }, a);
#else
auto r = sxla::call([](const auto&) {}, a);
#endif
