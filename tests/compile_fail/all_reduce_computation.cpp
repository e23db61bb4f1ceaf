// Compile-fail: all_reduce with a computation that is not defined on the element type
// (max of complex numbers).
// expect-error-gcc: sxla: all_reduce: c64[2]: the computation cannot be called with two of its elements
// expect-error-clang: sxla::diagnostic<sxla::hlo::all_reduce, sxla::hlo::c64[2]>::values<>
// expect-error-clang: sxla: {}: {}: the computation cannot be called with two of its elements
#include <sxla/sxla.hpp>

void f(sxla::thread_replica comm) {
  const sxla::tensor<"c64[2]"> a;
#ifdef SXLA_CONTROL
  auto r = sxla::all_reduce(a, sxla::add_op, comm);
#else
  auto r = sxla::all_reduce(a, sxla::max_op, comm);
#endif
  static_cast<void>(r);
}
