// Compile-fail: all_gather along a dimension the operand does not have.
// expect-error-gcc: sxla: all_gather: f32[2,3]: dimension 2 is not a dimension of the operand (rank 2)
// expect-error-clang: sxla::diagnostic<sxla::hlo::all_gather, sxla::hlo::f32[2][3]>::values<2, 2>
// expect-error-clang: sxla: {}: {}: dimension {} is not a dimension of the operand (rank {})
#include <sxla/sxla.hpp>

void f(sxla::thread_replica comm) {
  const sxla::tensor<"f32[2,3]"> a;
#ifdef SXLA_CONTROL
  auto r = sxla::all_gather<1, 2>(a, comm);
#else
  auto r = sxla::all_gather<2, 2>(a, comm);
#endif
  static_cast<void>(r);
}
