// Compile-fail: a select whose predicate is not of element type pred.
// expect-error: sxla::select: the predicate must have element type pred
#include <sxla/sxla.hpp>

sxla::tensor<"s32[4]"> v1, v2;
#ifdef SXLA_CONTROL
sxla::tensor<"pred[4]"> p;
#else
sxla::tensor<"s32[4]"> p;
#endif
auto e = sxla::select(p, v1, v2);
