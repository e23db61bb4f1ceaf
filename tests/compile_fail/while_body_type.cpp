// Compile-fail: while_ whose body returns f32[3] for a state of f32[2].
// expect-error-gcc: sxla: while_: the state is f32[2] and the body returns f32[3]: the body must return the state type
// expect-error-clang: sxla::diagnostic<sxla::hlo::while_, sxla::hlo::f32[2], sxla::hlo::f32[3]>::values<>
// expect-error-clang: sxla: {}: the state is {} and the body returns {}: the body must return the state type
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
auto r = sxla::while_([](const auto& s) { return s(0) < 10; }, [](const auto& s) { return s + 1.0f; },
                      sxla::tensor<"f32[2]">{});
#else
auto r = sxla::while_([](const auto& s) { return s(0) < 10; }, [](const auto&) { return sxla::tensor<"f32[3]">{}; },
                      sxla::tensor<"f32[2]">{});
#endif
