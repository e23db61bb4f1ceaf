// Compile-fail: a select whose predicate is not of element type pred.
// expect-error-gcc: sxla: select: s32[4]: the predicate must have element type pred
// expect-error-clang: sxla::diagnostic<sxla::hlo::select, sxla::hlo::s32[4]>::values<>
// expect-error-clang: sxla: {}: {}: the predicate must have element type pred
#include <sxla/sxla.hpp>

sxla::tensor<"s32[4]"> v1, v2;
#ifdef SXLA_CONTROL
sxla::tensor<"pred[4]"> p;
#else
sxla::tensor<"s32[4]"> p;
#endif
auto e = sxla::select(p, v1, v2);
