// Compile-fail: a trailing argument of a collective that is no option of one.
// expect-error-gcc: sxla: all_reduce: int is not an option of a collective (x::replica_groups, x::channel_id)
// expect-error-clang: sxla::diagnostic<sxla::hlo::all_reduce, int>::values<>
// expect-error-clang: sxla: {}: {} is not an option of a collective (x::replica_groups, x::channel_id)
#include <sxla/sxla.hpp>

void f(sxla::thread_replica comm) {
  const sxla::tensor<"f32[2]"> a;
#ifdef SXLA_CONTROL
  auto r = sxla::all_reduce(a, sxla::add_op, comm, sxla::channel_id{3});
#else
  auto r = sxla::all_reduce(a, sxla::add_op, comm, 3);
#endif
  static_cast<void>(r);
}
