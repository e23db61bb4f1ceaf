// Compile-fail: rev of a dimension the operand does not have.
// expect-error-gcc: sxla: rev: f32[2,3]: dimension 2 is out of range or listed twice (rank 2)
// expect-error-clang: sxla::diagnostic<sxla::hlo::rev, sxla::hlo::f32[2][3]>::values<2, 2>
// expect-error-clang: sxla: {}: {}: dimension {} is out of range or listed twice (rank {})
#include <sxla/sxla.hpp>

sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
auto e = sxla::rev<1>(a);
#else
auto e = sxla::rev<2>(a);
#endif
