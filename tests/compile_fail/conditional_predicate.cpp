// Compile-fail: conditional with an s32[] predicate (it must be pred[]; the index form
// expect-error-gcc: sxla: conditional: the predicate is s32[]: it must be a pred[] (or a bool)
// expect-error-clang: sxla::diagnostic<sxla::hlo::conditional, sxla::hlo::s32>::values<>
// expect-error-clang: sxla: {}: the predicate is {}: it must be a pred[] (or a bool)
// takes an integer and tuples of computations and operands).
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2]"> a;
#ifdef SXLA_CONTROL
sxla::tensor<"pred[]"> p;
#else
sxla::tensor<"s32[]"> p;
#endif
auto r = sxla::conditional(p, a, [](const auto& v) { return v; }, a, [](const auto& v) { return v; });
