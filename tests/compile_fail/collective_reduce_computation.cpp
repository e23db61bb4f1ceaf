// Compile-fail: collective_reduce with a computation that does not take the element type.
// expect-error-gcc: sxla: collective_reduce: f32[4]: the computation cannot be called with two of its elements
// expect-error-clang: sxla::diagnostic<sxla::hlo::collective_reduce, sxla::hlo::f32[4]>::values<>
#include <sxla/sxla.hpp>

void f(const sxla::thread_replica& comm) {
  sxla::tensor<"f32[4]"> a;
#ifdef SXLA_CONTROL
  auto r = sxla::collective_reduce(a, [](float p, float q) { return p + q; }, comm, sxla::collective_root{1});
#else
  auto r = sxla::collective_reduce(a, [](const char* p, float) { return p; }, comm, sxla::collective_root{1});
#endif
  static_cast<void>(r);
}
