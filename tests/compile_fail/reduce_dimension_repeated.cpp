// Compile-fail: a reduction that lists a dimension twice.
// expect-error-gcc: sxla: reduce: f32[2,3]: dimension 1 is out of range or listed twice (rank 2)
// expect-error-clang: sxla::diagnostic<sxla::hlo::reduce, sxla::hlo::f32[2][3]>::values<1, 2>
// expect-error-clang: sxla: {}: {}: dimension {} is out of range or listed twice (rank {})
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::reduce<1, 0>(a, 0.0f, sxla::add_op);
#else
auto e = sxla::reduce<1, 1>(a, 0.0f, sxla::add_op);
#endif
