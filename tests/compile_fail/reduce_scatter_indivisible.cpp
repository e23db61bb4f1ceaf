// Compile-fail: reduce_scatter of a dimension that does not split into shard_count blocks.
// expect-error-gcc: sxla: reduce_scatter: f32[6,5]: dimension 1 (size 5) does not split into 2 equal blocks
// expect-error-clang: sxla::diagnostic<sxla::hlo::reduce_scatter, sxla::hlo::f32[6][5]>::values<1, 5, 2>
// expect-error-clang: sxla: {}: {}: dimension {} (size {}) does not split into {} equal blocks
#include <sxla/sxla.hpp>

void f(sxla::thread_replica comm) {
  const sxla::tensor<"f32[6,5]"> a;
#ifdef SXLA_CONTROL
  auto r = sxla::reduce_scatter<0, 2>(a, sxla::add_op, comm);
#else
  auto r = sxla::reduce_scatter<1, 2>(a, sxla::add_op, comm);
#endif
  static_cast<void>(r);
}
