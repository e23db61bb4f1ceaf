// Compile-fail: while_ whose condition returns f32[] (it must be pred[] or bool).
// expect-error-gcc: sxla: while_: the condition returns f32[]: it must return a pred[] (or a bool)
// expect-error-clang: sxla::diagnostic<sxla::hlo::while_, sxla::hlo::f32>::values<>
// expect-error-clang: sxla: {}: the condition returns {}: it must return a pred[] (or a bool)
#include <sxla/sxla.hpp>

#ifdef SXLA_CONTROL
auto r = sxla::while_([](const auto& s) { return s < 10.0f; }, [](const auto& s) { return s + 1.0f; }, 0.0f);
#else
auto r = sxla::while_([](const auto& s) { return s - 10.0f; }, [](const auto& s) { return s + 1.0f; }, 0.0f);
#endif
